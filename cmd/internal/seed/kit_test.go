package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedMediaKit: creator@'s kit is published at /kit/cleo with two past
// campaigns (Acme Studio named with its consent, the other brand unnamed)
// and a three-line rate card, also after seeding twice.
func TestSeedMediaKit(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	k, err := db.PublicKit(context.Background(), "cleo")
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Campaigns) != 2 || len(k.RateCard) != 3 || k.Quality == nil || k.Platforms == nil || len(k.Handles) != 1 {
		t.Fatalf("kit %+v", k)
	}
	brands := map[string]bool{}
	for _, c := range k.Campaigns {
		brands[c.Brand] = true
		if c.Views.Value == nil {
			t.Errorf("campaign without measured views: %+v", c)
		}
	}
	if !brands["Acme Studio"] || !brands["a beauty brand"] {
		t.Errorf("brands %v", brands)
	}
}
