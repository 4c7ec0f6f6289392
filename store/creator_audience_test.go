package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestCreatorListAudienceBasis: the network list's audience says its basis —
// measured (and from which platforms) for a creator whose connected account
// reports the audience's gender, imported for an entry without one.
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
	db.SQL().MustExec(`INSERT INTO creators (identity, name, niche, location, audience_male, audience_female, user_id)
		VALUES ('basis:m', 'Basis Measured', 'Fitness & Health', 'Berlin', 40, 60, $1),
		       ('basis:i', 'Basis Imported', 'Fitness & Health', 'Berlin', 30, 70, NULL)`, u.ID)
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
	}
}
