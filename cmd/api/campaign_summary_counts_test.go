package main

import (
	"database/sql"
	"net/http"
	"testing"

	"github.com/lib/pq"

	"creatorcoach/store"
)

// TestCampaignSummary_SameAsPlainQueries: the summary's counts, budgets and
// next campaign (one statement, read by index) and the offers board's total
// (read from the overview counters when only statuses filter) answer what
// plain queries over the campaigns answer, for one brand, another, every
// brand and an unknown brandId, with deleted campaigns, every status and
// start dates before, on and after today.
func TestCampaignSummary_SameAsPlainQueries(t *testing.T) {
	t.Parallel()
	e := setup(t)
	acme := e.account("owner@acme.io", store.RoleBrandAdmin)
	globex := e.brandAccount("owner@globex.io", store.RoleBrandAdmin, "Globex")
	admin := e.account("admin@acme.io", store.RoleAdmin)
	for i, c := range []struct {
		tok, status string
		budget      float64
		start       int
	}{
		{acme, "draft", 1000.10, 3}, {acme, "draft", 999.99, -2}, {acme, "active", 333.33, 3}, {acme, "active", 10, 1},
		{acme, "completed", 5000, 2}, {acme, "deleted", 7777, 0}, {acme, "completed", 0.01, -5},
		{globex, "draft", 123.45, 0}, {globex, "active", 200, 5}, {globex, "deleted", 1, -1},
	} {
		id := e.createCampaign(c.tok, "Campaign "+string(rune('A'+i)))
		if _, err := e.db.SQL().Exec(`UPDATE campaigns SET status = $2, budget = $3, start_date = $4, end_date = $4::date + 30,
			deleted_at = CASE WHEN $2 = 'deleted' THEN now() END WHERE id = $1`, id, c.status, c.budget, e.day(c.start)); err != nil {
			t.Fatal(err)
		}
	}
	var acmeID, globexID string
	if err := e.db.SQL().Get(&acmeID, `SELECT b.id FROM brands b JOIN campaigns c ON c.brand_id = b.id WHERE b.name <> 'Globex' LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SQL().Get(&globexID, `SELECT id FROM brands WHERE name = 'Globex'`); err != nil {
		t.Fatal(err)
	}
	today := e.clock.Now().Format("2006-01-02")
	for _, s := range []struct {
		name, tok, query string
		brand            any // the brand the plain queries read, nil = every brand
	}{
		{"brand", acme, "", acmeID},
		{"other brand", globex, "", globexID},
		{"admin, every brand", admin, "", nil},
		{"admin, one brand", admin, "?brandId=" + acmeID, acmeID},
		{"admin, unknown brand", admin, "?brandId=acme", "00000000-0000-0000-0000-000000000000"},
	} {
		t.Run(s.name, func(t *testing.T) {
			e := e.on(t)
			sum := e.want(e.call("GET", "/api/campaigns/summary"+s.query, s.tok, nil), http.StatusOK).data()["summary"].(map[string]any)
			brand := s.brand
			var want struct {
				Active, Drafts, Completed, Total int
				TotalBudget, AverageBudget       float64
			}
			if err := e.db.SQL().QueryRow(`SELECT count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'draft'),
				count(*) FILTER (WHERE status = 'completed'), count(*), coalesce(sum(budget), 0)::float8, coalesce(round(avg(budget), 2), 0)::float8
				FROM campaigns WHERE status <> 'deleted' AND ($1::uuid IS NULL OR brand_id = $1)`, brand).
				Scan(&want.Active, &want.Drafts, &want.Completed, &want.Total, &want.TotalBudget, &want.AverageBudget); err != nil {
				t.Fatal(err)
			}
			for k, v := range map[string]float64{"active": float64(want.Active), "drafts": float64(want.Drafts),
				"completed": float64(want.Completed), "total": float64(want.Total), "totalBudget": want.TotalBudget,
				"averageBudget": want.AverageBudget} {
				if sum[k] != v {
					t.Errorf("%s: got %v, want %v", k, sum[k], v)
				}
			}
			if s.name == "brand" && want.Total != 6 {
				t.Fatalf("plain count of the brand's live campaigns: %d, want 6", want.Total)
			}
			var next sql.NullString
			err := e.db.SQL().Get(&next, `SELECT id FROM campaigns WHERE status IN ('draft', 'active') AND ($1::uuid IS NULL OR brand_id = $1)
				AND start_date >= $2 ORDER BY start_date, created_at LIMIT 1`, brand, today)
			if err != nil && err != sql.ErrNoRows {
				t.Fatal(err)
			}
			got, _ := sum["nextCampaign"].(map[string]any)
			if (got == nil) != !next.Valid || (got != nil && got["_id"] != next.String) {
				t.Errorf("nextCampaign: got %v, want %v", sum["nextCampaign"], next)
			}
		})
	}
	for _, statuses := range [][]string{nil, {"active"}, {"draft", "completed"}, {"active", "active"}, {"draft", "active", "completed"}} {
		var want int
		if err := e.db.SQL().Get(&want, `SELECT count(*) FROM campaigns WHERE status <> 'deleted' AND (coalesce(cardinality($1::text[]), 0) = 0 OR status = ANY($1))`,
			pq.Array(statuses)); err != nil {
			t.Fatal(err)
		}
		d := e.want(e.call("POST", "/api/admins/filter-campaign?page=1&limit=2", admin, map[string]any{"status": statuses}), http.StatusOK).data()
		if d["total"] != float64(want) {
			t.Errorf("offers board total for %v: got %v, want %d", statuses, d["total"], want)
		}
	}
}
