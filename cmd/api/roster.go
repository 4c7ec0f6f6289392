package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// rosterGenerators may start a roster job: the campaign's BRAND_ADMIN or
// BRAND_MANAGER (the store checks the brand), or an ADMIN.
var rosterGenerators = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager}

// limitRosterPerUser bounds roster jobs per user: each reads up to
// store.RosterCandidates creators and runs the budget fit.
var limitRosterPerUser = redis_rate.PerMinute(10)

// rosterRoutes mounts roster generation and the roster reads.
func (s *server) rosterRoutes(r chi.Router) {
	r.With(s.allow(rosterGenerators...)).Post("/campaigns/generate-roaster", s.generateRoster)
	r.With(s.allow(campaignReaders...)).Get("/campaigns/{id}/roster", s.getRoster)
	r.With(s.allow(campaignEditors...)).Post("/campaigns/{id}/roster", s.addToRoster)
	r.With(s.allow(store.RoleAdmin)).Get("/admins/get-roster/{id}", s.getRoster)
}

// generateRoster is POST /campaigns/generate-roaster {"campaignId", "size"?,
// "niches"?}: 202 {"data": {"job"}}; the job's result is
// {"campaignId", "entries", "estimatedTotal", "budget"}.
func (s *server) generateRoster(w http.ResponseWriter, r *http.Request) {
	var in store.RosterRequest
	if !s.decode(w, r, &in) {
		return
	}
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"roster:user:" + u.ID, limitRosterPerUser}) {
		return
	}
	job, err := s.store.RequestRoster(r.Context(), u, &in, func(jobID string) store.Task {
		return jobs.NewRosterGenerateTask(jobID, &in)
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"job": job})
}

// getRoster is GET /campaigns/{id}/roster (brand staff of the campaign's
// brand, ADMIN) and GET /admins/get-roster/{id} (ADMIN): {"data": {"roster"}}.
func (s *server) getRoster(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.GetRoster(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"roster": json.RawMessage(raw)})
}

// addToRoster is POST /campaigns/{id}/roster {"creatorId"} (the campaign's
// BRAND_ADMIN or BRAND_MANAGER): 201 {"data": {"entry"}}, the creator as a
// draft offer at its estimated fee.
func (s *server) addToRoster(w http.ResponseWriter, r *http.Request) {
	var in struct {
		CreatorID string `json:"creatorId"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	raw, err := s.store.AddToRoster(r.Context(), currentUser(r), chi.URLParam(r, "id"), in.CreatorID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"entry": json.RawMessage(raw)})
}
