package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/store"
)

// demoUsageCampaign is Lumen Skincare's campaign whose paid usage right is about to end.
const demoUsageCampaign = "Glow Serum Launch"

// usageEnding gives Lumen Skincare (lumen@) a completed campaign with a 30-day paid usage right, ran from 34 to 14
// days ago, and one creator on Creator Coach whose tagged post went out 26 days ago: its paid usage ends in 4 days,
// so Mission Control's "Paid usage ending soon" lists it and the usage notice mails the brand 3 days before. The
// offer is signed by both sides by demoSignatures, which runs after it. Every write is an upsert: it may run again.
func usageEnding(ctx context.Context, db *store.DB) error {
	q := db.SQL()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	start := today.AddDate(0, 0, -34)
	var campaignID string
	err := q.GetContext(ctx, &campaignID, `SELECT c.id FROM campaigns c JOIN users u ON u.brand_id = c.brand_id
		WHERE u.email = 'lumen@example.com' AND c.name = $1`, demoUsageCampaign)
	if err != nil {
		if err := q.GetContext(ctx, &campaignID, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, location,
				age_from, age_to, gender, exclusivity, content_usage, status, tracking_tag, goals)
			SELECT brand_id, $1, 3000, $2, $3, 'Germany', 18, 34, 'female', 'no_exclusivity', '30_days', 'completed', 'glowserum',
				'{Brand Awareness}' FROM users WHERE email = 'lumen@example.com'
			RETURNING id`, demoUsageCampaign, start.Format(time.DateOnly), start.AddDate(0, 0, 20).Format(time.DateOnly)); err != nil {
			return fmt.Errorf("seed: usage campaign: %w", err)
		}
	}
	// The first listed creator on Creator Coach (not creator@, whose media kit lists her own campaigns).
	var entryID string
	err = q.GetContext(ctx, &entryID, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform,
			estimated_fee, offer_amount, offer_status, offer_updated_at)
		SELECT $1, c.id, 1, 74, '[]', 'instagram', 400, 400, 'completed', $2::timestamptz FROM creators c JOIN users u ON u.id = c.user_id
		WHERE c.listed AND u.email <> 'creator@example.com' AND c.instagram_handle IS NOT NULL AND c.instagram_handle <> ''
		ORDER BY c.name, c.id LIMIT 1
		ON CONFLICT (campaign_id, creator_id) DO UPDATE SET offer_status = 'completed' RETURNING id`, campaignID, start.AddDate(0, 0, 21))
	if err != nil {
		return fmt.Errorf("seed: usage offer: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO offer_history (entry_id, at, from_status, to_status, amount, actor_side)
		SELECT $1, $2::timestamptz + t.d * interval '1 day', t.f, t.s, 400, t.side
		FROM (VALUES (-5, 'draft', 'sent', 'brand'), (-4, 'sent', 'accepted', 'creator'), (21, 'accepted', 'completed', 'admin')) t(d, f, s, side)
		WHERE NOT EXISTS (SELECT 1 FROM offer_history WHERE entry_id = $1)`, entryID, start); err != nil {
		return fmt.Errorf("seed: usage offer history: %w", err)
	}
	published := today.AddDate(0, 0, -store.PaidUsageDays+4).Add(16 * time.Hour)
	if _, err := q.ExecContext(ctx, `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption, published_at,
			views, likes, comments, shares, reach, captured_at, refreshed_at)
		VALUES ($1, $2, 'instagram', 'demo-usage-serum-1', 'https://www.instagram.com/p/demoGlowSerum1/', 'Two weeks with the serum #glowserum',
			$3, 12600, 910, 64, 22, 10400, $3, $4)
		ON CONFLICT (campaign_id, platform, external_id) DO NOTHING`, campaignID, entryID, published, published.AddDate(0, 0, 14)); err != nil {
		return fmt.Errorf("seed: usage post: %w", err)
	}
	fmt.Printf("  lumen@example.com: %q's post has paid usage until %s\n", demoUsageCampaign, published.AddDate(0, 0, store.PaidUsageDays).Format(time.DateOnly))
	return nil
}
