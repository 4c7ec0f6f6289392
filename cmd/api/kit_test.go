package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// kitFixture is a creator (USER cleo@kit.io) linked to a network entry with
// an Instagram handle, e-mail and location, an accepted offer with one
// measured post on Acme's (a fashion brand, not consenting to be named)
// "Winter Warmup", and a brand admin and manager of Acme.
type kitFixture struct {
	creator, owner, manager, campaign, entry string
}

func (e *env) kitFixture() kitFixture {
	e.t.Helper()
	f := kitFixture{owner: e.account("owner@acme.io", store.RoleBrandAdmin), manager: e.account("manager@acme.io", store.RoleBrandManager)}
	f.creator = e.account("cleo@kit.io", store.RoleUser)
	f.campaign = e.createCampaign(f.owner, "Winter Warmup")
	f.entry = e.addCreatorOffer(f.campaign, "Cleo Park", "instagram", "cleo.secret", "accepted", 1000)
	e.addPost(f.campaign, f.entry, "instagram", "First look #winterwarmup", resultsPost{published: time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC),
		views: n64(1000), likes: n64(100), comments: n64(10)})
	if _, err := e.db.SQL().Exec(`UPDATE creators SET user_id = (SELECT id FROM users WHERE email = 'cleo@kit.io'),
		email = 'cleo@kit.io', location = 'Berlin', niche = 'Fashion & Style'
		WHERE id = (SELECT creator_id FROM roster_entries WHERE id = $1)`, f.entry); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`UPDATE brands SET industry = 'Fashion' WHERE name = 'Acme'`); err != nil {
		e.t.Fatal(err)
	}
	return f
}

// kitBody is a kit of slug with the given fields shown and two rate lines.
func kitBody(slug string, published bool, show map[string]bool, handles, campaigns []string) map[string]any {
	return map[string]any{"slug": slug, "published": published, "bio": "Runner and stylist.", "show": show,
		"handles": handles, "campaignIds": campaigns,
		"rateCard": []map[string]any{{"label": "One Instagram post", "priceCents": 45000}, {"label": "30 days of usage", "priceCents": 20000}}}
}

// TestKit_SlugRules: 3 to 30 letters, digits, '-' and '_', unique in any case.
func TestKit_SlugRules(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.kitFixture()
	for _, bad := range []string{"", "ab", strings.Repeat("a", 31), "bad slug", "zoë", "a/b", "a.b", "<x>"} {
		r := e.want(e.call("PUT", "/api/kit", f.creator, kitBody(bad, false, nil, nil, nil)), http.StatusUnprocessableEntity)
		if r.field("slug") != store.MsgKitSlug {
			t.Errorf("slug %q: %v", bad, r.Body)
		}
	}
	for _, good := range []string{"abc", strings.Repeat("z", 30), "Cleo_1-x"} {
		e.want(e.call("PUT", "/api/kit", f.creator, kitBody(good, false, nil, nil, nil)), http.StatusOK)
	}
	other := e.account("sam@kit.io", store.RoleUser)
	r := e.want(e.call("PUT", "/api/kit", other, kitBody("cLEO_1-X", false, nil, nil, nil)), http.StatusUnprocessableEntity)
	if r.field("slug") != store.MsgKitSlugTaken {
		t.Errorf("taken: %v", r.Body)
	}
	e.want(e.call("PUT", "/api/kit", other, kitBody("sam", false, nil, nil, nil)), http.StatusOK)
	// Other fields: rate card lines, handles and campaigns not the creator's.
	bad := kitBody("Cleo_1-x", false, nil, []string{"tiktok"}, []string{"00000000-0000-0000-0000-000000000000"})
	bad["rateCard"] = []map[string]any{{"label": " ", "priceCents": 0}, {"label": "ok", "priceCents": 100_000_001}}
	bad["bio"] = strings.Repeat("x", 601)
	r = e.want(e.call("PUT", "/api/kit", f.creator, bad), http.StatusUnprocessableEntity)
	for field, msg := range map[string]string{"handles": store.MsgKitHandle, "campaignIds": store.MsgKitCampaign, "bio": store.MsgKitBio,
		"rateCard.0.label": store.MsgKitLineLabel, "rateCard.0.priceCents": store.MsgKitLinePrice, "rateCard.1.priceCents": store.MsgKitLinePrice} {
		if r.field(field) != msg {
			t.Errorf("%s: %q, want %q (%v)", field, r.field(field), msg, r.Body)
		}
	}
}

