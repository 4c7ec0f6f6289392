// Command social measures the social analytics against baselines measured in
// the same run (the machines are shared and noisy; compare ratios):
//
//   - sync: -accounts accounts (spread over the four platforms, each last
//     synced yesterday) synced by the real worker binary through asynq
//     against the sandbox (the api binary's /sandbox), next to the same connector calls made directly in
//     this process with as many goroutines as the worker runs tasks at once
//     (-concurrency, passed to it as LOW_CONCURRENCY: syncs run on the low
//     queue's server), in -sync-runs
//     alternating rounds; it reports both rates of each round, the median
//     ratio, the worker's peak RSS and the load average.
//   - engagement: GET /api/accounts/engagement?days=365 for a creator with a
//     year of daily history on four platforms, next to a bare chi handler
//     running the same SQL, and pgbench (benchkit.Compare).
//
// It needs Postgres, Redis (as ops/services.sh provides) and pgbench.
//
// With -latency, both the pool and the direct calls reach the sandbox through
// a proxy that waits that long before each call, as a real platform answers
// in tens or hundreds of milliseconds: the pool's rate then shows whether it
// keeps -concurrency calls in flight, where without it it shows the CPU each
// sync costs besides its calls.
//
//	go run ./ops/bench/social [-accounts 10000] [-concurrency 20] [-duration 5s] [-conns 8] [-runs 3] [-sync-runs 3] [-latency 0] [-skip-sync | -sync-only]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	accounts    = flag.Int("accounts", 10000, "accounts to sync")
	concurrency = flag.Int("concurrency", 20, "worker concurrency, and goroutines of the direct baseline")
	m           = benchkit.MeasureFlags("engagement measurement", "runs", 3)
	skipSync    = flag.Bool("skip-sync", false, "measure only the engagement call")
	syncOnly    = flag.Bool("sync-only", false, "measure only the sync")
	syncRuns    = flag.Int("sync-runs", 3, "sync rounds (direct, then pool); the median ratio is reported")
	poll        = flag.Duration("poll", time.Second, "the worker's WORKER_POLL_INTERVAL (asynq looks at empty queues every 0.5-1.5 × it)")
	batch       = flag.Int("batch", jobs.SyncBatch, "accounts per sync task, as the tick batches them")
	latency     = flag.Duration("latency", 0, "answer time added to every platform call (a proxy in front of the sandbox), as a real platform's; 0 = the sandbox's own microseconds")
)

func main() { benchkit.Main("bench", run) }

func run(ctx context.Context) error {
	// A flushed Redis database of this benchmark's own (BENCH_REDIS_DB,
	// default 13): the browser tests' worker serves database 15, and a worker
	// on the same queues would take our tasks.
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_social", Redis: benchkit.RedisDB(benchkit.Env("BENCH_REDIS_DB", "13")),
		Build: []string{"api", "worker"}})
	if err != nil {
		return err
	}
	defer s.Close()
	if !*skipSync {
		if err := benchSync(ctx, s); err != nil {
			return err
		}
	}
	if *syncOnly {
		return nil
	}
	return benchEngagement(ctx, s)
}

type target struct {
	id, platform string
	tok          social.Token
}

