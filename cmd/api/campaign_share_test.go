package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
	"creatorcoach/store"
)

// share makes the campaign's share link with body and returns the token.
func (e *env) share(token, id string, body any) resp {
	e.t.Helper()
	return e.want(e.call("POST", "/api/campaigns/"+id+"/share", token, body), http.StatusCreated)
}

// wantGone checks that the public results of token answer the one 404.
func (e *env) wantGone(token string) {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/share/"+token, "", nil), http.StatusNotFound)
	if r.str("message") != store.MsgShareGone || r.Header.Get("Referrer-Policy") != "no-referrer" || r.Header.Get("Cache-Control") != "no-store" {
		e.t.Errorf("gone: %v %v", r.Body, r.Header)
	}
}

// TestCampaignShare_Link: made, read back without token, public answer with
// fees hidden; replaced (the old token dies), revoked, expired.
func TestCampaignShare_Link(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.api.cfg.PublicURL = "https://app.example"
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	manager := e.account("manager@acme.io", store.RoleBrandManager)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	f := e.resultsFixture(owner)

	if r := e.want(e.call("GET", "/api/campaigns/"+f.id+"/share", viewer, nil), http.StatusOK); r.data()["share"] != nil {
		t.Fatalf("no link yet: %v", r.Body)
	}
	r := e.share(owner, f.id, nil) // no body: the defaults
	tok := r.str("data", "share", "token")
	if len(tok) != 43 || r.str("data", "share", "url") != "https://app.example/share/"+tok || r.data()["share"].(map[string]any)["showFees"] != false {
		t.Fatalf("share %v", r.Body)
	}
	exp, _ := time.Parse(time.RFC3339, r.str("data", "share", "expiresAt"))
	if d := exp.Sub(e.clock.Now()); d < 30*24*time.Hour-time.Minute || d > 30*24*time.Hour+time.Minute {
		t.Errorf("expires in %v, want 30 days", d)
	}
	var stored string
	if err := e.db.SQL().Get(&stored, `SELECT token_hash FROM campaign_shares WHERE campaign_id = $1`, f.id); err != nil || stored == tok || len(stored) != 64 {
		t.Errorf("stored %q (%v): must be the SHA-256, not the token", stored, err)
	}
	got := e.want(e.call("GET", "/api/campaigns/"+f.id+"/share", viewer, nil), http.StatusOK).data()["share"].(map[string]any)
	if got["showFees"] != false || got["expiresAt"] == nil || got["createdAt"] == nil || got["token"] != nil {
		t.Errorf("live link %v", got)
	}

	// Public, fees hidden; the figures are the brand's otherwise.
	pub := e.want(e.call("GET", "/api/share/"+tok, "", nil), http.StatusOK)
	if pub.Header.Get("Referrer-Policy") != "no-referrer" || pub.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", pub.Header)
	}
	res := pub.data()["results"].(map[string]any)
	if res["feesShown"] != false {
		t.Errorf("feesShown %v", res["feesShown"])
	}
	if b, ok := res["campaign"].(map[string]any)["budget"]; !ok || b != nil {
		t.Errorf("budget shown with fees hidden: %v", res["campaign"])
	}
	for _, k := range []string{"spend", "cpm", "cpe", "costPerView"} {
		wantFigure(t, res, "totals."+k, unavailable(store.ReasonFeesHidden))
	}
	wantFigure(t, res, "totals.views", measured(10000))
	for _, c := range res["creators"].([]any) {
		if fee, ok := c.(map[string]any)["fee"]; !ok || fee != nil {
			t.Errorf("fee shown: %v", c)
		}
	}

	// Replaced by a manager's link that shows fees: the old token dies.
	r = e.share(manager, f.id, map[string]any{"showFees": true, "expiresInDays": 7})
	tok2 := r.str("data", "share", "token")
	e.wantGone(tok)
	res = e.want(e.call("GET", "/api/share/"+tok2, "", nil), http.StatusOK).data()["results"].(map[string]any)
	wantFigure(t, res, "totals.spend", derived(3000, store.FormulaSpend))
	wantFigure(t, res, "totals.cpm", derived(300, store.FormulaCPM))
	if res["feesShown"] != true || res["creators"].([]any)[0].(map[string]any)["fee"] != 500.0 || res["campaign"].(map[string]any)["budget"] == nil {
		t.Errorf("fees shown: %v", res["creators"])
	}

	// Revoked: gone, and a second revoke finds nothing.
	e.want(e.call("DELETE", "/api/campaigns/"+f.id+"/share", manager, nil), http.StatusNoContent)
	e.wantGone(tok2)
	e.want(e.call("DELETE", "/api/campaigns/"+f.id+"/share", manager, nil), http.StatusNotFound)
	if r := e.want(e.call("GET", "/api/campaigns/"+f.id+"/share", owner, nil), http.StatusOK); r.data()["share"] != nil {
		t.Errorf("revoked link still shown: %v", r.Body)
	}

	// Expired: gone, and no longer the live link.
	tok3 := e.share(owner, f.id, map[string]any{"expiresInDays": 1}).str("data", "share", "token")
	e.want(e.call("GET", "/api/share/"+tok3, "", nil), http.StatusOK)
	if _, err := e.db.SQL().Exec(`UPDATE campaign_shares SET expires_at = now() - interval '1 minute' WHERE campaign_id = $1 AND revoked_at IS NULL`, f.id); err != nil {
		t.Fatal(err)
	}
	e.wantGone(tok3)
	if r := e.want(e.call("GET", "/api/campaigns/"+f.id+"/share", owner, nil), http.StatusOK); r.data()["share"] != nil {
		t.Errorf("expired link still shown: %v", r.Body)
	}
	e.want(e.call("DELETE", "/api/campaigns/"+f.id+"/share", owner, nil), http.StatusNotFound)

	// A deleted campaign's link dies with it; unknown and malformed tokens get the same answer.
	tok4 := e.share(owner, f.id, nil).str("data", "share", "token")
	e.want(e.call("DELETE", "/api/campaigns/"+f.id, owner, nil), http.StatusOK)
	e.wantGone(tok4)
	e.wantGone(strings.Repeat("A", 43))
	e.wantGone("short")
	e.wantGone(strings.Repeat("!", 43))
}

