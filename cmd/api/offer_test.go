package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"creatorcoach/store"
)

// seedNetwork inserts 40 creators: even ones in Fitness & Health, odd ones
// in Travel; every third in Berlin, the rest in Paris; growing followings.
func (e *env) seedNetwork() {
	e.t.Helper()
	_, err := e.db.SQL().Exec(`INSERT INTO creators (identity, name, email, niche, location, instagram_handle,
		instagram_followers, engagement_rate, audience_female, audience_male, audience_ages)
		SELECT 'email:c' || i || '@net.io', 'Creator ' || i, 'c' || i || '@net.io',
			CASE WHEN i % 2 = 0 THEN 'Fitness & Health' ELSE 'Travel' END,
			CASE WHEN i % 3 = 0 THEN 'Berlin' ELSE 'Paris' END, 'c' || i, 5000 + i * 7000, 1 + i % 7,
			40 + (i % 5) * 10, 60 - (i % 5) * 10, '{"18-24": 30, "25-34": 30}'::jsonb
		FROM generate_series(1, 40) i`)
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) fitnessID() string {
	e.t.Helper()
	var id string
	if err := e.db.SQL().Get(&id, `SELECT id FROM niches WHERE name = 'Fitness & Health'`); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// generate starts a roster job and waits for it; it returns the finished job.
func (e *env) generate(token, campaignID string, size int, niches ...string) map[string]any {
	e.t.Helper()
	body := map[string]any{"campaignId": campaignID, "size": size}
	if len(niches) > 0 {
		body["niches"] = niches
	}
	r := e.want(e.call("POST", "/api/campaigns/generate-roaster", token, body), http.StatusAccepted)
	job, _ := r.data()["job"].(map[string]any)
	return e.waitJob(token, job["id"].(string))
}

// roster reads a campaign's roster through path.
func (e *env) roster(token, path string) map[string]any {
	e.t.Helper()
	r := e.want(e.call("GET", path, token, nil), http.StatusOK)
	m, _ := r.data()["roster"].(map[string]any)
	return m
}

func entries(roster map[string]any) []map[string]any {
	var out []map[string]any
	for _, x := range roster["entries"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func creatorNames(es []map[string]any) []string {
	var out []string
	for _, x := range es {
		out = append(out, x["creator"].(map[string]any)["name"].(string))
	}
	return out
}

// TestRoster_Generate: a brand generates a roster through the job; it fits
// the budget, is ranked with reasons, and the same inputs give the same roster.
func TestRoster_Generate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@gen.io", "BRAND_ADMIN", "Gen")
	id := e.createCampaign(brand, "Spring Fit")
	job := e.generate(brand, id, 3, e.fitnessID())
	if job["status"] != "succeeded" || job["progress"] != float64(100) {
		t.Fatalf("job %v", job)
	}
	res := job["result"].(map[string]any)
	// Berlin (every third) and Fitness (even): creators 6, 12, ..., 36 with
	// fees $470, $890, $1,310, ...; no three fit in $2,500.
	if res["campaignId"] != id || res["entries"] != float64(2) || res["budget"] != float64(2500) {
		t.Fatalf("result %v", res)
	}
	ro := e.roster(brand, "/api/campaigns/"+id+"/roster")
	es := entries(ro)
	var fees float64
	for i, x := range es {
		c := x["creator"].(map[string]any)
		if c["niche"] != "Fitness & Health" || c["location"] != "Berlin" {
			t.Errorf("entry %d: %v", i, c)
		}
		if n := len(x["reasons"].([]any)); n < 1 || n > 3 {
			t.Errorf("entry %d: %d reasons", i, n)
		}
		if i > 0 && x["score"].(float64) > es[i-1]["score"].(float64) {
			t.Errorf("entry %d ranks above a better score", i)
		}
		if x["offer"].(map[string]any)["status"] != "draft" {
			t.Errorf("entry %d offer %v", i, x["offer"])
		}
		fees += x["estimatedFee"].(float64)
	}
	if fees > 2500 || ro["estimatedTotal"] != fees || res["estimatedTotal"] != fees {
		t.Fatalf("fees %v, roster %v, result %v", fees, ro["estimatedTotal"], res["estimatedTotal"])
	}
	first := creatorNames(es)
	e.generate(brand, id, 3, e.fitnessID())
	if again := creatorNames(entries(e.roster(brand, "/api/campaigns/"+id+"/roster"))); !slices.Equal(first, again) {
		t.Fatalf("same inputs gave %v then %v", first, again)
	}
}

// updateOffers sends a bulk offer change as ADMIN.
func (e *env) updateOffers(admin, campaignID string, changes ...map[string]any) resp {
	e.t.Helper()
	return e.call("PATCH", "/api/admins/campaign/update-offer", admin, map[string]any{"campaignId": campaignID, "entries": changes})
}

// TestOffers_Pipeline: the admin sends, counters and accepts offers; a bulk
// change with one refused move changes nothing; history and totals follow;
// generating again keeps the entries past draft and their fees.
func TestOffers_Pipeline(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@pipe.io", "BRAND_ADMIN", "Pipe")
	admin := e.account("admin@pipe.io", "ADMIN")
	id := e.createCampaign(brand, "Pipeline")
	e.generate(brand, id, 4)
	es := entries(e.roster(admin, "/api/admins/get-roster/"+id))
	if len(es) != 4 {
		t.Fatalf("%d entries", len(es))
	}
	eid := func(i int) string { return es[i]["_id"].(string) }
	fee0 := es[0]["estimatedFee"].(float64)
	r := e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid(0), "status": "sent"},
		map[string]any{"entryId": eid(1), "status": "sent", "amount": 700}, map[string]any{"entryId": eid(2), "status": "sent"}), http.StatusOK)
	if got := r.data()["entries"].([]any); len(got) != 3 || got[0].(map[string]any)["offer"].(map[string]any)["amount"] != fee0 {
		t.Fatalf("updated %v", got)
	}
	// Accepting is signing: the ADMIN's plain accept is refused, and the whole bulk change with it.
	r = e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid(1), "status": "countered", "amount": 900},
		map[string]any{"entryId": eid(0), "status": "accepted"}), http.StatusConflict)
	if r.str("message") != store.MsgAgreementSignToAccept {
		t.Fatalf("plain accept: %v", r.Body)
	}
	e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid(1), "status": "countered", "amount": 900}), http.StatusOK)
	// These network creators have no account to sign with: entry 0 stands for an offer both sides signed.
	if _, err := e.db.SQL().Exec(`UPDATE roster_entries SET offer_status = 'accepted' WHERE id = $1`, eid(0)); err != nil {
		t.Fatal(err)
	}

	// One refused move: nothing of the bulk change is saved.
	r = e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid(1), "status": "sent", "amount": 850},
		map[string]any{"entryId": eid(2), "status": "completed"}), http.StatusConflict)
	if r.str("message") != "Cannot move an offer from sent to completed" || r.field("entries.1.status") != r.str("message") {
		t.Fatalf("got %v", r.Body)
	}
	ro := e.roster(admin, "/api/admins/get-roster/"+id)
	byID := map[string]map[string]any{}
	for _, x := range entries(ro) {
		byID[x["_id"].(string)] = x["offer"].(map[string]any)
	}
	if st := byID[eid(1)]["status"]; st != "countered" {
		t.Fatalf("half-saved bulk change: entry 1 is %v", st)
	}
	if next := byID[eid(1)]["next"].([]any); len(next) != 2 || next[0] != "sent" || next[1] != "declined" {
		t.Fatalf("next %v", next)
	}
	hist := byID[eid(1)]["history"].([]any)
	if len(hist) != 2 || hist[1].(map[string]any)["from"] != "sent" || hist[1].(map[string]any)["to"] != "countered" ||
		hist[1].(map[string]any)["amount"] != float64(900) || hist[1].(map[string]any)["by"] == "" {
		t.Fatalf("history %v", hist)
	}
	fee2 := es[2]["estimatedFee"].(float64)
	if ro["offeredTotal"] != fee0+900+fee2 || ro["acceptedTotal"] != fee0 {
		t.Fatalf("offered %v accepted %v", ro["offeredTotal"], ro["acceptedTotal"])
	}
	for _, tt := range []struct {
		change map[string]any
		status int
		field  string
		msg    string
	}{
		{map[string]any{"entryId": eid(1), "status": "sent"}, 422, "entries.0.amount", "Enter the new amount to send"},
		{map[string]any{"entryId": eid(3), "amount": 0}, 422, "entries.0.amount", "Amount must be between $1 and $1,000,000"},
		{map[string]any{"entryId": eid(3), "status": "shipped"}, 422, "entries.0.status", "Unknown offer status"},
		{map[string]any{"entryId": eid(0), "amount": 10}, 409, "entries.0.amount", "Only a draft offer's amount can be changed without a move"},
		{map[string]any{"entryId": "00000000-0000-0000-0000-000000000000", "status": "sent"}, 404, "entries.0.entryId", "Roster entry not found"},
	} {
		r := e.want(e.updateOffers(admin, id, tt.change), tt.status)
		if r.field(tt.field) != tt.msg {
			t.Errorf("%v: got %v", tt.change, r.Body)
		}
	}

	// Regenerate with a larger size: entries past draft stay, with their ids.
	e.generate(brand, id, 6)
	ro = e.roster(admin, "/api/admins/get-roster/"+id)
	kept := map[string]string{}
	var estimated float64
	for _, x := range entries(ro) {
		kept[x["_id"].(string)] = x["offer"].(map[string]any)["status"].(string)
		estimated += x["estimatedFee"].(float64)
	}
	for i, want := range []string{"accepted", "countered", "sent"} {
		if kept[eid(i)] != want {
			t.Errorf("entry %d after regeneration: %q, want %q", i, kept[eid(i)], want)
		}
	}
	if estimated > 2500 || ro["estimatedTotal"] != estimated {
		t.Fatalf("estimated %v of 2500, roster says %v", estimated, ro["estimatedTotal"])
	}
}

