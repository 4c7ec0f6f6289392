package main

import (
	"net/http"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestUsageEnding_MissionControl: the summary lists the brand's captured
// posts whose paid usage (30 days from publication, store.UsageOf) ends
// within 7 days, today included, soonest first; not a post whose right ended,
// nor one ending later, nor one of a sent offer, an organic-only campaign or
// another brand.
func TestUsageEnding_MissionControl(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("owner@acme.io", store.RoleBrandAdmin)
	viewer := e.account("viewer@acme.io", store.RoleBrandViewer)
	now := e.clock.Now().UTC()
	id := e.createCampaign(owner, "Paid Push")
	cleo := e.addCreatorOffer(id, "Cleo Park", "instagram", "cleo", "accepted", 1000)
	sent := e.addCreatorOffer(id, "Fay Sent", "instagram", "fay", "sent", 700)
	noon := now.Truncate(24 * time.Hour).Add(12 * time.Hour) // the dates are what count
	n := 0
	post := func(entry string, daysAgo int) string {
		n++ // posts of one day a minute apart (their ids are their times)
		return e.addPost(id, entry, "instagram", "#paidpush", resultsPost{published: noon.AddDate(0, 0, -daysAgo).Add(-time.Duration(n) * time.Minute), views: n64(10)})
	}
	in3 := post(cleo, 27)   // ends in 3 days
	today := post(cleo, 30) // ends today
	post(cleo, 31)          // ended yesterday
	post(cleo, 20)          // ends in 10 days
	post(sent, 27)          // not an accepted offer

	organic := e.createCampaign(owner, "Organic Only")
	if _, err := e.db.SQL().Exec(`UPDATE campaigns SET content_usage = 'organic_only' WHERE id = $1`, organic); err != nil {
		t.Fatal(err)
	}
	dan := e.addCreatorOffer(organic, "Dan Lee", "tiktok", "dan", "accepted", 500)
	e.addPost(organic, dan, "tiktok", "#organic", resultsPost{published: noon.AddDate(0, 0, -27), views: n64(10)})

	other := e.brandAccount("other@globex.io", store.RoleBrandAdmin, "Globex")
	theirs := e.createCampaign(other, "Globex Paid")
	gil := e.addCreatorOffer(theirs, "Gil Ruiz", "instagram", "gil", "accepted", 300)
	e.addPost(theirs, gil, "instagram", "#globex", resultsPost{published: noon.AddDate(0, 0, -27), views: n64(10)})

	for _, token := range []string{owner, viewer} {
		s := e.want(e.call("GET", "/api/campaigns/summary", token, nil), http.StatusOK).data()["summary"].(map[string]any)
		list, _ := s["usageEnding"].([]any)
		if len(list) != 2 {
			t.Fatalf("usageEnding %v", s["usageEnding"])
		}
		first, second := list[0].(map[string]any), list[1].(map[string]any)
		usage := first["usage"].(map[string]any)
		if first["postId"] != today || first["endsOn"] != now.Format(time.DateOnly) || first["campaignName"] != "Paid Push" ||
			first["creatorName"] != "Cleo Park" || usage["rights"] != "30_days" || usage["paidUntil"] != first["endsOn"] {
			t.Errorf("first %v", first)
		}
		want := store.UsageOf("30_days", "exclusive", e.day(30), noon.AddDate(0, 0, -27))
		if second["postId"] != in3 || second["endsOn"] != now.AddDate(0, 0, 3).Format(time.DateOnly) ||
			second["usage"].(map[string]any)["paidUntil"] != *want.PaidUntil {
			t.Errorf("second %v (want paid until %s)", second, *want.PaidUntil)
		}
	}
	s := e.want(e.call("GET", "/api/campaigns/summary", other, nil), http.StatusOK).data()["summary"].(map[string]any)
	if list := s["usageEnding"].([]any); len(list) != 1 || list[0].(map[string]any)["campaignName"] != "Globex Paid" {
		t.Errorf("another brand's list %v", list)
	}
}
