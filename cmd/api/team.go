package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// brandStaff are the three brand roles; a BRAND_ADMIN manages the team.
var brandStaff = []string{store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}

// teamRoutes mounts brand creation, the brand team and its invitations
// (signed in), and the accept page's calls (public).
func (s *server) teamRoutes(public, r chi.Router) {
	public.Post("/users/invitation", s.checkInvitation)
	public.Post("/users/accept-invite", s.acceptInvitation)
	r.With(s.allow(store.RoleAdmin)).Post("/admins/brands", s.createBrand)
	r.With(s.allow(brandStaff...)).Get("/brands/members", s.listMembers)
	r.With(s.allow(store.RoleBrandAdmin)).Post("/brands/members", s.inviteMember)
	r.With(s.allow(store.RoleBrandAdmin)).Patch("/brands/members/{id}", s.changeMemberRole)
	r.With(s.allow(store.RoleBrandAdmin)).Delete("/brands/members/{id}", s.removeMember)
	r.With(s.allow(store.RoleBrandAdmin)).Post("/brands/invitations/{id}/resend", s.resendInvitation)
	r.With(s.allow(store.RoleBrandAdmin)).Delete("/brands/invitations/{id}", s.cancelInvitation)
}

// createBrand is POST /admins/brands {"brandName", "name", "email"}: 201
// {"data": {"brand", "message"}}; the BRAND_ADMIN gets an invitation mail.
func (s *server) createBrand(w http.ResponseWriter, r *http.Request) {
	var in store.BrandInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, mailLimits(r, in.Email)...) {
		return
	}
	b, err := s.store.CreateBrand(r.Context(), currentUser(r), in, jobs.NewSendInviteTask())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"brand": b, "message": "Brand created. An invitation was sent to " + in.Email})
}

// listMembers is GET /brands/members: {"data": {"members", "invitations"}}.
func (s *server) listMembers(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.ListMembers(r.Context(), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, json.RawMessage(raw))
}

// inviteMember is POST /brands/members {"email", "role"}: 201 {"data":
// {"invitationId", "message"}}.
func (s *server) inviteMember(w http.ResponseWriter, r *http.Request) {
	var in store.InviteInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, mailLimits(r, in.Email)...) {
		return
	}
	id, err := s.store.InviteMember(r.Context(), currentUser(r), in, jobs.NewSendInviteTask())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"invitationId": id, "message": "Invitation sent"})
}

// changeMemberRole is PATCH /brands/members/{id} {"role"}.
func (s *server) changeMemberRole(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Role string `json:"role"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	err := s.store.ChangeMemberRole(r.Context(), currentUser(r), chi.URLParam(r, "id"), in.Role)
	s.answer(w, r, err, message("Role updated"))
}

// removeMember is DELETE /brands/members/{id}: the account and its sessions go at once.
func (s *server) removeMember(w http.ResponseWriter, r *http.Request) {
	err := s.store.RemoveMember(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, message("Member removed"))
}

// resendInvitation is POST /brands/invitations/{id}/resend: a new link, valid 7 days.
func (s *server) resendInvitation(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	if !s.rateLimit(w, r, rateKey{"mail:ip:" + clientIP(r), limitMailPerIP}, rateKey{"mail:invitation:" + id, limitMailPerEmail}) {
		return
	}
	err := s.store.ResendInvitation(r.Context(), currentUser(r), id, jobs.NewSendInviteTask())
	s.answer(w, r, err, message("Invitation sent again"))
}

// cancelInvitation is DELETE /brands/invitations/{id}.
func (s *server) cancelInvitation(w http.ResponseWriter, r *http.Request) {
	err := s.store.CancelInvitation(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, message("Invitation cancelled"))
}

// checkInvitation is POST /users/invitation {"token"}: {"data": {"invitation":
// {"email", "role", "brandName", "name"}}}, or the link's problem (422
// unknown, 409 used or expired). The token travels in the body, not the URL,
// so it stays out of access logs.
func (s *server) checkInvitation(w http.ResponseWriter, r *http.Request) {
	var in store.AcceptInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	info, err := s.store.CheckInvitation(r.Context(), in.Token)
	s.answer(w, r, err, map[string]any{"invitation": info})
}

// acceptInvitation is POST /users/accept-invite {"token", "name",
// "password"}: sets them, signs the invitee in and answers as login does.
func (s *server) acceptInvitation(w http.ResponseWriter, r *http.Request) {
	var in store.AcceptInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	u, sess, err := s.store.AcceptInvitation(r.Context(), in, sessionMeta(r))
	s.signedIn(w, r, u, sess, err, "Welcome to the team!")
}