// TestCampaignShare_Validation: expiresInDays 1 to 90, whole; a broken body.
func TestCampaignShare_Validation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	id := e.createCampaign(owner, "Checks")
	for _, days := range []any{0, 91, -1} {
		r := e.want(e.call("POST", "/api/campaigns/"+id+"/share", owner, map[string]any{"expiresInDays": days}), http.StatusUnprocessableEntity)
		if r.field("expiresInDays") != store.MsgShareDays {
			t.Errorf("%v days: %v", days, r.Body)
		}
	}
	for _, days := range []int{1, 90} {
		e.share(owner, id, map[string]any{"expiresInDays": days})
	}
	e.want(e.call("POST", "/api/campaigns/"+id+"/share", owner, "{"), http.StatusBadRequest)
	var live int
	if err := e.db.SQL().Get(&live, `SELECT count(*) FROM campaign_shares WHERE campaign_id = $1 AND revoked_at IS NULL`, id); err != nil || live != 1 {
		t.Errorf("live links %d (%v), want 1", live, err)
	}
}

// TestCampaignShare_RateLimit: the public results are limited per client.
func TestCampaignShare_RateLimit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	limited := false // calls go on until the first 429: the limit refills a call a second, which a loaded machine lets pass
	for i := 0; i < 200; i++ {
		r := e.call("GET", "/api/share/"+strings.Repeat("B", 43), "", nil)
		if r.Status == http.StatusTooManyRequests {
			if r.Header.Get("Retry-After") == "" || i < 60 {
				t.Fatalf("429 after %d calls, Retry-After %q", i, r.Header.Get("Retry-After"))
			}
			limited = true
			break
		}
		e.want(r, http.StatusNotFound)
	}
	if !limited {
		t.Fatal("200 calls were all answered")
	}
}

