package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"github.com/hibiken/asynq"
)

// payoutEdge is an offer funded at $500 (+ $50 fee) with helpers to deliver
// signed provider events and check its books.
type payoutEdge struct {
	e  *env
	f  offerFixture
	pi string
}

func newPayoutEdge(t *testing.T, domain string) *payoutEdge {
	e := setup(t)
	e.api.cfg.Payout.ConnectWebhookSecret = testConnectSecret
	f := e.linkedOffer(domain)
	e.payoutsReady(f)
	e.fundOffer(f)
	x := &payoutEdge{e: e, f: f}
	_ = e.db.SQL().Get(&x.pi, `SELECT payment_intent_id FROM payouts WHERE entry_id = $1`, f.entry)
	return x
}

func (x *payoutEdge) books(want store.PayoutBooks) {
	x.e.t.Helper()
	b, err := x.e.db.PayoutBooks(context.Background(), x.f.entry)
	got := store.PayoutBooks{Funded: b.Funded, Transferred: b.Transferred, Refunded: b.Refunded, Fee: b.Fee, Held: b.Held}
	if err != nil || got != want {
		x.e.t.Fatalf("books %+v, want %+v (%v)", b, want, err)
	}
	if problems, err := x.e.db.CheckLedger(context.Background()); err != nil || len(problems) > 0 {
		x.e.t.Fatalf("ledger: %v, %v", problems, err)
	}
}

// refundedAtDashboard delivers charge.refunded with the charge's whole refunded amount and returns the outcome.
func (x *payoutEdge) refundedAtDashboard(id string, refunded int64) string {
	x.e.t.Helper()
	x.deliverDashboardRefund(id, refunded)
	return x.e.payoutProcessed(id)
}

// deliverDashboardRefund delivers charge.refunded (stored by the api) without waiting for the worker.
func (x *payoutEdge) deliverDashboardRefund(id string, refunded int64) {
	x.e.t.Helper()
	ev := providerEvent(id, "charge.refunded", x.e.clock.Now(), map[string]any{"id": "ch_edge", "object": "charge", "amount": 55000,
		"amount_refunded": refunded, "currency": "usd", "payment_intent": x.pi, "refunded": refunded == 55000,
		"refunds": map[string]any{"object": "list", "data": []any{map[string]any{"id": "re_" + id, "object": "refund", "amount": refunded}}}})
	x.e.want(x.e.deliverPayout(ev, testConnectSecret), http.StatusOK)
}

// wholeRefundAtDashboard delivers the whole charge refunded at the
// provider's dashboard while the worker is held, lets the worker go, and
// checks that the event applied and that the product then called the
// provider for nothing (no transfer, no refund of its own).
func (x *payoutEdge) wholeRefundAtDashboard(id string, resume func()) {
	e := x.e
	e.t.Helper()
	before := e.provider.len()
	x.deliverDashboardRefund(id, 55000)
	resume()
	if out := e.payoutProcessed(id); out != store.OutcomeApplied {
		e.t.Fatalf("dashboard refund: %s", out)
	}
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/transfers") != 0 || countCalls(calls, "POST /v1/refunds") != 0 {
		e.t.Fatalf("provider calls after the dashboard refund: %v", calls)
	}
}

// holdWorker stops the worker taking money steps and provider events
// (their queue is paused in this test's own Redis database) until the
// returned function is called: what happens meanwhile is stored only.
func (x *payoutEdge) holdWorker() (resume func()) {
	x.e.t.Helper()
	insp := asynq.NewInspector(x.e.asynqOpt)
	if err := insp.PauseQueue(jobs.QueueDefault); err != nil {
		x.e.t.Fatal(err)
	}
	return func() {
		defer insp.Close()
		if err := insp.UnpauseQueue(jobs.QueueDefault); err != nil {
			x.e.t.Fatal(err)
		}
	}
}

