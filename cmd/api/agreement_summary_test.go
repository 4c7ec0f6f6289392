package main

import (
	"net/http"
	"slices"
	"testing"

	"creatorcoach/store"
)

// TestCampaignAgreements: one call answers every offer's agreement summary
// of a campaign for its brand (a viewer too, who may not sign) and an ADMIN;
// a draft has none; the brand's signature empties its missing side; another
// brand and an unknown campaign are 404s, a creator a 403.
func TestCampaignAgreements(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.linkedOffer("summary.io")
	viewer := e.brandAccount("viewer@summary.io", store.RoleBrandViewer, "Brand summary.io")
	otherBrand := e.brandAccount("owner@elsewhere.io", store.RoleBrandAdmin, "Brand elsewhere.io")
	admin := e.account("admin@summary.io", store.RoleAdmin)
	path := "/api/campaigns/" + f.campaign + "/agreements"
	list := func(token string) []any {
		t.Helper()
		return e.want(e.call("GET", path, token, nil), http.StatusOK).data()["agreements"].([]any)
	}
	if got := list(f.brand); len(got) != 0 {
		t.Fatalf("draft has an agreement: %v", got)
	}
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	version := e.currentVersion(f.entry)
	got := list(f.brand)
	if len(got) != 1 {
		t.Fatalf("summaries = %v", got)
	}
	a := got[0].(map[string]any)
	if a["offerId"] != f.entry || a["offerStatus"] != "sent" || a["currentVersionId"] != version || a["versionNumber"].(float64) != 1 ||
		!slices.Equal(strs(a["missing"]), []string{"brand", "creator"}) || a["canSign"] != true || a["pdfReady"] != false {
		t.Fatalf("brand's summary: %v", a)
	}
	if a := list(viewer)[0].(map[string]any); a["canSign"] != false {
		t.Errorf("viewer may sign: %v", a)
	}
	if a := list(admin)[0].(map[string]any); a["canSign"] != false || a["offerId"] != f.entry {
		t.Errorf("admin's summary: %v", a)
	}
	e.sign(f.entry, f.brand, nil)
	if a := list(f.brand)[0].(map[string]any); !slices.Equal(strs(a["missing"]), []string{"creator"}) || a["canSign"] != false {
		t.Errorf("after the brand signed: %v", a)
	}
	e.want(e.call("GET", path, otherBrand, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/campaigns/00000000-0000-0000-0000-000000000000/agreements", f.brand, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/campaigns/not-a-uuid/agreements", f.brand, nil), http.StatusNotFound)
	e.want(e.call("GET", path, f.creator, nil), http.StatusForbidden)
}
