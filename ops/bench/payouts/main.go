// Command payouts measures payments:
//
//   - board: the ADMIN's payments board, GET /api/payouts/board, over
//     100,000 payouts (a fifth of them in the states the board lists):
//     requests/s and p99 latency of the real api binary for the first page
//     of every board state, one state, and a deep page. Goal: p99 ≤ 50 ms.
//     It fills a scratch database creatorcoach_bench_payouts (plus
//     BENCH_DB_SUFFIX) with brands, campaigns, creators, one accepted offer
//     per payout and the payouts, starts the api and loads it.
//   - release: -offers due payments (funded, post captured, release time
//     past, creators with ready payout accounts) released by the product's
//     path — the payout:release task (PayoutTick), the outbox relay and the
//     payout:transfer_batch tasks in the real worker binary, until
//     every one is transferred — against the same transfer calls made
//     directly through the product's provider client (jobs/payment) with
//     as many goroutines as the worker runs tasks; both against stripe-mock
//     (STRIPE_API_BASE). Goal: worker ≥ 0.8× direct. After each round it
//     checks the ledger (CheckLedger), one release per offer, the audit
//     entries and chain, and the offers completed. Its database is
//     creatorcoach_bench_payouts_release (plus BENCH_DB_SUFFIX). It prints
//     the CPU per offer of its own processes (Postgres backends of its
//     database, the worker, itself, stripe-mock). With -latency, both
//     reach stripe-mock through a proxy that waits that long before each
//     call, as the real provider answers in hundreds of milliseconds.
//
// It needs Postgres, Redis and stripe-mock (as ops/services.sh provides).
//
//	go run ./ops/bench/payouts [-only board|release] [-payouts 100000] [-duration 5s] [-conns 8] [-runs 3]
//		[-offers 10000] [-concurrency 20] [-poll 50ms] [-release-runs 3] [-latency 0]
package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	m       = benchkit.MeasureFlags("measurement", "runs", 3)
	payouts = flag.Int("payouts", 100000, "board: payouts in all (one accepted offer each)")
	only    = flag.String("only", "", "board or release: run only that measurement")
)

const adminEmail = "admin@bench.example"

func main() { benchkit.Main("bench/payouts", run) }

func run(ctx context.Context) error {
	switch *only {
	case "":
		berr := benchBoard(ctx)
		if err := benchRelease(ctx); err != nil {
			return err
		}
		return berr
	case "board":
		return benchBoard(ctx)
	case "release":
		return benchRelease(ctx)
	}
	return fmt.Errorf("-only is board or release, not %q", *only)
}

func benchBoard(ctx context.Context) error {
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_payouts", Build: []string{"api"}})
	if err != nil {
		return err
	}
	defer s.Close()
	if err := fill(ctx, s.DB); err != nil {
		return err
	}
	if err := s.StartAPI(); err != nil {
		return err
	}
	admin, err := s.Login(adminEmail)
	if err != nil {
		return err
	}
	failed := 0
	for _, sc := range []struct{ name, query, state string }{
		{"every board state, page 1", "", ""},
		{"held, page 1", "state=held", store.PayoutHeld},
		{"every board state, page 200", "page=200&limit=10", ""},
	} {
		states := strings.Join(store.BoardStates, ",")
		if sc.state != "" {
			states = sc.state
		}
		explainBoard(ctx, s.DB, states, offset(sc.query))
		var rates, p99s []float64
		for range m.Runs {
			rate, p99, err := benchkit.Load(s.URL("/api/payouts/board?"+sc.query), admin, m.Conns, m.Duration)
			if err != nil {
				return err
			}
			rates, p99s = append(rates, rate), append(p99s, p99)
		}
		p99 := benchkit.Median(p99s)
		verdict := "ok"
		if p99 > 50 {
			verdict, failed = "MISSES p99 ≤ 50 ms", failed+1
		}
		fmt.Printf("== GET /api/payouts/board?%s: %s (%d payouts; %d connections, %s, median of %d, load from %s)\n",
			sc.query, sc.name, *payouts, m.Conns, m.Duration, m.Runs, benchkit.Loader())
		fmt.Printf("  api %.0f req/s, p99 %.1f ms: %s\n", benchkit.Median(rates), p99, verdict)
	}
	if failed > 0 {
		return fmt.Errorf("%d scenarios miss the p99 goal", failed)
	}
	return nil
}

func offset(query string) int {
	if strings.Contains(query, "page=200") {
		return 1990
	}
	return 0
}