// refundingHeld has the brand object and the ADMIN decide a full refund
// with the worker held: the payment is refunding, its refund step queued
// and not taken until resume is called.
func (x *payoutEdge) refundingHeld(admin string) (resume func()) {
	e, f := x.e, x.f
	e.t.Helper()
	e.captureForPayout(f)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", f.brand, map[string]any{"reason": "post removed early"}), http.StatusOK)
	resume = x.holdWorker()
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", admin,
		map[string]any{"decision": "refund", "reason": "nothing was delivered"}), http.StatusOK)
	if p, _ := e.db.GetPayout(context.Background(), f.entry); p.State != store.PayoutRefunding {
		e.t.Fatalf("state %s, want refunding", p.State)
	}
	return resume
}

// TestPayouts_DashboardRefundWhileReleasing: a full refund made at the
// provider's dashboard after the release was decided but before the
// transfer is recorded ends the payment refunded; the queued transfer then
// sends nothing, nothing is paid twice and the books balance.
func TestPayouts_DashboardRefundWhileReleasing(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "releasing.io")
	e, f := x.e, x.f
	admin := e.account("admin@releasing.io", store.RoleAdmin)
	e.captureForPayout(f)
	e.clock.Advance(49 * time.Hour)
	resume := x.holdWorker() // the refund lands before the worker takes the transfer
	if r, err := e.db.PayoutTick(context.Background(), 100); err != nil || r.Released != 1 {
		t.Fatalf("release: %+v, %v", r, err)
	}
	if p, _ := e.db.GetPayout(context.Background(), f.entry); p.State != store.PayoutReleasing {
		t.Fatalf("state %s, want releasing", p.State)
	}
	x.wholeRefundAtDashboard("evt_rel_refund", resume)
	admin = e.login("admin@releasing.io")
	if p := e.payment(f.entry, admin); p["state"] != "refunded" || p["transferredAt"] != nil {
		t.Fatalf("after the dashboard refund: %v", p)
	}
	x.books(store.PayoutBooks{Funded: 55000, Refunded: 55000})
}

// TestPayouts_PartialRefundAfterDashboardRefund: an ADMIN's partial refund
// after a refund made at the dashboard adds to it (never overwrites it), is
// capped by what is left, reaches the provider once and the rest is
// transferred; the books balance.
func TestPayouts_PartialRefundAfterDashboardRefund(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "addrefund.io")
	e, f := x.e, x.f
	admin := e.account("admin@addrefund.io", store.RoleAdmin)
	if out := x.refundedAtDashboard("evt_add_refund", 10000); out != store.OutcomeApplied {
		t.Fatalf("dashboard refund: %s", out)
	}
	e.captureForPayout(f)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", f.brand, map[string]any{"reason": "post removed early"}), http.StatusOK)
	decide := func(amount int64) resp {
		return e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", admin,
			map[string]any{"decision": "partial_refund", "refundAmount": amount, "reason": "half the posts"})
	}
	e.want(decide(40000), http.StatusUnprocessableEntity) // only 400.00 is left: a partial refund leaves something
	before := e.provider.len()
	e.want(decide(5000), http.StatusOK)
	e.settle()
	calls := e.provider.since(before)
	if countCalls(calls, "POST /v1/refunds") != 1 || countCalls(calls, "POST /v1/transfers") != 1 {
		t.Fatalf("provider calls: %v", calls)
	}
	admin = e.login("admin@addrefund.io")
	if p := e.payment(f.entry, admin); p["state"] != "transferred" || p["refundAmount"].(float64) != 15000 {
		t.Fatalf("after the decision: %v", p)
	}
	x.books(store.PayoutBooks{Funded: 55000, Refunded: 15000, Fee: 5000, Transferred: 35000})
}

