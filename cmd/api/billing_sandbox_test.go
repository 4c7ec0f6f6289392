package main

import (
	"net/http"
	"testing"
)

// TestBilling_SandboxCards: in the offline sandbox each test card the picker
// offers is saved as the card it stands for, a declining one is refused
// with the provider's message, and the same card under another payment
// method id is not saved twice.
func TestBilling_SandboxCards(t *testing.T) {
	e, tok := billingSetup(t)
	r := e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_chargeDeclined"}), http.StatusPaymentRequired)
	if r.field("id") != "Your card was declined." {
		t.Fatalf("declined card: %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_chargeDeclinedInsufficientFunds"}), http.StatusPaymentRequired)
	if r.field("id") != "Your card has insufficient funds." {
		t.Fatalf("insufficient funds: %v", r.Body)
	}
	for id, want := range map[string]string{"pm_card_visa": "visa 4242", "pm_card_mastercard": "mastercard 4444", "pm_card_amex": "amex 8431"} {
		c := e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": id}), http.StatusCreated).data()["card"].(map[string]any)
		if got := c["brand"].(string) + " " + c["last4"].(string); got != want {
			t.Errorf("%s saved as %s, want %s", id, got, want)
		}
	}
	// stripe-mock answers any other id as Visa 4242: the Visa already saved.
	r = e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_1SameVisaAgain"}), http.StatusConflict)
	if r.field("id") != "This card is already saved" {
		t.Fatalf("same card again: %v", r.Body)
	}
	if n := len(cards(e.want(e.call("GET", "/api/cards", tok, nil), http.StatusOK))); n != 3 {
		t.Fatalf("%d cards saved", n)
	}
}

// TestBilling_SubscriptionChargesAndInvoices: a subscription bought with a
// promo code shows the price, the discount and the next charge; GET
// /api/invoices lists the provider's invoices (none before the first card).
func TestBilling_SubscriptionChargesAndInvoices(t *testing.T) {
	e, tok := billingSetup(t)
	if r := e.want(e.call("GET", "/api/invoices", tok, nil), http.StatusOK); len(r.data()["invoices"].([]any)) != 0 {
		t.Fatalf("invoices before a customer: %v", r.Body)
	}
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	r := e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month"), "promoCode": "FIVEOFF"}), http.StatusCreated)
	sub := r.data()["subscription"].(map[string]any)
	price := sub["plan"].(map[string]any)["amount"].(float64)
	promo, _ := sub["promo"].(map[string]any)
	next, _ := sub["nextCharge"].(map[string]any)
	if promo["code"] != "FIVEOFF" || promo["discount"] != float64(500) || next["amount"] != price-500 || next["at"] != sub["endedAt"] {
		t.Fatalf("subscription %v", sub)
	}
	got := e.want(e.call("GET", "/api/subscriptions", tok, nil), http.StatusOK).data()["subscription"].(map[string]any)
	if got["promo"] == nil || got["nextCharge"] == nil {
		t.Fatalf("read back %v", got)
	}
	e.want(e.call("POST", "/api/subscriptions/cancel", tok, nil), http.StatusOK)
	if got := e.want(e.call("GET", "/api/subscriptions", tok, nil), http.StatusOK).data()["subscription"].(map[string]any); got["nextCharge"] != nil {
		t.Fatalf("cancelled renewal still charges: %v", got)
	}
	inv := e.want(e.call("GET", "/api/invoices", tok, nil), http.StatusOK).data()["invoices"].([]any)
	if len(inv) == 0 {
		t.Fatal("no invoices")
	}
	first := inv[0].(map[string]any)
	if first["_id"] == "" || first["status"] == "" || first["currency"] == "" {
		t.Fatalf("invoice %v", first)
	}
	brand := e.brandAccount("brand@billing.io", "BRAND_ADMIN", "Billing Brand")
	e.want(e.call("GET", "/api/invoices", brand, nil), http.StatusForbidden)
}
