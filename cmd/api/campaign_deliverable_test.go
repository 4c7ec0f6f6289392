package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"creatorcoach/store"
)

// offerTermsBody is a valid campaign with deliverables, criteria and a brief.
func (e *env) offerTermsBody(name string, niches ...string) map[string]any {
	b := e.campaignBody(name)
	b["deliverables"] = []map[string]any{
		{"platform": "instagram", "posts": 2, "dueDate": e.day(10)},
		{"platform": "tiktok", "posts": 1, "dueDate": e.day(30)},
	}
	if niches == nil {
		niches = []string{}
	}
	b["creatorCriteria"] = map[string]any{"niches": niches, "minFollowers": 5000}
	b["brief"] = "Show the serum in your morning routine."
	return b
}

// TestCampaign_OfferTerms: deliverables, creator criteria and the brief are
// stored, read back the same by the campaign and the list, and merged on update.
func TestCampaign_OfferTerms(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@terms.io", store.RoleBrandAdmin)
	fit := e.fitnessID()
	r := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, e.offerTermsBody("Terms", fit)), http.StatusCreated)
	id := r.str("data", "campaign", "_id")
	got := e.want(e.call("GET", "/api/campaigns/"+id, tok, nil), http.StatusOK).data()["campaign"].(map[string]any)
	wantDeliverables := fmt.Sprint([]any{map[string]any{"platform": "instagram", "posts": 2.0, "dueDate": e.day(10)},
		map[string]any{"platform": "tiktok", "posts": 1.0, "dueDate": e.day(30)}})
	if fmt.Sprint(got["deliverables"]) != wantDeliverables {
		t.Fatalf("deliverables: got %v, want %v", got["deliverables"], wantDeliverables)
	}
	if c := fmt.Sprint(got["creatorCriteria"]); c != fmt.Sprintf("map[minFollowers:5000 niches:[%s]]", fit) {
		t.Fatalf("creatorCriteria: got %s", c)
	}
	if got["brief"] != "Show the serum in your morning routine." {
		t.Fatalf("brief: got %v", got["brief"])
	}
	list := e.want(e.call("GET", "/api/campaigns/all-campaigns", tok, nil), http.StatusOK).data()["campaigns"].([]any)
	row := list[0].(map[string]any)
	if fmt.Sprint(row["deliverables"]) != wantDeliverables || fmt.Sprint(row["creatorCriteria"]) != fmt.Sprint(got["creatorCriteria"]) || row["brief"] != got["brief"] {
		t.Fatalf("list row: got %v %v %v", row["deliverables"], row["creatorCriteria"], row["brief"])
	}
	// An update that leaves them out keeps them; one that sends them replaces them.
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"location": "Paris"}), http.StatusOK)
	up := e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{
		"deliverables": []map[string]any{{"platform": "youtube", "posts": 1, "dueDate": e.day(20)}}}), http.StatusOK)
	c := up.data()["campaign"].(map[string]any)
	if fmt.Sprint(c["deliverables"]) != fmt.Sprint([]any{map[string]any{"platform": "youtube", "posts": 1.0, "dueDate": e.day(20)}}) || c["brief"] != got["brief"] {
		t.Fatalf("after update: got %v, brief %v", c["deliverables"], c["brief"])
	}
}

// TestCampaign_OfferTermsValidation has one row per rule of the offer's terms.
func TestCampaign_OfferTermsValidation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@rules.io", store.RoleBrandManager)
	deliverable := func(platform string, posts int, due string) []map[string]any {
		return []map[string]any{{"platform": platform, "posts": posts, "dueDate": due}}
	}
	tests := []struct {
		name, path string
		value      func() any
		field, msg string
	}{
		{"Platform", "deliverables", func() any { return deliverable("myspace", 1, e.day(5)) }, "deliverables.0.platform", store.MsgPlatformChoice},
		{"PostsZero", "deliverables", func() any { return deliverable("instagram", 0, e.day(5)) }, "deliverables.0.posts", "Number of posts must be a whole number from 1 to 20"},
		{"PostsMany", "deliverables", func() any { return deliverable("instagram", 21, e.day(5)) }, "deliverables.0.posts", "Number of posts must be a whole number from 1 to 20"},
		{"DueRequired", "deliverables", func() any { return deliverable("instagram", 1, "") }, "deliverables.0.dueDate", "Due date is required"},
		{"DueInvalid", "deliverables", func() any { return deliverable("instagram", 1, "soon") }, "deliverables.0.dueDate", "Invalid date"},
		{"DueBeforeStart", "deliverables", func() any { return deliverable("instagram", 1, e.day(0)) }, "deliverables.0.dueDate", "Due date must be within the campaign's dates"},
		{"DueAfterEnd", "deliverables", func() any { return deliverable("instagram", 1, e.day(31)) }, "deliverables.0.dueDate", "Due date must be within the campaign's dates"},
		{"PlatformTwice", "deliverables", func() any {
			return append(deliverable("tiktok", 1, e.day(5)), deliverable("tiktok", 2, e.day(6))...)
		}, "deliverables.1.platform", "Each platform can be listed once"},
		{"MinFollowers", "creatorCriteria", func() any { return map[string]any{"minFollowers": -1} }, "creatorCriteria.minFollowers", "Minimum followers must be a whole number from 0 to 10,000,000"},
		{"UnknownNiche", "creatorCriteria", func() any { return map[string]any{"niches": []string{"00000000-0000-0000-0000-000000000000"}} }, "creatorCriteria.niches", "Unknown niche"},
		{"BriefLong", "brief", func() any { return strings.Repeat("b", 2001) }, "brief", "Brief must be less than 2,000 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			r := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, with(e.campaignBody("Rule check"), tt.path, tt.value())), http.StatusUnprocessableEntity)
			if got := r.field(tt.field); got != tt.msg {
				t.Fatalf("fields[%q]: got %q, want %q (body %v)", tt.field, got, tt.msg, r.Body)
			}
		})
	}
	// A viewer may not write the terms either.
	viewer := e.account("viewer@rules.io", store.RoleBrandViewer)
	e.want(e.call("POST", "/api/campaigns/add-campaign", viewer, e.offerTermsBody("Viewer")), http.StatusForbidden)
}

// TestRoster_CampaignFollowerFloor: a generated roster keeps only creators
// with at least the campaign's minimum followers.
func TestRoster_CampaignFollowerFloor(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	tok := e.account("owner@floor.io", store.RoleBrandAdmin)
	body := with(e.offerTermsBody("Floor"), "budget", 50000)
	body["creatorCriteria"] = map[string]any{"niches": []string{}, "minFollowers": 200000}
	id := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusCreated).str("data", "campaign", "_id")
	if job := e.generate(tok, id, 40); job["status"] != "succeeded" {
		t.Fatalf("job: got %v", job)
	}
	es := entries(e.roster(tok, "/api/campaigns/"+id+"/roster"))
	if len(es) == 0 {
		t.Fatal("got an empty roster, want the creators above the floor")
	}
	for _, x := range es {
		if f := x["creator"].(map[string]any)["followers"].(float64); f < 200000 {
			t.Errorf("%v has %v followers, below the campaign's floor of 200,000", x["creator"].(map[string]any)["name"], f)
		}
	}
}
