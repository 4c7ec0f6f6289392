package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// outreachRoutes mount the listing switch, invitation claims and
// unsubscribes, the suppression list, a campaign's reach and the ADMIN's
// merge of two network entries.
func (s *server) outreachRoutes(public, r chi.Router) {
	public.Post("/outreach/claims/check", s.checkClaim)
	public.Post("/outreach/unsubscribe", s.unsubscribe)
	r.With(s.allow(store.RoleUser)).Post("/outreach/claims", s.claimProfile)
	r.With(s.allow(store.RoleUser)).Get("/creator-listing", s.getCreatorListing)
	r.With(s.allow(store.RoleUser)).Put("/creator-listing", s.setCreatorListing)
	r.With(s.allow(store.RoleAdmin)).Get("/admins/outreach-suppressions", s.listSuppressions)
	r.With(s.allow(store.RoleAdmin)).Post("/admins/creators/{id}/merge", s.mergeCreators)
	r.With(s.allow(profileReaders...)).Get("/campaigns/{id}/reach", s.campaignReach)
}

// tokenInput carries a link token in the body, never the URL, so it stays
// out of access logs.
type tokenInput struct {
	Token string `json:"token"`
}

// checkClaim is POST /outreach/claims/check {"token"} (public): what the
// claim page shows; records that the invitation was opened.
func (s *server) checkClaim(w http.ResponseWriter, r *http.Request) {
	var in tokenInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	c, err := s.store.CheckClaim(r.Context(), in.Token)
	s.answer(w, r, err, map[string]any{"claim": c})
}

// claimProfile is POST /outreach/claims {"token"} (USER): links the
// invitation's network entry to the signed-in creator, once.
func (s *server) claimProfile(w http.ResponseWriter, r *http.Request) {
	var in tokenInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	c, err := s.store.ClaimProfile(r.Context(), currentUser(r), in.Token)
	s.answer(w, r, err, map[string]any{"claim": c, "message": "Your profile is claimed"})
}

// unsubscribe is POST /outreach/unsubscribe {"token"} (public): the
// invitation's address gets no more invitations, ever.
func (s *server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	var in tokenInput
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	_, err := s.store.Unsubscribe(r.Context(), in.Token)
	s.answer(w, r, err, map[string]any{"message": "You will get no more invitations from Creator Coach"})
}

func (s *server) getCreatorListing(w http.ResponseWriter, r *http.Request) {
	l, err := s.store.GetCreatorListing(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"listing": l})
}

func (s *server) setCreatorListing(w http.ResponseWriter, r *http.Request) {
	var in store.ListingInput
	if !s.decode(w, r, &in) {
		return
	}
	l, err := s.store.SetCreatorListing(r.Context(), currentUser(r), in)
	s.answer(w, r, err, map[string]any{"listing": l})
}

func (s *server) listSuppressions(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	page, limit := p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	pg, err := s.store.ListSuppressions(r.Context(), currentUser(r), page, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "suppressions", pg, page, limit)
}

func (s *server) mergeCreators(w http.ResponseWriter, r *http.Request) {
	var in store.MergeInput
	if !s.decode(w, r, &in) {
		return
	}
	c, err := s.store.MergeCreators(r.Context(), currentUser(r), chi.URLParam(r, "id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"creator": json.RawMessage(c)})
}

func (s *server) campaignReach(w http.ResponseWriter, r *http.Request) {
	out, err := s.store.CampaignReach(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"reach": json.RawMessage(out)})
}
