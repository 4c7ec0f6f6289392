package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// chargeLeft makes the provider's transport stand for the funding charge
// with left cents of it not refunded yet (stripe-mock keeps no state): a
// refund above what is left is refused as the provider refuses it, a
// refund taken lowers it, and an idempotency key sent again gets its first
// answer (the refund taken, or the refusal), or is refused when its
// parameters differ.
func (x *payoutEdge) chargeLeft(left int64) {
	first := map[string]struct {
		amount, refusal string
	}{}
	refusal := func(typ, param, msg string) string {
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"type": typ, "param": param, "message": msg}})
		return string(b)
	}
	x.e.provider.answering(func(c providerCall) (int, string, bool) {
		if c.Call != "POST /v1/refunds" {
			return 0, "", false
		}
		amount := c.Form.Get("amount")
		if f, ok := first[c.Key]; ok {
			if f.amount != amount {
				return http.StatusBadRequest, refusal("idempotency_error", "",
					"Keys for idempotent requests can only be used with the same parameters they were first used with."), true
			}
			return http.StatusBadRequest, f.refusal, f.refusal != ""
		}
		n, _ := strconv.ParseInt(amount, 10, 64)
		if n > left {
			r := refusal("invalid_request_error", "amount", fmt.Sprintf("Refund amount ($%d.%02d) is greater than unrefunded amount on charge ($%d.%02d)",
				n/100, n%100, left/100, left%100))
			first[c.Key] = struct{ amount, refusal string }{amount, r}
			return http.StatusBadRequest, r, true
		}
		left -= n
		first[c.Key] = struct{ amount, refusal string }{amount, ""}
		return 0, "", false
	})
}

// refundStep runs the offer's refund task once, as the worker would (its retry included).
func (x *payoutEdge) refundStep() error {
	payload, _ := json.Marshal(jobs.PayoutStepPayload{EntryID: x.f.entry, Attempt: 1})
	return x.e.jobs.HandlePayoutRefund(context.Background(), asynq.NewTask(jobs.TypePayoutRefund, payload))
}

// refundMovements is what each refund movement of the offer gave back to the brand, by movement.
func (x *payoutEdge) refundMovements() map[string]int64 {
	x.e.t.Helper()
	var rows []struct {
		Movement string `db:"movement"`
		Amount   int64  `db:"amount"`
	}
	if err := x.e.db.SQL().Select(&rows, `SELECT movement, amount FROM payout_ledger WHERE entry_id = $1 AND kind = $2 AND account = $3`,
		x.f.entry, store.MoveRefund, store.AccountRefunds); err != nil {
		x.e.t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Movement] += r.Amount
	}
	return out
}

// refundAudit is the amount of each refund's audit entry of the offer, by action, in order.
func (x *payoutEdge) refundAudit() map[string][]int64 {
	x.e.t.Helper()
	evs, err := x.e.db.AuditEvents(context.Background(), "offer:"+x.f.entry)
	if err != nil {
		x.e.t.Fatal(err)
	}
	out := map[string][]int64{}
	for _, a := range evs {
		if a.Action != "payout.refunded" && a.Action != "payout.refunded_at_provider" {
			continue
		}
		var after struct {
			Amount int64 `json:"amount"`
		}
		_ = json.Unmarshal(a.After, &after)
		out[a.Action] = append(out[a.Action], after.Amount)
	}
	return out
}

// refundedInTwo checks the end of a full refund of which 100.00 was made at
// the provider's dashboard: the payment refunded in full, the dashboard's
// part and the product's (the 450.00 left) as separate movements and audit
// entries, the books balanced.
func (x *payoutEdge) refundedInTwo(admin string) {
	e := x.e
	e.t.Helper()
	if p := e.payment(x.f.entry, admin); p["state"] != "refunded" || p["refundAmount"].(float64) != 50000 {
		e.t.Fatalf("after the refund: %v", p)
	}
	want := map[string]int64{"refund:" + x.f.entry: 10000, "refund:" + x.f.entry + ":rest": 45000}
	if got := x.refundMovements(); fmt.Sprint(got) != fmt.Sprint(want) {
		e.t.Fatalf("refund movements %v, want %v", got, want)
	}
	if got := x.refundAudit(); fmt.Sprint(got) != fmt.Sprint(map[string][]int64{"payout.refunded": {45000}, "payout.refunded_at_provider": {10000}}) {
		e.t.Fatalf("refund audit %v", got)
	}
	x.books(store.PayoutBooks{Funded: 55000, Refunded: 55000})
}

