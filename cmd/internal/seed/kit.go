package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/store"
)

// demoKitSlug is creator@'s published media kit: /kit/cleo.
const demoKitSlug = "cleo"

// demoKitBrand is a second brand creator@ worked with: it has not agreed to
// be named, so the kit calls it "a beauty brand".
const (
	demoKitBrand    = "Lumen Skincare"
	demoKitCampaign = "Summer Glow"
)

// mediaKit gives creator@ a published media kit at /kit/cleo showing every
// field, the Instagram handle, two past campaigns (Acme Studio's "Autumn
// Lookbook", named with Acme's consent, and a completed "Summer Glow" of
// Lumen Skincare, shown as "a beauty brand", with one measured post) and a
// rate card of three lines. It runs after the offers and posts; every write
// is an upsert, so it may run again.
func mediaKit(ctx context.Context, db *store.DB) error {
	q := db.SQL()
	// Acme Studio (brand@) agrees to be named on creators' kits.
	if _, err := q.ExecContext(ctx, `UPDATE brands SET named_in_kits = true, industry = 'Fashion'
		WHERE id = (SELECT brand_id FROM users WHERE email = 'brand@example.com')`); err != nil {
		return fmt.Errorf("seed: kit consent: %w", err)
	}
	// Lumen Skincare's BRAND_ADMIN signed its past offer (demoSignatures); the brand does not consent to be named.
	if _, err := db.SaveAccount(ctx, store.AccountSpec{Email: "lumen@example.com", Name: "Lina Lumen", Role: store.RoleBrandAdmin,
		BrandName: demoKitBrand, Password: DemoPassword}); err != nil {
		return fmt.Errorf("seed: kit brand admin: %w", err)
	}
	var brandID string
	if err := q.GetContext(ctx, &brandID, `SELECT brand_id FROM users WHERE email = 'lumen@example.com'`); err != nil {
		return fmt.Errorf("seed: kit brand: %w", err)
	}
	if _, err := q.ExecContext(ctx, `UPDATE brands SET industry = 'Beauty' WHERE id = $1`, brandID); err != nil {
		return fmt.Errorf("seed: kit brand: %w", err)
	}
	// Summer Glow ran 150 to 120 days ago; its one post went out on its 8th day.
	start := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -150)
	var campaignID string
	if err := q.GetContext(ctx, &campaignID, `SELECT id FROM campaigns WHERE brand_id = $1 AND name = $2`, brandID, demoKitCampaign); err != nil {
		if err := q.GetContext(ctx, &campaignID, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, location, age_from, age_to,
				gender, exclusivity, content_usage, status, tracking_tag, goals)
			VALUES ($1, $2, 4000, $3, $4, 'Germany', 18, 34, 'female', 'no_exclusivity', 'organic_only', 'completed', 'lumenglow', '{Brand Awareness}')
			RETURNING id`, brandID, demoKitCampaign, start.Format(time.DateOnly), start.AddDate(0, 0, 30).Format(time.DateOnly)); err != nil {
			return fmt.Errorf("seed: kit campaign: %w", err)
		}
	}
	var entryID string
	err := q.GetContext(ctx, &entryID, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee,
			offer_amount, offer_status, offer_updated_at)
		SELECT $1, c.id, 1, 78, '[]', 'instagram', 500, 500, 'completed', $2::timestamptz FROM creators c
		JOIN users u ON u.id = c.user_id WHERE u.email = 'creator@example.com'
		ON CONFLICT (campaign_id, creator_id) DO UPDATE SET offer_status = 'completed' RETURNING id`, campaignID, start.AddDate(0, 0, 32))
	if err != nil {
		return fmt.Errorf("seed: kit campaign offer: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO offer_history (entry_id, at, from_status, to_status, amount, actor_side)
		SELECT $1, $2::timestamptz + t.d * interval '1 day', t.f, t.s, 500, t.side
		FROM (VALUES (-10, 'draft', 'sent', 'brand'), (-9, 'sent', 'accepted', 'creator'), (32, 'accepted', 'completed', 'admin')) t(d, f, s, side)
		WHERE NOT EXISTS (SELECT 1 FROM offer_history WHERE entry_id = $1)`, entryID, start); err != nil {
		return fmt.Errorf("seed: kit offer history: %w", err)
	}
	published := start.AddDate(0, 0, 8).Add(17 * time.Hour)
	if _, err := q.ExecContext(ctx, `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption, published_at,
			views, likes, comments, shares, reach, captured_at, refreshed_at)
		VALUES ($1, $2, 'instagram', 'demo-kit-glow-1', 'https://www.instagram.com/p/demoKitGlow1/', 'Morning glow routine #lumenglow',
			$3, 18400, 1320, 96, 41, 15200, $3, $4)
		ON CONFLICT (campaign_id, platform, external_id) DO NOTHING`, campaignID, entryID, published, published.AddDate(0, 0, 30)); err != nil {
		return fmt.Errorf("seed: kit campaign post: %w", err)
	}
	creator, _, err := db.Login(ctx, "creator@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: creator log-in: %w", err)
	}
	ed, err := db.GetKit(ctx, creator)
	if err != nil {
		return fmt.Errorf("seed: kit: %w", err)
	}
	var ids []string
	for _, c := range ed.Campaigns {
		if c.Posts > 0 { // past campaigns with measured posts, not the running one
			ids = append(ids, c.CampaignID)
		}
	}
	all := store.KitShow{Photo: true, Bio: true, Niche: true, Location: true, Figures: true, Audience: true, Quality: true}
	_, err = db.SaveKit(ctx, creator, store.KitSettings{Slug: demoKitSlug, Published: true, Show: all, Handles: []string{store.Instagram},
		Bio:         "Berlin-based fitness creator: strength training, easy meal prep and honest gear reviews.",
		CampaignIDs: ids, RateCard: []store.KitRateLine{{Label: "One Instagram post", PriceCents: 45000},
			{Label: "One YouTube video", PriceCents: 90000}, {Label: "30 days of usage", PriceCents: 20000}}})
	if err != nil {
		return fmt.Errorf("seed: save kit: %w", err)
	}
	fmt.Printf("  creator@example.com: media kit published at /kit/%s with %d past campaigns\n", demoKitSlug, len(ids))
	return nil
}
