package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/payment"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	offers      = flag.Int("offers", 10000, "release: due offers per round")
	concurrency = flag.Int("concurrency", 20, "release: the worker's WORKER_CONCURRENCY, and goroutines of the direct calls")
	poll        = flag.String("poll", "50ms", "release: the worker's WORKER_POLL_INTERVAL")
	releaseRuns = flag.Int("release-runs", 3, "release: rounds (direct calls, then the worker); medians are reported")
	latency     = flag.Duration("latency", 0, "release: answer time added to every provider call (a proxy in front of stripe-mock), as the real provider's; 0 = stripe-mock's own")
)

// releaseCreators is how many creators (each with a ready payout account)
// the due offers are spread over, perCampaign of them in each campaign (as
// the board's fill has it); each round makes campaigns of its own.
const (
	releaseCreators = 1000
	perCampaign     = 100
)

// benchRelease measures the payout release of -offers due payments: the
// same transfer calls made directly through the product's provider client
// to stripe-mock with -concurrency goroutines, then the product's path
// (the payout:release task, PayoutTick, the outbox relay and every
// payout:transfer_batch task in the real worker binary) until every payment is
// transferred; then it checks the ledger, the audit entries and that
// nothing was paid twice.
func benchRelease(ctx context.Context) error {
	base := benchkit.Env("STRIPE_API_BASE", "http://127.0.0.1:12111")
	if *latency > 0 {
		addr, stop, err := benchkit.DelayProxy(base, *latency)
		if err != nil {
			return err
		}
		defer stop()
		base = "http://" + addr
	}
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_payouts_release", Build: []string{"worker"},
		Env: []string{"STRIPE_API_BASE=" + base, "STRIPE_SECRET_KEY=sk_test_bench", "WORKER_POLL_INTERVAL=" + *poll,
			fmt.Sprintf("WORKER_CONCURRENCY=%d", *concurrency)}})
	if err != nil {
		return err
	}
	defer s.Close()
	if err := fillReleaseOnce(ctx, s.DB); err != nil {
		return err
	}
	worker, err := s.StartWorker()
	if err != nil {
		return err
	}
	defer worker.Stop()
	opt, err := asynq.ParseRedisURI(s.RedisURL)
	if err != nil {
		return err
	}
	client := asynq.NewClient(opt)
	defer client.Close()
	pay := payment.New(base, "sk_test_bench", nil)
	workerPath := filepath.Join(s.Dir, "worker")
	n := float64(*offers)
	var directs, pools, ratios []float64
	fmt.Printf("== payout release of %d due offers: direct provider calls vs the worker (concurrency %d, WORKER_POLL_INTERVAL=%s, provider %s, %s added to each call)\n",
		*offers, *concurrency, *poll, base, *latency)
	for round := 1; round <= *releaseRuns; round++ {
		due, err := fillReleaseRound(ctx, s.DB, round)
		if err != nil {
			return err
		}
		// (a) the same transfer calls, made directly (their own idempotency keys: stripe-mock keeps none anyway).
		cpu0, own0 := benchkit.CPUByCommand(), readOwnCPU(ctx, s.DB, workerPath)
		t0 := time.Now()
		failed, first := benchkit.Parallel(*concurrency, len(due), func(i int) error {
			d := due[i]
			_, err := pay.Transfer(ctx, fmt.Sprintf("bench-direct-%d-%s", round, d.EntryID), d.EntryID, d.Amount, "usd", d.Destination)
			return err
		})
		if failed > 0 {
			return fmt.Errorf("%d direct transfers failed: %w", failed, first)
		}
		direct := time.Since(t0)
		cpu1, own1 := benchkit.CPUByCommand(), readOwnCPU(ctx, s.DB, workerPath)
		// (b) the product: the periodic release task, run by the worker.
		stats0, err := dbStats(ctx, s.DB)
		if err != nil {
			return err
		}
		t0 = time.Now()
		if _, err := client.EnqueueContext(ctx, asynq.NewTask(jobs.TypePayoutRelease, nil), asynq.Queue(jobs.QueueDefault),
			asynq.TaskID(fmt.Sprintf("bench-release-%d-%d", round, t0.UnixNano()))); err != nil {
			return err
		}
		if err := waitTransferred(ctx, s.DB, round, len(due), worker); err != nil {
			return err
		}
		pool := time.Since(t0)
		cpu2, own2 := benchkit.CPUByCommand(), readOwnCPU(ctx, s.DB, workerPath)
		time.Sleep(1100 * time.Millisecond) // the statistics reach pg_stat_database within a second
		stats1, err := dbStats(ctx, s.DB)
		if err != nil {
			return err
		}
		directs, pools = append(directs, n/direct.Seconds()), append(pools, n/pool.Seconds())
		ratios = append(ratios, direct.Seconds()/pool.Seconds())
		fmt.Printf("  round %d: direct %5.0f offers/s (%s), worker %5.0f offers/s (%s): worker/direct %.2f; per offer %.1f commits, %.1f rows written\n",
			round, n/direct.Seconds(), direct.Round(time.Millisecond), n/pool.Seconds(), pool.Round(time.Millisecond), ratios[len(ratios)-1],
			float64(stats1.commits-stats0.commits)/n, float64(stats1.written-stats0.written)/n)
		fmt.Printf("    CPU ms per offer, this round's processes: direct: %s\n      worker: %s\n", own1.perOffer(own0, n), own2.perOffer(own1, n))
		fmt.Printf("    CPU ms per offer, the whole machine (shared): direct: %s\n      worker: %s\n", benchkit.CPUPer(cpu0, cpu1, n), benchkit.CPUPer(cpu1, cpu2, n))
		if os.Getenv("BENCH_WORKER_LOG") != "" {
			_ = os.WriteFile(os.Getenv("BENCH_WORKER_LOG"), []byte(worker.LogTail(1<<24)), 0o644)
		}
		if err := checkRound(ctx, s.DB, round, len(due)); err != nil {
			return err
		}
	}
	ratio := benchkit.Median(ratios)
	verdict := "ok"
	if ratio < 0.8 {
		verdict = "MISSES ≥ 0.8×"
	}
	fmt.Printf("  median of %d rounds: direct %.0f offers/s, worker %.0f offers/s, worker/direct %.2f: %s; worker peak RSS %.0f MB\n",
		*releaseRuns, benchkit.Median(directs), benchkit.Median(pools), ratio, verdict, worker.PeakRSSMB())
	if ratio < 0.8 {
		return fmt.Errorf("the release misses ≥ 0.8× the direct calls")
	}
	return nil
}

