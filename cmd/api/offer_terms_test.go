package main

import (
	"fmt"
	"net/http"
	"testing"
)

// TestCreatorOffers_TermsAndOrder: the creator's offer carries the
// campaign's deliverables (platform, posts, due date), its brief, its
// instructions and the names of its guidelines and attachments; the Offers
// list shows what waits for the creator's answer first.
func TestCreatorOffers_TermsAndOrder(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("terms-order.io")
	terms := e.offerTermsBody("")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+f.campaign, f.brand, map[string]any{
		"deliverables": terms["deliverables"], "brief": terms["brief"]}), http.StatusOK)
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)

	o := e.want(e.call("GET", "/api/offers/"+f.entry, f.creator, nil), http.StatusOK).data()["offer"].(map[string]any)
	camp := o["campaign"].(map[string]any)
	want := fmt.Sprint([]any{map[string]any{"platform": "instagram", "posts": 2.0, "dueDate": e.day(10)},
		map[string]any{"platform": "tiktok", "posts": 1.0, "dueDate": e.day(30)}})
	if fmt.Sprint(camp["deliverables"]) != want {
		t.Errorf("deliverables: got %v, want %v", camp["deliverables"], want)
	}
	if camp["brief"] != "Show the serum in your morning routine." || camp["instructions"] != "Show the product in daylight." {
		t.Errorf("brief %q, instructions %q", camp["brief"], camp["instructions"])
	}
	if fmt.Sprint(camp["attachments"]) != "[]" || fmt.Sprint(camp["guidelines"]) != "[]" {
		t.Errorf("attachments %v, guidelines %v", camp["attachments"], camp["guidelines"])
	}

	// A second campaign's offer, sent later and accepted, lists after the one still waiting.
	later := e.createCampaign(f.brand, "Later terms-order.io")
	var entry string
	if err := e.db.SQL().Get(&entry, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT $1, creator_id, 1, 80, '[]', 'instagram', 300 FROM roster_entries WHERE id = $2 RETURNING id`, later, f.entry); err != nil {
		t.Fatal(err)
	}
	g := f
	g.campaign, g.entry = later, entry
	e.want(e.brandMove(g, "sent", 300), http.StatusOK)
	e.acceptBySigning(g)
	list := e.want(e.call("GET", "/api/offers", f.creator, nil), http.StatusOK).data()["offers"].([]any)
	var order []string
	for _, x := range list {
		order = append(order, x.(map[string]any)["status"].(string))
	}
	if fmt.Sprint(order) != "[sent accepted]" {
		t.Errorf("order: %v", order)
	}
}
