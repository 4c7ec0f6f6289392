package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/store"
)

// demoUsageCampaign is brand@'s completed campaign that bought 30 days of
// paid usage: its completed offer has one captured post whose paid usage
// ends in demoUsageEndsIn days, so Mission Control's "Paid usage ending
// soon" card lists it.
const (
	demoUsageCampaign = "Summer Serum Launch"
	demoUsageEndsIn   = 3
)

// usageEnding writes the captured post of demoUsageCampaign's completed
// offer, published store.PaidUsageDays - demoUsageEndsIn days ago (the
// same post id on every run; its date moves with today).
func usageEnding(ctx context.Context, db *store.DB) error {
	var e struct {
		Campaign string `db:"campaign_id"`
		Tag      string `db:"tracking_tag"`
		Entry    string `db:"entry_id"`
		Platform string `db:"platform"`
		Identity string `db:"identity"`
	}
	err := db.SQL().GetContext(ctx, &e, `SELECT c.id AS campaign_id, c.tracking_tag, e.id AS entry_id, e.platform, cr.identity
		FROM campaigns c JOIN users u ON u.brand_id = c.brand_id JOIN roster_entries e ON e.campaign_id = c.id
		JOIN creators cr ON cr.id = e.creator_id
		WHERE u.email = 'brand@example.com' AND c.name = $1 AND c.status <> 'deleted' AND e.offer_status IN ('accepted', 'completed')
		ORDER BY e.rank, e.id LIMIT 1`, demoUsageCampaign)
	if err != nil {
		return fmt.Errorf("seed: %s offer: %w", demoUsageCampaign, err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	at := today.AddDate(0, 0, demoUsageEndsIn-store.PaidUsageDays).Add(10 * time.Hour)
	id, url := demoPostID(e.Platform, "serum.demo", seedHash("usage", e.Identity))
	rep := reports[e.Platform]
	views, likes := int64(18400), int64(1210)
	_, err = db.SQL().ExecContext(ctx, `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption,
			published_at, views, likes, comments, captured_at, refreshed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $7::timestamptz + interval '5 hours', $7::timestamptz + interval '1 day')
		ON CONFLICT (campaign_id, platform, external_id) DO UPDATE SET published_at = excluded.published_at,
			captured_at = excluded.captured_at, refreshed_at = excluded.refreshed_at`,
		e.Campaign, e.Entry, e.Platform, id, url, fmt.Sprintf("Morning routine with the new serum ☀️ #%s", e.Tag), at,
		pick(rep[0], views), pick(rep[1], likes), pick(rep[2], int64(86)))
	if err != nil {
		return fmt.Errorf("seed: %s post: %w", demoUsageCampaign, err)
	}
	fmt.Printf("  %s: one post whose paid usage ends in %d days\n", demoUsageCampaign, demoUsageEndsIn)
	return nil
}

// pick is v when the platform reports the figure, else NULL.
func pick(ok bool, v int64) *int64 {
	if !ok {
		return nil
	}
	return &v
}
