// Command campaign measures GET /api/campaigns/all-campaigns for one brand
// against baselines measured in the same run (the machines are shared and
// noisy; compare ratios, not numbers): a bare chi handler running the same
// SQL, and pgbench on it (see benchkit.Compare).
//
// It fills a scratch database creatorcoach_bench_campaign with 100,000
// campaigns spread over 1,000 brands (generate_series), starts the real api
// binary, and loads all at the same concurrency.
//
// It needs Postgres, Redis (as ops/services.sh provides) and pgbench.
//
//	go run ./ops/bench/campaign [-duration 5s] [-conns 8] [-runs 3]
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
	m      = benchkit.MeasureFlags("measurement", "runs", 3)
	total  = flag.Int("campaigns", 100000, "campaigns in all")
	brands = flag.Int("brands", 1000, "brands they are spread over")
)

func main() { benchkit.Main("bench", run) }

func run(ctx context.Context) error {
	s, err := benchkit.EndpointStack(ctx, "creatorcoach_bench_campaign")
	if err != nil {
		return err
	}
	defer s.Close()
	brandID, err := fill(ctx, s.DB)
	if err != nil {
		return err
	}
	return bench(ctx, s, brandID)
}

// fill makes the brands and campaigns (one in nineteen soft-deleted) and the
// bench account, a BRAND_VIEWER of "Brand 1"; it returns that brand's id.
func fill(ctx context.Context, db *store.DB) (string, error) {
	t0 := time.Now()
	sqlDB := db.SQL()
	if _, err := sqlDB.ExecContext(ctx, `INSERT INTO brands (name, created_at)
		SELECT 'Brand ' || g, now() - g * interval '1 minute' FROM generate_series(1, $1) g`, *brands); err != nil {
		return "", err
	}
	if _, err := sqlDB.ExecContext(ctx, `WITH b AS (SELECT id, row_number() OVER (ORDER BY created_at DESC) - 1 AS n FROM brands)
		INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
			content_vibes, exclusivity, content_usage, status, additional_instructions, created_at, updated_at)
		SELECT b.id, 'Campaign ' || g || ' ' || md5(g::text), '{Brand awareness,Sales}', 500 + (g % 495) * 100,
			current_date + 1 + g % 60, current_date + 61 + g % 60, 'Berlin', 18, 35, 'All', '{Fun,Authentic}',
			'exclusive', '30_days', CASE WHEN g % 19 = 0 THEN 'deleted' ELSE (ARRAY['draft', 'active', 'completed'])[1 + g % 3] END,
			'Show the product in daylight.', now() - g * interval '1 second', now() - g * interval '1 second'
		FROM generate_series(1, $1) g JOIN b ON b.n = g % $2`, *total, *brands); err != nil {
		return "", err
	}
	if _, err := sqlDB.ExecContext(ctx, `VACUUM ANALYZE`); err != nil {
		return "", err
	}
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "bench@example.com", Password: benchkit.Password, Role: store.RoleBrandViewer, BrandName: "Brand 1"})
	if err != nil {
		return "", err
	}
	var n int
	_ = sqlDB.GetContext(ctx, &n, `SELECT count(*) FROM campaigns WHERE brand_id = $1 AND status <> 'deleted'`, u.Brand.ID)
	fmt.Printf("filled %d campaigns over %d brands in %s; the bench brand has %d live campaigns\n", *total, *brands,
		time.Since(t0).Round(time.Millisecond), n)
	return u.Brand.ID, nil
}

type scenario struct {
	name  string
	query string // API query string
	f     store.CampaignFilter
}

// bench starts the api, then measures each scenario against its pgbench baselines.
func bench(ctx context.Context, s *benchkit.Stack, brandID string) error {
	if err := s.StartAPI(); err != nil {
		return err
	}
	token, err := s.Login("bench@example.com")
	if err != nil {
		return err
	}
	for _, sc := range []scenario{
		{"first page", "page=1&limit=10", store.CampaignFilter{Page: 1, Limit: 10}},
		{"page 5", "page=5&limit=10", store.CampaignFilter{Page: 5, Limit: 10}},
		{"search + status", "search=campaign%201&status=active", store.CampaignFilter{Search: "campaign 1", Status: "active", Page: 1, Limit: 10}},
	} {
		query, args := store.CampaignPageSQL(brandID, sc.f)
		benchkit.Explain(ctx, os.Stdout, s.DB, query, args, "Scan", "Execution")
		if _, err := s.CompareAndPrint(ctx, os.Stdout, m, "GET /api/campaigns/all-campaigns?"+sc.query, "",
			"/api/campaigns/all-campaigns?"+sc.query, token, args, query); err != nil {
			return err
		}
	}
	return nil
}
