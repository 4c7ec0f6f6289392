package main

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"creatorcoach/store"
)

// overviewCountedSQL counts Mission Control's network figures by scanning
// the rows: the reference the kept counters are checked against.
const overviewCountedSQL = `SELECT json_build_object(
	'creators', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byTier', coalesce(json_object_agg(tier, n), '{}'))
		FROM (SELECT tier, count(*) AS n FROM creators GROUP BY tier) t),
	'brands', (SELECT count(*) FROM brands),
	'campaigns', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byStatus', coalesce(json_object_agg(status, n), '{}'))
		FROM (SELECT status, count(*) AS n FROM campaigns WHERE status <> 'deleted' GROUP BY status) t),
	'offers', (SELECT coalesce(json_object_agg(offer_status, json_build_object('count', n, 'amount', amount)), '{}')
		FROM (SELECT offer_status, count(*) AS n, coalesce(sum(coalesce(offer_amount, estimated_fee)), 0)::float8 AS amount
			FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id WHERE c.status <> 'deleted' GROUP BY offer_status) t))::text`

// sameOverview checks the overview's counts against overviewCountedSQL.
func sameOverview(t *testing.T, db *store.DB, admin *store.User, when string) {
	t.Helper()
	ctx := context.Background()
	raw, err := db.AdminOverview(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	var got, want map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	delete(got, "imports")
	var counted string
	if err := db.SQL().GetContext(ctx, &counted, overviewCountedSQL); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(counted), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: overview counts\n got %v\nwant %v", when, got, want)
	}
}

// TestOverviewCounts: Mission Control's counters, kept in the same
// transactions as the rows, equal a count of the rows after the demo seed and
// after every kind of change: creators added, grown into another tier and
// removed, campaigns moved, deleted, restored and removed for good (with
// their offers), offers moved and re-priced, a brand removed with everything.
func TestOverviewCounts(t *testing.T) {
	t.Parallel()
	e := setupStack(t, seededDB, false)
	ctx := context.Background()
	admin := &store.User{Role: store.RoleAdmin}
	sameOverview(t, e.db, admin, "demo")
	db := e.db.SQL()
	steps := []struct{ what, q string }{
		{"creators", `INSERT INTO creators (identity, name, instagram_followers) SELECT 'count:' || g, 'Counted ' || g, g * 20000
			FROM generate_series(1, 30) g`},
		{"creators grow", `UPDATE creators SET instagram_followers = instagram_followers * 3 WHERE identity LIKE 'count:%'`},
		{"creators removed", `DELETE FROM creators WHERE identity LIKE 'count:1%'`},
		{"brands", `INSERT INTO brands (name) SELECT 'Counted brand ' || g FROM generate_series(1, 2) g`},
		{"campaigns", `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
				content_vibes, exclusivity, content_usage, status, tracking_tag)
			SELECT b.id, 'Counted ' || g, '{Brand awareness}', 9000, current_date, current_date + 5, 'Berlin', 18, 35, 'All',
				'{Fun}', 'exclusive', '30_days', (ARRAY['draft', 'active', 'completed'])[1 + g % 3], 'counted' || g
			FROM brands b CROSS JOIN generate_series(1, 4) g WHERE b.name LIKE 'Counted brand %'`},
		{"offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
			SELECT c.id, cr.id, 1, 50, '{}', 'instagram', 100 + cr.instagram_followers % 997, CASE WHEN cr.instagram_followers % 2 = 0 THEN 425.5 END,
				(ARRAY['draft', 'sent', 'accepted', 'countered'])[1 + cr.instagram_followers % 4]
			FROM campaigns c CROSS JOIN creators cr WHERE c.name LIKE 'Counted %' AND cr.identity LIKE 'count:%'`},
		{"offers moved", `UPDATE roster_entries SET offer_status = 'accepted', offer_amount = 999 WHERE offer_status = 'countered'`},
		{"campaigns moved", `UPDATE campaigns SET status = 'completed' WHERE name LIKE 'Counted %' AND status = 'active'`},
		{"campaigns deleted", `UPDATE campaigns SET status = 'deleted' WHERE name IN ('Counted 1', 'Counted 2')`},
		{"an offer of a deleted campaign moved", `UPDATE roster_entries SET offer_status = 'withdrawn'
			WHERE campaign_id IN (SELECT id FROM campaigns WHERE name = 'Counted 1') AND offer_status = 'sent'`},
		{"a campaign restored", `UPDATE campaigns SET status = 'draft' WHERE name = 'Counted 2'`},
		{"offers removed", `DELETE FROM roster_entries WHERE offer_status = 'draft' AND campaign_id IN (SELECT id FROM campaigns WHERE name = 'Counted 3')`},
		{"a deleted campaign removed for good", `DELETE FROM campaigns WHERE id IN (SELECT id FROM campaigns WHERE name = 'Counted 1' LIMIT 1)`},
		{"a brand removed with everything", `DELETE FROM brands WHERE name = 'Counted brand 2'`},
	}
	for _, st := range steps {
		if _, err := db.ExecContext(ctx, st.q); err != nil {
			t.Fatalf("%s: %v", st.what, err)
		}
		sameOverview(t, e.db, admin, st.what)
	}
}
