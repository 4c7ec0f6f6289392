package main

import (
	"net/http"
	"strconv"
	"testing"

	"creatorcoach/store"
)

// wantTooMany fails unless r is the limiter's 429 with its Retry-After.
func (e *env) wantTooMany(r resp) {
	e.t.Helper()
	e.want(r, http.StatusTooManyRequests)
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || r.str("error_code") != store.ERATELIMITED {
		e.t.Fatalf("429 without Retry-After or code: %v %v", r.Header, r.Body)
	}
}

// TestBilling_RateLimits: toggling cancel and resume (each a provider call)
// stops at the per-user limit, which the card calls share; a subscribe with a
// promo code counts against the promo-code limit of validate-promo-code.
func TestBilling_RateLimits(t *testing.T) {
	t.Parallel()
	e, tok := billingSetup(t)
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month")}), http.StatusCreated)
	for i := 1; i < limitBilling.Burst; i++ {
		path := "/api/subscriptions/cancel"
		if i%2 == 0 {
			path = "/api/subscriptions/resume"
		}
		e.want(e.call("POST", path, tok, nil), http.StatusOK)
	}
	e.wantTooMany(e.call("POST", "/api/subscriptions/resume", tok, nil))
	e.wantTooMany(e.call("POST", "/api/subscriptions/cancel", tok, nil))
	e.wantTooMany(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month")}))
	card := cards(e.want(e.call("GET", "/api/cards", tok, nil), http.StatusOK))[0]["_id"].(string)
	e.wantTooMany(e.call("POST", "/api/cards/primary", tok, map[string]any{"id": card}))
	e.wantTooMany(e.call("DELETE", "/api/cards/"+card, tok, nil))
	// Another creator is not affected.
	other := e.account("other@limits.io", store.RoleUser)
	e.want(e.call("POST", "/api/subscriptions/cancel", other, nil), http.StatusNotFound)

	// Promo codes: validate-promo-code and subscribe share one budget.
	promo := e.account("promo@limits.io", store.RoleUser)
	// That limit refills a try a second, which a loaded machine lets pass between the tries: they go on until the
	// first 429, which must not come before the burst is spent.
	plan := e.planID(promo, "month")
	for i := 0; ; i++ {
		r := e.call("POST", "/api/subscriptions/validate-promo-code", promo, map[string]any{"code": "GUESS" + strconv.Itoa(i)})
		if r.Status == http.StatusTooManyRequests || i > 3*limitSecretPerIP.Burst {
			e.wantTooMany(r)
			if i < limitSecretPerIP.Burst {
				t.Fatalf("promo codes limited after %d tries, before the burst of %d", i, limitSecretPerIP.Burst)
			}
			break
		}
		e.want(r, 422)
	}
	e.wantTooMany(e.call("POST", "/api/subscriptions", promo, map[string]any{"planId": plan, "promoCode": "GUESS"}))
	// Without a code the subscribe goes on (and asks for a card).
	if r := e.want(e.call("POST", "/api/subscriptions", promo, map[string]any{"planId": e.planID(promo, "month")}), 422); r.field("card") != store.MsgNoCard {
		t.Fatalf("subscribe without a code: %v", r.Body)
	}
}
