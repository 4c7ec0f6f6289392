// Command results measures, against baselines measured in the same run (the
// machines are shared and noisy; compare ratios, not numbers):
//
//   - GET /api/campaigns/{id}/results for a campaign of 200 creators with 3
//     captured posts each and 30 days of readings per post (18,000 readings),
//     as a BRAND_VIEWER of its brand;
//   - GET /api/offers for a creator (USER) with 60 offers from 60 campaigns;
//
// each against a bare chi handler running the same SQL and pgbench on it
// (see benchkit.Compare). Goals: both ≥ 0.8× the bare handler.
//
// It fills a scratch database creatorcoach_bench_results, starts the real
// api binary, and loads all at the same concurrency. It needs Postgres,
// Redis (as ops/services.sh provides) and pgbench.
//
//	go run ./ops/bench/results [-creators 200] [-posts 3] [-days 30] [-duration 5s] [-conns 8] [-runs 3]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	m        = benchkit.MeasureFlags("measurement", "runs", 3)
	creators = flag.Int("creators", 200, "creators with an accepted offer on the results campaign")
	posts    = flag.Int("posts", 3, "captured posts per creator")
	days     = flag.Int("days", 30, "daily readings per post")
	offers   = flag.Int("offers", 60, "offers of the bench creator (one campaign each)")
)

func main() { benchkit.Main("bench", run) }

func run(ctx context.Context) error {
	s, err := benchkit.EndpointStack(ctx, "creatorcoach_bench_results")
	if err != nil {
		return err
	}
	defer s.Close()
	f, err := fill(ctx, s.DB)
	if err != nil {
		return err
	}
	return bench(ctx, s, f)
}

type filled struct {
	campaignID, brandID, creatorUserID string
}

