package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// paymentTime reads a time field of a payment as the API answers it.
func paymentTime(t *testing.T, p map[string]any, field string) time.Time {
	t.Helper()
	s, _ := p[field].(string)
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("%s %q: %v (payment %v)", field, s, err, p)
	}
	return at
}

// TestPayoutSandboxClock_ReleasesByTheClock: with the payments sandbox on,
// a reserved payment whose tagged post was captured gets its clock from a
// release run on request (both sides read the release time, 48 hours after
// the capture); moving the clock by less than the window releases nothing,
// moving it past the window releases at once: one transfer, the payment
// transferred, the offer completed, the books balanced, each move audited.
// Refused: no clock yet or any more (409), an unknown or another's payment
// (404), a BRAND_VIEWER (403), no token (401), an advance that is not a
// positive duration of at most a year (422).
func TestPayoutSandboxClock_ReleasesByTheClock(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("clock.io")
	viewer := e.brandAccount("viewer@clock.io", store.RoleBrandViewer, "Brand clock.io")
	otherCreator := e.account("other@clock.io", store.RoleUser)
	otherBrand := e.brandAccount("owner@elsewhere.io", store.RoleBrandAdmin, "Elsewhere")
	e.payoutsReady(f)
	e.fundOffer(f)
	clock := "/sandbox/payouts/" + f.entry + "/clock"
	advance := func(by string) map[string]any { return map[string]any{"advance": by} }

	// Reserved, nothing captured: no clock to move.
	if r := e.want(e.call("POST", clock, f.creator, advance("49h")), http.StatusConflict); r.str("message") != store.MsgSandboxNoClock {
		t.Fatalf("no clock: %v", r.Body)
	}
	e.want(e.call("POST", "/sandbox/payouts/"+uuid.NewString()+"/clock", f.creator, advance("49h")), http.StatusNotFound)
	e.want(e.call("POST", "/sandbox/payouts/not-an-offer/clock", f.creator, advance("49h")), http.StatusNotFound)
	e.want(e.call("POST", clock, otherCreator, advance("49h")), http.StatusNotFound)
	e.want(e.call("POST", clock, otherBrand, advance("49h")), http.StatusNotFound)
	e.want(e.call("POST", clock, viewer, advance("49h")), http.StatusForbidden)
	e.want(e.call("POST", "/sandbox/payouts/release", viewer, nil), http.StatusForbidden)
	e.want(e.call("POST", clock, "", advance("49h")), http.StatusUnauthorized)
	e.want(e.call("POST", "/sandbox/payouts/release", "", nil), http.StatusUnauthorized)
	for _, bad := range []string{"", "soon", "49", "0h", "-2h", "8785h"} {
		if r := e.want(e.call("POST", clock, f.creator, advance(bad)), http.StatusUnprocessableEntity); r.field("advance") != store.MsgSandboxAdvance {
			t.Fatalf("advance %q: %v", bad, r.Body)
		}
	}

	// The sync captured the tagged post; the clock starts on the next release run, here on request.
	e.capturePost(f)
	if p := e.payment(f.entry, f.creator); p["releaseAt"] != nil {
		t.Fatalf("clock before the release ran: %v", p)
	}
	if r := e.want(e.call("POST", "/sandbox/payouts/release", f.creator, nil), http.StatusAccepted); !strings.HasPrefix(r.str("data", "task"), "payout-release-sandbox-") {
		t.Fatalf("release: %v", r.Body)
	}
	e.settle()
	p := e.payment(f.entry, f.creator)
	captured, release := paymentTime(t, p, "capturedAt"), paymentTime(t, p, "releaseAt")
	if p["state"] != store.PayoutFunded || release.Sub(captured) != store.DefaultReleaseAfter {
		t.Fatalf("the creator's clock: %v", p)
	}
	if bp := e.payment(f.entry, viewer); !paymentTime(t, bp, "releaseAt").Equal(release) {
		t.Fatalf("the brand's clock: %v", bp)
	}

	// An hour passes for the payment: the clock shows it, nothing is due yet.
	moved := e.want(e.call("POST", clock, f.creator, advance("1h")), http.StatusOK).data()["payment"].(map[string]any)
	if !paymentTime(t, moved, "releaseAt").Equal(release.Add(-time.Hour)) || !paymentTime(t, moved, "capturedAt").Equal(captured.Add(-time.Hour)) {
		t.Fatalf("moved an hour: %v (was captured %s, release %s)", moved, captured, release)
	}
	e.settle()
	if p := e.payment(f.entry, f.creator); p["state"] != store.PayoutFunded || p["transferredAt"] != nil {
		t.Fatalf("released within the window: %v", p)
	}

	// Past the window: the release runs at once and the worker transfers.
	before := e.provider.len()
	e.want(e.call("POST", clock, f.brand, advance("48h")), http.StatusOK)
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/transfers") != 1 {
		t.Fatalf("transfer calls: %v", calls)
	}
	if p := e.payment(f.entry, f.creator); p["state"] != store.PayoutTransferred || p["transferredAt"] == nil {
		t.Fatalf("after the window: %v", p)
	}
	if st := e.offerStatus(f.entry); st != store.OfferCompleted {
		t.Fatalf("offer %s", st)
	}
	if problems, err := e.db.CheckLedger(context.Background()); err != nil || len(problems) > 0 {
		t.Fatalf("books: %v, %v", problems, err)
	}
	evs, _ := e.db.AuditEvents(context.Background(), "offer:"+f.entry)
	moves := 0
	for _, a := range evs {
		if a.Action == "payout.sandbox_clock" {
			moves++
		}
	}
	if moves != 2 || !slices.ContainsFunc(evs, func(a store.AuditEvent) bool {
		var after struct {
			Advance string `json:"advance"`
		}
		_ = json.Unmarshal(a.After, &after)
		return a.Action == "payout.sandbox_clock" && a.ActorRole == store.RoleBrandAdmin && after.Advance == "48h0m0s"
	}) {
		t.Fatalf("audit log: %d clock moves, none of 48h by the BRAND_ADMIN", moves)
	}

	// Transferred: the clock is over.
	e.want(e.call("POST", clock, f.creator, advance("49h")), http.StatusConflict)
}

