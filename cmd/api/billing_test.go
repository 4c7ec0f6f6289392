package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// billingSetup is a creator on a fresh stack, with the promo codes of the tests.
func billingSetup(t *testing.T) (*env, string) {
	t.Helper()
	e := setup(t)
	ctx := context.Background()
	pct, amount, months := 20.0, int64(500), 3
	soon, past := e.clock.Now().Add(30*24*time.Hour), e.clock.Now().Add(-time.Hour)
	for _, p := range []store.PromoCode{
		{Code: "WELCOME20", ProviderID: "promo_welcome20", PercentOff: &pct, Currency: "usd", Duration: "once", Active: true, ExpiresAt: &soon},
		{Code: "FIVEOFF", ProviderID: "promo_fiveoff", AmountOff: &amount, Currency: "usd", Duration: "repeating", DurationInMonths: &months, Active: true},
		{Code: "OLD10", ProviderID: "promo_old10", PercentOff: &pct, Currency: "usd", Duration: "once", Active: true, ExpiresAt: &past},
		{Code: "OFF", ProviderID: "promo_off", PercentOff: &pct, Currency: "usd", Duration: "once", Active: false},
	} {
		if err := e.db.SavePromoCode(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	return e, e.account("creator@billing.io", store.RoleUser)
}

// planID returns the id of the plan with the interval.
func (e *env) planID(token, interval string) string {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/plans", token, nil), http.StatusOK)
	for _, p := range r.data()["plans"].([]any) {
		if m := p.(map[string]any); m["interval"] == interval {
			return m["_id"].(string)
		}
	}
	e.t.Fatalf("no %s plan in %v", interval, r.Body)
	return ""
}

// cards returns data.cards of an answer.
func cards(r resp) []map[string]any {
	var out []map[string]any
	for _, c := range r.data()["cards"].([]any) {
		out = append(out, c.(map[string]any))
	}
	return out
}

func (e *env) subscriptionRows() int {
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM subscriptions`); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestBilling_Plans(t *testing.T) {
	e, tok := billingSetup(t)
	r := e.want(e.call("GET", "/api/plans", tok, nil), http.StatusOK)
	plans := r.data()["plans"].([]any)
	if len(plans) != 2 {
		t.Fatalf("got %d plans, want 2", len(plans))
	}
	first := plans[0].(map[string]any)
	for _, k := range []string{"_id", "name", "interval", "amount", "currency", "features"} {
		if _, ok := first[k]; !ok {
			t.Errorf("plan lacks %q: %v", k, first)
		}
	}
	if first["interval"] != "month" || plans[1].(map[string]any)["interval"] != "year" {
		t.Fatalf("plans out of order: %v", plans)
	}
	if _, leaked := first["price_id"]; leaked {
		t.Fatal("provider price id in the answer")
	}
	c := e.want(e.call("GET", "/api/payments/config", tok, nil), http.StatusOK)
	if c.data()["publishableKey"] != "pk_test_123" || c.data()["sandbox"] != true {
		t.Fatalf("config %v", c.data())
	}
}

func TestBilling_PromoCodes(t *testing.T) {
	e, tok := billingSetup(t)
	r := e.want(e.call("POST", "/api/subscriptions/validate-promo-code", tok, map[string]any{"code": " welcome20 "}), http.StatusOK)
	if d := r.data(); d["valid"] != true || d["percentOff"] != 20.0 || d["duration"] != "once" || d["amountOff"] != nil {
		t.Fatalf("WELCOME20: %v", d)
	}
	r = e.want(e.call("POST", "/api/subscriptions/validate-promo-code", tok, map[string]any{"code": "FIVEOFF"}), http.StatusOK)
	if d := r.data(); d["amountOff"] != 500.0 || d["duration"] != "repeating" || d["durationInMonths"] != 3.0 || d["percentOff"] != nil {
		t.Fatalf("FIVEOFF: %v", d)
	}
	for _, tt := range []struct{ code, want string }{
		{"OLD10", store.MsgPromoExpired},
		{"NOPE", store.MsgPromoUnknown},
		{"OFF", store.MsgPromoUnknown},
		{"", store.MsgPromoRequired},
	} {
		r := e.want(e.call("POST", "/api/subscriptions/validate-promo-code", tok, map[string]any{"code": tt.code}), 422)
		if r.field("code") != tt.want {
			t.Errorf("%q: got %v, want %q", tt.code, r.Body, tt.want)
		}
	}
	e.clock.Advance(31 * 24 * time.Hour)
	tok = e.login("creator@billing.io")
	r = e.want(e.call("POST", "/api/subscriptions/validate-promo-code", tok, map[string]any{"code": "WELCOME20"}), 422)
	if r.field("code") != store.MsgPromoExpired {
		t.Fatalf("WELCOME20 after its expiry: %v", r.Body)
	}
}

func TestBilling_Cards(t *testing.T) {
	e, tok := billingSetup(t)
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "not a card"}), 422)
	r := e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	visa := r.data()["card"].(map[string]any)
	if visa["primary"] != true || visa["last4"] == "" || visa["brand"] == "" || visa["expYear"] == 0.0 {
		t.Fatalf("first card: %v", visa)
	}
	r = e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusConflict)
	if r.field("id") != "This card is already saved" {
		t.Fatalf("duplicate: %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_mastercard"}), http.StatusCreated)
	mc := r.data()["card"].(map[string]any)
	if mc["primary"] != false || len(cards(r)) != 2 {
		t.Fatalf("second card: %v", r.data())
	}
	r = e.want(e.call("POST", "/api/cards/primary", tok, map[string]any{"id": mc["_id"]}), http.StatusOK)
	if got := cards(r); got[0]["_id"] != mc["_id"] || got[0]["primary"] != true || got[1]["primary"] != false {
		t.Fatalf("after primary: %v", got)
	}
	other := e.account("other@billing.io", store.RoleUser)
	e.want(e.call("DELETE", "/api/cards/"+visa["_id"].(string), other, nil), http.StatusNotFound)
	e.want(e.call("POST", "/api/cards/primary", other, map[string]any{"id": visa["_id"]}), http.StatusNotFound)
	e.want(e.call("DELETE", "/api/cards/not-a-uuid", tok, nil), http.StatusNotFound)
	// Without a subscription the primary card may go; the other one takes its place.
	r = e.want(e.call("DELETE", "/api/cards/"+mc["_id"].(string), tok, nil), http.StatusOK)
	if got := cards(r); len(got) != 1 || got[0]["_id"] != visa["_id"] || got[0]["primary"] != true {
		t.Fatalf("after removing the primary: %v", got)
	}
	list := e.want(e.call("GET", "/api/cards", tok, nil), http.StatusOK)
	if len(cards(list)) != 1 {
		t.Fatalf("list: %v", list.Body)
	}
}

func TestBilling_SubscriptionLifecycle(t *testing.T) {
	e, tok := billingSetup(t)
	yearly := e.planID(tok, "year")
	if r := e.want(e.call("GET", "/api/subscriptions", tok, nil), http.StatusOK); r.data()["subscription"] != nil {
		t.Fatalf("new creator has a subscription: %v", r.Body)
	}
	r := e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly}), 422)
	if r.field("card") != store.MsgNoCard {
		t.Fatalf("without a card: %v", r.Body)
	}
	e.want(e.call("POST", "/api/cards", tok, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	if r := e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": "nope"}), 422); r.field("planId") == "" {
		t.Fatalf("bad plan: %v", r.Body)
	}
	if r := e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly, "promoCode": "OLD10"}), 422); r.field("promoCode") != store.MsgPromoExpired {
		t.Fatalf("expired promo: %v", r.Body)
	}
	if e.subscriptionRows() != 0 {
		t.Fatal("a refused subscribe left a row")
	}
	now := e.clock.Now()
	r = e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly, "promoCode": "welcome20"}), http.StatusCreated)
	sub := r.data()["subscription"].(map[string]any)
	ended, _ := time.Parse(time.RFC3339Nano, sub["endedAt"].(string))
	if sub["active"] != true || sub["status"] != "active" || sub["cancelAtPeriodEnd"] != false ||
		sub["plan"].(map[string]any)["interval"] != "year" || ended.Sub(now.AddDate(1, 0, 0)).Abs() > time.Minute {
		t.Fatalf("subscribed: %v", sub)
	}
	e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly}), http.StatusConflict)
	primary := cards(e.want(e.call("GET", "/api/cards", tok, nil), http.StatusOK))[0]["_id"].(string)
	if r := e.want(e.call("DELETE", "/api/cards/"+primary, tok, nil), http.StatusConflict); r.str("message") != store.MsgCardInUse {
		t.Fatalf("removing the paying card: %v", r.Body)
	}

	r = e.want(e.call("POST", "/api/subscriptions/cancel", tok, nil), http.StatusOK)
	sub = r.data()["subscription"].(map[string]any)
	if sub["active"] != false || sub["status"] != "cancelled" || sub["cancelAtPeriodEnd"] != true || !strings.Contains(r.str("data", "message"), ended.Format("January 2, 2006")) {
		t.Fatalf("cancelled: %v", r.Body)
	}
	e.want(e.call("POST", "/api/subscriptions/cancel", tok, nil), http.StatusOK) // again: nothing changes
	if r := e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": yearly}), http.StatusConflict); r.str("message") != store.MsgResumeInstead {
		t.Fatalf("subscribe while cancelled: %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/subscriptions/resume", tok, nil), http.StatusOK)
	if sub = r.data()["subscription"].(map[string]any); sub["active"] != true || sub["status"] != "active" {
		t.Fatalf("resumed: %v", sub)
	}

	e.clock.Advance(366 * 24 * time.Hour)
	tok = e.login("creator@billing.io")
	r = e.want(e.call("GET", "/api/subscriptions", tok, nil), http.StatusOK)
	if sub = r.data()["subscription"].(map[string]any); sub["status"] != "expired" {
		t.Fatalf("past endedAt: %v", sub)
	}
	e.want(e.call("POST", "/api/subscriptions/cancel", tok, nil), http.StatusConflict)
	e.want(e.call("POST", "/api/subscriptions/resume", tok, nil), http.StatusConflict)
	r = e.want(e.call("POST", "/api/subscriptions", tok, map[string]any{"planId": e.planID(tok, "month")}), http.StatusCreated)
	if sub = r.data()["subscription"].(map[string]any); sub["status"] != "active" || sub["plan"].(map[string]any)["interval"] != "month" {
		t.Fatalf("subscribed again: %v", sub)
	}
	if e.subscriptionRows() != 1 {
		t.Fatal("a new subscription did not replace the expired one")
	}
	other := e.account("nosub@billing.io", store.RoleUser)
	e.want(e.call("POST", "/api/subscriptions/cancel", other, nil), http.StatusNotFound)
	e.want(e.call("POST", "/api/subscriptions/resume", other, nil), http.StatusNotFound)
}

// TestBillingRoleTable: every billing call is for creators; brand staff and
// ADMIN get 403, anonymous callers 401.
func TestBillingRoleTable(t *testing.T) {
	e := setup(t)
	roles := []string{store.RoleUser, store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}
	tokens := map[string]string{}
	for _, role := range roles {
		tokens[role] = e.account(strings.ToLower(role)+"@billing-roles.io", role)
	}
	tests := []struct {
		method, path string
		body         any
		userStatus   int
	}{
		{"GET", "/api/payments/config", nil, 200},
		{"GET", "/api/plans", nil, 200},
		{"GET", "/api/cards", nil, 200},
		{"POST", "/api/cards", map[string]any{"id": ""}, 422},
		{"POST", "/api/cards/primary", map[string]any{"id": "x"}, 404},
		{"DELETE", "/api/cards/x", nil, 404},
		{"GET", "/api/subscriptions", nil, 200},
		{"POST", "/api/subscriptions", map[string]any{"planId": ""}, 422},
		{"POST", "/api/subscriptions/cancel", nil, 404},
		{"POST", "/api/subscriptions/resume", nil, 404},
		{"POST", "/api/subscriptions/validate-promo-code", map[string]any{"code": ""}, 422},
	}
	for _, tt := range tests {
		t.Run(tt.method+tt.path+"/anonymous", func(t *testing.T) {
			e.want(e.call(tt.method, tt.path, "", tt.body), http.StatusUnauthorized)
		})
		for _, role := range roles {
			t.Run(tt.method+tt.path+"/"+role, func(t *testing.T) {
				want := http.StatusForbidden
				if role == store.RoleUser {
					want = tt.userStatus
				}
				e.want(e.call(tt.method, tt.path, tokens[role], tt.body), want)
			})
		}
	}
}