// TestOffers_FilterCampaigns: the ADMIN's campaign filter with brand names
// and roster sums; bad filters are 422 field errors.
func TestOffers_FilterCampaigns(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@flt.io", "BRAND_ADMIN", "Filtered Co")
	admin := e.account("admin@flt.io", "ADMIN")
	id := e.createCampaign(brand, "Alpha Run")
	e.createCampaign(brand, "Beta Run")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, brand, map[string]any{"status": "active"}), http.StatusOK)
	e.generate(brand, id, 2)
	r := e.want(e.call("POST", "/api/admins/filter-campaign?page=1&limit=5", admin, map[string]any{"status": []string{"active"},
		"search": "alpha", "budgetMin": 1000, "budgetMax": 3000, "startFrom": e.day(0), "startTo": e.day(5)}), http.StatusOK)
	list := r.data()["campaigns"].([]any)
	if r.data()["total"] != float64(1) || len(list) != 1 {
		t.Fatalf("got %v", r.Body)
	}
	c := list[0].(map[string]any)
	ro := c["roster"].(map[string]any)
	if c["_id"] != id || c["brandName"] != "Filtered Co" || ro["entries"] != float64(2) || ro["offered"] != float64(0) {
		t.Fatalf("campaign %v", c)
	}
	r = e.want(e.call("POST", "/api/admins/filter-campaign", admin, nil), http.StatusOK)
	if r.data()["total"] != float64(2) || r.data()["limit"] != float64(10) {
		t.Fatalf("unfiltered %v", r.Body)
	}
	for body, field := range map[string]string{`{"status": ["paused"]}`: "status", `{"startFrom": "2030-13-01"}`: "startFrom",
		`{"budgetMin": -1}`: "budgetMin", `{"brandId": "acme"}`: "brandId"} {
		if r := e.want(e.call("POST", "/api/admins/filter-campaign", admin, body), 422); r.field(field) == "" {
			t.Errorf("%s: %v", body, r.Body)
		}
	}
	if r := e.want(e.call("POST", "/api/admins/filter-campaign?limit=101", admin, nil), 422); r.field("limit") == "" {
		t.Errorf("limit 101: %v", r.Body)
	}
}

