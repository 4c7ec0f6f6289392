package main

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/payment"
	"creatorcoach/store"
)

// TestBilling_DeletionStopsRenewal: deleting an account turns renewal off at
// the provider; coming back within 30 days, the creator can resume; deleted
// again and purged, what is left at the provider is cancelled, the card
// detached and the customer deleted, once, by a task that a provider outage
// retries. Checked against the provider's request log.
func TestBilling_DeletionStopsRenewal(t *testing.T) {
	t.Parallel()
	e, tok := billingSetup(t)
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month")}), http.StatusCreated)
	var ids struct {
		Sub  string `db:"sub"`
		Cus  string `db:"cus"`
		Card string `db:"card"`
	}
	if err := e.db.SQL().Get(&ids, `SELECT s.provider_id AS sub, c.provider_id AS cus, k.provider_id AS card
		FROM subscriptions s JOIN billing_customers c USING (user_id) JOIN cards k USING (user_id)`); err != nil {
		t.Fatal(err)
	}
	wantCalls := func(from int, want ...string) {
		t.Helper()
		got := e.provider.since(from)
		for _, w := range want {
			if n := len(slices.DeleteFunc(slices.Clone(got), func(c string) bool { return c != w })); n != 1 {
				t.Errorf("provider got %q %d times, want once; log %v", w, n, got)
			}
		}
	}

	from := e.provider.len()
	e.want(e.call("DELETE", "/api/users", tok, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	e.settle()
	wantCalls(from, "POST /v1/subscriptions/"+ids.Sub)
	var renews bool
	_ = e.db.SQL().Get(&renews, `SELECT NOT cancel_at_period_end FROM subscriptions`)
	if renews {
		t.Fatal("the deleted account's subscription still renews")
	}

	// Back within 30 days: the subscription runs to its end and can be resumed.
	e.clock.Advance(10 * 24 * time.Hour)
	tok = e.login("creator@billing.io")
	if sub := e.subscription(tok); sub["status"] != "cancelled" {
		t.Fatalf("after recovery: %v", sub)
	}
	from = e.provider.len()
	if sub := e.want(e.call("POST", "/api/subscriptions/resume", tok, nil), http.StatusOK).data()["subscription"].(map[string]any); sub["status"] != "active" {
		t.Fatalf("resumed: %v", sub)
	}
	wantCalls(from, "POST /v1/subscriptions/"+ids.Sub)

	// Deleted for good: the purge erases what is left at the provider, once.
	e.want(e.call("DELETE", "/api/users", tok, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	e.settle()
	e.clock.Advance(31 * 24 * time.Hour)
	from = e.provider.len()
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := e.jobs.HandleUserPurge(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	e.settle()
	wantCalls(from, "DELETE /v1/subscriptions/"+ids.Sub, "POST /v1/payment_methods/"+ids.Card+"/detach", "DELETE /v1/customers/"+ids.Cus)
	if n := e.count(`SELECT count(*) FROM billing_customers`); n != 0 {
		t.Errorf("%d customers left", n)
	}

	// The erasure is idempotent, and retried while the provider is away.
	task := jobs.NewBillingEraseCustomerTask(store.BillingLeftovers{CustomerID: ids.Cus, SubscriptionIDs: []string{ids.Sub}, CardIDs: []string{ids.Card}})
	if err := e.jobs.HandleBillingEraseCustomer(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
		t.Errorf("second erasure: %v", err)
	}
	down := *e.jobs
	down.Pay = payment.New("http://127.0.0.1:1", "sk_test_123", &http.Client{Timeout: time.Second})
	if err := down.HandleBillingEraseCustomer(ctx, asynq.NewTask(task.Type, task.Payload)); store.ErrorCode(err) != store.EPROVIDERDOWN {
		t.Errorf("provider away: %v, want a retried EPROVIDERDOWN", err)
	}
}
