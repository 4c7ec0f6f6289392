package main

import (
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestRoster_AgeFit: a roster entry's age part reads the audience's ages
// against the campaign's age range (18-34): from the connected accounts'
// measured age split (basis derived), else from an imported split
// (estimated), else unavailable with no value (the web says "n/a").
func TestRoster_AgeFit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@agefit.io", store.RoleBrandAdmin, "AgeFit")
	campaign := e.createCampaign(owner, "Ages")
	_, measured, _, _ := e.qualitySeries("ada@agefit.io", "Ada Age", 30, false)
	_, imported, _, _ := e.qualitySeries("ben@agefit.io", "Ben Age", 30, false)
	_, none, _, _ := e.qualitySeries("cy@agefit.io", "Cy Age", 30, true)
	if _, err := e.db.SQL().Exec(`INSERT INTO social_demographics (account_id, dimension, bucket, share)
		SELECT a.id, 'age', b.bucket, b.share FROM social_accounts a JOIN users u ON u.id = a.user_id,
			(VALUES ('18-24', 0.3), ('25-34', 0.15), ('35-44', 0.05)) AS b (bucket, share)
		WHERE u.email = 'ada@agefit.io'`); err != nil {
		t.Fatal(err)
	}
	// An imported split is used only without a measured one; Ada's import says otherwise and is not read.
	if _, err := e.db.SQL().Exec(`UPDATE creators SET audience_ages = '{"18-24": 20, "35-44": 80}' WHERE id = ANY ($1)`,
		[]string{measured, imported}); err != nil {
		t.Fatal(err)
	}
	age := func(creatorID string) map[string]any {
		t.Helper()
		entry := e.want(e.call("POST", "/api/campaigns/"+campaign+"/roster", owner, map[string]any{"creatorId": creatorID}), http.StatusCreated).data()["entry"].(map[string]any)
		for _, p := range entry["parts"].([]any) {
			if m := p.(map[string]any); m["name"] == "age" {
				return m
			}
		}
		t.Fatalf("no age part: %v", entry["parts"])
		return nil
	}
	if a := age(measured); a["basis"] != "derived" || a["share"] != 90.0 || a["value"] == nil {
		t.Errorf("measured ages: %v", a)
	}
	if a := age(imported); a["basis"] != "estimated" || a["share"] != 20.0 {
		t.Errorf("imported ages: %v", a)
	}
	if a := age(none); a["basis"] != "unavailable" || a["value"] != nil || a["share"] != nil || a["points"] != 0.0 {
		t.Errorf("no age split: %v", a)
	}
}
