package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// threadSettingsRoutes registers a person's thread mail switch (r allows
// threadRoles) and a campaign's draft approval (its brand's editors write,
// every brand role reads).
func (s *server) threadSettingsRoutes(r, signedIn chi.Router) {
	r.Get("/threads/settings", s.getThreadSettings)
	r.Put("/threads/settings", s.putThreadSettings)
	signedIn.With(s.allow(store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)).
		Get("/campaigns/{id}/draft-approval", s.getDraftApproval)
	signedIn.With(s.allow(store.RoleBrandAdmin, store.RoleBrandManager)).Put("/campaigns/{id}/draft-approval", s.putDraftApproval)
}

// getThreadSettings is GET /threads/settings: {"data": {"digestMail"}}.
func (s *server) getThreadSettings(w http.ResponseWriter, r *http.Request) {
	out, err := s.store.GetThreadMailSettings(r.Context(), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, out)
}

// putThreadSettings is PUT /threads/settings {"digestMail"}: the unread
// digest mails on or off.
func (s *server) putThreadSettings(w http.ResponseWriter, r *http.Request) {
	var in struct {
		DigestMail *bool `json:"digestMail"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	if in.DigestMail == nil {
		s.writeError(w, r, store.FieldErrors{"digestMail": "Say true or false"}.Err())
		return
	}
	u := currentUser(r)
	if err := s.store.SetThreadMailSettings(r.Context(), u, store.ThreadMailSettings{DigestMail: *in.DigestMail}); err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, store.ThreadMailSettings{DigestMail: *in.DigestMail})
}

// getDraftApproval is GET /campaigns/{id}/draft-approval: {"data":
// {"required", "autoApproveHours", "defaultHours"}}.
func (s *server) getDraftApproval(w http.ResponseWriter, r *http.Request) {
	out, err := s.store.GetDraftApproval(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, out)
}

// putDraftApproval is PUT /campaigns/{id}/draft-approval {"required",
// "autoApproveHours"}: whether drafts wait for review and the campaign's own
// auto-approval delay (0 = AUTO_APPROVE_AFTER).
func (s *server) putDraftApproval(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Required         *bool `json:"required"`
		AutoApproveHours int   `json:"autoApproveHours"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	if in.Required == nil {
		s.writeError(w, r, store.FieldErrors{"required": "Say true or false"}.Err())
		return
	}
	u := currentUser(r)
	id := chi.URLParam(r, "id")
	if err := s.store.SetDraftApproval(r.Context(), u, id, *in.Required, in.AutoApproveHours); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.store.GetDraftApproval(r.Context(), u, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, out)
}