// fillReleaseOnce makes 10 brands (each with a BRAND_ADMIN, who is mailed
// about each transfer) and releaseCreators creators with accounts and ready
// payout accounts.
func fillReleaseOnce(ctx context.Context, db *store.DB) error {
	t0 := time.Now()
	for _, st := range []struct{ what, q string }{
		{"brands", `INSERT INTO brands (name) SELECT 'Release brand ' || g FROM generate_series(1, 10) g`},
		{"brand admins", `INSERT INTO users (email, name, password_hash, role, brand_id, email_verified_at)
			SELECT 'brand' || row_number() OVER (ORDER BY b.id) || '@bench.example', 'Brand admin', 'x', 'BRAND_ADMIN', b.id, now() FROM brands b`},
		{"creator users", `INSERT INTO users (email, name, password_hash, role, email_verified_at)
			SELECT 'creator' || g || '@bench.example', 'Creator ' || g, 'x', 'USER', now() FROM generate_series(1, ` + fmt.Sprint(releaseCreators) + `) g`},
		{"creators", `INSERT INTO creators (identity, name, instagram_handle, instagram_followers, user_id)
			SELECT 'bench:' || u.id, u.name, 'creator' || row_number() OVER (ORDER BY u.id), 10000, u.id FROM users u WHERE u.role = 'USER'`},
		{"payout accounts", `INSERT INTO payout_accounts (user_id, provider_id, state)
			SELECT u.id, 'acct_bench' || row_number() OVER (ORDER BY u.id), 'ready' FROM users u WHERE u.role = 'USER'`},
	} {
		if _, err := db.SQL().ExecContext(ctx, st.q); err != nil {
			return fmt.Errorf("fill %s: %w", st.what, err)
		}
	}
	fmt.Printf("filled %d creators with ready payout accounts in %s\n", releaseCreators, time.Since(t0).Round(time.Millisecond))
	return nil
}

