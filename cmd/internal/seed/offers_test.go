package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedOffers: seeding twice leaves one demo network (and the demo
// creator's own entry, see demoCreatorEntry), three campaigns
// and the active one's offers in several states.
func TestSeedOffers(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		Creators  int `db:"creators"`
		Campaigns int `db:"campaigns"`
		States    int `db:"states"`
		Imports   int `db:"imports"`
	}
	if err := db.SQL().Get(&got, `SELECT (SELECT count(*) FROM creators) AS creators,
		(SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(DISTINCT offer_status) FROM roster_entries e
			JOIN campaigns c ON c.id = e.campaign_id WHERE c.status = 'active') AS states,
		(SELECT count(*) FROM jobs WHERE kind = 'creator_import') AS imports`); err != nil {
		t.Fatal(err)
	}
	if got.Creators != DemoCreators+1 || got.Campaigns != 3 || got.States < 5 || got.Imports != 1 {
		t.Fatalf("after seeding twice: %+v", got)
	}
}