// TestKit_PublishedOnlyChosenFields: unpublished is a 404 (page data and
// PDF); published, the answer holds exactly the chosen fields, never the
// e-mail, the account id or a handle not chosen; unpublishing is at once.
func TestKit_PublishedOnlyChosenFields(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.kitFixture()
	ed := e.want(e.call("GET", "/api/kit", f.creator, nil), http.StatusOK).data()
	if ed["kit"] != nil {
		t.Fatalf("a kit before the first save: %v", ed)
	}
	camps := ed["campaigns"].([]any)
	if len(camps) != 1 || camps[0].(map[string]any)["brand"] != "a fashion brand" || camps[0].(map[string]any)["campaign"] != nil {
		t.Fatalf("past campaigns %v", camps)
	}
	campaignID := camps[0].(map[string]any)["campaignId"].(string)

	e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", false, map[string]bool{"bio": true}, nil, nil)), http.StatusOK)
	wantKitGone := func(slug string) {
		t.Helper()
		r := e.want(e.call("GET", "/api/kits/"+slug, "", nil), http.StatusNotFound)
		if r.str("message") != store.MsgKitGone || r.Header.Get("Referrer-Policy") != "no-referrer" || r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("gone %v %v", r.Body, r.Header)
		}
		if status, _, _ := e.rawGet("/api/kits/"+slug+"/pdf", ""); status != http.StatusNotFound {
			t.Errorf("pdf of an unpublished kit: %d", status)
		}
	}
	wantKitGone("cleo")
	wantKitGone("nobody")

	// Published with the bio only: no figures, audience, reading, handles, campaigns.
	e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", true, map[string]bool{"bio": true}, nil, nil)), http.StatusOK)
	r := e.want(e.call("GET", "/api/kits/CLEO", "", nil), http.StatusOK)
	if r.Header.Get("Referrer-Policy") != "no-referrer" || r.Header.Get("X-Robots-Tag") != "noindex" || r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", r.Header)
	}
	kit := r.data()["kit"].(map[string]any)
	keys := func(m map[string]any) []string {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		return ks
	}
	if got, want := keys(kit), []string{"bio", "campaigns", "handles", "name", "rateCard", "searchEngines", "slug", "updatedAt"}; !slices.Equal(got, want) {
		t.Errorf("fields %v, want %v", got, want)
	}
	raw, _ := json.Marshal(r.Body)
	var userID string
	if err := e.db.SQL().Get(&userID, `SELECT id FROM users WHERE email = 'cleo@kit.io'`); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"cleo@kit.io", userID, "cleo.secret", "Berlin", "Fashion & Style", "Acme", "Winter Warmup", campaignID} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("hidden %q leaks: %s", secret, raw)
		}
	}
	if len(kit["rateCard"].([]any)) != 2 || kit["bio"] != "Runner and stylist." || kit["name"] != "Cleo Park" {
		t.Errorf("kit %v", kit)
	}

	// Everything shown: the chosen handle, the past campaign with the brand unnamed.
	all := map[string]bool{"photo": true, "bio": true, "niche": true, "location": true, "figures": true, "audience": true, "quality": true}
	e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", true, all, []string{"instagram"}, []string{campaignID})), http.StatusOK)
	kit = e.want(e.call("GET", "/api/kits/cleo", "", nil), http.StatusOK).data()["kit"].(map[string]any)
	if kit["niche"] != "Fashion & Style" || kit["location"] != "Berlin" || kit["platforms"] == nil || kit["quality"] == nil {
		t.Errorf("shown fields %v", kit)
	}
	if h := kit["handles"].([]any); len(h) != 1 || h[0].(map[string]any)["handle"] != "cleo.secret" {
		t.Errorf("handles %v", h)
	}
	c := kit["campaigns"].([]any)[0].(map[string]any)
	if c["brand"] != "a fashion brand" || c["campaign"] != nil || c["campaignId"] != nil || c["posts"] != 1.0 ||
		c["views"].(map[string]any)["value"] != 1000.0 || c["engagements"].(map[string]any)["value"] != 110.0 ||
		c["engagementRate"].(map[string]any)["value"] != 11.0 {
		t.Errorf("campaign %v", c)
	}
	raw, _ = json.Marshal(kit)
	for _, secret := range []string{"cleo@kit.io", userID, "Acme"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("%q leaks: %s", secret, raw)
		}
	}
	// The brand sees the kit that shows its campaign, then consents: its name and the campaign's.
	kits := e.want(e.call("GET", "/api/kit/brand-consent", f.owner, nil), http.StatusOK).data()["kits"].([]any)
	if len(kits) != 1 || kits[0].(map[string]any)["slug"] != "cleo" || kits[0].(map[string]any)["name"] != "Cleo Park" ||
		fmt.Sprint(kits[0].(map[string]any)["campaigns"]) != "[Winter Warmup]" {
		t.Errorf("kits naming the brand %v", kits)
	}
	e.want(e.call("PUT", "/api/kit/brand-consent", f.owner, map[string]any{"namedInKits": true, "industry": "Fashion"}), http.StatusOK)
	var audited int
	if err := e.db.SQL().QueryRow(`SELECT count(*) FROM audit_events WHERE action = 'brand.kit_consent' AND after->>'namedInKits' = 'true'
		AND subject = 'brand:' || (SELECT brand_id::text FROM campaigns WHERE id = $1)`, campaignID).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("consent audited %d times (%v)", audited, err)
	}
	c = e.want(e.call("GET", "/api/kits/cleo", "", nil), http.StatusOK).data()["kit"].(map[string]any)["campaigns"].([]any)[0].(map[string]any)
	if c["brand"] != "Acme" || c["campaign"] != "Winter Warmup" || c["named"] != true {
		t.Errorf("named campaign %v", c)
	}

	// The PDF: the same kit, UTF-8 font.
	if _, err := e.db.SQL().Exec(`UPDATE creators SET name = 'Zoë Łukasiewicz' WHERE user_id = $1`, userID); err != nil {
		t.Fatal(err)
	}
	status, header, body := e.rawGet("/api/kits/cleo/pdf", "")
	if status != http.StatusOK || header.Get("Content-Type") != "application/pdf" || header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("pdf %d %v", status, header)
	}
	text, err := pdffont.Text(body)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Zoë Łukasiewicz", "One Instagram post", "$450.00", "Acme — Winter Warmup", "1,000", "Runner and stylist."} {
		if !strings.Contains(text, want) {
			t.Errorf("pdf lacks %q:\n%s", want, text)
		}
	}

	// The page tells search engines not to index it until the creator opts in.
	if _, h, _ := e.rawGet("/kit/cleo", ""); h.Get("X-Robots-Tag") != "noindex" || h.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("page headers %v", h)
	}
	opted := kitBody("cleo", true, all, nil, nil)
	opted["searchEngines"] = true
	e.want(e.call("PUT", "/api/kit", f.creator, opted), http.StatusOK)
	if _, h, _ := e.rawGet("/kit/cleo", ""); h.Get("X-Robots-Tag") != "" {
		t.Errorf("opted in, still noindex: %v", h)
	}

	// Unpublished: gone at once.
	e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", false, all, nil, nil)), http.StatusOK)
	wantKitGone("cleo")
	if _, h, _ := e.rawGet("/kit/cleo", ""); h.Get("X-Robots-Tag") != "noindex" {
		t.Errorf("unpublished page indexable: %v", h)
	}
}

