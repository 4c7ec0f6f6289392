package seed

import (
	"context"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
)

// TestSeedUsageEnding: Lumen Skincare's Mission Control lists one post whose paid usage ends in 4 days, under its
// signed agreement's 30-day right, also after seeding twice.
func TestSeedUsageEnding(t *testing.T) {
	t.Parallel()
	db := setup(t)
	ctx := context.Background()
	for range 2 {
		if err := Run(ctx, db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var brandID, terms string
	if err := db.SQL().GetContext(ctx, &brandID, `SELECT brand_id FROM users WHERE email = 'lumen@example.com'`); err != nil {
		t.Fatal(err)
	}
	posts, err := db.UsageEnding(ctx, brandID)
	if err != nil {
		t.Fatal(err)
	}
	want := time.Now().UTC().AddDate(0, 0, 4).Format(time.DateOnly)
	if len(posts) != 1 || posts[0].CampaignName != demoUsageCampaign || posts[0].EndsOn != want || posts[0].Usage.Rights != "30_days" {
		t.Fatalf("usage ending %+v, want one %q post ending %s", posts, demoUsageCampaign, want)
	}
	if err := db.SQL().GetContext(ctx, &terms, `SELECT v.terms->>'contentUsage' FROM agreement_versions v
		JOIN campaign_posts p ON p.entry_id = v.entry_id WHERE p.id = $1 ORDER BY v.version DESC LIMIT 1`, posts[0].PostID); err != nil {
		t.Fatalf("the offer has no agreement: %v", err)
	}
	if terms != "30_days" {
		t.Errorf("agreement usage %q", terms)
	}
}