// fillAccounts makes n creators' accounts (platforms in turn), with tokens
// from the sandbox, last synced yesterday.
func fillAccounts(ctx context.Context, db *store.DB, conns map[string]social.Connector, sb *sandbox.Server, redirect string, n int) ([]target, error) {
	users := (n + 3) / 4
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO users (email, name, password_hash, role, email_verified_at)
		SELECT 'bench' || g || '@example.com', 'Bench ' || g, 'x', 'USER', now() FROM generate_series(1, $1) g`, users); err != nil {
		return nil, err
	}
	var ids []string
	if err := db.SQL().SelectContext(ctx, &ids, `SELECT id FROM users ORDER BY email`); err != nil {
		return nil, err
	}
	out := make([]target, n)
	if _, err := benchkit.Parallel(32, n, func(i int) error {
		p := social.Platforms[i%4]
		code := sb.Code(p, fmt.Sprintf("bench_%d", i), redirect+p, "")
		tok, err := conns[p].Exchange(ctx, code, "")
		out[i] = target{platform: p, tok: tok}
		return err
	}); err != nil {
		return nil, err
	}
	sealer := social.DevSealer()
	userIDs, platforms, access, refresh, scopes := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	expires := make([]time.Time, n)
	for i, t := range out {
		userIDs[i], platforms[i], scopes[i], expires[i] = ids[i/4], t.platform, t.tok.Scopes, t.tok.Expiry
		access[i], _ = sealer.Seal(t.tok.Access)
		refresh[i], _ = sealer.Seal(t.tok.Refresh)
	}
	var accountIDs []string
	err := db.SQL().SelectContext(ctx, &accountIDs, `WITH a AS (
			INSERT INTO social_accounts (user_id, platform, username, last_synced_at)
			SELECT u::uuid, p, 'bench', now() - interval '1 day' FROM unnest($1::text[], $2::text[]) WITH ORDINALITY t (u, p, i) ORDER BY i
			RETURNING id, user_id, platform)
		INSERT INTO social_tokens (account_id, access_token, refresh_token, scopes, issued_at, expires_at)
		SELECT a.id, t.a, t.r, t.s, now(), t.e FROM a JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) t (u, p, a, r, s, e)
			ON a.user_id = t.u::uuid AND a.platform = t.p
		RETURNING account_id`, pq.Array(userIDs), pq.Array(platforms), pq.Array(access), pq.Array(refresh), pq.Array(scopes), pq.Array(expires))
	if err != nil {
		return nil, err
	}
	return out, nil
}

// benchSync compares the worker pool's syncs with direct connector calls,
// in -sync-runs rounds that alternate the two (the machine is shared, so a
// ratio of neighbours is steadier than one of distant runs); it reports
// every round and the median ratio. Both call the same sandbox, the api
// binary's /sandbox, in a process of its own: like with like, each call
// crosses a process boundary in both.
func benchSync(ctx context.Context, s *benchkit.Stack) error {
	if err := s.StartAPI("SOCIAL_SANDBOX=1"); err != nil {
		return err
	}
	sb := sandbox.New() // mints the codes; the api's sandbox checks them (same signing key)
	public := s.URL("")
	if *latency > 0 {
		addr, stop, err := benchkit.DelayProxy(public, *latency)
		if err != nil {
			return err
		}
		defer stop()
		public = "http://" + addr
	}
	cfg := social.Config{Platforms: social.SandboxEndpoints(public + "/sandbox"), RedirectBase: public + "/api/accounts/callback/",
		Timeout: 15 * time.Second, Now: time.Now}
	conns := cfg.Connectors()
	t0 := time.Now()
	targets, err := fillAccounts(ctx, s.DB, conns, sb, cfg.RedirectBase, *accounts)
	if err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	fmt.Printf("filled %d accounts with sandbox tokens in %s\n", len(targets), time.Since(t0).Round(time.Millisecond))
	// The worker pool: the real worker binary, fed by the tick's statement.
	worker, err := s.StartWorker("PUBLIC_URL="+public, "SOCIAL_SANDBOX=1", "WORKER_POLL_INTERVAL="+poll.String(),
		fmt.Sprintf("LOW_CONCURRENCY=%d", *concurrency), "SOCIAL_BUDGET_INSTAGRAM=100000000", "SOCIAL_BUDGET_YOUTUBE=100000000",
		"SOCIAL_BUDGET_TIKTOK=100000000", "SOCIAL_BUDGET_LINKEDIN=100000000")
	if err != nil {
		return err
	}
	defer worker.Stop()
	n := float64(len(targets))
	var ratios, busyRatios []float64
	var calls int64
	opt, _ := redis.ParseURL(s.RedisURL)
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	fmt.Printf("== analytics sync of %d accounts, concurrency %d (worker tasks at once = direct goroutines), %d rounds, %s added to each platform call\n",
		len(targets), *concurrency, *syncRuns, *latency)
	for round := 1; round <= *syncRuns; round++ {
		cpu0 := benchkit.CPUByCommand()
		direct, c, err := syncDirect(ctx, conns, targets)
		if err != nil {
			return err
		}
		calls = c
		cpu1 := benchkit.CPUByCommand()
		handler, err := syncHandler(ctx, s.DB, conns)
		if err != nil {
			return err
		}
		cpu2 := benchkit.CPUByCommand()
		pool, err := syncPool(ctx, s.DB, rdb, len(targets), worker)
		if err != nil {
			return err
		}
		cpu3 := benchkit.CPUByCommand()
		busy := pool.total - pool.pickup
		ratios = append(ratios, direct.Seconds()/pool.total.Seconds())
		busyRatios = append(busyRatios, direct.Seconds()/busy.Seconds())
		fmt.Printf("  round %d: worker pool %4.0f accounts/s (%s; first task after %s, %4.0f accounts/s from then), direct %4.0f accounts/s (%s),\n"+
			"    pool/direct %.2f (from the first task %.2f); handler in-process %4.0f accounts/s\n",
			round, n/pool.total.Seconds(), pool.total.Round(time.Millisecond), pool.pickup.Round(time.Millisecond), n/busy.Seconds(),
			n/direct.Seconds(), direct.Round(time.Millisecond), ratios[len(ratios)-1], busyRatios[len(busyRatios)-1], n/handler.Seconds())
		fmt.Printf("    CPU ms per account: direct %s; handler %s; pool %s\n", benchkit.CPUPer(cpu0, cpu1, n), benchkit.CPUPer(cpu1, cpu2, n), benchkit.CPUPer(cpu2, cpu3, n))
	}
	fmt.Printf("  %d platform calls a round; pool/direct median %.2f, from the first task %.2f; worker peak RSS %d MB; load %s\n",
		calls, benchkit.Median(ratios), benchkit.Median(busyRatios), worker.PeakRSSKB()/1024, benchkit.LoadAvg())
	return nil
}

// resetSynced makes every account last synced yesterday, so each round
// fetches the same window.
func resetSynced(ctx context.Context, db *store.DB) error {
	_, err := db.SQL().ExecContext(ctx, `UPDATE social_accounts SET last_synced_at = now() - interval '1 day', status = 'connected'`)
	return err
}

// syncDirect makes the sync's connector calls (refresh check, then fetch
// from the day before yesterday) in this process with -concurrency goroutines.
func syncDirect(ctx context.Context, conns map[string]social.Connector, targets []target) (time.Duration, int64, error) {
	since := time.Now().UTC().AddDate(0, 0, -2)
	t0 := time.Now()
	var calls atomic.Int64
	failed, _ := benchkit.Parallel(*concurrency, len(targets), func(i int) error {
		t := targets[i]
		tok, _, err := conns[t.platform].Refresh(ctx, t.tok)
		if err == nil {
			_, err = conns[t.platform].Fetch(ctx, tok, since, func() { calls.Add(1) })
		}
		return err
	})
	if failed > 0 {
		return 0, 0, fmt.Errorf("%d direct syncs failed", failed)
	}
	return time.Since(t0), calls.Load(), nil
}

// syncHandler runs the sync task's handler on the tick's batches (connector
// calls and its Postgres statements, without asynq, the relay and the
// outbox) in this process with -concurrency goroutines: where between the
// direct calls and the pool the time goes.
func syncHandler(ctx context.Context, db *store.DB, conns map[string]social.Connector) (time.Duration, error) {
	if err := resetSynced(ctx, db); err != nil {
		return 0, err
	}
	var accts []struct{ ID, Platform string }
	if err := db.SQL().SelectContext(ctx, &accts, `SELECT id, platform FROM social_accounts ORDER BY platform, id`); err != nil {
		return 0, err
	}
	var batches [][]byte
	since := time.Now().UTC()
	for i := 0; i < len(accts); {
		j := i
		for j < len(accts) && j-i < *batch && accts[j].Platform == accts[i].Platform {
			j++
		}
		p := jobs.SocialSyncPayload{Since: &since}
		for _, a := range accts[i:j] {
			p.AccountIDs = append(p.AccountIDs, a.ID)
		}
		b, _ := json.Marshal(p)
		batches, i = append(batches, b), j
	}
	h := &jobs.Handler{Store: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Social: &jobs.Syncer{Connectors: conns, Sealer: social.DevSealer(), HistoryDays: 90, Interval: 6 * time.Hour}}
	t0 := time.Now()
	failed, _ := benchkit.Parallel(*concurrency, len(batches), func(i int) error {
		return h.HandleSocialSync(ctx, asynq.NewTask(jobs.TypeSocialSync, batches[i]))
	})
	if failed > 0 {
		return 0, fmt.Errorf("%d in-process batches failed", failed)
	}
	return time.Since(t0), nil
}

// poolRound is how long the worker pool took to sync every account, from
// the tick's statement to the last account stored, and after how long its
// first task started (asynq's processor, finding its queues empty, sleeps
// 0.5–1.5 × WORKER_POLL_INTERVAL before it looks again).
type poolRound struct{ total, pickup time.Duration }

// syncPool queues a sync of every account as the tick does and waits for
// the worker to finish them all, watching for the first task to start.
func syncPool(ctx context.Context, db *store.DB, rdb *redis.Client, total int, worker *benchkit.Worker) (poolRound, error) {
	if err := resetSynced(ctx, db); err != nil {
		return poolRound{}, err
	}
	time.Sleep(1100 * time.Millisecond) // the task keys carry the second: a new one for this round
	t0 := time.Now()
	if _, err := db.EnqueueSocialSyncs(ctx, jobs.TypeSocialSync, jobs.QueueLow, t0.UTC(), time.Millisecond, *batch); err != nil {
		return poolRound{}, err
	}
	var r poolRound
	for r.pickup == 0 && time.Since(t0) < time.Minute { // asynq keeps the running tasks of queue low in this list
		if n, err := rdb.LLen(ctx, "asynq:{"+jobs.QueueLow+"}:active").Result(); err == nil && n > 0 {
			r.pickup = time.Since(t0)
		}
		time.Sleep(2 * time.Millisecond)
	}
	for {
		var done int
		if err := db.SQL().GetContext(ctx, &done, `SELECT count(*) FROM social_accounts WHERE last_synced_at >= $1`, t0); err != nil {
			return poolRound{}, err
		}
		if done >= total {
			r.total = time.Since(t0)
			return r, nil
		}
		if time.Since(t0) > 30*time.Minute {
			return poolRound{}, fmt.Errorf("only %d of %d accounts synced", done, total)
		}
		if !worker.Running() {
			return poolRound{}, fmt.Errorf("the worker stopped")
		}
		time.Sleep(50 * time.Millisecond) // each look scans the accounts: not so often that it slows the pool
	}
}

// benchEngagement fills a year of history on four platforms for one creator
// and compares the api with the bare handler on the same SQL.
func benchEngagement(ctx context.Context, s *benchkit.Stack) error {
	u, err := s.DB.SaveAccount(ctx, store.AccountSpec{Email: "engagement@example.com", Password: benchkit.Password, Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		return err
	}
	if _, err := s.DB.SQL().ExecContext(ctx, `WITH a AS (
			INSERT INTO social_accounts (user_id, platform, username) SELECT $1, p, 'bench' FROM unnest('{instagram,youtube,tiktok,linkedin}'::text[]) p
			RETURNING id),
		d AS (INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
			SELECT a.id, current_date - g, 10000 + g * 7, 100 + g % 50, 1000 + g % 300, 1500 + g % 400 FROM a, generate_series(0, 364) g)
		INSERT INTO social_demographics (account_id, dimension, bucket, share)
		SELECT a.id, x.d, x.b, x.s FROM a, (VALUES ('age', '18-24', 0.3), ('age', '25-34', 0.5), ('age', '35-44', 0.2),
			('gender', 'female', 0.6), ('gender', 'male', 0.35), ('gender', 'other', 0.05),
			('country', 'US', 0.4), ('country', 'GB', 0.2), ('country', 'IN', 0.15), ('country', 'BR', 0.1), ('country', 'DE', 0.1), ('country', 'CA', 0.05)) x (d, b, s)`,
		u.ID); err != nil {
		return err
	}
	if _, err := s.DB.SQL().ExecContext(ctx, `VACUUM ANALYZE`); err != nil {
		return err
	}
	if err := s.StartAPI(); err != nil {
		return err
	}
	token, err := s.Login("engagement@example.com")
	if err != nil {
		return err
	}
	args := []any{u.ID, "{}", time.Now().UTC().Format(time.DateOnly), 365}
	f, err := s.Compare(ctx, m, "/api/accounts/engagement?days=365", token, args, store.EngagementSQL)
	if err != nil {
		return err
	}
	fmt.Printf("== GET /api/accounts/engagement?days=365, 4 platforms × 365 days (%d connections, %s, median of %d, load from %s)\n",
		m.Conns, m.Duration, m.Runs, benchkit.Loader())
	f.Print(os.Stdout)
	return nil
}