// TestPayouts_FullRefundAfterDashboardRefund: an ADMIN's full refund after
// part of the charge was refunded at the provider's dashboard gives back
// what is left (one refund call), ends the payment refunded and balances
// the books; the step run again changes nothing.
func TestPayouts_FullRefundAfterDashboardRefund(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "fullrefund.io")
	e, f := x.e, x.f
	admin := e.account("admin@fullrefund.io", store.RoleAdmin)
	if out := x.refundedAtDashboard("evt_full_refund", 10000); out != store.OutcomeApplied {
		t.Fatalf("dashboard refund: %s", out)
	}
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", f.brand, map[string]any{"reason": "never posted"}), http.StatusOK)
	before := e.provider.len()
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", admin, map[string]any{"decision": "refund", "reason": "never posted"}), http.StatusOK)
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/refunds") != 1 {
		t.Fatalf("provider calls: %v", calls)
	}
	if o, err := e.db.PayoutRefundOrder(context.Background(), f.entry); err != nil || o != nil {
		t.Fatalf("a refund still due after the refund: %+v, %v", o, err)
	}
	admin = e.login("admin@fullrefund.io")
	if p := e.payment(f.entry, admin); p["state"] != "refunded" {
		t.Fatalf("after the decision: %v", p)
	}
	x.books(store.PayoutBooks{Funded: 55000, Refunded: 55000})
}

// TestPayouts_PartialReversalKeepsBankDates: a transfer taken back in part
// keeps the bank dates of the rest of the payout; the creator still sees
// them, with the reversed amount.
func TestPayouts_PartialReversalKeepsBankDates(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "partrev.io")
	e, f := x.e, x.f
	e.captureForPayout(f)
	e.clock.Advance(49 * time.Hour)
	if r, err := e.db.PayoutTick(context.Background(), 100); err != nil || r.Released != 1 {
		t.Fatalf("release: %+v, %v", r, err)
	}
	e.settle()
	e.db.SQL().MustExec(`UPDATE payouts SET arrival_at = $2, paid_at = $2 WHERE entry_id = $1`, f.entry, e.clock.Now())
	var tr string
	_ = e.db.SQL().Get(&tr, `SELECT transfer_id FROM payouts WHERE entry_id = $1`, f.entry)
	ev := providerEvent("evt_part_rev", "transfer.reversed", e.clock.Now(), map[string]any{"id": tr, "object": "transfer",
		"amount": 50000, "amount_reversed": 10000, "currency": "usd", "transfer_group": f.entry, "metadata": map[string]any{"entry_id": f.entry}})
	e.want(e.deliverPayout(ev, testConnectSecret), http.StatusOK)
	if out := e.payoutProcessed("evt_part_rev"); out != store.OutcomeApplied {
		t.Fatalf("partial reversal: %s", out)
	}
	f.creator = e.login(f.creatorEmail)
	if p := e.payment(f.entry, f.creator); p["state"] != "reversed" || p["reversedAmount"].(float64) != 10000 || p["arrivalAt"] == nil || p["paidAt"] == nil {
		t.Fatalf("after the partial reversal: %v", p)
	}
	x.books(store.PayoutBooks{Funded: 55000, Fee: 5000, Transferred: 40000, Held: 10000})
}

// TestPayouts_DashboardRefundWhileRefunding: the whole charge refunded at
// the provider's dashboard while the product's own refund (an ADMIN's full
// refund) waits for the worker ends the payment refunded; the refund step
// then calls the provider for nothing, and the books balance.
func TestPayouts_DashboardRefundWhileRefunding(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "refunding.io")
	e, f := x.e, x.f
	admin := e.account("admin@refunding.io", store.RoleAdmin)
	resume := x.refundingHeld(admin) // the dashboard's refund lands before the worker takes the product's
	x.wholeRefundAtDashboard("evt_refunding_refund", resume)
	if p := e.payment(f.entry, admin); p["state"] != "refunded" {
		t.Fatalf("after the dashboard refund: %v", p)
	}
	x.books(store.PayoutBooks{Funded: 55000, Refunded: 55000})
}
