package main

import (
	"net/http"
	"testing"
)

// TestOffers_TerminalNextEmpty: an offer in a final state (declined,
// withdrawn, completed) answers next: [], not [""].
func TestOffers_TerminalNextEmpty(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	brand := e.brandAccount("owner@final.io", "BRAND_ADMIN", "Final")
	admin := e.account("admin@final.io", "ADMIN")
	id := e.createCampaign(brand, "Final")
	e.generate(brand, id, 2)
	es := entries(e.roster(admin, "/api/admins/get-roster/"+id))
	eid := es[0]["_id"].(string)
	e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid, "status": "sent"}), http.StatusOK)
	e.want(e.updateOffers(admin, id, map[string]any{"entryId": eid, "status": "declined"}), http.StatusOK)
	for _, x := range entries(e.roster(admin, "/api/admins/get-roster/"+id)) {
		offer := x["offer"].(map[string]any)
		next, ok := offer["next"].([]any)
		if x["_id"] == eid && (offer["status"] != "declined" || !ok || len(next) != 0) {
			t.Fatalf("declined offer: %v", offer)
		}
	}
}
