package main

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// Per-creator limits of the audience-quality writes: notes (rows), and
// review requests (each mails every ADMIN).
var (
	limitQualityNote   = redis_rate.Limit{Rate: 60, Burst: 20, Period: time.Hour}
	limitQualityReview = redis_rate.Limit{Rate: 3, Burst: 3, Period: 24 * time.Hour}
)

// qualityRoutes mounts the audience-quality reading: a network creator's
// (brand roles, ADMIN), the creator's own, their notes on spikes and their
// review requests.
func (s *server) qualityRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(profileReaders...)).Get("/creators/{id}/quality", s.getCreatorQuality)
	signedIn.With(s.allow(store.RoleUser)).Get("/quality/me", s.myQuality)
	signedIn.With(s.allow(store.RoleUser)).Put("/quality/annotations", s.annotateSpike)
	signedIn.With(s.allow(store.RoleUser)).Post("/quality/review", s.requestQualityReview)
}

// getCreatorQuality answers GET /api/creators/{id}/quality: {"data": {"quality": ...}}.
func (s *server) getCreatorQuality(w http.ResponseWriter, r *http.Request) {
	q, err := s.store.GetCreatorQuality(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answerQuality(w, r, q, err)
}

// myQuality answers GET /api/quality/me: what brands see of the caller's reading.
func (s *server) myQuality(w http.ResponseWriter, r *http.Request) {
	q, err := s.store.MyQuality(r.Context(), currentUser(r))
	s.answerQuality(w, r, q, err)
}

// annotateSpike answers PUT /api/quality/annotations {platform, day, note}.
func (s *server) annotateSpike(w http.ResponseWriter, r *http.Request) {
	var in store.AnnotationInput
	if !s.decode(w, r, &in) {
		return
	}
	if !s.rateLimit(w, r, rateKey{"quality-note:user:" + currentUser(r).ID, limitQualityNote}) {
		return
	}
	q, err := s.store.AnnotateSpike(r.Context(), currentUser(r), in)
	s.answer(w, r, err, map[string]any{"quality": q})
}

// requestQualityReview answers POST /api/quality/review {message}: 201 with the request.
func (s *server) requestQualityReview(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Message string `json:"message"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	if err := store.CheckReviewMessage(in.Message); err != nil { // invalid requests mail no one: not counted
		s.writeError(w, r, err)
		return
	}
	if !s.rateLimit(w, r, rateKey{"quality-review:user:" + currentUser(r).ID, limitQualityReview}) {
		return
	}
	rv, err := s.store.RequestQualityReview(r.Context(), currentUser(r), in.Message, jobs.NewQualityReviewTask)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"review": rv})
}

// answerQuality answers {"data": {"quality": ...}} with the reading's JSON
// built as is (CreatorQuality.JSON), or the error.
func (s *server) answerQuality(w http.ResponseWriter, r *http.Request, q *store.CreatorQuality, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondRaw(w, "quality", q.JSON())
}
