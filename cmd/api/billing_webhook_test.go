package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"creatorcoach/store"
)

// subscribed gives a creator a card and a subscription through the API and
// returns the creator's token and the provider's subscription id.
func subscribed(t *testing.T, e *env, email, interval string) (string, string) {
	t.Helper()
	tok := e.account(email, store.RoleUser)
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, interval)}), http.StatusCreated)
	var providerID string
	if err := e.db.SQL().Get(&providerID, `SELECT s.provider_id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`, email); err != nil {
		t.Fatal(err)
	}
	return tok, providerID
}

// providerEvent is a provider event in the wire format, created at `at`.
func providerEvent(id, typ string, at time.Time, object map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"id": id, "object": "event", "api_version": stripe.APIVersion, "created": at.Unix(),
		"livemode": false, "pending_webhooks": 1, "type": typ, "data": map[string]any{"object": object}})
	return b
}

func subscriptionObject(providerID, status string, cancelAtPeriodEnd bool, periodEnd time.Time) map[string]any {
	return map[string]any{"id": providerID, "object": "subscription", "status": status, "cancel_at_period_end": cancelAtPeriodEnd,
		"items": map[string]any{"object": "list", "data": []any{map[string]any{"id": "si_1", "object": "subscription_item",
			"current_period_end": periodEnd.Unix()}}}}
}

func invoiceObject(providerID string, periodEnd time.Time) map[string]any {
	return map[string]any{"id": "in_" + fmt.Sprint(periodEnd.Unix()), "object": "invoice",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{"subscription": providerID}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{"id": "il_1", "object": "line_item",
			"period": map[string]any{"start": periodEnd.AddDate(0, -1, 0).Unix(), "end": periodEnd.Unix()}}}}}
}

// signature is the Stripe-Signature header of payload signed at signedAt with secret.
func signature(payload []byte, secret string, signedAt time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: signedAt}).Header
}

// deliver posts a payload signed at signedAt with secret; it returns the answer.
func (e *env) deliver(payload []byte, secret string, signedAt time.Time) resp {
	e.t.Helper()
	return e.deliverSigned(payload, signature(payload, secret, signedAt))
}

func (e *env) deliverSigned(payload []byte, header string) resp {
	e.t.Helper()
	return e.deliverTo("/api/payments/webhook", payload, header)
}

// deliverTo posts a provider event with its signature header to path.
func (e *env) deliverTo(path string, payload []byte, header string) resp {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+path, bytes.NewReader(payload))
	req.Header.Set("Content-Type", "application/json; charset=utf-8") // as the provider sends it
	req.Header.Set("Stripe-Signature", header)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := resp{Status: res.StatusCode}
	_ = json.NewDecoder(res.Body).Decode(&out.Body)
	return out
}

// processed waits until the worker processed the event and returns its outcome.
func (e *env) processed(eventID string) string {
	e.t.Helper()
	return e.processedBy(eventID, e.db.GetPaymentEvent)
}

