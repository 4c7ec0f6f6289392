package main

import (
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestTeam_InviteExistingAccount: an address that already has an account
// (a creator's, or another brand's member) is refused when invited, with a
// neutral 409, instead of failing after the invitee fills in the form; role
// names in messages are readable.
func TestTeam_InviteExistingAccount(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@exist.io", store.RoleBrandAdmin, "Exist Co")
	e.brandAccount("other@elsewhere.io", store.RoleBrandAdmin, "Elsewhere")
	e.account("creator@exist.io", store.RoleUser)
	for _, addr := range []string{"creator@exist.io", "Other@Elsewhere.io"} {
		r := e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": addr, "role": "BRAND_VIEWER"}), http.StatusConflict)
		if r.str("message") != "This address can't be invited: it already has an account." || r.field("email") != r.str("message") {
			t.Errorf("%s: %v", addr, r.Body)
		}
	}
	if inv := e.members(owner)["invitations"].([]any); len(inv) != 0 {
		t.Fatalf("invitations %v", inv)
	}
	e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "new@exist.io", "role": "BRAND_VIEWER"}), http.StatusCreated)
	r := e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "x@exist.io", "role": "BRAND_ADMIN"}), 422)
	if r.field("role") != "Role must be Brand manager or Brand viewer" {
		t.Fatalf("role message %v", r.Body)
	}
}
