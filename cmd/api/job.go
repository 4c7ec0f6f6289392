package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// jobRoutes registers the job status calls (owner or ADMIN).
func (s *server) jobRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(allRoles...)).Get("/jobs/{id}", s.getJob)
	signedIn.With(s.allow(allRoles...)).Get("/jobs", s.listJobs)
}

// getJob answers GET /api/jobs/{id} for the job's owner or an ADMIN.
func (s *server) getJob(w http.ResponseWriter, r *http.Request) {
	job, err := s.store.GetJob(r.Context(), chi.URLParam(r, "id"), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"job": s.signJobFile(job)})
}

// listJobs answers GET /api/jobs?kind=&page=&limit= with the caller's jobs
// (every job for an ADMIN), newest first: {"jobs": [...], "total", "page", "limit"}.
func (s *server) listJobs(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	f := store.JobFilter{Kind: p.q.Get("kind")}
	f.Page, f.Limit = p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	jobs, total, err := s.store.ListJobs(r.Context(), currentUser(r), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for i := range jobs {
		s.signJobFile(&jobs[i])
	}
	respond(w, http.StatusOK, map[string]any{"jobs": jobs, "total": total, "page": f.Page, "limit": f.Limit})
}
