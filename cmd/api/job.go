package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// getJob answers GET /api/jobs/{id} for the job's owner or an ADMIN.
func (s *server) getJob(w http.ResponseWriter, r *http.Request) {
	job, err := s.store.GetJob(r.Context(), chi.URLParam(r, "id"), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"job": job})
}
