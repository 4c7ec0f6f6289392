package main

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/lib/pq"

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

// samePayoutCounts checks the payments' counters by state against a count of
// the payments, and the payments board's totals (every board state, and each
// alone) against a count of the board's payments.
func samePayoutCounts(t *testing.T, db *store.DB, when string) {
	t.Helper()
	ctx := context.Background()
	var kept, counted string
	if err := db.SQL().GetContext(ctx, &kept, `SELECT coalesce(json_object_agg(key, n ORDER BY key), '{}')::text
		FROM (SELECT key, sum(n) AS n FROM overview_counts WHERE kind = 'payouts' GROUP BY key HAVING sum(n) <> 0) t`); err != nil {
		t.Fatal(err)
	}
	if err := db.SQL().GetContext(ctx, &counted, `SELECT coalesce(json_object_agg(state, n ORDER BY state), '{}')::text
		FROM (SELECT state, count(*) AS n FROM payouts GROUP BY state) t`); err != nil {
		t.Fatal(err)
	}
	if kept != counted {
		t.Fatalf("%s: payments by state\n kept    %s\n counted %s", when, kept, counted)
	}
	admin := &store.User{Role: store.RoleAdmin}
	for _, state := range append([]string{""}, store.BoardStates...) {
		_, total, _, err := db.PaymentsBoard(ctx, admin, state, 1, 10)
		if err != nil {
			t.Fatal(err)
		}
		states := store.BoardStates
		if state != "" {
			states = []string{state}
		}
		var want int
		if err := db.SQL().GetContext(ctx, &want, `SELECT count(*) FROM payouts WHERE state = ANY($1)`, pq.Array(states)); err != nil {
			t.Fatal(err)
		}
		if total != want {
			t.Fatalf("%s: the board's total for %q is %d, the payments %d", when, state, total, want)
		}
	}
}

// TestPayoutStateCounts: the payments' counters by state, kept in the same
// transactions as the payments, equal a count of them after the demo seed
// and after payments are added, move between states (one at a time and many
// in one statement), and are updated without a change of state; the
// payments board's totals read them.
func TestPayoutStateCounts(t *testing.T) {
	t.Parallel()
	e := setupStack(t, seededDB, false)
	ctx := context.Background()
	samePayoutCounts(t, e.db, "demo")
	db := e.db.SQL()
	steps := []struct{ what, q string }{
		{"payments added", `INSERT INTO payouts (entry_id, brand_id, amount, fee, state, funding_at)
			SELECT e.id, c.brand_id, 10000, 1000, (ARRAY['funding', 'funded', 'held', 'funding_failed', 'waiting_details'])[1 + n % 5], now()
			FROM (SELECT e.*, row_number() OVER (ORDER BY e.id) AS n FROM roster_entries e
				WHERE NOT EXISTS (SELECT 1 FROM payouts p WHERE p.entry_id = e.id) LIMIT 40) e
			JOIN campaigns c ON c.id = e.campaign_id`},
		{"one payment moved", `UPDATE payouts SET state = 'held' WHERE entry_id = (SELECT entry_id FROM payouts WHERE state = 'funded' ORDER BY entry_id LIMIT 1)`},
		{"many payments moved", `UPDATE payouts SET state = CASE state WHEN 'funding' THEN 'funded' WHEN 'funded' THEN 'releasing' ELSE state END`},
		{"updated, no state changed", `UPDATE payouts SET updated_at = now(), failure = failure`},
		{"moved back and forth in one statement", `UPDATE payouts SET state = CASE state WHEN 'held' THEN 'funded' WHEN 'funded' THEN 'held' ELSE state END`},
	}
	for _, st := range steps {
		if _, err := db.ExecContext(ctx, st.q); err != nil {
			t.Fatalf("%s: %v", st.what, err)
		}
		samePayoutCounts(t, e.db, st.what)
	}
}
