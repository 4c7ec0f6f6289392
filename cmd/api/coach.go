package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// coachRoutes mounts the coaching chat ('Ask Your {product}'), for creators only.
func (s *server) coachRoutes(r chi.Router) {
	r.With(s.allow(store.RoleUser)).Post("/chats", s.askCoach)
	r.With(s.allow(store.RoleUser)).Get("/chats", s.listChats)
}

// limitCoachQuestions bounds how fast one creator asks the coach: each
// question is a task and a stored entry, and may call the language model.
var limitCoachQuestions = redis_rate.PerMinute(10)

// askCoach answers POST /api/chats {"question", "platform"?} with 201
// {"data": {"entry": {_id, question, platform, status: "pending", createdAt, jobId}}};
// the coach:reply task answers it. 402 when the free questions are used up,
// 429 with Retry-After past 10 questions a minute, past store.FreeAnswersPerDay
// free answers in a day or past a subscriber's monthly fair-use cap, 422 for
// a bad question or platform.
func (s *server) askCoach(w http.ResponseWriter, r *http.Request) {
	var q store.ChatQuestion
	if !s.decode(w, r, &q) || !s.rateLimit(w, r, rateKey{"coach:user:" + currentUser(r).ID, limitCoachQuestions}) {
		return
	}
	var task store.Task
	entry, err := s.store.Ask(r.Context(), currentUser(r).ID, q, s.cfg.Coach.MonthlyCap, func(entryID, jobID string) store.Task {
		task = jobs.NewCoachReplyTask(entryID, jobID)
		return task
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// The creator waits for this answer: queue it now rather than after the relay's hop (the outbox covers a failure).
	s.queueNow(r, task)
	respond(w, http.StatusCreated, map[string]json.RawMessage{"entry": entry})
}

// listChats answers GET /api/chats?platform=&page=&limit= with the caller's
// chats: {"data": {"chats": [{_id, platform, createdAt, data: [entries, oldest first]}], "total", "page", "limit"}}.
func (s *server) listChats(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	f := store.ChatFilter{Platform: p.q.Get("platform")}
	f.Page, f.Limit = p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.store.ListChats(r.Context(), currentUser(r).ID, f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "chats", page, f.Page, f.Limit)
}

// coachMonthlyCap is the subscribers' fair-use cap of questions per month
// (COACH_MONTHLY_CAP, else the default).
func (s *server) coachMonthlyCap() int { return store.CoachMonthlyCap(s.cfg.Coach.MonthlyCap) }
