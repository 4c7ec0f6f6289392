package main

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// draftRoutes registers drafts of the post and their review in a thread
// (r already allows threadRoles; the store refuses the wrong side, 403).
func (s *server) draftRoutes(r chi.Router) {
	r.Post("/threads/{id}/drafts", s.submitDraft)
	r.Post("/threads/{id}/drafts/check", s.checkDraft)
	r.Post("/threads/{id}/drafts/{draftId}/review", s.reviewDraft)
}

// submitDraft is POST /threads/{id}/drafts {"caption", "platform"?, "link"?,
// "media"?}: 201 {"data": {"draft"}}; 30 a minute with the messages.
func (s *server) submitDraft(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	var in store.DraftIn
	if !s.decode(w, r, &in) {
		return
	}
	if !s.rateLimit(w, r, rateKey{"thread:msg:" + u.ID, limitThreadMessages}) {
		return
	}
	d, ev, err := s.store.SubmitDraft(r.Context(), u, chi.URLParam(r, "id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.publishEvent(r.Context(), ev)
	respond(w, http.StatusCreated, map[string]any{"draft": d})
}

// checkDraft is POST /threads/{id}/drafts/check {"caption", "platform"?}:
// {"data": {"missing"}}, what the caption lacks, before submitting it.
func (s *server) checkDraft(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Caption  string `json:"caption"`
		Platform string `json:"platform"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	missing, err := s.store.DraftCheck(r.Context(), currentUser(r), chi.URLParam(r, "id"), in.Platform, in.Caption)
	s.answer(w, r, err, map[string]any{"missing": missing})
}

// reviewDraft is POST /threads/{id}/drafts/{draftId}/review {"decision",
// "comment"?}: {"data": {"draft"}}.
func (s *server) reviewDraft(w http.ResponseWriter, r *http.Request) {
	var in store.ReviewIn
	if !s.decode(w, r, &in) {
		return
	}
	did, err := strconv.ParseInt(chi.URLParam(r, "draftId"), 10, 64)
	if err != nil || did < 1 {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, store.MsgDraftNotFound))
		return
	}
	d, ev, err := s.store.ReviewDraft(r.Context(), currentUser(r), chi.URLParam(r, "id"), did, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.publishEvent(r.Context(), ev)
	s.answer(w, r, nil, map[string]any{"draft": json.RawMessage(d)})
}
