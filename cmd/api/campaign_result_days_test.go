package main

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"creatorcoach/store"
)

// sameResults checks that every campaign's results read from the kept daily
// sums (campaign_result_days) equal the results computed from every reading,
// fees shown and hidden; it returns how many campaigns have a series.
func sameResults(t *testing.T, db *store.DB, when string) int {
	t.Helper()
	ctx := context.Background()
	var ids []string
	if err := db.SQL().SelectContext(ctx, &ids, `SELECT id FROM campaigns WHERE status <> 'deleted' ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	withSeries := 0
	for _, id := range ids {
		for _, fees := range []bool{true, false} {
			var kept, full string
			if err := db.SQL().GetContext(ctx, &kept, store.CampaignResultsSQL(), id, nil, fees); err != nil {
				t.Fatal(err)
			}
			if err := db.SQL().GetContext(ctx, &full, store.CampaignResultsFromReadingsSQL(), id, nil, fees); err != nil {
				t.Fatal(err)
			}
			var a, b map[string]any
			if err := json.Unmarshal([]byte(kept), &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(full), &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: campaign %s results differ (fees %v):\nkept %v\nfull %v", when, id, fees, a["series"], b["series"])
			}
			if fees {
				// The api's path (an answer kept while the campaign's results version holds).
				raw, err := db.CampaignResultsJSON(ctx, &store.User{Role: store.RoleAdmin}, id)
				if err != nil {
					t.Fatal(err)
				}
				var c map[string]any
				if err := json.Unmarshal(raw, &c); err != nil {
					t.Fatal(err)
				}
				// The api completes the statement's answer in Go (usage, reporting platforms).
				completed, err := store.CompleteResults(json.RawMessage(full))
				if err != nil {
					t.Fatal(err)
				}
				b = nil
				if err := json.Unmarshal(completed, &b); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(c, b) {
					t.Fatalf("%s: campaign %s: the api's results are not the computed ones:\napi  %v\nfull %v", when, id, c, b)
				}
			}
			if fees && len(a["series"].([]any)) > 0 {
				withSeries++
			}
		}
	}
	return withSeries
}

// TestCampaignResultDays: the results read from the daily sums kept as
// readings are stored answer the same as the results computed from every
// reading, on the demo data and on generated campaigns through every kind
// of change: readings inserted (in bulk, out of order, with gaps and
// unreported figures), upserted, rewritten and removed, offers leaving and
// re-entering accepted, posts removed.
func TestCampaignResultDays(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	ctx := context.Background()
	if n := sameResults(t, e.db, "demo"); n == 0 {
		t.Fatal("no demo campaign has a daily series")
	}
	db := e.db.SQL()
	// A creator with an accepted or completed offer when the step runs.
	const working = `(SELECT e.creator_id FROM roster_entries e JOIN creators cr ON cr.id = e.creator_id
		WHERE cr.identity LIKE 'kept:%' AND e.offer_status IN ('accepted', 'completed') ORDER BY cr.identity LIMIT 1)`
	steps := []struct{ what, q string }{
		{"campaigns", `WITH b AS (INSERT INTO brands (name) VALUES ('Kept sums brand') RETURNING id)
			INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
				content_vibes, exclusivity, content_usage, status, tracking_tag)
			SELECT b.id, 'Kept sums ' || g, '{Brand awareness}', 9000, current_date - 40, current_date + 5, 'Berlin', 18, 35, 'All',
				'{Fun}', 'exclusive', '30_days', 'active', 'keptsums' || g FROM b CROSS JOIN generate_series(1, 3) g`},
		{"creators", `INSERT INTO creators (identity, name, instagram_handle, instagram_followers, tiktok_handle, tiktok_followers)
			SELECT 'kept:' || g, 'Kept creator ' || g, 'kept' || g, 1000 + g, 'keptt' || g, 500 + g FROM generate_series(1, 40) g`},
		{"offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount,
				offer_status, offer_updated_at)
			SELECT c.id, cr.id, row_number() OVER (PARTITION BY c.id ORDER BY cr.identity), 50, '{}',
				CASE WHEN cr.instagram_followers % 2 = 0 THEN 'instagram' ELSE 'tiktok' END, 300, 350,
				(ARRAY['accepted', 'completed', 'sent', 'accepted', 'declined'])[1 + cr.instagram_followers % 5], now()
			FROM campaigns c CROSS JOIN creators cr WHERE c.tracking_tag LIKE 'keptsums%' AND cr.identity LIKE 'kept:%'
				AND (cr.instagram_followers + length(c.tracking_tag)) % 3 <> 0`},
		{"posts", `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, url, caption, published_at, views, likes,
				comments, shares, reach)
			SELECT e.campaign_id, e.id, e.platform, e.id || '-' || g, 'https://example.com/' || e.id || g, '#keptsums',
				now() - (20 + g) * interval '1 day', 100 * g, 10 * g, g, CASE WHEN e.platform = 'tiktok' THEN g END, NULL
			FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id CROSS JOIN generate_series(1, 3) g
			WHERE c.tracking_tag LIKE 'keptsums%'`},
		// Every other day, some days skipped, figures unreported on some days, newest first.
		{"readings in bulk", `INSERT INTO campaign_post_daily (post_id, day, views, likes, comments, shares, reach)
			SELECT p.id, (p.published_at AT TIME ZONE 'UTC')::date + d, CASE WHEN d % 7 <> 3 THEN p.views * (d + 1) END,
				p.likes * (d + 1) - d % 4, p.comments + d, p.shares * d, NULL
			FROM campaign_posts p CROSS JOIN generate_series(0, 20, 2) d
			WHERE p.caption = '#keptsums' AND (d + length(p.external_id)) % 5 <> 0
			ORDER BY d DESC, p.id`},
		{"readings in the gaps and upserted", `INSERT INTO campaign_post_daily AS r (post_id, day, views, likes, comments, shares, reach)
			SELECT p.id, (p.published_at AT TIME ZONE 'UTC')::date + d, p.views * d + 7, NULL, p.comments * d, 3, 1
			FROM campaign_posts p CROSS JOIN generate_series(1, 12, 3) d WHERE p.caption = '#keptsums'
			ON CONFLICT (post_id, day) DO UPDATE SET views = excluded.views + r.views, likes = excluded.likes,
				comments = excluded.comments, shares = excluded.shares`},
		{"readings rewritten", `UPDATE campaign_post_daily d SET views = d.views / 2 + 1, shares = NULL
			FROM campaign_posts p WHERE p.id = d.post_id AND p.caption = '#keptsums' AND extract(day FROM d.day)::int % 3 = 0`},
		{"readings removed", `DELETE FROM campaign_post_daily d USING campaign_posts p
			WHERE p.id = d.post_id AND p.caption = '#keptsums' AND extract(day FROM d.day)::int % 4 = 1`},
		{"offers leaving accepted", `UPDATE roster_entries e SET offer_status = 'withdrawn' FROM campaigns c
			WHERE c.id = e.campaign_id AND c.tracking_tag LIKE 'keptsums%' AND e.rank % 4 = 0 AND e.offer_status IN ('accepted', 'completed')`},
		{"offers completed", `UPDATE roster_entries e SET offer_status = 'completed' FROM campaigns c
			WHERE c.id = e.campaign_id AND c.tracking_tag LIKE 'keptsums%' AND e.offer_status = 'accepted'`},
		{"offers entering accepted", `UPDATE roster_entries e SET offer_status = 'accepted' FROM campaigns c
			WHERE c.id = e.campaign_id AND c.tracking_tag LIKE 'keptsums%' AND e.offer_status IN ('sent', 'withdrawn') AND e.rank % 2 = 0`},
		{"posts removed", `DELETE FROM campaign_posts p WHERE p.caption = '#keptsums' AND p.external_id LIKE '%-2'
			AND p.entry_id IN (SELECT id FROM roster_entries WHERE rank % 3 = 1)`},
		{"a creator renamed", `UPDATE creators SET name = name || ' Jr' WHERE identity = 'kept:4'`},
		{"a working creator's handle changed", `UPDATE creators SET tiktok_handle = tiktok_handle || '_new' WHERE id = ` + working},
		// What the results do not show of a creator (as every analytics sync rewrites it) keeps their answers;
		// the next step, which they show, must still be seen.
		{"a working creator's figures rewritten", `UPDATE creators SET instagram_followers = instagram_followers + 1, quality_score = 70
			WHERE identity LIKE 'kept:%'`},
		{"a working creator renamed", `UPDATE creators SET name = name || ' II' WHERE id = ` + working},
		{"a campaign renamed", `UPDATE campaigns SET name = name || ' (renamed)' WHERE tracking_tag = 'keptsums2'`},
		{"the brand renamed", `UPDATE brands SET name = 'Kept sums brand, renamed' WHERE name = 'Kept sums brand'`},
		{"a campaign's offer removed", `DELETE FROM roster_entries e USING campaigns c
			WHERE c.id = e.campaign_id AND c.tracking_tag = 'keptsums1' AND e.rank = 2`},
	}
	versions := func() (sum int64) {
		if err := db.GetContext(ctx, &sum, `SELECT coalesce(sum(version), 0)::bigint FROM campaign_results_versions`); err != nil {
			t.Fatal(err)
		}
		return sum
	}
	// bumps runs q in a transaction and answers how many times it (its triggers) called campaign_results_bump.
	bumps := func(q string) int64 {
		tx, err := db.BeginTxx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		// As the api and the worker run it (store.SessionSettings): the triggers' statements planned once.
		if _, err := tx.ExecContext(ctx, `SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL track_functions = 'all'`); err != nil {
			t.Fatal(err)
		}
		calls := func() (n int64) {
			if err := tx.GetContext(ctx, &n, `SELECT coalesce(sum(calls), 0)::bigint FROM pg_stat_xact_user_functions
				WHERE funcname = 'campaign_results_bump'`); err != nil {
				t.Fatal(err)
			}
			return n
		}
		n0 := calls()
		if _, err := tx.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
		n := calls() - n0
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, st := range steps {
		before := versions()
		calls := bumps(st.q)
		// A creator's change moves the versions of their campaigns only when the results show what changed; what every
		// analytics sync rewrites of a creator (followers, quality) does not even look for their campaigns.
		if moved := versions() != before; strings.HasPrefix(st.what, "a working creator") && moved == strings.HasSuffix(st.what, "figures rewritten") {
			t.Fatalf("%s: the results versions moved: %v", st.what, moved)
		}
		if figures := strings.HasSuffix(st.what, "figures rewritten"); figures && calls != 0 || st.what == "a working creator renamed" && calls == 0 {
			t.Fatalf("%s: %d calls of campaign_results_bump", st.what, calls)
		}
		sameResults(t, e.db, st.what)
	}
	if n := sameResults(t, e.db, "generated"); n < 3 {
		t.Fatalf("%d campaigns with a series, want the 3 generated ones at least", n)
	}
}
