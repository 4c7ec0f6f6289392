package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"creatorcoach/jobs/payment"
	"creatorcoach/store"
)

// providerStandIn speaks the provider's wire format for the calls a
// subscribe makes, answering POST /v1/subscriptions as mode says: a card
// decline (402 card_error, as the provider answers pm_card_chargeDeclined,
// which stripe-mock cannot), an incomplete subscription, a server error, a
// refused request, or no answer in time. It records the calls it got.
type providerStandIn struct {
	mode  string
	mu    sync.Mutex
	calls []string
}

func (p *providerStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	p.calls = append(p.calls, r.Method+" "+r.URL.Path)
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Request-Id", "req_standin")
	answer := func(status int, v any) { w.WriteHeader(status); _ = json.NewEncoder(w).Encode(v) }
	providerErr := func(status int, typ, code, msg string) {
		answer(status, map[string]any{"error": map[string]any{"type": typ, "code": code, "message": msg, "decline_code": "generic_decline"}})
	}
	switch {
	case r.Method == "POST" && r.URL.Path == "/v1/customers":
		answer(200, map[string]any{"id": "cus_" + p.mode, "object": "customer"})
	case r.Method == "POST" && strings.HasPrefix(r.URL.Path, "/v1/customers/"):
		answer(200, map[string]any{"id": "cus_standin", "object": "customer"})
	case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/attach"):
		id := strings.Split(r.URL.Path, "/")[3]
		answer(200, map[string]any{"id": id, "object": "payment_method", "type": "card",
			"card": map[string]any{"brand": "visa", "last4": "0002", "exp_month": 12, "exp_year": 2034}})
	case r.Method == "DELETE" && strings.HasPrefix(r.URL.Path, "/v1/subscriptions/"):
		answer(200, map[string]any{"id": "sub_standin", "object": "subscription", "status": "canceled"})
	case r.Method == "POST" && r.URL.Path == "/v1/subscriptions":
		switch p.mode {
		case "declined":
			providerErr(402, "card_error", "card_declined", "Your card was declined.")
		case "expired_card":
			providerErr(402, "card_error", "expired_card", "Your card has expired.")
		case "incomplete":
			answer(200, map[string]any{"id": "sub_standin", "object": "subscription", "status": "incomplete"})
		case "server_error":
			providerErr(500, "api_error", "", "An unknown error occurred")
		case "refused":
			providerErr(400, "invalid_request_error", "resource_missing", "No such price: 'price_creator_yearly'")
		case "timeout":
			time.Sleep(1500 * time.Millisecond)
			answer(200, map[string]any{"id": "sub_late", "object": "subscription", "status": "active"})
		}
	default:
		providerErr(404, "invalid_request_error", "resource_missing", "Unrecognized request URL")
	}
}

func (p *providerStandIn) called(call string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.calls {
		if c == call {
			return true
		}
	}
	return false
}

func TestBilling_ProviderFailures(t *testing.T) {
	e := setup(t)
	yearly := e.planID(e.account("plans@billing.io", store.RoleUser), "year")
	tests := []struct {
		mode       string
		wantStatus int
		wantMsg    string
		undone     bool // the provider's subscription is cancelled again
	}{
		{"declined", http.StatusPaymentRequired, payment.MsgDeclined, false},
		{"expired_card", http.StatusPaymentRequired, "Your card has expired.", false},
		{"incomplete", http.StatusPaymentRequired, payment.MsgDeclined, true},
		{"server_error", http.StatusServiceUnavailable, payment.MsgUnavailable, false},
		{"refused", http.StatusBadGateway, payment.MsgRejected, false},
		{"timeout", http.StatusServiceUnavailable, payment.MsgUnavailable, false},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			stand := &providerStandIn{mode: tt.mode}
			srv := httptest.NewServer(stand)
			defer srv.Close()
			e.api.pay = payment.New(srv.URL, "sk_test_123", &http.Client{Timeout: 300 * time.Millisecond})
			tok := e.account(tt.mode+"@billing.io", store.RoleUser)
			r := e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_chargeDeclined"}), http.StatusCreated)
			if r.str("data", "card", "last4") != "0002" {
				t.Fatalf("card: %v", r.Body)
			}
			r = e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly}), tt.wantStatus)
			if r.str("message") != tt.wantMsg {
				t.Fatalf("message %q, want %q", r.str("message"), tt.wantMsg)
			}
			if sub := e.subscription(tok); sub != nil {
				t.Fatalf("a failed subscribe left a subscription: %v", sub)
			}
			if got := stand.called("DELETE /v1/subscriptions/sub_standin"); got != tt.undone {
				t.Fatalf("provider subscription cancelled again: %v, want %v", got, tt.undone)
			}
		})
	}
}
