package main

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

var inviteToken = regexp.MustCompile(`accept-invite\?token=([A-Za-z0-9_-]+)`)

// inviteLink waits for the n-th invitation mail to addr and returns its token.
func (e *env) inviteLink(addr string, n int) string {
	e.t.Helper()
	m := e.mail.Wait(e.t, addr, n)
	found := inviteToken.FindStringSubmatch(m.Text())
	if found == nil {
		e.t.Fatalf("no link in %q", m.Text())
	}
	return found[1]
}

func (e *env) members(token string) map[string]any {
	e.t.Helper()
	return e.want(e.call("GET", "/api/brands/members", token, nil), http.StatusOK).data()
}

// TestTeam_InviteAcceptAndRoles: a BRAND_ADMIN invites a manager and a
// viewer; each accepts once and gets the rights of the role; a role change
// ends the member's sessions and applies from the next sign-in; removal ends
// the member's sessions.
func TestTeam_InviteAcceptAndRoles(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@team.io", store.RoleBrandAdmin, "Team Co")
	e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "Mia@Team.io", "role": "BRAND_MANAGER"}), http.StatusCreated)
	e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "vee@team.io", "role": "BRAND_VIEWER"}), http.StatusCreated)
	r := e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "mia@team.io", "role": "BRAND_VIEWER"}), http.StatusConflict)
	if r.field("email") != store.MsgInvitePending {
		t.Fatalf("second invitation: %v", r.Body)
	}
	for body, field := range map[string]string{`{"email": "x", "role": "BRAND_VIEWER"}`: "email",
		`{"email": "a@b.io", "role": "BRAND_ADMIN"}`: "role", `{"email": "owner@team.io", "role": "BRAND_VIEWER"}`: "email"} {
		if r := e.call("POST", "/api/brands/members", owner, body); r.Status < 400 || r.field(field) == "" {
			t.Errorf("%s: %d %v", body, r.Status, r.Body)
		}
	}
	if inv := e.members(owner)["invitations"].([]any); len(inv) != 2 {
		t.Fatalf("invitations %v", inv)
	}

	token := e.inviteLink("mia@team.io", 1)
	info := e.want(e.call("POST", "/api/users/invitation", "", map[string]any{"token": token}), http.StatusOK).data()["invitation"].(map[string]any)
	if info["email"] != "mia@team.io" || info["brandName"] != "Team Co" || info["role"] != "BRAND_MANAGER" {
		t.Fatalf("info %v", info)
	}
	bad := e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": token, "name": "Mia!", "password": "short"}), 422)
	if bad.field("name") != store.MsgNameChars || bad.field("password") != store.MsgPasswordRule {
		t.Fatalf("bad form %v", bad.Body)
	}
	r = e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": token, "name": "Mia Manager", "password": goodPassword}), http.StatusOK)
	mia := r.str("data", "accessToken")
	if r.str("data", "user", "role") != "BRAND_MANAGER" {
		t.Fatalf("accepted %v", r.Body)
	}
	reuse := e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": token, "name": "Mia", "password": goodPassword}), http.StatusConflict)
	if reuse.str("message") != store.MsgInviteUsed {
		t.Fatalf("reuse %v", reuse.Body)
	}
	id := e.createCampaign(mia, "Mia Launch")

	vee := e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": e.inviteLink("vee@team.io", 1),
		"name": "Vee Viewer", "password": goodPassword}), http.StatusOK).str("data", "accessToken")
	e.want(e.call("GET", "/api/campaigns/"+id, vee, nil), http.StatusOK)
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, vee, map[string]any{"campaignName": "Vee Edit"}), http.StatusForbidden)
	e.want(e.call("POST", "/api/brands/members", vee, map[string]any{"email": "z@team.io", "role": "BRAND_VIEWER"}), http.StatusForbidden)

	var veeID, miaID string
	for _, m := range e.members(owner)["members"].([]any) {
		switch m := m.(map[string]any); m["email"] {
		case "vee@team.io":
			veeID = m["_id"].(string)
		case "mia@team.io":
			miaID = m["_id"].(string)
		}
	}
	e.want(e.call("PATCH", "/api/brands/members/"+veeID, owner, map[string]any{"role": "BRAND_MANAGER"}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", vee, nil), http.StatusUnauthorized) // signs in again under the new role
	vee = e.login("vee@team.io")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, vee, map[string]any{"campaignName": "Vee Edit"}), http.StatusOK)
	e.want(e.call("PATCH", "/api/brands/members/"+veeID, owner, map[string]any{"role": "ADMIN"}), 422)

	e.want(e.call("DELETE", "/api/brands/members/"+miaID, owner, nil), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", mia, nil), http.StatusUnauthorized)
	if n := len(e.members(owner)["members"].([]any)); n != 2 {
		t.Fatalf("%d members left", n)
	}
}

