package main

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"
	"github.com/google/uuid"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// The payments sandbox's test clock, under /sandbox/payouts: with the
// payments sandbox on (STRIPE_API_BASE not the provider's live API) a
// signed-in party of a payment may run the periodic release now and move
// that payment's release clock forward, so a test sees a release without
// waiting RELEASE_AFTER or running the scheduler. Production never mounts
// these routes (its configuration refuses the payments sandbox, and the
// routes check APP_ENV as well).

// sandboxClockRoles may run the release and move a clock: ADMIN, the
// creator, and the brand's editors (a BRAND_VIEWER never moves money).
var sandboxClockRoles = []string{store.RoleUser, store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager}

// limitSandboxClock bounds a user's sandbox clock calls: 30 at once, then
// one every minute.
var limitSandboxClock = redis_rate.Limit{Rate: 60, Burst: 30, Period: time.Hour}

// payoutSandboxOn reports whether the test clock is served.
func (s *server) payoutSandboxOn() bool { return s.cfg.PaymentsSandbox() && !s.cfg.Production() }

// payoutSandboxRoutes mounts the test clock when payoutSandboxOn.
func (s *server) payoutSandboxRoutes(r chi.Router) {
	if !s.payoutSandboxOn() {
		return
	}
	signedIn := r.With(noStore, s.authenticate, s.allow(sandboxClockRoles...))
	signedIn.Post("/sandbox/payouts/release", s.sandboxPayoutRelease)
	signedIn.Post("/sandbox/payouts/{entryId}/clock", s.sandboxPayoutClock)
}

// sandboxReleaseTask is a run of the periodic release, now, under a key of
// its own (the cron's runs and earlier sandbox runs never stand in for it).
func sandboxReleaseTask() store.Task {
	return store.Task{Key: "payout-release-sandbox-" + uuid.NewString(), Type: jobs.TypePayoutRelease, Queue: jobs.QueueDefault,
		Payload: []byte("{}")}
}

// sandboxPayoutRelease is POST /sandbox/payouts/release: the periodic
// release runs now (it starts the clocks of payments whose tagged posts
// were captured and releases those due). 202 with the task's key.
func (s *server) sandboxPayoutRelease(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"sandbox-clock:user:" + currentUser(r).ID, limitSandboxClock}) {
		return
	}
	t := sandboxReleaseTask()
	if err := s.store.QueuePayoutRelease(r.Context(), currentUser(r), t); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.queueNow(r, t)
	respond(w, http.StatusAccepted, map[string]any{"task": t.Key})
}

// sandboxPayoutClock is POST /sandbox/payouts/{entryId}/clock
// {"advance": "49h"}: the payment's running release clock moves back by
// advance (as if that much time had passed for it) and the release runs
// now. 200 with the payment as the caller sees it; 404 for a payment the
// caller cannot see, 409 when its clock is not running, 422 for a bad
// advance.
func (s *server) sandboxPayoutClock(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Advance string `json:"advance"`
	}
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, rateKey{"sandbox-clock:user:" + currentUser(r).ID, limitSandboxClock}) {
		return
	}
	d, err := time.ParseDuration(in.Advance)
	if err != nil {
		s.writeError(w, r, store.FieldErrors{"advance": store.MsgSandboxAdvance}.Err())
		return
	}
	t := sandboxReleaseTask()
	if _, err := s.store.AdvancePayoutClock(r.Context(), currentUser(r), chi.URLParam(r, "entryId"), d, t); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.queueNow(r, t)
	s.getPayment(w, r)
}
