package main

import (
	"net/http"
	"strings"
	"testing"

	"creatorcoach/store"
)

// TestOffersRoleTable holds the role matrix of every roster, offer and team
// call, anonymous access, and brand isolation: another brand's staff get a
// 404 for the campaign on every call that names it.
func TestOffersRoleTable(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tokens := e.roleTokens("offroles.io")
	others := map[string]string{}
	for _, role := range allRoles[2:] {
		others[role] = e.brandAccount(strings.ToLower(role)+"@other.io", role, "Other Brand")
	}
	id := e.createCampaign(tokens[store.RoleBrandAdmin], "Role Table")
	const zero = "00000000-0000-0000-0000-000000000000"
	admin, ba, bm, bv := store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer
	tests := []struct {
		name, method, path string
		body               any
		allowed            map[string]bool
		status             int  // for allowed roles
		scoped             bool // another brand's staff get 404
	}{
		{"Generate", "POST", "/api/campaigns/generate-roaster", map[string]any{"campaignId": id, "size": 2}, roleSet(admin, ba, bm), 202, true},
		{"Roster", "GET", "/api/campaigns/" + id + "/roster", nil, roleSet(admin, ba, bm, bv), 200, true},
		{"AdminRoster", "GET", "/api/admins/get-roster/" + id, nil, roleSet(admin), 200, false},
		{"UpdateOffer", "PATCH", "/api/admins/campaign/update-offer", map[string]any{"campaignId": id,
			"entries": []any{map[string]any{"entryId": zero, "status": "sent"}}}, roleSet(admin), 404, false},
		{"BrandOffers", "PATCH", "/api/campaigns/" + id + "/offers", map[string]any{
			"entries": []any{map[string]any{"entryId": zero, "status": "sent"}}}, roleSet(ba, bm), 404, true},
		{"FilterCampaigns", "POST", "/api/admins/filter-campaign", map[string]any{}, roleSet(admin), 200, false},
		{"Overview", "GET", "/api/admins/overview", nil, roleSet(admin), 200, false},
		{"CreateBrand", "POST", "/api/admins/brands", map[string]any{}, roleSet(admin), 422, false},
		{"Members", "GET", "/api/brands/members", nil, roleSet(ba, bm, bv), 200, false},
		{"Invite", "POST", "/api/brands/members", map[string]any{"email": "bad"}, roleSet(ba), 422, false},
		{"ChangeRole", "PATCH", "/api/brands/members/" + zero, map[string]any{"role": "BRAND_VIEWER"}, roleSet(ba), 404, false},
		{"Remove", "DELETE", "/api/brands/members/" + zero, nil, roleSet(ba), 404, false},
		{"Resend", "POST", "/api/brands/invitations/" + zero + "/resend", nil, roleSet(ba), 404, false},
		{"Cancel", "DELETE", "/api/brands/invitations/" + zero, nil, roleSet(ba), 404, false},
	}
	for _, tt := range tests {
		e.roleRow(t, tt.name, tokens, tt.allowed, tt.status, func(e *env, tok string) resp { return e.call(tt.method, tt.path, tok, tt.body) })
		for _, role := range allRoles {
			if tok, ok := others[role]; ok && tt.scoped {
				t.Run(tt.name+"/other-brand/"+role, func(t *testing.T) {
					e := e.on(t)
					want := http.StatusForbidden
					if tt.allowed[role] {
						want = http.StatusNotFound
					}
					e.want(e.call(tt.method, tt.path, tok, tt.body), want)
				})
			}
		}
	}
	for _, path := range []string{"/api/users/invitation", "/api/users/accept-invite"} {
		if r := e.want(e.call("POST", path, "", map[string]any{"token": "nope", "name": "Ann", "password": goodPassword}), 422); r.str("message") != store.MsgInviteInvalid {
			t.Errorf("%s: %v", path, r.Body)
		}
	}
}