// TestTeam_LastBrandAdmin: a brand always keeps one BRAND_ADMIN.
func TestTeam_LastBrandAdmin(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@last.io", store.RoleBrandAdmin, "Last Co")
	ownerID := e.want(e.call("GET", "/api/users/me", owner, nil), http.StatusOK).str("data", "user", "_id")
	for _, call := range []resp{
		e.call("PATCH", "/api/brands/members/"+ownerID, owner, map[string]any{"role": "BRAND_VIEWER"}),
		e.call("DELETE", "/api/brands/members/"+ownerID, owner, nil),
	} {
		if call.Status != http.StatusConflict || call.str("message") != store.MsgLastBrandAdmin {
			t.Fatalf("got %d %v", call.Status, call.Body)
		}
	}
	second := e.brandAccount("second@last.io", store.RoleBrandAdmin, "Last Co")
	e.want(e.call("PATCH", "/api/brands/members/"+ownerID, second, map[string]any{"role": "BRAND_VIEWER"}), http.StatusOK)
	other := e.brandAccount("owner@else.io", store.RoleBrandAdmin, "Else Co")
	e.want(e.call("DELETE", "/api/brands/members/"+ownerID, other, nil), http.StatusNotFound)
}

// TestTeam_LastBrandAdminCannotDeleteAccount: the last BRAND_ADMIN of a team
// with other members cannot delete their account (signed in or by code) until
// they promote someone; alone in the brand, they can.
func TestTeam_LastBrandAdminCannotDeleteAccount(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@solo.io", store.RoleBrandAdmin, "Solo Co")
	viewer := e.brandAccount("viewer@solo.io", store.RoleBrandViewer, "Solo Co")
	viewerID := e.want(e.call("GET", "/api/users/me", viewer, nil), http.StatusOK).str("data", "user", "_id")
	r := e.want(e.call("DELETE", "/api/users", owner, map[string]any{"reason": "Personal reasons"}), http.StatusConflict)
	if r.str("message") != store.MsgLastAdminDeletes {
		t.Fatalf("signed-in deletion: %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/delete-account-otp", "", map[string]any{"email": "owner@solo.io"}), http.StatusOK)
	code := e.mail.WaitCode(t, "owner@solo.io", 1)
	r = e.want(e.call("DELETE", "/api/users/delete-account", "", map[string]any{"email": "owner@solo.io", "otp": code, "reason": "Privacy concerns"}),
		http.StatusConflict)
	if r.str("message") != store.MsgLastAdminDeletes {
		t.Fatalf("deletion by code: %v", r.Body)
	}
	e.want(e.call("GET", "/api/users/me", owner, nil), http.StatusOK) // still signed in
	// Promoted, the other member manages the team: the owner may go.
	e.want(e.call("PATCH", "/api/brands/members/"+viewerID, owner, map[string]any{"role": store.RoleBrandAdmin}), http.StatusOK)
	e.want(e.call("DELETE", "/api/users", owner, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	// Alone in a brand, the admin may go too.
	alone := e.brandAccount("alone@solo.io", store.RoleBrandAdmin, "Alone Co")
	e.want(e.call("DELETE", "/api/users", alone, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	// Alone with a pending invitation (even one to BRAND_ADMIN), not until it is cancelled.
	inviter := e.brandAccount("inviter@solo.io", store.RoleBrandAdmin, "Invite Co")
	e.want(e.call("POST", "/api/brands/members", inviter, map[string]any{"email": "next@solo.io", "role": "BRAND_MANAGER"}), http.StatusCreated)
	r = e.want(e.call("DELETE", "/api/users", inviter, map[string]any{"reason": "Personal reasons"}), http.StatusConflict)
	if r.str("message") != store.MsgLastAdminInvites {
		t.Fatalf("with a pending invitation: %v", r.Body)
	}
	inv := e.members(inviter)["invitations"].([]any)[0].(map[string]any)
	e.want(e.call("DELETE", "/api/brands/invitations/"+inv["_id"].(string), inviter, nil), http.StatusOK)
	e.want(e.call("DELETE", "/api/users", inviter, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
}

// TestTeam_InvitationExpiryAndResend: a link dies after 7 days; a resend
// mails a new link and kills the old one; a cancelled invitation's link is
// invalid.
func TestTeam_InvitationExpiryAndResend(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.brandAccount("owner@exp.io", store.RoleBrandAdmin, "Exp Co")
	e.want(e.call("POST", "/api/brands/members", owner, map[string]any{"email": "late@exp.io", "role": "BRAND_VIEWER"}), http.StatusCreated)
	old := e.inviteLink("late@exp.io", 1)
	e.clock.Advance(store.InvitationTTL + time.Minute)
	owner = e.login("owner@exp.io")
	r := e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": old, "name": "Late", "password": goodPassword}), http.StatusConflict)
	if r.str("message") != store.MsgInviteExpired {
		t.Fatalf("expired %v", r.Body)
	}
	inv := e.members(owner)["invitations"].([]any)[0].(map[string]any)
	if inv["expired"] != true {
		t.Fatalf("invitation %v", inv)
	}
	e.want(e.call("POST", "/api/brands/invitations/"+inv["_id"].(string)+"/resend", owner, nil), http.StatusOK)
	fresh := e.inviteLink("late@exp.io", 2)
	if r := e.want(e.call("POST", "/api/users/invitation", "", map[string]any{"token": old}), 422); r.str("message") != store.MsgInviteInvalid {
		t.Fatalf("old link %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/invitation", "", map[string]any{"token": fresh}), http.StatusOK)
	e.want(e.call("DELETE", "/api/brands/invitations/"+inv["_id"].(string), owner, nil), http.StatusOK)
	e.want(e.call("POST", "/api/users/invitation", "", map[string]any{"token": fresh}), 422)
	e.want(e.call("DELETE", "/api/brands/invitations/"+inv["_id"].(string), owner, nil), http.StatusNotFound)
}

// TestTeam_AdminCreatesBrand: an ADMIN creates a brand; its BRAND_ADMIN sets
// a password through the mailed link and runs the brand.
func TestTeam_AdminCreatesBrand(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@new.io", store.RoleAdmin)
	r := e.want(e.call("POST", "/api/admins/brands", admin, map[string]any{"brandName": "Nova Labs", "name": "Nia Nova", "email": "nia@nova.io"}), http.StatusCreated)
	if r.str("data", "brand", "name") != "Nova Labs" {
		t.Fatalf("brand %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "nia@nova.io", "password": goodPassword}), http.StatusUnauthorized)
	dup := e.want(e.call("POST", "/api/admins/brands", admin, map[string]any{"brandName": "Nova Two", "name": "Nia", "email": "nia@nova.io"}), http.StatusConflict)
	if dup.field("email") != store.MsgEmailTaken {
		t.Fatalf("duplicate %v", dup.Body)
	}
	if r := e.want(e.call("POST", "/api/admins/brands", admin, map[string]any{"brandName": "", "name": "", "email": "x"}), 422); r.field("brandName") != store.MsgBrandNameRequired {
		t.Fatalf("invalid %v", r.Body)
	}
	token := e.inviteLink("nia@nova.io", 1)
	r = e.want(e.call("POST", "/api/users/accept-invite", "", map[string]any{"token": token, "name": "Nia Nova", "password": goodPassword}), http.StatusOK)
	nia := r.str("data", "accessToken")
	if r.str("data", "user", "role") != "BRAND_ADMIN" || !strings.Contains(e.mail.Wait(t, "nia@nova.io", 1).Text(), "Nova Labs") {
		t.Fatalf("accepted %v", r.Body)
	}
	e.createCampaign(nia, "Nova Start")
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "nia@nova.io", "password": goodPassword}), http.StatusOK)
}
