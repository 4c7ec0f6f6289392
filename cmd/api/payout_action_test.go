package main

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// TestPayouts_Authentication: a brand whose card asks for the bank's check
// (3-D Secure) funds an accepted offer: the payment waits in
// action_required ("Waiting for the brand's payment" to the creator). A
// BRAND_VIEWER and the creator may not start the check, another brand gets
// 404; the BRAND_ADMIN gets the payment's client secret from the provider,
// and the check's outcome (the sandbox's bank says succeeded) makes it
// funded with balanced books and who finished it in the audit log. A
// second finish is a 409; a failed check in another offer fails its
// funding and mails the brand.
func TestPayouts_Authentication(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("auth.io")
	viewer := e.brandAccount("viewer@auth.io", store.RoleBrandViewer, "Brand auth.io")
	other := e.brandAccount("owner@other-auth.io", store.RoleBrandAdmin, "Other auth")
	e.payoutsReady(f)
	e.want(e.call("POST", "/api/payouts/brand/cards", f.brand, map[string]any{"id": "pm_card_threeDSecure2Required"}), http.StatusCreated)
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	e.acceptBySigning(f)
	e.settle()

	if p := e.payment(f.entry, f.brand); p["state"] != store.PayoutActionRequired {
		t.Fatalf("after the charge: %v", p)
	}
	path := "/api/payouts/offers/" + f.entry + "/authentication"
	e.want(e.call("POST", path+"/result", f.brand, map[string]any{"sandboxOutcome": "maybe"}), http.StatusUnprocessableEntity)
	// Where the real provider answers, the page cannot say how the check ended.
	base := e.api.cfg.StripeAPIBase
	e.api.cfg.StripeAPIBase = app.StripeLive
	e.want(e.call("POST", path+"/result", f.brand, map[string]any{"sandboxOutcome": "succeeded"}), http.StatusUnprocessableEntity)
	e.api.cfg.StripeAPIBase = base
	e.want(e.call("POST", path, viewer, nil), http.StatusForbidden)
	e.want(e.call("POST", path, f.creator, nil), http.StatusForbidden)
	e.want(e.call("POST", path, other, nil), http.StatusNotFound)
	e.want(e.call("POST", path+"/result", other, map[string]any{"sandboxOutcome": "succeeded"}), http.StatusNotFound)
	start := e.want(e.call("POST", path, f.brand, nil), http.StatusOK)
	if start.str("data", "clientSecret") == "" || start.data()["sandbox"] != true {
		t.Fatalf("start: %v", start.Body)
	}
	before := e.provider.len()
	done := e.want(e.call("POST", path+"/result", f.brand, map[string]any{"sandboxOutcome": "succeeded"}), http.StatusOK)
	if st := done.str("data", "payment", "state"); st != store.PayoutFunded {
		t.Fatalf("after the check: %v", done.Body)
	}
	if calls := e.provider.since(before); len(calls) != 1 || !strings.HasPrefix(calls[0], "GET /v1/payment_intents/") {
		t.Fatalf("provider calls: %v", calls)
	}
	if p := e.payment(f.entry, f.creator); p["state"] != store.PayoutFunded || p["fundedAt"] == nil {
		t.Fatalf("the creator's payment: %v", p)
	}
	e.want(e.call("POST", path+"/result", f.brand, map[string]any{"sandboxOutcome": "succeeded"}), http.StatusConflict)
	e.want(e.call("POST", path, f.brand, nil), http.StatusConflict)
	if problems, err := e.db.CheckLedger(t.Context()); err != nil || len(problems) > 0 {
		t.Fatalf("books: %v, %v", problems, err)
	}
	evs, _ := e.db.AuditEvents(t.Context(), "offer:"+f.entry)
	if !slices.ContainsFunc(evs, func(a store.AuditEvent) bool {
		return a.Action == "payout.authentication_finished" && a.ActorRole == store.RoleBrandAdmin
	}) {
		t.Fatalf("audit log: %+v", evs)
	}

	// Another brand's bank refuses the check: the funding fails and its brand is mailed.
	g := e.linkedOffer("auth2.io")
	e.want(e.call("POST", "/api/payouts/brand/cards", g.brand, map[string]any{"id": "pm_card_threeDSecure2Required"}), http.StatusCreated)
	e.want(e.brandMove(g, "sent", 300), http.StatusOK)
	e.acceptBySigning(g)
	e.settle()
	failed := e.want(e.call("POST", "/api/payouts/offers/"+g.entry+"/authentication/result", g.brand, map[string]any{"sandboxOutcome": "failed"}), http.StatusOK)
	if failed.str("data", "payment", "state") != store.PayoutFundingFailed || failed.str("data", "payment", "failure") == "" {
		t.Fatalf("refused check: %v", failed.Body)
	}
	e.settle()
	e.mailWith("owner@auth2.io", "We could not charge the brand's card")
}
