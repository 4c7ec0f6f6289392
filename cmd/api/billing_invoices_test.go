package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestBilling_InvoicesCachedAndLimited: a hundred reads of the billing
// history reach the provider once (the list is kept a short while); a card
// change forgets it; reads that do reach the provider stop at the per-user
// limit with 429 and Retry-After.
func TestBilling_InvoicesCachedAndLimited(t *testing.T) {
	t.Parallel()
	e, tok := billingSetup(t)
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	listed := func(since int) int {
		n := 0
		for _, c := range e.provider.since(since) {
			if strings.HasPrefix(c, "GET /v1/invoices") {
				n++
			}
		}
		return n
	}
	before := e.provider.len()
	for range 100 {
		e.want(e.call("GET", "/api/invoices", tok, nil), http.StatusOK)
	}
	if n := listed(before); n != 1 {
		t.Fatalf("100 reads reached the provider %d times, want 1", n)
	}
	before = e.provider.len()
	e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month")}), http.StatusCreated)
	if inv := e.want(e.call("GET", "/api/invoices", tok, nil), http.StatusOK).data()["invoices"].([]any); len(inv) == 0 || listed(before) != 1 {
		t.Fatalf("after subscribing: %d invoices, %d provider reads", len(inv), listed(before))
	}
	// Every read past the cache (dropped here) counts: 10 at once in all.
	rdb := e.api.rdb
	var userID string
	if err := e.db.SQL().Get(&userID, `SELECT id FROM users WHERE email = 'creator@billing.io'`); err != nil {
		t.Fatal(err)
	}
	for i := 2; i < limitInvoices.Burst; i++ {
		rdb.Del(context.Background(), invoiceCacheKey(userID))
		e.want(e.call("GET", "/api/invoices", tok, nil), http.StatusOK)
	}
	rdb.Del(context.Background(), invoiceCacheKey(userID))
	e.wantTooMany(e.call("GET", "/api/invoices", tok, nil))
}