// TestOffers_Overview: Mission Control's figures count what exists.
func TestOffers_Overview(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@ov.io", "BRAND_ADMIN", "Overview")
	admin := e.account("admin@ov.io", "ADMIN")
	id := e.createCampaign(brand, "Counted")
	e.generate(brand, id, 2)
	es := entries(e.roster(admin, "/api/admins/get-roster/"+id))
	e.want(e.updateOffers(admin, id, map[string]any{"entryId": es[0]["_id"], "status": "sent", "amount": 321}), http.StatusOK)
	ov := e.want(e.call("GET", "/api/admins/overview", admin, nil), http.StatusOK).data()["overview"].(map[string]any)
	creators := ov["creators"].(map[string]any)
	offers := ov["offers"].(map[string]any)
	if creators["total"] != float64(40) || ov["brands"] != float64(1) ||
		ov["campaigns"].(map[string]any)["byStatus"].(map[string]any)["draft"] != float64(1) ||
		fmt.Sprint(offers["sent"]) != "map[amount:321 count:1]" || offers["draft"].(map[string]any)["count"] != float64(1) {
		t.Fatalf("overview %v", ov)
	}
	if _, err := e.db.CreateJob(context.Background(), "creator_import", "", nil); err != nil {
		t.Fatal(err)
	}
	ov = e.want(e.call("GET", "/api/admins/overview", admin, nil), http.StatusOK).data()["overview"].(map[string]any)
	if imports := ov["imports"].([]any); len(imports) != 1 || imports[0].(map[string]any)["status"] != "queued" {
		t.Fatalf("imports %v", ov["imports"])
	}
}