// fill makes 100 brands with 10 campaigns each, creators enough for one
// accepted offer per payout, and the payouts: their states cycle through
// every payout state (the five board states are 5 of 25 in the cycle),
// changed one second apart.
func fill(ctx context.Context, db *store.DB) error {
	t0 := time.Now()
	if _, err := db.SaveAccount(ctx, store.AccountSpec{Email: adminEmail, Password: benchkit.Password, Role: store.RoleAdmin}); err != nil {
		return err
	}
	creators := (*payouts + 999) / 1000
	for _, st := range []struct {
		what string
		q    string
		args []any
	}{
		{"brands", `INSERT INTO brands (name) SELECT 'Payout brand ' || g FROM generate_series(1, 100) g`, nil},
		{"campaigns", `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
				content_vibes, exclusivity, content_usage, status, additional_instructions)
			SELECT b.id, 'Campaign ' || b.name || ' ' || g, '{Sales}', 50000, current_date - 40, current_date - 5, 'Berlin', 18, 35,
				'All', '{Fun}', 'exclusive', '30_days', 'active', '' FROM brands b CROSS JOIN generate_series(1, 10) g`, nil},
		{"creators", `INSERT INTO creators (identity, name, instagram_handle, instagram_followers)
			SELECT 'bench:' || g, 'Creator ' || g, 'creator' || g, 10000 + g FROM generate_series(1, $1) g`, []any{creators}},
		{"offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount,
				offer_status, offer_updated_at, offer_sent_at)
			SELECT k.id, c.id, 1, 60, '{}', 'instagram', 400, 450, 'accepted', now() - interval '30 days', now() - interval '35 days'
			FROM campaigns k CROSS JOIN creators c LIMIT $1`, []any{*payouts}},
		{"payouts", `INSERT INTO payouts (entry_id, brand_id, amount, fee, state, funding_at, updated_at, failure)
			SELECT e.id, k.brand_id, 45000, 4500,
				(ARRAY['funded', 'transferred', 'funding_failed', 'funded', 'transferred', 'action_required', 'funded', 'transferred',
					'held', 'funded', 'transferred', 'waiting_details', 'funded', 'transferred', 'awaiting_approval', 'funded',
					'transferred', 'releasing', 'refunded', 'funding', 'lapsed', 'transferred', 'funded', 'refunding', 'transferred'])
					[1 + (row_number() OVER (ORDER BY e.id))::int % 25],
				now() - interval '40 days', now() - (row_number() OVER (ORDER BY e.id)) * interval '1 second', ''
			FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id`, nil},
		{"vacuum", `VACUUM ANALYZE`, nil},
		{"checkpoint", `CHECKPOINT`, nil},
	} {
		if _, err := db.SQL().ExecContext(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("fill %s: %w", st.what, err)
		}
	}
	var n, board int
	_ = db.SQL().GetContext(ctx, &n, `SELECT count(*) FROM payouts`)
	_ = db.SQL().GetContext(ctx, &board, `SELECT count(*) FROM payouts WHERE state = ANY(string_to_array($1, ','))`,
		strings.Join(store.BoardStates, ","))
	fmt.Printf("filled %d payouts (%d on the board) in %s\n", n, board, time.Since(t0).Round(time.Millisecond))
	return nil
}

// explainBoard prints the plan of the board's page statement (as
// store.PaymentsBoard runs it: prepared, so planned generically under
// store.SessionSettings, with the page size written in) for states at
// offset: its scans, any JIT compiling and its time.
func explainBoard(ctx context.Context, db *store.DB, states string, offset int) {
	conn, err := db.SQL().Conn(ctx)
	if err != nil {
		fmt.Println("explain:", err)
		return
	}
	defer conn.Close()
	quoted := strings.Split(states, ",")
	for i, st := range quoted {
		quoted[i] = pq.QuoteLiteral(st)
	}
	_, _ = conn.ExecContext(ctx, `DEALLOCATE ALL`)
	if _, err := conn.ExecContext(ctx, `PREPARE board (int) AS SELECT p.entry_id, p.state, p.amount, p.fee, p.currency,
		COALESCE((SELECT b.name FROM brands b WHERE b.id = p.brand_id), '') AS brand_name,
		COALESCE((SELECT c.name FROM roster_entries e JOIN creators c ON c.id = e.creator_id WHERE e.id = p.entry_id), '') AS creator_name,
		COALESCE((SELECT k.name FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = p.entry_id), '') AS campaign_name,
		p.failure, p.objection_reason, p.updated_at
		FROM (SELECT * FROM payouts WHERE state IN (`+strings.Join(quoted, ", ")+`) ORDER BY updated_at DESC, entry_id LIMIT 10 OFFSET $1) p
		ORDER BY p.updated_at DESC, p.entry_id`); err != nil {
		fmt.Println("explain:", err)
		return
	}
	rows, err := conn.QueryContext(ctx, `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) EXECUTE board (`+strconv.Itoa(offset)+`)`)
	if err != nil {
		fmt.Println("explain:", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var l string
		_ = rows.Scan(&l)
		if (strings.Contains(l, "Scan") && strings.Contains(l, "on payouts ")) || strings.Contains(l, "JIT") || strings.Contains(l, "Execution") {
			fmt.Println("  plan:", strings.TrimSpace(l))
		}
	}
}
