package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// nicheRoutes registers the public niche list.
func (s *server) nicheRoutes(public chi.Router) {
	public.Get("/niche", s.listNiches)
}

// listNiches answers GET /api/niche: {"niche": [{"_id", "name"}, ...]}.
func (s *server) listNiches(w http.ResponseWriter, r *http.Request) {
	niches, err := s.store.ListNiches(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"niche": niches})
}