// TestKit_Booking: a brand's manager books a rate-card line on a campaign:
// exactly one draft offer at that price, the same draft on a second
// booking; the roles and other brands' campaigns are refused.
func TestKit_Booking(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.kitFixture()
	ed := e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", true, nil, nil, nil)), http.StatusOK).data()
	line := ed["kit"].(map[string]any)["rateCard"].([]any)[0].(map[string]any)["id"].(string)
	spring := e.createCampaign(f.owner, "Spring Push")
	body := map[string]any{"campaignId": spring, "rateCardLineId": line}

	r := e.want(e.call("POST", "/api/kits/cleo/book", f.manager, body), http.StatusCreated)
	entry := r.data()["entry"].(map[string]any)
	offer := entry["offer"].(map[string]any)
	if r.data()["created"] != true || offer["status"] != "draft" || offer["amount"] != 450.0 || entry["creator"].(map[string]any)["name"] != "Cleo Park" {
		t.Fatalf("booked %v", r.Body)
	}
	again := e.want(e.call("POST", "/api/kits/cleo/book", f.owner, body), http.StatusOK)
	if again.data()["created"] != false || again.str("data", "entry", "_id") != entry["_id"] {
		t.Errorf("second booking %v", again.Body)
	}
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM roster_entries e JOIN creators c ON c.id = e.creator_id
		WHERE e.campaign_id = $1 AND c.name = 'Cleo Park'`, spring); err != nil || n != 1 {
		t.Errorf("roster entries %d (%v), want exactly 1", n, err)
	}
	roster := e.want(e.call("GET", "/api/campaigns/"+spring+"/roster", f.owner, nil), http.StatusOK)
	if raw, _ := json.Marshal(roster.Body); !strings.Contains(string(raw), entry["_id"].(string)) {
		t.Errorf("the draft is not on the roster: %s", raw)
	}
	// Another line on the same campaign: the creator is on the roster already.
	other := ed["kit"].(map[string]any)["rateCard"].([]any)[1].(map[string]any)["id"].(string)
	e.want(e.call("POST", "/api/kits/cleo/book", f.owner, map[string]any{"campaignId": spring, "rateCardLineId": other}), http.StatusConflict)

	// Refused: bad input, roles, another brand's campaign, an unpublished kit.
	bad := e.want(e.call("POST", "/api/kits/cleo/book", f.owner, map[string]any{"campaignId": "", "rateCardLineId": "nope"}), http.StatusUnprocessableEntity)
	if bad.field("campaignId") != store.MsgKitBookCampaign || bad.field("rateCardLineId") != store.MsgKitBookLine {
		t.Errorf("bad input %v", bad.Body)
	}
	e.want(e.call("POST", "/api/kits/cleo/book", "", body), http.StatusUnauthorized)
	for _, role := range []string{store.RoleBrandViewer, store.RoleUser, store.RoleAdmin} {
		e.want(e.call("POST", "/api/kits/cleo/book", e.account(strings.ToLower(role)+"@acme.io", role), body), http.StatusForbidden)
	}
	if _, err := e.db.SaveAccount(context.Background(), store.AccountSpec{Email: "owner@rival.io", Password: goodPassword,
		Role: store.RoleBrandAdmin, BrandName: "Rival"}); err != nil {
		t.Fatal(err)
	}
	rival := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "owner@rival.io", "password": goodPassword}), http.StatusOK).str("data", "accessToken")
	rivalCampaign := e.createCampaign(rival, "Rival Drop")
	e.want(e.call("POST", "/api/kits/cleo/book", f.owner, map[string]any{"campaignId": rivalCampaign, "rateCardLineId": line}), http.StatusNotFound)
	e.want(e.call("PUT", "/api/kit", f.creator, kitBody("cleo", false, nil, nil, nil)), http.StatusOK)
	e.want(e.call("POST", "/api/kits/cleo/book", f.owner, body), http.StatusNotFound)
}

// TestKit_Roles: the settings are the creator's only; the brand setting is
// read by brand roles and set by BRAND_ADMIN.
func TestKit_Roles(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tokens := e.roleTokens("acme.io")
	e.roleRow(t, "get kit", tokens, roleSet(store.RoleUser), http.StatusOK, func(e *env, tok string) resp {
		return e.call("GET", "/api/kit", tok, nil)
	})
	e.roleRow(t, "put kit", tokens, roleSet(store.RoleUser), http.StatusOK, func(e *env, tok string) resp {
		return e.call("PUT", "/api/kit", tok, kitBody("kit-user", false, nil, nil, nil))
	})
	e.roleRow(t, "get consent", tokens, roleSet(store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer), http.StatusOK, func(e *env, tok string) resp {
		return e.call("GET", "/api/kit/brand-consent", tok, nil)
	})
	e.roleRow(t, "put consent", tokens, roleSet(store.RoleBrandAdmin), http.StatusOK, func(e *env, tok string) resp {
		return e.call("PUT", "/api/kit/brand-consent", tok, map[string]any{"namedInKits": false, "industry": "fashion"})
	})
}

// TestKit_RateLimit: the public kit is limited per client network.
func TestKit_RateLimit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	for i := 0; i < 200; i++ { // until the first 429: the limit refills a call a second, which a loaded machine lets pass
		r := e.call("GET", "/api/kits/nobody", "", nil)
		if r.Status == http.StatusTooManyRequests {
			if r.Header.Get("Retry-After") == "" || i < 60 {
				t.Fatalf("429 after %d calls, Retry-After %q", i, r.Header.Get("Retry-After"))
			}
			return
		}
		e.want(r, http.StatusNotFound)
	}
	t.Fatal("200 calls were all answered")
}
