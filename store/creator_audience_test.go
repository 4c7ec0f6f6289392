package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestCreatorListAudienceBasis: the network list's audience says its basis —
// measured (and from which platforms) for a creator whose connected account
// reports the audience's gender, imported for an entry without one and for
// a creator whose accounts report only ages — and the profile says the same
// basis, platforms and gender split for each.
func TestCreatorListAudienceBasis(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "basis@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	ig := connectForTest(t, db, u.ID, "instagram")
	connectForTest(t, db, u.ID, "tiktok") // no demographics: not a source
	db.SQL().MustExec(`INSERT INTO social_demographics (account_id, dimension, bucket, share) VALUES ($1, 'gender', 'female', 0.6), ($1, 'gender', 'male', 0.4)`, ig)
	db.SQL().MustExec(`UPDATE users SET share_analytics = true WHERE id = $1`, u.ID)
	ages, err := db.SaveAccount(ctx, store.AccountSpec{Email: "basis-ages@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	yt := connectForTest(t, db, ages.ID, "youtube")
	db.SQL().MustExec(`INSERT INTO social_demographics (account_id, dimension, bucket, share) VALUES ($1, 'age', '18-24', 0.7), ($1, 'age', '25-34', 0.3)`, yt)
	db.SQL().MustExec(`UPDATE users SET share_analytics = true WHERE id = $1`, ages.ID)
	db.SQL().MustExec(`INSERT INTO creators (identity, name, niche, location, audience_male, audience_female, user_id)
		VALUES ('basis:m', 'Basis Measured', 'Fitness & Health', 'Berlin', 40, 60, $1),
		       ('basis:i', 'Basis Imported', 'Fitness & Health', 'Berlin', 30, 70, NULL),
		       ('basis:a', 'Basis Ages Only', 'Fitness & Health', 'Berlin', 45, 55, $2)`, u.ID, ages.ID)
	admin, err := db.SaveAccount(ctx, store.AccountSpec{Email: "basis-admin@store.io", Password: "Str0ng!pass", Role: store.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	for _, brand := range []bool{false, true} {
		p, err := db.ListCreators(ctx, store.CreatorFilter{Search: "basis", Sort: "name", Page: 1, Limit: 10, ForBrand: brand})
		if err != nil {
			t.Fatal(err)
		}
		var items []store.Creator
		if err := json.Unmarshal(p.Items, &items); err != nil {
			t.Fatal(err)
		}
		got := map[string]store.Audience{}
		for _, c := range items {
			if c.Audience == nil {
				t.Fatalf("brand=%v: %s has no audience", brand, c.Name)
			}
			got[c.Name] = *c.Audience
		}
		if a := got["Basis Measured"]; a.Basis != store.BasisMeasured || len(a.Platforms) != 1 || a.Platforms[0] != "Instagram" || a.Gender["female"] != 60 {
			t.Errorf("brand=%v: measured creator's audience %+v, want measured from Instagram", brand, a)
		}
		if a := got["Basis Imported"]; a.Basis != store.BasisImported || a.Platforms == nil || len(a.Platforms) != 0 || a.Gender["female"] != 70 {
			t.Errorf("brand=%v: imported creator's audience %+v, want imported, no platforms", brand, a)
		}
		if a := got["Basis Ages Only"]; a.Basis != store.BasisImported || len(a.Platforms) != 0 || a.Gender["female"] != 55 {
			t.Errorf("brand=%v: ages-only creator's audience %+v, want imported (no account reports gender)", brand, a)
		}
		if brand {
			continue
		}
		for _, c := range items {
			_, p, err := db.GetCreatorProfile(ctx, admin, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Audience
			if a == nil || a.Basis != c.Audience.Basis || fmt.Sprint(a.Platforms) != fmt.Sprint(c.Audience.Platforms) ||
				math.Round(a.Gender["female"]) != math.Round(c.Audience.Gender["female"]) {
				t.Errorf("%s: profile audience %+v, list %+v: one basis, platforms and split on both", c.Name, a, *c.Audience)
			}
		}
	}
}