// TestCampaignResults_RoleTable: every new call by every role, on its own
// brand's campaign and on another brand's.
func TestCampaignResults_RoleTable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tokens := e.roleTokens("acme.io")
	others := map[string]string{}
	for _, role := range allRoles[2:] {
		others[role] = e.brandAccount(strings.ToLower(role)+"@globex.io", role, "Globex")
	}
	id := e.createCampaign(tokens[store.RoleBrandAdmin], "Role Table")
	admin, ba, bm, bv := store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer
	tests := []struct {
		name, method, path string
		body               any
		allowed            map[string]bool
		status             int
	}{
		{"Results", "GET", "/api/campaigns/" + id + "/results", nil, roleSet(admin, ba, bm, bv), 200},
		{"CSV", "GET", "/api/campaigns/" + id + "/results.csv", nil, roleSet(admin, ba, bm, bv), 200},
		{"PDF", "POST", "/api/campaigns/" + id + "/results/pdf", nil, roleSet(admin, ba, bm, bv), 202},
		{"GetShare", "GET", "/api/campaigns/" + id + "/share", nil, roleSet(admin, ba, bm, bv), 200},
		{"RevokeShare", "DELETE", "/api/campaigns/" + id + "/share", nil, roleSet(admin, ba, bm), 404}, // none yet
		{"CreateShare", "POST", "/api/campaigns/" + id + "/share", map[string]any{}, roleSet(admin, ba, bm), 201},
		{"Summary", "GET", "/api/campaigns/summary", nil, roleSet(admin, ba, bm, bv), 200},
	}
	for _, tt := range tests {
		e.roleRow(t, tt.name, tokens, tt.allowed, tt.status, func(e *env, tok string) resp { return e.call(tt.method, tt.path, tok, tt.body) })
		if tt.name == "Summary" {
			continue
		}
		for _, role := range allRoles[2:] {
			t.Run(tt.name+"/other-brand/"+role, func(t *testing.T) {
				e := e.on(t)
				want := http.StatusForbidden
				if tt.allowed[role] {
					want = http.StatusNotFound
				}
				e.want(e.call(tt.method, tt.path, others[role], tt.body), want)
			})
		}
	}
	// Unknown and malformed ids are 404 for a reader.
	for _, bad := range []string{"00000000-0000-0000-0000-000000000000", "nope"} {
		e.want(e.call("GET", "/api/campaigns/"+bad+"/results", tokens[admin], nil), http.StatusNotFound)
		e.want(e.call("GET", "/api/campaigns/"+bad+"/results.csv", tokens[admin], nil), http.StatusNotFound)
		e.want(e.call("POST", "/api/campaigns/"+bad+"/share", tokens[admin], nil), http.StatusNotFound)
	}
	e.settle() // the PDF jobs
}

// TestCampaignShare_Seed: after api seed (twice), brand@'s completed
// "Autumn Lookbook" has one live share link, fees hidden, for 30 days.
func TestCampaignShare_Seed(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	ctx := context.Background()
	if err := seed.Run(ctx, e.db, app.Config{PublicURL: "http://localhost:8080"}); err != nil { // a second seed changes nothing
		t.Fatal(err)
	}
	var id string
	if err := e.db.SQL().Get(&id, `SELECT id FROM campaigns WHERE name = 'Autumn Lookbook' AND status = 'completed'`); err != nil {
		t.Fatal(err)
	}
	var links int
	if err := e.db.SQL().Get(&links, `SELECT count(*) FROM campaign_shares WHERE campaign_id = $1 AND revoked_at IS NULL`, id); err != nil || links != 1 {
		t.Fatalf("live links %d (%v)", links, err)
	}
	brand := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "brand@example.com", "password": seed.DemoPassword}),
		http.StatusOK).str("data", "accessToken")
	sh, _ := e.want(e.call("GET", "/api/campaigns/"+id+"/share", brand, nil), http.StatusOK).data()["share"].(map[string]any)
	exp, _ := time.Parse(time.RFC3339, fmt.Sprint(sh["expiresAt"]))
	if sh["showFees"] != false || exp.Sub(e.clock.Now()) < 29*24*time.Hour {
		t.Errorf("seeded link %v", sh)
	}
	res := e.results(brand, id)
	if len(res["creators"].([]any)) == 0 {
		t.Errorf("no accepted offers on the seeded campaign: %v", res["creators"])
	}
}
