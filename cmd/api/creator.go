package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// creatorRoutes mounts the admin creator list, the brands' creator search and a creator's profile.
func (s *server) creatorRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleAdmin)).Get("/admins/get-creators", s.listCreators(false))
	signedIn.With(s.allow(profileReaders...)).Get("/creators", s.listCreators(true))
	signedIn.With(s.allow(profileReaders...)).Get("/creators/{id}", s.getCreator)
}

// profileReaders may read a creator's profile: brand staff (a viewer too) and ADMIN.
var profileReaders = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}

// getCreator answers GET /api/creators/{id} (brand roles, ADMIN):
// {"data": {"creator": <a list entry>, "profile": <its figures with their basis>}}.
func (s *server) getCreator(w http.ResponseWriter, r *http.Request) {
	if !s.networkLimit(w, r, "profiles", s.cfg.NetworkProfilesPerDay, defaultNetworkProfilesPerDay) {
		return
	}
	entry, profile, err := s.store.GetCreatorProfile(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"creator": json.RawMessage(entry), "profile": profile})
}

// queryParams reads typed query parameters, collecting field errors.
type queryParams struct {
	q    url.Values
	errs store.FieldErrors
}

// newQueryParams reads r's query.
func newQueryParams(r *http.Request) *queryParams {
	return &queryParams{q: r.URL.Query(), errs: store.FieldErrors{}}
}

// paging reads page and limit, defaults applied; the store checks them
// against the paging rule of every list (store.CheckPaging).
func (p *queryParams) paging() (page, limit int) {
	return store.PagingDefaults(p.int("page"), p.int("limit"))
}

func (p *queryParams) int(name string) int {
	v := p.q.Get(name)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		p.errs[name] = "Must be an integer"
	}
	return n
}

func (p *queryParams) int64(name string) *int64 {
	v := p.q.Get(name)
	if v == "" {
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		p.errs[name] = "Must be an integer"
		return nil
	}
	return &n
}

func (p *queryParams) bool(name string) *bool {
	switch p.q.Get(name) {
	case "":
		return nil
	case "true":
		v := true
		return &v
	case "false":
		v := false
		return &v
	}
	p.errs[name] = "Must be true or false"
	return nil
}

func (p *queryParams) float(name string) *float64 {
	v := p.q.Get(name)
	if v == "" {
		return nil
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		p.errs[name] = "Must be a number"
		return nil
	}
	return &x
}

// listCreators answers GET /api/admins/get-creators (page, limit, search)
// and, with filters, GET /api/creators (also niche, tier, platform,
// minFollowers, maxFollowers, minEngagement, location, gender, minQuality,
// verified, sort):
// {"creators": [...], "total", "page", "limit"}.
func (s *server) listCreators(filters bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := newQueryParams(r)
		f := store.CreatorFilter{Search: p.q.Get("search")}
		f.Page, f.Limit = p.paging()
		if filters {
			f.Niche, f.Tier, f.Platform = p.q.Get("niche"), p.q.Get("tier"), p.q.Get("platform")
			f.Location, f.Gender, f.Sort = p.q.Get("location"), p.q.Get("gender"), p.q.Get("sort")
			f.MinFollowers, f.MaxFollowers = p.int64("minFollowers"), p.int64("maxFollowers")
			f.MinEngagement = p.float("minEngagement")
			f.Listed, f.OnCreatorCoach = true, p.bool("onCreatorCoach")
			if q := p.int64("minQuality"); q != nil {
				n := int(max(-1, min(*q, 101))) // out of range stays out of range for the store's check
				f.MinQuality = &n
			}
			if v := p.bool("verified"); v != nil {
				f.Verified = *v
			}
		}
		if err := p.errs.Err(); err != nil {
			s.writeError(w, r, err)
			return
		}
		f.ForBrand = currentUser(r).Role != store.RoleAdmin
		if filters && !s.networkLimit(w, r, "pages", s.cfg.NetworkPagesPerDay, defaultNetworkPagesPerDay) {
			return
		}
		page, err := s.store.ListCreators(r.Context(), f)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		respondPage(w, "creators", page, f.Page, f.Limit)
	}
}
