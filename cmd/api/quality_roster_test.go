package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"creatorcoach/store"
)

// TestQuality_RosterMinimum: a roster generated with a minimum reading
// leaves out a creator below it and keeps creators without a reading
// (saying so in their reasons) unless a reading is required; a pick with a
// reading states it; a minimum out of 0–100 is a 422.
func TestQuality_RosterMinimum(t *testing.T) {
	t.Parallel()
	e := setup(t)
	_, id, _, _ := e.qualitySeries("rosa@quality.io", "Rosa Reading", 60, false)
	if _, err := e.db.SQL().Exec(`UPDATE creators SET location = 'Berlin' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`INSERT INTO creators (identity, name, niche, location, instagram_handle, instagram_followers)
		SELECT 'handle:imp' || i, 'Imported ' || i, 'Travel', 'Berlin', 'imp' || i, 5000 + i * 1000 FROM generate_series(1, 3) i`); err != nil {
		t.Fatal(err)
	}
	var score int
	if err := e.db.SQL().Get(&score, `SELECT quality_score FROM creators WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	brand := e.brandAccount("owner@rosq.io", store.RoleBrandAdmin, "RosQ")
	campaign := e.createCampaign(brand, "Quality roster")
	gen := func(body map[string]any) map[string]string {
		t.Helper()
		body["campaignId"], body["size"] = campaign, 10
		r := e.want(e.call("POST", "/api/campaigns/generate-roaster", brand, body), http.StatusAccepted)
		e.waitJob(brand, r.data()["job"].(map[string]any)["id"].(string))
		out := map[string]string{}
		for _, x := range entries(e.roster(brand, "/api/campaigns/"+campaign+"/roster")) {
			var reasons []string
			for _, r := range x["reasons"].([]any) {
				reasons = append(reasons, r.(string))
			}
			out[x["creator"].(map[string]any)["name"].(string)] = strings.Join(reasons, "; ")
		}
		return out
	}
	got := gen(map[string]any{"minQuality": score})
	if len(got) != 4 || !strings.Contains(got["Rosa Reading"], "Audience quality "+strconv.Itoa(score)+" (at least "+strconv.Itoa(score)+" asked)") ||
		!strings.Contains(got["Imported 1"], "No audience-quality reading yet") {
		t.Fatalf("minimum at the reading: %v", got)
	}
	got = gen(map[string]any{"minQuality": score + 1})
	if _, ok := got["Rosa Reading"]; ok || len(got) != 3 {
		t.Fatalf("minimum above the reading: %v", got)
	}
	got = gen(map[string]any{"qualityRequired": true})
	if _, ok := got["Rosa Reading"]; !ok || len(got) != 1 {
		t.Fatalf("reading required: %v", got)
	}
	got = gen(map[string]any{})
	if len(got) != 4 || strings.Contains(got["Imported 1"], "audience-quality") {
		t.Fatalf("without a minimum the reading does not count: %v", got)
	}
	for _, bad := range []int{-1, 101} {
		r := e.want(e.call("POST", "/api/campaigns/generate-roaster", brand, map[string]any{"campaignId": campaign, "minQuality": bad}), http.StatusUnprocessableEntity)
		if r.field("minQuality") != store.MsgMinQuality {
			t.Fatalf("minimum %d: %v", bad, r.Body)
		}
	}
}
