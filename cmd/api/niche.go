package main

import "net/http"

func (s *server) listNiches(w http.ResponseWriter, r *http.Request) {
	niches, err := s.store.ListNiches(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"niche": niches})
}