// fill makes the brand and its results campaign (200 accepted offers, 600
// posts, 18,000 readings), the bench creator's 60 offers on campaigns of
// other brands, and the two accounts: a BRAND_VIEWER of the brand and the
// creator's USER.
func fill(ctx context.Context, db *store.DB) (filled, error) {
	t0 := time.Now()
	var f filled
	var err error
	if f.brandID, f.creatorUserID, err = benchkit.BenchAccounts(ctx, db); err != nil {
		return f, err
	}
	sqlDB := db.SQL()
	campaignSQL := `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
			content_vibes, exclusivity, content_usage, status, tracking_tag, additional_instructions)
		SELECT $1, $2 || g, '{Brand awareness}', 50000, current_date - 40, current_date - 5, 'Berlin', 18, 35, 'All',
			'{Fun}', 'exclusive', '30_days', 'completed', 'benchtag' || g, 'Show the product in daylight.'
		FROM generate_series(1, $3) g RETURNING id`
	if err := sqlDB.GetContext(ctx, &f.campaignID, campaignSQL, f.brandID, "Results bench ", 1); err != nil {
		return f, err
	}
	steps := []struct {
		what string
		q    string
		args []any
	}{
		{"creators", `INSERT INTO creators (identity, name, instagram_handle, instagram_followers, tiktok_handle, tiktok_followers)
			SELECT 'bench:' || g, 'Creator ' || g, 'creator' || g, 10000 + g, 'tt' || g, 5000 + g FROM generate_series(1, $1) g`,
			[]any{*creators + *offers}},
		{"accepted offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee,
				offer_amount, offer_status, offer_updated_at, offer_sent_at)
			SELECT $1, c.id, row_number() OVER (ORDER BY c.identity), 60, '{}', CASE WHEN c.followers % 2 = 0 THEN 'instagram' ELSE 'tiktok' END,
				200 + c.followers % 300, 250 + c.followers % 300, CASE WHEN c.followers % 5 = 0 THEN 'completed' ELSE 'accepted' END,
				now() - interval '30 days', now() - interval '35 days'
			FROM creators c WHERE c.identity LIKE 'bench:%' ORDER BY c.identity LIMIT $2`, []any{f.campaignID, *creators}},
		{"posts", `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption, published_at,
				views, likes, comments, shares, reach, refreshed_at)
			SELECT e.campaign_id, e.id, e.platform, e.id || '-' || g, 'https://example.com/p/' || e.id || '-' || g,
				'Look #benchtag1 post ' || g, now() - interval '31 days' + g * interval '5 hours',
				1000 * g + e.rank * 7, 100 * g + e.rank, 10 * g, CASE WHEN e.platform = 'tiktok' THEN 5 * g END, NULL,
				now() - interval '1 hour'
			FROM roster_entries e CROSS JOIN generate_series(1, $2) g WHERE e.campaign_id = $1`, []any{f.campaignID, *posts}},
		{"readings", `INSERT INTO campaign_post_daily (post_id, day, views, likes, comments, shares, reach)
			SELECT p.id, (p.published_at AT TIME ZONE 'UTC')::date + d, p.views * (d + 1) / $2, p.likes * (d + 1) / $2,
				p.comments * (d + 1) / $2, p.shares * (d + 1) / $2, NULL
			FROM campaign_posts p CROSS JOIN generate_series(0, $2 - 1) d WHERE p.campaign_id = $1`, []any{f.campaignID, *days}},
		{"brands", `INSERT INTO brands (name) SELECT 'Offer brand ' || g FROM generate_series(1, $1) g`, []any{*offers}},
		{"offer campaigns", `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to,
				gender, content_vibes, exclusivity, content_usage, status, tracking_tag, brand_guidelines, additional_instructions)
			SELECT b.id, 'Offer campaign ' || b.name, '{Brand awareness,Sales}', 5000, current_date + 5, current_date + 35, 'Berlin', 18, 35,
				'All', '{Fun,Authentic}', 'exclusive', '30_days', 'active', 'offer' || md5(b.name),
				'[{"key": "guide.pdf", "type": "application/pdf", "name": "Guide.pdf"}]', 'Two reels and a story.'
			FROM brands b WHERE b.name LIKE 'Offer brand %'`, nil},
		{"link the creator", `UPDATE creators SET user_id = $1 WHERE identity = 'bench:' || ($2::int + 1)`, []any{f.creatorUserID, *creators}},
		{"the creator's offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee,
				offer_amount, offer_status, offer_updated_at, offer_sent_at)
			SELECT k.id, (SELECT id FROM creators WHERE user_id = $1), 1, 70, '{}', 'instagram', 400, 450,
				(ARRAY['sent', 'countered', 'accepted', 'declined'])[1 + (row_number() OVER (ORDER BY k.id))::int % 4],
				now() - (row_number() OVER (ORDER BY k.id)) * interval '1 hour', now() - (row_number() OVER (ORDER BY k.id)) * interval '1 hour'
			FROM campaigns k WHERE k.name LIKE 'Offer campaign %'`, []any{f.creatorUserID}},
		{"offer history", `INSERT INTO offer_history (entry_id, at, from_status, to_status, amount, note, actor_side)
			SELECT e.id, e.offer_sent_at, 'draft', 'sent', e.offer_amount, '', 'brand' FROM roster_entries e
			WHERE e.creator_id = (SELECT id FROM creators WHERE user_id = $1)`, []any{f.creatorUserID}},
		{"vacuum", `VACUUM ANALYZE`, nil},
	}
	for _, st := range steps {
		if _, err := sqlDB.ExecContext(ctx, st.q, st.args...); err != nil {
			return f, fmt.Errorf("fill %s: %w", st.what, err)
		}
	}
	var nPosts, nReadings int
	_ = sqlDB.GetContext(ctx, &nPosts, `SELECT count(*) FROM campaign_posts WHERE campaign_id = $1`, f.campaignID)
	_ = sqlDB.GetContext(ctx, &nReadings, `SELECT count(*) FROM campaign_post_daily`)
	fmt.Printf("filled a campaign of %d creators, %d posts, %d readings and %d offers of one creator in %s\n", *creators, nPosts,
		nReadings, *offers, time.Since(t0).Round(time.Millisecond))
	return f, nil
}

// bench starts the api, then measures each call against its baselines.
func bench(ctx context.Context, s *benchkit.Stack, f filled) error {
	if err := s.StartAPI(); err != nil {
		return err
	}
	viewer, err := s.Login(benchkit.ViewerEmail)
	if err != nil {
		return err
	}
	creator, err := s.Login(benchkit.CreatorEmail)
	if err != nil {
		return err
	}
	offersSQL, offersArgs := store.CreatorOfferPageSQL(f.creatorUserID, "", 1, 10, store.DefaultOfferTTL)
	for _, sc := range []struct {
		name, path, token, query string
		args                     []any
	}{
		{"GET /api/campaigns/{id}/results", "/api/campaigns/" + f.campaignID + "/results", viewer, store.CampaignResultsSQL(),
			[]any{f.campaignID, f.brandID, true}},
		{"GET /api/offers (a creator)", "/api/offers", creator, offersSQL, offersArgs},
	} {
		benchkit.Explain(ctx, os.Stdout, s.DB, sc.query, sc.args)
		if _, err := s.CompareAndPrint(ctx, os.Stdout, m, sc.name, "", sc.path, sc.token, sc.args, sc.query); err != nil {
			return err
		}
	}
	return nil
}
