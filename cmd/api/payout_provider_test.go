package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestPayouts_ProviderRefundAndReversal: signed provider events for money
// moved outside the product. A partial refund made at the provider's
// dashboard while funded is recorded once (a replay and a second event with
// the same total change nothing) and lowers the transfer; a transfer taken
// back makes the payment "reversed", moves the money back to held and
// clears the bank dates; the rest refunded at the dashboard ends it
// refunded. The books hold after every step and the audit log has each.
func TestPayouts_ProviderRefundAndReversal(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.api.cfg.Payout.ConnectWebhookSecret = testConnectSecret
	f := e.linkedOffer("rev.io")
	admin := e.account("admin@rev.io", store.RoleAdmin)
	e.payoutsReady(f)
	e.fundOffer(f)
	var pi string
	_ = e.db.SQL().Get(&pi, `SELECT payment_intent_id FROM payouts WHERE entry_id = $1`, f.entry)
	books := func(want store.PayoutBooks) {
		t.Helper()
		b, err := e.db.PayoutBooks(context.Background(), f.entry)
		got := store.PayoutBooks{Funded: b.Funded, Transferred: b.Transferred, Refunded: b.Refunded, Fee: b.Fee, Held: b.Held}
		if err != nil || got != want {
			t.Fatalf("books %+v, want %+v (%v)", b, want, err)
		}
		if problems, err := e.db.CheckLedger(context.Background()); err != nil || len(problems) > 0 {
			t.Fatalf("ledger: %v, %v", problems, err)
		}
	}
	deliver := func(id, typ string, object map[string]any, duplicate bool) {
		t.Helper()
		ev := providerEvent(id, typ, e.clock.Now(), object)
		if r := e.want(e.deliverPayout(ev, testConnectSecret), http.StatusOK); r.data()["duplicate"] != duplicate {
			t.Fatalf("%s: %v", id, r.Body)
		}
	}
	charge := func(refunded int64, refundID string) map[string]any {
		return map[string]any{"id": "ch_rev", "object": "charge", "amount": 55000, "amount_refunded": refunded, "currency": "usd",
			"payment_intent": pi, "refunded": refunded == 55000, "refunds": map[string]any{"object": "list",
				"data": []any{map[string]any{"id": refundID, "object": "refund", "amount": refunded}}}}
	}
	books(store.PayoutBooks{Funded: 55000, Fee: 5000, Held: 50000})

	// A partial refund at the dashboard while funded: 100.00 back from the held money, once.
	deliver("evt_refund_1", "charge.refunded", charge(10000, "re_1"), false)
	if out := e.payoutProcessed("evt_refund_1"); out != store.OutcomeApplied {
		t.Fatalf("dashboard refund: %s", out)
	}
	deliver("evt_refund_1", "charge.refunded", charge(10000, "re_1"), true)
	deliver("evt_refund_1b", "charge.refunded", charge(10000, "re_1"), false)
	if out := e.payoutProcessed("evt_refund_1b"); out != store.OutcomeIgnored {
		t.Fatalf("the same refund again: %s", out)
	}
	books(store.PayoutBooks{Funded: 55000, Refunded: 10000, Fee: 5000, Held: 40000})
	if p := e.payment(f.entry, admin); p["state"] != "funded" || p["refundAmount"].(float64) != 10000 {
		t.Fatalf("after the dashboard refund: %v", p)
	}

	// The release sends the rest: 400.00.
	e.captureForPayout(f)
	e.clock.Advance(49 * time.Hour)
	if r, err := e.db.PayoutTick(context.Background(), 100); err != nil || r.Released != 1 {
		t.Fatalf("release: %+v, %v", r, err)
	}
	e.settle()
	f.creator, admin = e.login(f.creatorEmail), e.login("admin@rev.io")
	books(store.PayoutBooks{Funded: 55000, Refunded: 10000, Fee: 5000, Transferred: 40000})
	e.db.SQL().MustExec(`UPDATE payouts SET arrival_at = $2, paid_at = $2 WHERE entry_id = $1`, f.entry, e.clock.Now())

	// The transfer taken back in full: reversed, held again, no bank dates; a replay is recorded once.
	var tr string
	_ = e.db.SQL().Get(&tr, `SELECT transfer_id FROM payouts WHERE entry_id = $1`, f.entry)
	transfer := map[string]any{"id": tr, "object": "transfer", "amount": 40000, "amount_reversed": 40000, "currency": "usd",
		"reversed": true, "transfer_group": f.entry, "metadata": map[string]any{"entry_id": f.entry}}
	deliver("evt_reversal_1", "transfer.reversed", transfer, false)
	if out := e.payoutProcessed("evt_reversal_1"); out != store.OutcomeApplied {
		t.Fatalf("reversal: %s", out)
	}
	deliver("evt_reversal_1", "transfer.reversed", transfer, true)
	deliver("evt_reversal_2", "transfer.updated", transfer, false)
	if out := e.payoutProcessed("evt_reversal_2"); out != store.OutcomeIgnored {
		t.Fatalf("the same reversal again: %s", out)
	}
	if p := e.payment(f.entry, f.creator); p["state"] != "reversed" || p["reversedAmount"].(float64) != 40000 || p["paidAt"] != nil || p["arrivalAt"] != nil {
		t.Fatalf("after the reversal: %v", p)
	}
	books(store.PayoutBooks{Funded: 55000, Refunded: 10000, Fee: 5000, Held: 40000})

	// The rest refunded at the dashboard (the fee included): refunded.
	deliver("evt_refund_2", "charge.refunded", charge(55000, "re_2"), false)
	if out := e.payoutProcessed("evt_refund_2"); out != store.OutcomeApplied {
		t.Fatalf("full dashboard refund: %s", out)
	}
	if p := e.payment(f.entry, admin); p["state"] != "refunded" {
		t.Fatalf("after the full refund: %v", p)
	}
	books(store.PayoutBooks{Funded: 55000, Refunded: 55000})

	evs, _ := e.db.AuditEvents(context.Background(), "offer:"+f.entry)
	n := map[string]int{}
	for _, a := range evs {
		n[a.Action]++
	}
	if n["payout.refunded_at_provider"] != 2 || n["payout.transfer_reversed"] != 1 {
		t.Fatalf("audit: %v", n)
	}
}

