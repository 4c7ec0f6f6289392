package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// brandRoutes registers the admin brand list.
func (s *server) brandRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleAdmin)).Get("/admins/get-brands", s.listBrands)
}

// listBrands answers GET /api/admins/get-brands (page, limit, search):
// {"brands": [...], "total", "page", "limit"}.
func (s *server) listBrands(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	f := store.BrandFilter{Search: p.q.Get("search")}
	f.Page, f.Limit = p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.store.ListBrands(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "brands", page, f.Page, f.Limit)
}