// TestPayouts_PartialDashboardRefundWhileRefunding: 100.00 refunded at the
// provider's dashboard while the product's own full refund (an ADMIN's
// decision) waits for the worker is recorded as its own movement; the
// refund step then asks the provider for the 450.00 left (the provider
// refuses more), under the offer's refund key for that amount, and the
// payment ends refunded. The product's refund reported back, the
// dashboard's event again and the step run again change nothing.
func TestPayouts_PartialDashboardRefundWhileRefunding(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "partrefunding.io")
	e, f := x.e, x.f
	admin := e.account("admin@partrefunding.io", store.RoleAdmin)
	resume := x.refundingHeld(admin) // the dashboard's refund lands before the worker takes the product's
	x.chargeLeft(45000)
	x.deliverDashboardRefund("evt_partrefunding", 10000)
	before := e.provider.len()
	resume()
	if out := e.payoutProcessed("evt_partrefunding"); out != store.OutcomeApplied {
		t.Fatalf("dashboard refund while refunding: %s", out)
	}
	e.settle()
	refunds := e.provider.sentSince(before, "POST /v1/refunds")
	if len(refunds) != 1 || refunds[0].Form.Get("amount") != "45000" || refunds[0].Key != jobs.PayoutRefundKey(f.entry, 45000) {
		t.Fatalf("refunds asked of the provider: %+v", refunds)
	}
	admin = e.login("admin@partrefunding.io")
	x.refundedInTwo(admin)
	e.mailWith("owner@partrefunding.io", "Payment refunded")

	// The provider reports the product's refund (the whole charge now refunded), and the dashboard's refund again.
	if out := x.refundedAtDashboard("evt_partrefunding_own", 55000); out != store.OutcomeIgnored {
		t.Fatalf("the product's refund reported back: %s", out)
	}
	if out := x.refundedAtDashboard("evt_partrefunding_again", 10000); out != store.OutcomeIgnored {
		t.Fatalf("the dashboard's refund again: %s", out)
	}
	// The step run again (a retried task) calls the provider for nothing.
	before = e.provider.len()
	if err := x.refundStep(); err != nil {
		t.Fatal(err)
	}
	if calls := e.provider.since(before); len(calls) != 0 {
		t.Fatalf("provider calls of the retried step: %v", calls)
	}
	x.refundedInTwo(admin)
}

// TestPayouts_RefundStepBeforeDashboardRefundEvent: the other way round.
// 100.00 was refunded at the provider's dashboard, but its event is not
// here yet when the refund step asks for the whole charge: the provider
// refuses, and nothing is recorded. Once the event is stored, the step's
// retry applies it first and asks for the 450.00 left under its own key
// (the provider keeps the refusal under the first), and the payment ends
// refunded; the task the worker then runs calls nothing.
func TestPayouts_RefundStepBeforeDashboardRefundEvent(t *testing.T) {
	t.Parallel()
	x := newPayoutEdge(t, "refusedrefund.io")
	e, f := x.e, x.f
	admin := e.account("admin@refusedrefund.io", store.RoleAdmin)
	resume := x.refundingHeld(admin)
	x.chargeLeft(45000)
	before := e.provider.len()
	if err := x.refundStep(); store.ErrorCode(err) != store.EPROVIDER {
		t.Fatalf("the whole charge asked after the dashboard's refund: %v", err)
	}
	if p, _ := e.db.GetPayout(context.Background(), f.entry); p.State != store.PayoutRefunding {
		t.Fatalf("state %s after the refusal, want refunding", p.State)
	}
	x.books(store.PayoutBooks{Funded: 55000, Fee: 5000, Held: 50000})

	x.deliverDashboardRefund("evt_refused_refund", 10000) // stored; the worker is held
	if err := x.refundStep(); err != nil {
		t.Fatalf("the retried step: %v", err)
	}
	if ev, err := e.db.GetPayoutEvent(context.Background(), "evt_refused_refund"); err != nil || ev.Outcome != store.OutcomeApplied {
		t.Fatalf("the dashboard's event: %+v, %v", ev, err)
	}
	refunds := e.provider.sentSince(before, "POST /v1/refunds")
	if len(refunds) != 2 || refunds[0].Form.Get("amount") != "55000" || refunds[1].Form.Get("amount") != "45000" ||
		refunds[1].Key != jobs.PayoutRefundKey(f.entry, 45000) || refunds[0].Key == refunds[1].Key {
		t.Fatalf("refunds asked of the provider: %+v", refunds)
	}
	resume()
	e.settle()
	if n := len(e.provider.sentSince(before, "POST /v1/refunds")); n != 2 {
		t.Fatalf("%d refunds asked, want 2", n)
	}
	x.refundedInTwo(e.login("admin@refusedrefund.io"))
}