// TestPayoutSandboxClock_NeverInProduction: the test clock is not routed
// in production, nor wherever payments go to the provider's live API.
func TestPayoutSandboxClock_NeverInProduction(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	for name, cfg := range map[string]app.Config{
		"production":           {Env: "production", StripeAPIBase: e.cfg.StripeAPIBase, JWTSecret: e.cfg.JWTSecret, WebDir: e.cfg.WebDir},
		"payments sandbox off": {StripeAPIBase: app.StripeLive, JWTSecret: e.cfg.JWTSecret, WebDir: e.cfg.WebDir},
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(cfg, e.db, nil, e.asynqOpt, e.log)
			h := s.routes()
			_ = chi.Walk(h.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
				if strings.HasPrefix(route, ourSandbox) {
					t.Errorf("%s %s is routed", method, route)
				}
				return nil
			})
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", "/sandbox/payouts/release", nil))
			if rec.Code == http.StatusAccepted || strings.Contains(rec.Body.String(), "payout-release-sandbox-") {
				t.Errorf("the release answered %d %s", rec.Code, rec.Body)
			}
		})
	}
	// The development stack serves it.
	found := false
	_ = chi.Walk(e.api.routes().(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		found = found || (method == "POST" && route == "/sandbox/payouts/{entryId}/clock")
		return nil
	})
	if !found {
		t.Error("the payments sandbox does not route the test clock")
	}
}

// TestPayoutSandboxClock_RateLimited: a user's test clock calls are limited
// (a burst of 30, then one a minute), counted before the advance is read.
func TestPayoutSandboxClock_RateLimited(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	creator := e.account("limited@clock.io", store.RoleUser)
	path := "/sandbox/payouts/" + uuid.NewString() + "/clock"
	n := 0
	for ; n < 40; n++ {
		r := e.call("POST", path, creator, map[string]any{"advance": "soon"})
		if r.Status == http.StatusTooManyRequests {
			break
		}
		e.want(r, http.StatusUnprocessableEntity)
	}
	if n < 30 || n == 40 {
		t.Fatalf("the first 429 came after %d calls, want 30 or more (and one)", n)
	}
	e.want(e.call("POST", "/sandbox/payouts/release", creator, nil), http.StatusTooManyRequests)
}
