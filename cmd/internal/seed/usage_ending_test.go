package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// TestSeedUsageEnding: after seeding twice, brand@'s Mission Control lists
// exactly one post whose paid usage ends soon: the Summer Serum Launch
// post, its 30-day right ending in demoUsageEndsIn days.
func TestSeedUsageEnding(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var brandID string
	if err := db.SQL().Get(&brandID, `SELECT brand_id FROM users WHERE email = 'brand@example.com'`); err != nil {
		t.Fatal(err)
	}
	got, err := db.UsageEnding(context.Background(), brandID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].CampaignName != demoUsageCampaign || got[0].Usage.Rights != "30_days" || got[0].EndsOn == "" {
		t.Fatalf("usage ending: %+v", got)
	}
	if got[0].PublishedAt.AddDate(0, 0, store.PaidUsageDays).Format("2006-01-02") != got[0].EndsOn {
		t.Errorf("ends on %s, published %s", got[0].EndsOn, got[0].PublishedAt)
	}
}
