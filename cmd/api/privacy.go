package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// privacyRoutes mounts a creator's choice to share detailed analytics
// (audience split and daily trends) with brands.
func (s *server) privacyRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleUser)).Get("/users/me/analytics-sharing", s.getAnalyticsSharing)
	signedIn.With(s.allow(store.RoleUser)).Put("/users/me/analytics-sharing", s.setAnalyticsSharing)
}

// getAnalyticsSharing answers GET /api/users/me/analytics-sharing (USER):
// {"data": {"shareAnalytics": bool}}.
func (s *server) getAnalyticsSharing(w http.ResponseWriter, r *http.Request) {
	on, err := s.store.AnalyticsSharing(r.Context(), currentUser(r).ID)
	s.answer(w, r, err, map[string]any{"shareAnalytics": on})
}

// setAnalyticsSharing answers PUT /api/users/me/analytics-sharing (USER)
// {"shareAnalytics": bool} with the recorded choice.
func (s *server) setAnalyticsSharing(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ShareAnalytics *bool `json:"shareAnalytics"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	if in.ShareAnalytics == nil {
		s.writeError(w, r, store.FieldErrors{"shareAnalytics": "Required"}.Err())
		return
	}
	err := s.store.SetAnalyticsSharing(r.Context(), currentUser(r), *in.ShareAnalytics)
	s.answer(w, r, err, map[string]any{"shareAnalytics": *in.ShareAnalytics})
}
