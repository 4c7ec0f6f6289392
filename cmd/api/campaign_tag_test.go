package main

import (
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestCampaign_TrackingTag: the tag is made on create from the brand's and
// the campaign's names (a suffix when taken), answered bare; a chosen tag is
// kept without '#'; a malformed or taken tag is a 422 on trackingTag, never
// a 500; once active the tag is read-only.
func TestCampaign_TrackingTag(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token := e.brandAccount("tags@acme.io", store.RoleBrandAdmin, "Acme")
	first := e.want(e.call("POST", "/api/campaigns/add-campaign", token, e.campaignBody("Winter Warmup")), http.StatusCreated)
	second := e.want(e.call("POST", "/api/campaigns/add-campaign", token, e.campaignBody("Winter Warmup")), http.StatusCreated)
	if a, b := first.str("data", "campaign", "trackingTag"), second.str("data", "campaign", "trackingTag"); a != "acmewinterwarmup" || b != "acmewinterwarmup2" {
		t.Fatalf("tags %q and %q", a, b)
	}
	chosen := e.want(e.call("POST", "/api/campaigns/add-campaign", token, with(e.campaignBody("Spring"), "trackingTag", "#SpringDrop")), http.StatusCreated)
	if tag := chosen.str("data", "campaign", "trackingTag"); tag != "springdrop" {
		t.Errorf("chosen tag answered as %q", tag)
	}
	for tag, msg := range map[string]string{"#acmewinterwarmup": store.MsgTagTaken, "no spaces": store.MsgTagChars, "ab": store.MsgTagLength} {
		r := e.want(e.call("POST", "/api/campaigns/add-campaign", token, with(e.campaignBody("Other"), "trackingTag", tag)), http.StatusUnprocessableEntity)
		if r.field("trackingTag") != msg {
			t.Errorf("tag %q: %q, want %q", tag, r.field("trackingTag"), msg)
		}
	}
	id := second.str("data", "campaign", "_id")
	r := e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, token, map[string]any{"trackingTag": "acmewinterwarmup"}), http.StatusUnprocessableEntity)
	if r.field("trackingTag") != store.MsgTagTaken {
		t.Errorf("taken on update: %q", r.field("trackingTag"))
	}
	r = e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, token, map[string]any{"trackingTag": "#AcmeCosy", "status": "active"}), http.StatusOK)
	if tag := r.str("data", "campaign", "trackingTag"); tag != "acmecosy" {
		t.Errorf("draft rename answered %q", tag)
	}
	r = e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, token, map[string]any{"trackingTag": "acmecosier"}), http.StatusUnprocessableEntity)
	if r.field("trackingTag") != store.MsgTagLocked {
		t.Errorf("active rename: %q", r.field("trackingTag"))
	}
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, token, map[string]any{"trackingTag": "acmecosy", "campaignName": "Cosy"}), http.StatusOK)
	got := e.want(e.call("GET", "/api/campaigns/"+id, token, nil), http.StatusOK)
	if got.str("data", "campaign", "trackingTag") != "acmecosy" {
		t.Errorf("GET: %v", got.data())
	}
}
