package main

import (
	"net/http"
	"testing"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// TestCreatorPrivacy_Brands: brand users never read a creator's e-mail or
// user id, in the network, a profile or a roster; the audience split and the
// trends of a creator with an account reach them only once the creator
// shares detailed analytics with brands (off until then); ADMIN reads all.
func TestCreatorPrivacy_Brands(t *testing.T) {
	t.Parallel()
	e := setup(t)
	creator := e.account("vera@private.io", store.RoleUser)
	if _, err := e.db.SQL().Exec(`INSERT INTO creators (identity, name, email, niche, location, instagram_handle,
		instagram_followers, audience_female, audience_male, engagement_rate, user_id)
		SELECT 'email:vera@private.io', 'Vera Private', 'vera@private.io', 'Travel', 'Lisbon', 'vera_old', 10, 80, 20, 2.5, id
		FROM users WHERE email = 'vera@private.io'`); err != nil {
		t.Fatal(err)
	}
	e.connectAccount(creator, social.Instagram, "vera_fit")
	id := e.creatorID("Vera Private")
	viewer := e.brandAccount("viewer@priv.io", store.RoleBrandViewer, "Priv")
	admin := e.account("admin@priv.io", store.RoleAdmin)

	listed := func(token, query string) map[string]any {
		t.Helper()
		d := e.want(e.call("GET", "/api/creators?"+query, token, nil), http.StatusOK).data()
		for _, c := range d["creators"].([]any) {
			if m := c.(map[string]any); m["_id"] == id {
				return m
			}
		}
		return nil
	}
	hidden := func(what string, c map[string]any) {
		t.Helper()
		if _, ok := c["email"]; ok {
			t.Fatalf("%s: e-mail shown to a brand: %v", what, c)
		}
		if _, ok := c["userId"]; ok {
			t.Fatalf("%s: user id shown to a brand: %v", what, c)
		}
	}
	c := listed(viewer, "")
	if c == nil {
		t.Fatal("a viewer does not find the creator in the network")
	}
	hidden("list", c)
	if c["audience"] != nil {
		t.Fatalf("list: audience shown without consent: %v", c["audience"])
	}
	if listed(viewer, "gender=female") != nil {
		t.Fatal("the gender filter tells a brand the audience of a creator who does not share it")
	}
	c, p := e.profile(viewer, id)
	hidden("profile", c)
	if p["audience"] != nil || len(p["trends"].([]any)) != 0 {
		t.Fatalf("profile: detailed analytics without consent: %v %v", p["audience"], p["trends"])
	}
	if _, ok := p["followers"].(map[string]any); !ok {
		t.Fatalf("profile: headline figures missing: %v", p)
	}

	// ADMIN reads everything.
	c, p = e.profile(admin, id)
	if c["email"] != "vera@private.io" || c["userId"] == nil || p["audience"] == nil || len(p["trends"].([]any)) == 0 {
		t.Fatalf("admin reads %v %v", c, p)
	}

	// Only a creator records the choice, off until turned on.
	e.want(e.call("GET", "/api/users/me/analytics-sharing", viewer, nil), http.StatusForbidden)
	e.want(e.call("PUT", "/api/users/me/analytics-sharing", creator, map[string]any{}), http.StatusUnprocessableEntity)
	if r := e.want(e.call("GET", "/api/users/me/analytics-sharing", creator, nil), http.StatusOK); r.data()["shareAnalytics"] != false {
		t.Fatalf("default %v", r.Body)
	}
	e.want(e.call("PUT", "/api/users/me/analytics-sharing", creator, map[string]any{"shareAnalytics": true}), http.StatusOK)
	if r := e.want(e.call("GET", "/api/users/me/analytics-sharing", creator, nil), http.StatusOK); r.data()["shareAnalytics"] != true {
		t.Fatalf("after turning on %v", r.Body)
	}
	c, p = e.profile(viewer, id)
	hidden("shared profile", c)
	if p["audience"] == nil || len(p["trends"].([]any)) == 0 {
		t.Fatalf("shared: %v %v", p["audience"], p["trends"])
	}
	if c := listed(viewer, "gender=female"); c == nil || c["audience"] == nil {
		t.Fatalf("shared list entry %v", c)
	}
}

// TestCreatorPrivacy_DailyLimits: a brand reads at most
// NETWORK_PAGES_PER_DAY pages of the network and NETWORK_PROFILES_PER_DAY
// profiles a day, all its users together (429 with Retry-After past it);
// another brand and ADMIN are not affected.
func TestCreatorPrivacy_DailyLimits(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.seedNetwork()
	e.api.cfg.NetworkPagesPerDay, e.api.cfg.NetworkProfilesPerDay = 2, 2
	manager := e.brandAccount("manager@lim.io", store.RoleBrandManager, "Lim")
	viewer := e.brandAccount("viewer@lim.io", store.RoleBrandViewer, "Lim")
	other := e.brandAccount("manager@other.io", store.RoleBrandManager, "Other")
	admin := e.account("admin@lim.io", store.RoleAdmin)
	id := e.creatorID("Creator 7")

	e.want(e.call("GET", "/api/creators?page=1", manager, nil), http.StatusOK)
	e.want(e.call("GET", "/api/creators?page=2", viewer, nil), http.StatusOK)
	e.wantTooMany(e.call("GET", "/api/creators?page=3", manager, nil))
	e.want(e.call("GET", "/api/creators", other, nil), http.StatusOK)

	e.want(e.call("GET", "/api/creators/"+id, manager, nil), http.StatusOK)
	e.want(e.call("GET", "/api/creators/"+id, viewer, nil), http.StatusOK)
	e.wantTooMany(e.call("GET", "/api/creators/"+id, viewer, nil))
	e.want(e.call("GET", "/api/creators/"+id, other, nil), http.StatusOK)
	for range 3 {
		e.want(e.call("GET", "/api/creators/"+id, admin, nil), http.StatusOK)
	}
}
