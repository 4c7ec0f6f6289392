package main

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"creatorcoach/store"
)

// TestQuality_AudienceFit: with an audience split, the reading weighs the
// audience's share in the creator's stated country ("audience mostly
// outside the stated market"); without a split the component is left out.
func TestQuality_AudienceFit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	_, id, _, _ := e.qualitySeries("fay@quality.io", "Fay Fit", 60, false)
	brand := e.brandAccount("owner@fitq.io", store.RoleBrandViewer, "FitQ")
	component := func() map[string]any {
		t.Helper()
		q := qualityOf(e.want(e.call("GET", "/api/creators/"+id+"/quality", brand, nil), http.StatusOK))
		for _, c := range q["accounts"].([]any)[0].(map[string]any)["reading"].(map[string]any)["components"].([]any) {
			if m := c.(map[string]any); m["key"] == "audience_fit" {
				return m
			}
		}
		return nil
	}
	if c := component(); c != nil {
		t.Fatalf("audience fit without an audience split: %v", c)
	}
	var acc string
	if err := e.db.SQL().Get(&acc, `SELECT a.id FROM social_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'fay@quality.io'`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`UPDATE creators SET country = 'PT' WHERE id = $1;`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SQL().Exec(`INSERT INTO social_demographics (account_id, dimension, bucket, share) VALUES
		($1, 'country', 'BR', 0.7), ($1, 'country', 'PT', 0.2), ($1, 'country', 'US', 0.1), ($1, 'age', '18-24', 0.6), ($1, 'age', '25-34', 0.4)`, acc); err != nil {
		t.Fatal(err)
	}
	e.jobs.ReadAudienceQuality(context.Background(), []string{acc})
	c := component()
	if c == nil || num(c, "score") != 40 || !strings.Contains(c["text"].(string), "audience mostly outside the stated market (20 % inside)") {
		t.Fatalf("audience fit: %v", c)
	}
	facts := c["facts"].([]any)
	if f := facts[0].(map[string]any); f["label"] != "audience in the market" || f["value"] != 0.2 || f["basis"] != "measured" {
		t.Fatalf("audience fit facts: %v", facts)
	}
}