type dueOffer struct {
	EntryID     string `db:"entry_id"`
	Amount      int64  `db:"amount"`
	Destination string `db:"destination"`
}

// fillReleaseRound makes -offers accepted offers of round (campaigns named
// after it), each funded (its funding movement in the ledger) with its
// tagged post captured and its release due an hour ago, and returns them
// with what each transfer sends where.
func fillReleaseRound(ctx context.Context, db *store.DB, round int) ([]dueOffer, error) {
	campaigns := (*offers + perCampaign - 1) / perCampaign
	tag := fmt.Sprintf("Round %d campaign ", round)
	for _, st := range []struct {
		what string
		q    string
		args []any
	}{
		{"campaigns", `INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
				content_vibes, exclusivity, content_usage, status, additional_instructions)
			SELECT (SELECT id FROM brands ORDER BY id OFFSET g % 10 LIMIT 1), $1 || g, '{Sales}', 50000000, current_date - 40, current_date - 5,
				'Berlin', 18, 35, 'All', '{Fun}', 'exclusive', '30_days', 'active', '' FROM generate_series(1, $2) g`, []any{tag, campaigns}},
		{"offers", `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount,
				offer_status, offer_updated_at, offer_sent_at)
			SELECT k.id, c.id, 1, 60, '{}', 'instagram', 400, 450, 'accepted', now() - interval '30 days', now() - interval '35 days'
			FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS j FROM campaigns WHERE name LIKE $1 || '%') k
			JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM creators) c ON c.i / $3 = k.j % ($4 / $3)
			LIMIT $2`, []any{tag, *offers, perCampaign, releaseCreators}},
		{"payouts", `INSERT INTO payouts (entry_id, brand_id, amount, fee, state, funding_at, funded_at, captured_at, release_at, updated_at)
			SELECT e.id, k.brand_id, 45000, 4500, 'funded', now() - interval '30 days', now() - interval '30 days', now() - interval '3 days',
				now() - interval '1 hour', now() - interval '30 days'
			FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE k.name LIKE $1 || '%'`, []any{tag}},
		{"funding movements", `INSERT INTO payout_ledger (movement, kind, entry_id, account, currency, amount, at)
			SELECT 'funding:' || p.entry_id, 'funding', p.entry_id, l.account, 'usd', l.amount, p.funded_at
			FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id
			CROSS JOIN LATERAL (VALUES ('brand_card', -(p.amount + p.fee)), ('creator_held', p.amount), ('platform_fee', p.fee)) l (account, amount)
			WHERE k.name LIKE $1 || '%'`, []any{tag}},
		{"vacuum", `VACUUM ANALYZE`, nil},
	} {
		if _, err := db.SQL().ExecContext(ctx, st.q, st.args...); err != nil {
			return nil, fmt.Errorf("fill round %d %s: %w", round, st.what, err)
		}
	}
	var due []dueOffer
	if err := db.SQL().SelectContext(ctx, &due, `SELECT p.entry_id, p.amount - p.refund_amount AS amount, a.provider_id AS destination
		FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id
		JOIN creators c ON c.id = e.creator_id JOIN payout_accounts a ON a.user_id = c.user_id
		WHERE k.name LIKE $1 || '%' AND p.state = 'funded' ORDER BY p.release_at`, tag); err != nil {
		return nil, err
	}
	if len(due) != *offers {
		return nil, fmt.Errorf("round %d: %d due offers filled, want %d", round, len(due), *offers)
	}
	return due, nil
}