// TestPayouts_CancelUndelivered: a reserved payment tells the brand when it
// may cancel an undelivered offer (the campaign's end plus the delivery
// grace); before then the cancel is refused, a viewer and the creator never
// may, and after it the brand is refunded in full, with balanced books.
func TestPayouts_CancelUndelivered(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("undelivered.io")
	viewer := e.brandAccount("viewer@undelivered.io", store.RoleBrandViewer, "Brand undelivered.io")
	e.payoutsReady(f)
	e.fundOffer(f)

	p := e.payment(f.entry, f.brand)
	from, err := time.Parse(time.RFC3339, fmt.Sprint(p["cancelFrom"]))
	if p["state"] != "funded" || err != nil || p["cancelAllowed"] != false {
		t.Fatalf("reserved payment: %v", p)
	}
	var end time.Time
	_ = e.db.SQL().Get(&end, `SELECT (c.end_date + 1)::timestamptz FROM campaigns c WHERE c.id = $1`, f.campaign)
	if !from.Equal(end.Add(store.DefaultDeliveryGrace)) {
		t.Errorf("cancel from %s, want the campaign's end %s plus the grace", from, end)
	}
	if c := e.payment(f.entry, f.creator); c["cancelFrom"] != nil || c["cancelAllowed"] != false {
		t.Errorf("the creator is shown a deadline before being told: %v", c)
	}
	cancel := func(token string) resp { return e.call("POST", "/api/payouts/offers/"+f.entry+"/cancel", token, nil) }
	if r := e.want(cancel(f.brand), http.StatusConflict); r.str("message") != store.MsgPayoutNotCancel {
		t.Errorf("early cancel: %v", r.Body)
	}

	// The campaign ends with nothing captured: the next run of the release task tells the creator, once; the grace
	// runs from that notice (the periodic task ran two hours late here).
	e.clock.Advance(end.Sub(e.clock.Now()) + 2*time.Hour)
	tick := func() store.PayoutTickResult {
		r, err := e.db.PayoutTick(context.Background(), 100)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := tick(); r.DeliveryNotices != 1 {
		t.Fatalf("first run after the end: %+v", r)
	}
	if r := tick(); r.DeliveryNotices != 0 {
		t.Fatalf("second run: %+v, the creator is told once", r)
	}
	e.settle()
	told := e.mailWith(f.creatorEmail, "Your post for a campaign that ended")
	from = e.clock.Now().Add(store.DefaultDeliveryGrace).Truncate(time.Microsecond)
	if !strings.Contains(told.Text(), from.Format("2 January 2006, 15:04 UTC")) || !strings.Contains(told.Text(), "/my-offers") {
		t.Errorf("the creator's notice does not give the deadline %s and the way back: %s", from, told.Text())
	}
	f.brand, f.creator, viewer = e.login("owner@undelivered.io"), e.login(f.creatorEmail), e.login("viewer@undelivered.io") // days later
	for _, tok := range []string{f.creator, f.brand} {
		c := e.payment(f.entry, tok)
		if got, _ := time.Parse(time.RFC3339, fmt.Sprint(c["cancelFrom"])); !got.Equal(from) || c["cancelAllowed"] != false || c["deliveryNoticeAt"] == nil {
			t.Errorf("after the notice: %v, want cancelFrom %s", c, from)
		}
	}
	e.clock.Advance(store.DefaultDeliveryGrace - time.Minute) // the grace of the campaign's end has passed, not the creator's
	f.brand = e.login("owner@undelivered.io")
	e.want(cancel(f.brand), http.StatusConflict)

	e.clock.Advance(2 * time.Minute)
	f.brand, f.creator, viewer = e.login("owner@undelivered.io"), e.login(f.creatorEmail), e.login("viewer@undelivered.io") // a week later
	if p := e.payment(f.entry, viewer); p["cancelAllowed"] != true {
		t.Fatalf("after the grace: %v", p)
	}
	if c := e.payment(f.entry, f.creator); c["cancelAllowed"] != false {
		t.Errorf("the creator may cancel: %v", c)
	}
	e.want(cancel(viewer), http.StatusForbidden)
	e.want(cancel(f.creator), http.StatusForbidden)
	e.want(cancel(f.brand), http.StatusOK)
	e.settle()
	p = e.payment(f.entry, f.brand)
	if p["state"] != "refunded" || p["refundAmount"].(float64) != 50000 || p["cancelFrom"] != nil {
		t.Fatalf("after the cancel: %v", p)
	}
	e.mailWith(f.creatorEmail, "An offer was cancelled")
	if problems, err := e.db.CheckLedger(context.Background()); err != nil || len(problems) > 0 {
		t.Fatalf("ledger: %v %v", problems, err)
	}
}
