package main

import (
	"net/http"
	"reflect"
	"strings"
	"testing"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// creatorID is the id of the network creator named name.
func (e *env) creatorID(name string) string {
	e.t.Helper()
	var id string
	if err := e.db.SQL().Get(&id, `SELECT id FROM creators WHERE name = $1`, name); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// profile reads GET /api/creators/{id} and returns its creator and profile.
func (e *env) profile(token, id string) (creator, profile map[string]any) {
	e.t.Helper()
	d := e.want(e.call("GET", "/api/creators/"+id, token, nil), http.StatusOK).data()
	return d["creator"].(map[string]any), d["profile"].(map[string]any)
}

// figure returns a profile figure's value and basis.
func figure(m map[string]any, key string) (any, string) {
	f, _ := m[key].(map[string]any)
	if f == nil {
		return nil, ""
	}
	b, _ := f["basis"].(string)
	return f["value"], b
}

func TestCreatorProfile_Roles(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	tokens := e.roleTokens("prof.io")
	id := e.creatorID("Creator 7")
	campaign := e.createCampaign(tokens[store.RoleBrandAdmin], "Roles")
	readers := map[string]bool{store.RoleAdmin: true, store.RoleBrandAdmin: true, store.RoleBrandManager: true, store.RoleBrandViewer: true}
	e.roleRow(t, "profile", tokens, readers, http.StatusOK, func(e *env, tok string) resp {
		return e.call("GET", "/api/creators/"+id, tok, nil)
	})
	editors := map[string]bool{store.RoleBrandAdmin: true, store.RoleBrandManager: true}
	// Each editor adds a different creator, so both get 201.
	var n int
	e.roleRow(t, "add", tokens, editors, http.StatusCreated, func(e *env, tok string) resp {
		n++
		return e.call("POST", "/api/campaigns/"+campaign+"/roster", tok, map[string]any{"creatorId": e.creatorID("Creator " + string(rune('0'+n)))})
	})
}

// TestCreatorProfile_Imported: a creator of a roster file has imported
// figures, no verified platform, no trends, and the roster's fee estimate.
func TestCreatorProfile_Imported(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("viewer@imp.io", store.RoleBrandViewer, "Imp")
	// Creator 7: Instagram c7 with 5,000 + 7 × 7,000 = 54,000 followers (Mid), 1 + 7 % 7 = 1 % engagement.
	c, p := e.profile(brand, e.creatorID("Creator 7"))
	if c["name"] != "Creator 7" || c["tier"] != "Mid" || c["niche"] != "Travel" {
		t.Fatalf("creator %v", c)
	}
	plats := p["platforms"].([]any)
	if len(plats) != 1 {
		t.Fatalf("platforms %v", plats)
	}
	ig := plats[0].(map[string]any)
	if v, b := figure(ig, "followers"); ig["platform"] != "instagram" || ig["handle"] != "c7" || v != 54000.0 || b != store.BasisImported || ig["verified"] != false {
		t.Fatalf("instagram %v", ig)
	}
	if v, b := figure(p, "engagementRate"); v != 1.0 || b != store.BasisImported {
		t.Fatalf("engagement %v %v", v, b)
	}
	if v, b := figure(p, "tier"); v != "Mid" || b != store.BasisImported {
		t.Fatalf("tier %v %v", v, b)
	}
	if a := p["audience"].(map[string]any); a["basis"] != store.BasisImported || a["gender"].(map[string]any)["female"] != 60.0 ||
		len(a["platforms"].([]any)) != 0 {
		t.Fatalf("audience %v", a)
	}
	fee := p["fee"].(map[string]any)
	want := store.EstimateFee(store.Instagram, store.TierMid, 54000)
	if fee["value"] != want || fee["basis"] != store.BasisEstimated || fee["platform"] != "instagram" || !strings.Contains(fee["method"].(string), "54,000 followers") {
		t.Fatalf("fee %v, want %v", fee, want)
	}
	if p["verified"] != false || len(p["trends"].([]any)) != 0 || p["trendDays"] != 90.0 {
		t.Fatalf("verified %v trends %v", p["verified"], p["trends"])
	}
	for _, id := range []string{"00000000-0000-0000-0000-000000000000", "nope"} {
		e.want(e.call("GET", "/api/creators/"+id, brand, nil), http.StatusNotFound)
	}
}

// TestCreatorProfile_Verified: a network creator linked to a creator
// account with a connected Instagram shows it verified and measured, with
// 90 days of trends (shared with brands); the platform it did not connect
// stays imported.
func TestCreatorProfile_Verified(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("vera@verified.io", store.RoleUser)
	if _, err := e.db.SQL().Exec(`INSERT INTO creators (identity, name, email, niche, location, instagram_handle,
		instagram_followers, tiktok_handle, tiktok_followers, engagement_rate, user_id)
		SELECT 'email:vera@verified.io', 'Vera Verified', 'vera@verified.io', 'Travel', 'Lisbon', 'vera_old', 10, 'vera_tt', 7000, 2.5, id
		FROM users WHERE email = 'vera@verified.io'`); err != nil {
		t.Fatal(err)
	}
	e.connectAccount(tok, social.Instagram, "vera_fit")
	e.want(e.call("PUT", "/api/users/me/analytics-sharing", tok, map[string]any{"shareAnalytics": true}), http.StatusOK)
	brand := e.brandAccount("owner@ver.io", store.RoleBrandManager, "Ver")
	_, p := e.profile(brand, e.creatorID("Vera Verified"))
	byPlatform := map[string]map[string]any{}
	for _, x := range p["platforms"].([]any) {
		m := x.(map[string]any)
		byPlatform[m["platform"].(string)] = m
	}
	ig, tt := byPlatform["instagram"], byPlatform["tiktok"]
	measured := e.count(`SELECT followers FROM social_daily d JOIN social_accounts a ON a.id = d.account_id
		JOIN users u ON u.id = a.user_id WHERE u.email = 'vera@verified.io' ORDER BY day DESC LIMIT 1`)
	if v, b := figure(ig, "followers"); ig["verified"] != true || ig["handle"] != "vera_fit" || b != store.BasisMeasured || v != float64(measured) {
		t.Fatalf("instagram %v (measured %d)", ig, measured)
	}
	if v, b := figure(tt, "followers"); tt["verified"] != false || b != store.BasisImported || v != 7000.0 {
		t.Fatalf("tiktok %v", tt)
	}
	if _, b := figure(p, "engagementRate"); b != store.BasisMeasured || p["verified"] != true {
		t.Fatalf("engagement %v, verified %v", p["engagementRate"], p["verified"])
	}
	// One audience figure, saying where it comes from: the connected Instagram's shared audience, measured.
	if a, _ := p["audience"].(map[string]any); a == nil || a["basis"] != store.BasisMeasured || !reflect.DeepEqual(a["platforms"], []any{"Instagram"}) {
		t.Fatalf("audience %v", p["audience"])
	}
	trends := p["trends"].([]any)
	if len(trends) != 1 {
		t.Fatalf("trends %v", trends)
	}
	tr := trends[0].(map[string]any)
	days := tr["days"].([]any)
	if tr["platform"] != "instagram" || len(days) == 0 || len(days) > 90 {
		t.Fatalf("trend %v with %d days", tr["platform"], len(days))
	}
	if d := days[len(days)-1].(map[string]any); d["followers"] != float64(measured) {
		t.Fatalf("last day %v, measured %d", d, measured)
	}
}

func TestCreatorProfile_AddToRoster(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@add.io", store.RoleBrandAdmin, "Add")
	other := e.brandAccount("owner@other.io", store.RoleBrandAdmin, "Other")
	campaign := e.createCampaign(brand, "Autumn")
	c7 := e.creatorID("Creator 7")
	path := "/api/campaigns/" + campaign + "/roster"

	r := e.want(e.call("POST", path, brand, map[string]any{"creatorId": c7}), http.StatusCreated)
	entry := r.data()["entry"].(map[string]any)
	fee := store.EstimateFee(store.Instagram, store.TierMid, 54000)
	offer := entry["offer"].(map[string]any)
	if entry["creator"].(map[string]any)["_id"] != c7 || entry["estimatedFee"] != fee || offer["status"] != "draft" ||
		offer["amount"] != fee || entry["rank"] != 1.0 || entry["platform"] != "instagram" {
		t.Fatalf("entry %v", entry)
	}
	ro := e.roster(brand, path)
	if es := entries(ro); len(es) != 1 || es[0]["_id"] != entry["_id"] || ro["estimatedTotal"] != fee || ro["generatedAt"] == nil {
		t.Fatalf("roster %v", ro)
	}

	dup := e.want(e.call("POST", path, brand, map[string]any{"creatorId": c7}), http.StatusConflict)
	if dup.str("message") != "Creator 7 is already on this campaign's roster" {
		t.Fatalf("409 %v", dup.Body)
	}
	second := e.want(e.call("POST", path, brand, map[string]any{"creatorId": e.creatorID("Creator 8")}), http.StatusCreated)
	if second.data()["entry"].(map[string]any)["rank"] != 2.0 {
		t.Fatalf("second %v", second.Body)
	}

	// Another brand's campaign and an unknown creator or campaign are 404.
	e.want(e.call("POST", path, other, map[string]any{"creatorId": e.creatorID("Creator 9")}), http.StatusNotFound)
	e.want(e.call("POST", path, brand, map[string]any{"creatorId": "00000000-0000-0000-0000-000000000000"}), http.StatusNotFound)
	e.want(e.call("POST", "/api/campaigns/00000000-0000-0000-0000-000000000000/roster", brand, map[string]any{"creatorId": c7}), http.StatusNotFound)
	if got := e.want(e.call("POST", path, brand, map[string]any{}), http.StatusUnprocessableEntity); got.field("creatorId") == "" {
		t.Fatalf("no creatorId %v", got.Body)
	}

	// A completed campaign takes no one.
	if _, err := e.db.SQL().Exec(`UPDATE campaigns SET status = 'completed' WHERE id = $1`, campaign); err != nil {
		t.Fatal(err)
	}
	got := e.want(e.call("POST", path, brand, map[string]any{"creatorId": e.creatorID("Creator 10")}), http.StatusUnprocessableEntity)
	if got.str("message") != store.MsgRosterAddStatus {
		t.Fatalf("completed %v", got.Body)
	}
	if n := e.count(`SELECT count(*) FROM roster_entries WHERE campaign_id = $1`, campaign); n != 2 {
		t.Fatalf("%d entries", n)
	}
}