// waitTransferred polls until the round's want payments are transferred.
func waitTransferred(ctx context.Context, db *store.DB, round, want int, worker *benchkit.Worker) error {
	// The round's payments are the only ones not transferred yet: it is done
	// when none is funded or releasing (the first found on the state index,
	// so the polling costs the database next to nothing).
	for t0 := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		var busy bool
		if err := db.SQL().GetContext(ctx, &busy, `SELECT EXISTS (SELECT 1 FROM payouts WHERE state = 'releasing')
			OR EXISTS (SELECT 1 FROM payouts WHERE state = 'funded')`); err != nil {
			return err
		}
		if !busy {
			return nil
		}
		if !worker.Running() {
			return fmt.Errorf("the worker stopped:\n%s", worker.LogTail(3000))
		}
		if time.Since(t0) > 10*time.Minute {
			var left int
			_ = db.SQL().GetContext(ctx, &left, `SELECT count(*) FROM payouts WHERE state IN ('funded', 'releasing')`)
			return fmt.Errorf("round %d: %d of %d transferred after 10 minutes:\n%s", round, want-left, want, worker.LogTail(3000))
		}
	}
}

// checkRound checks the guarantees after a round: the ledger holds; each
// offer of the round has one release movement, one transfer id, a
// "released" and a "transferred" audit entry, and its offer completed; the
// audit chain holds.
func checkRound(ctx context.Context, db *store.DB, round, want int) error {
	problems, err := db.CheckLedger(ctx)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("round %d: the ledger does not hold (%d problems), first: %s", round, len(problems), problems[0])
	}
	tag := fmt.Sprintf("Round %d campaign %%", round)
	var c struct {
		Releases    int `db:"releases"`
		Paid        int `db:"paid"`
		TransferIDs int `db:"transfer_ids"`
		Released    int `db:"released"`
		Transferred int `db:"transferred"`
		Completed   int `db:"completed"`
	}
	if err := db.SQL().GetContext(ctx, &c, `WITH r AS (SELECT e.id, e.offer_status FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE k.name LIKE $1)
		SELECT (SELECT count(DISTINCT l.movement) FROM payout_ledger l JOIN r ON r.id = l.entry_id WHERE l.kind = 'release') AS releases,
			(SELECT coalesce(sum(l.amount), 0) FROM payout_ledger l JOIN r ON r.id = l.entry_id WHERE l.account = 'creator_paid') ::bigint / 45000 AS paid,
			(SELECT count(DISTINCT p.transfer_id) FROM payouts p JOIN r ON r.id = p.entry_id WHERE p.transfer_id <> '') AS transfer_ids,
			(SELECT count(*) FROM audit_events a WHERE a.subject = ANY (SELECT 'offer:' || id FROM r) AND a.action = 'payout.released') AS released,
			(SELECT count(*) FROM audit_events a WHERE a.subject = ANY (SELECT 'offer:' || id FROM r) AND a.action = 'payout.transferred') AS transferred,
			(SELECT count(*) FROM r WHERE r.offer_status = 'completed') AS completed`, tag); err != nil {
		return err
	}
	if c.Releases != want || c.Paid != want || c.Released != want || c.Transferred != want || c.Completed != want {
		return fmt.Errorf("round %d: want %d of each, got %+v", round, want, c)
	}
	n, brk, err := db.VerifyAudit(ctx)
	if err != nil {
		return err
	}
	if brk != nil {
		return fmt.Errorf("round %d: the audit chain breaks at row %d: %s", round, brk.ID, brk.Reason)
	}
	fmt.Printf("    checked: ledger holds, %d releases paid once each (%d transfer ids), %d+%d audit entries (chain of %d holds), %d offers completed\n",
		c.Releases, c.TransferIDs, c.Released, c.Transferred, n, c.Completed)
	return nil
}

type stats struct{ commits, written int64 }

// dbStats reads the database's commits and rows written so far.
func dbStats(ctx context.Context, db *store.DB) (stats, error) {
	var s stats
	err := db.SQL().QueryRowContext(ctx, `SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database
		WHERE datname = current_database()`).Scan(&s.commits, &s.written)
	return s, err
}