// processedBy waits until get finds the event processed and returns its outcome.
func (e *env) processedBy(eventID string, get func(context.Context, string) (*store.PaymentEvent, error)) string {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ev, err := get(context.Background(), eventID)
		if err == nil && ev.ProcessedAt != nil {
			return ev.Outcome
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("event %s was not processed", eventID)
	return ""
}

func (e *env) subscription(tok string) map[string]any {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/subscriptions", tok, nil), http.StatusOK)
	sub, _ := r.data()["subscription"].(map[string]any)
	return sub
}

func TestBillingWebhook_Signature(t *testing.T) {
	e := setup(t)
	payload := providerEvent("evt_sig", "customer.subscription.updated", e.clock.Now(), subscriptionObject("sub_x", "active", false, e.clock.Now()))
	for name, r := range map[string]resp{
		"WrongSecret": e.deliver(payload, "whsec_wrong", time.Now()),
		"TooOld":      e.deliver(payload, testWebhookSecret, time.Now().Add(-10*time.Minute)),
		"TooNew":      e.deliver(payload, testWebhookSecret, time.Now().Add(10*time.Minute)),
		"Tampered": e.deliverSigned(bytes.Replace(payload, []byte("active"), []byte("canceled"), 1),
			signature(payload, testWebhookSecret, time.Now())),
		// Signed for a day ahead, with a fresh t= in front: the library reads the last t=.
		"TwoTimestamps": e.deliverSigned(payload, fmt.Sprintf("t=%d,", time.Now().Unix())+
			signature(payload, testWebhookSecret, time.Now().Add(24*time.Hour))),
	} {
		if r.Status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", name, r.Status)
		}
	}
	r := e.call("POST", "/api/payments/webhook", "", string(payload)) // no signature header
	e.want(r, http.StatusBadRequest)
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM payment_events`); err != nil || n != 0 {
		t.Fatalf("refused events were stored: %d %v", n, err)
	}
}

func TestBillingWebhook_ReplayAndOrder(t *testing.T) {
	e := setup(t)
	tok, providerID := subscribed(t, e, "hook@billing.io", "month")
	t0 := e.clock.Now()
	end := t0.AddDate(0, 2, 0).Truncate(time.Second)

	// invoice.paid for the next period extends endedAt; delivered twice, stored and applied once.
	paid := providerEvent("evt_paid", "invoice.paid", t0, invoiceObject(providerID, end))
	if r := e.want(e.deliver(paid, testWebhookSecret, time.Now()), http.StatusOK); r.data()["duplicate"] != false {
		t.Fatalf("first delivery: %v", r.Body)
	}
	if r := e.want(e.deliver(paid, testWebhookSecret, time.Now()), http.StatusOK); r.data()["duplicate"] != true {
		t.Fatalf("replay: %v", r.Body)
	}
	if got := e.processed("evt_paid"); got != store.OutcomeApplied {
		t.Fatalf("invoice.paid outcome %q", got)
	}
	if sub := e.subscription(tok); sub["endedAt"] != end.UTC().Format(time.RFC3339) || sub["status"] != "active" {
		t.Fatalf("after invoice.paid: %v", sub)
	}

	// The provider cancels at period end (t0+10s), then deletes (t0+20s); the
	// deletion arrives first, the older update after it and changes nothing.
	deleted := providerEvent("evt_del", "customer.subscription.deleted", t0.Add(20*time.Second), subscriptionObject(providerID, "canceled", false, end))
	updated := providerEvent("evt_upd", "customer.subscription.updated", t0.Add(10*time.Second), subscriptionObject(providerID, "active", false, end.AddDate(1, 0, 0)))
	e.want(e.deliver(deleted, testWebhookSecret, time.Now()), http.StatusOK)
	if got := e.processed("evt_del"); got != store.OutcomeApplied {
		t.Fatalf("deleted outcome %q", got)
	}
	e.want(e.deliver(updated, testWebhookSecret, time.Now()), http.StatusOK)
	if got := e.processed("evt_upd"); got != store.OutcomeStale {
		t.Fatalf("older update outcome %q, want stale", got)
	}
	sub := e.subscription(tok)
	endedAt, _ := time.Parse(time.RFC3339, sub["endedAt"].(string))
	if sub["active"] != false || !endedAt.Equal(t0.Add(20*time.Second).Truncate(time.Second)) {
		t.Fatalf("after deletion: %v", sub)
	}
	e.clock.Advance(time.Minute)
	if sub := e.subscription(e.login("hook@billing.io")); sub["status"] != "expired" {
		t.Fatalf("deleted subscription a minute later: %v", sub)
	}
}

func TestBillingWebhook_UpdatedAndPaymentFailed(t *testing.T) {
	e := setup(t)
	tok, providerID := subscribed(t, e, "upd@billing.io", "year")
	t0 := e.clock.Now()
	end := t0.AddDate(1, 0, 0).Add(time.Hour).Truncate(time.Second)
	e.want(e.deliver(providerEvent("evt_u1", "customer.subscription.updated", t0, subscriptionObject(providerID, "active", true, end)),
		testWebhookSecret, time.Now()), http.StatusOK)
	e.processed("evt_u1")
	if sub := e.subscription(tok); sub["status"] != "cancelled" || sub["cancelAtPeriodEnd"] != true || sub["endedAt"] != end.UTC().Format(time.RFC3339) {
		t.Fatalf("after the provider's cancel-at-period-end: %v", sub)
	}
	failed := providerEvent("evt_fail", "invoice.payment_failed", t0.Add(time.Second), invoiceObject(providerID, end))
	e.want(e.deliver(failed, testWebhookSecret, time.Now()), http.StatusOK)
	e.processed("evt_fail")
	m := e.mail.Wait(t, "upd@billing.io", 1)
	if !strings.Contains(m.Subject, "We could not charge your card") {
		t.Fatalf("mail subject %q", m.Subject)
	}
	e.want(e.deliver(providerEvent("evt_other", "customer.created", t0, map[string]any{"id": "cus_1", "object": "customer"}),
		testWebhookSecret, time.Now()), http.StatusOK)
	if got := e.processed("evt_other"); got != store.OutcomeIgnored {
		t.Fatalf("customer.created outcome %q", got)
	}
	e.want(e.deliver(providerEvent("evt_unknown", "customer.subscription.deleted", t0, subscriptionObject("sub_elsewhere", "canceled", false, end)),
		testWebhookSecret, time.Now()), http.StatusOK)
	if got := e.processed("evt_unknown"); got != store.OutcomeUnknown {
		t.Fatalf("unknown subscription outcome %q", got)
	}
}

func TestBilling_ExpiryJobTwice(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	tok, _ := subscribed(t, e, "exp@billing.io", "month")
	e.want(e.call("POST", "/api/subscriptions/cancel", tok, nil), http.StatusOK)
	subscribed(t, e, "keeps@billing.io", "year")
	e.clock.Advance(32 * 24 * time.Hour)
	for run := 1; run <= 2; run++ {
		if err := e.jobs.HandleBillingExpire(ctx, nil); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
	}
	m := e.mail.Wait(t, "exp@billing.io", 1)
	if !strings.Contains(m.Subject, "Your subscription has ended") || !strings.Contains(m.Text(), "Creator Monthly") {
		t.Fatalf("expiry mail: %s\n%s", m.Subject, m.Text())
	}
	var expired int
	var results []int
	if err := e.db.SQL().Get(&expired, `SELECT count(*) FROM subscriptions WHERE expired_at IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SQL().Select(&results, `SELECT (result->>'expired')::int FROM jobs WHERE kind = 'billing_expire' ORDER BY created_at`); err != nil {
		t.Fatal(err)
	}
	if expired != 1 || fmt.Sprint(results) != "[1 0]" {
		t.Fatalf("expired rows %d, job results %v; want 1 and [1 0]", expired, results)
	}
	if n := e.mail.Count("keeps@billing.io"); n != 0 {
		t.Fatalf("a running subscription was mailed")
	}
	if sub := e.subscription(e.login("exp@billing.io")); sub["status"] != "expired" || sub["active"] != false {
		t.Fatalf("after expiry: %v", sub)
	}
}
