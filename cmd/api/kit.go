package main

import (
	"encoding/json"
	"mime"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs/kitpdf"
	"creatorcoach/store"
)

// Limits of the media kit's calls: the public page and its PDF answer
// anyone (per client network, as share links), bookings write rosters.
var (
	limitKitViewsPerIP = redis_rate.PerMinute(60)
	limitKitPDFPerIP   = redis_rate.PerMinute(10)
	limitKitBookUser   = redis_rate.PerMinute(30)
)

// kitBookers book from a kit: the campaign's BRAND_ADMIN and BRAND_MANAGER
// (the store checks the brand).
var kitBookers = []string{store.RoleBrandAdmin, store.RoleBrandManager}

// kitRoutes mounts the media kit: the creator's settings (USER), the
// brand's consent to be named (brand roles read it, BRAND_ADMIN sets it),
// the public kit and its PDF (no log-in) and booking from it.
func (s *server) kitRoutes(public, signedIn chi.Router) {
	signedIn.With(s.allow(store.RoleUser)).Get("/kit", s.getKit)
	signedIn.With(s.allow(store.RoleUser)).Put("/kit", s.saveKit)
	signedIn.With(s.allow(store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)).Get("/kit/brand-consent", s.getKitBrandConsent)
	signedIn.With(s.allow(store.RoleBrandAdmin)).Put("/kit/brand-consent", s.setKitBrandConsent)
	public.Get("/kits/{slug}", s.getPublicKit)
	public.Get("/kits/{slug}/pdf", s.getPublicKitPDF)
	signedIn.With(s.allow(kitBookers...)).Post("/kits/{slug}/book", s.bookFromKit)
}

// kitPageRobots wraps the web app: its kit page, /kit/{slug}, tells search
// engines not to index it unless its creator opted in (an unknown or
// unpublished kit is never indexed) and is never cached.
func (s *server) kitPageRobots(app http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slug, ok := strings.CutPrefix(r.URL.Path, "/kit/"); ok {
			if !s.store.KitSearchEngines(r.Context(), strings.TrimSuffix(slug, "/")) {
				w.Header().Set("X-Robots-Tag", "noindex")
			}
			w.Header().Set("Cache-Control", "no-store")
		}
		app.ServeHTTP(w, r)
	})
}

// getKit answers GET /api/kit: {"data": {kit, handles, campaigns}}.
func (s *server) getKit(w http.ResponseWriter, r *http.Request) {
	k, err := s.store.GetKit(r.Context(), currentUser(r))
	s.answer(w, r, err, k)
}

// saveKit answers PUT /api/kit with the settings page's data.
func (s *server) saveKit(w http.ResponseWriter, r *http.Request) {
	var in store.KitSettings
	if !s.decode(w, r, &in) {
		return
	}
	k, err := s.store.SaveKit(r.Context(), currentUser(r), in)
	s.answer(w, r, err, k)
}

// getKitBrandConsent answers GET /api/kit/brand-consent: {"data": {"consent",
// "kits"}}, kits being the published kits that show the brand's campaigns.
func (s *server) getKitBrandConsent(w http.ResponseWriter, r *http.Request) {
	c, err := s.store.GetKitBrandConsent(r.Context(), currentUser(r))
	if err != nil {
		s.answer(w, r, err, nil)
		return
	}
	kits, err := s.store.KitsNamingBrand(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"consent": c, "kits": kits})
}

// setKitBrandConsent answers PUT /api/kit/brand-consent {namedInKits, industry}.
func (s *server) setKitBrandConsent(w http.ResponseWriter, r *http.Request) {
	var in store.KitBrandConsent
	if !s.decode(w, r, &in) {
		return
	}
	c, err := s.store.SetKitBrandConsent(r.Context(), currentUser(r), in)
	if err != nil {
		s.answer(w, r, err, nil)
		return
	}
	kits, err := s.store.KitsNamingBrand(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"consent": c, "kits": kits})
}

// kitHeaders are the public kit's answer headers: never indexed as an API
// answer, never cached (an unpublished kit must vanish at once).
func kitHeaders(w http.ResponseWriter) {
	w.Header().Set("X-Robots-Tag", "noindex")
	w.Header().Set("Cache-Control", "no-store")
}

// getPublicKit answers the public GET /api/kits/{slug}: {"data": {"kit"}},
// 404 for an unknown or unpublished kit.
func (s *server) getPublicKit(w http.ResponseWriter, r *http.Request) {
	kitHeaders(w)
	if !s.rateLimit(w, r, rateKey{"kit:ip:" + clientNet(r), limitKitViewsPerIP}) {
		return
	}
	k, err := s.store.PublicKit(r.Context(), chi.URLParam(r, "slug"))
	s.answer(w, r, err, map[string]any{"kit": k})
}

// getPublicKitPDF answers the public GET /api/kits/{slug}/pdf: the kit as a
// PDF, made on each call (nothing kept once unpublished).
func (s *server) getPublicKitPDF(w http.ResponseWriter, r *http.Request) {
	kitHeaders(w)
	if !s.rateLimit(w, r, rateKey{"kit-pdf:ip:" + clientNet(r), limitKitPDFPerIP}) {
		return
	}
	k, err := s.store.PublicKit(r.Context(), chi.URLParam(r, "slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	pdf, err := kitpdf.Render(k, s.store.Now())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": kitpdf.FileName(k.Slug)}))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf)
}

// bookFromKit answers POST /api/kits/{slug}/book {campaignId, rateCardLineId}:
// 201 {"data": {"entry", "created": true}} for a new draft offer, 200 with
// created false when that line was booked on that campaign already.
func (s *server) bookFromKit(w http.ResponseWriter, r *http.Request) {
	var in store.KitBooking
	if !s.decode(w, r, &in) {
		return
	}
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"kit-book:user:" + u.ID, limitKitBookUser}) {
		return
	}
	entry, created, err := s.store.BookFromKit(r.Context(), u, chi.URLParam(r, "slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	respond(w, status, map[string]any{"entry": json.RawMessage(entry), "created": created})
}
