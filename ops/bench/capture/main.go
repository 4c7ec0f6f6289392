// Command capture measures what the capture of campaign posts adds to the
// analytics sync: -accounts accounts (the four platforms in turn, each last
// synced yesterday) synced by the sync task's handler in this process
// (connector calls to an in-process sandbox over HTTP, and the handler's
// Postgres statements), in batches as the tick makes them, with
// -concurrency batches at once; once with every account's creator holding
// an accepted offer on a live campaign and a tagged post to capture, once
// with those offers declined (nothing to capture: the sync as before). The
// two alternate in -rounds rounds (the machine is shared: a ratio of
// neighbours is steadier than one of distant runs); it prints each round and
// the median ratio with/without, and the same for this process's CPU time
// (less swayed by the machine's other load; Postgres is not in it). The
// goal : capture adds at most 20 %.
//
// It needs Postgres (as ops/services.sh provides).
//
//	go run ./ops/bench/capture [-accounts 10000] [-concurrency 8] [-batch 50] [-rounds 3] [-share 100]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	accounts    = flag.Int("accounts", 10000, "accounts to sync")
	concurrency = flag.Int("concurrency", 8, "sync batches at once (the worker's LOW_CONCURRENCY)")
	batch       = flag.Int("batch", jobs.SyncBatch, "accounts per sync task, as the tick batches them")
	rounds      = flag.Int("rounds", 3, "rounds of (without, with) offers; the median ratio is reported")
	share       = flag.Int("share", 100, "percent of the creators with an accepted offer in the 'with' arm")
)

func main() { benchkit.Main("bench", run) }

func run(ctx context.Context) error {
	db, _, err := benchkit.ScratchDB(ctx, "creatorcoach_bench_capture")
	if err != nil {
		return err
	}
	sb := sandbox.New()
	sb.AccessTTL = 24 * time.Hour
	srv := httptest.NewServer(sb.Handler())
	defer srv.Close()
	cfg := social.Config{Platforms: social.SandboxEndpoints(srv.URL), RedirectBase: srv.URL + "/callback/", Timeout: 30 * time.Second, Now: time.Now}
	conns := cfg.Connectors()
	t0 := time.Now()
	tag, err := fill(ctx, db, conns, sb, cfg.RedirectBase, *accounts)
	if err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	fmt.Printf("filled %d accounts, their creators on campaign #%s with a tagged post each, in %s\n", *accounts, tag, time.Since(t0).Round(time.Millisecond))
	h := &jobs.Handler{Store: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Social: &jobs.Syncer{Connectors: conns, Sealer: social.DevSealer(), HistoryDays: 90, Interval: 6 * time.Hour}}
	fmt.Printf("== analytics sync of %d accounts, batches of %d, %d at once, %d rounds; 'with': %d%% of the creators have an accepted offer\n",
		*accounts, *batch, *concurrency, *rounds, *share)
	var ratios, cpuRatios []float64
	for round := 1; round <= *rounds; round++ {
		took, cpu := map[bool]time.Duration{}, map[bool]time.Duration{}
		order := []bool{false, true}
		if round%2 == 0 {
			order = []bool{true, false}
		}
		for _, with := range order {
			c0 := cpuTime()
			d, err := syncAll(ctx, db, h, with)
			if err != nil {
				return err
			}
			took[with], cpu[with] = d, cpuTime()-c0
		}
		var captured int
		if err := db.SQL().GetContext(ctx, &captured, `SELECT count(*) FROM campaign_posts`); err != nil {
			return err
		}
		n := float64(*accounts)
		ratios = append(ratios, took[true].Seconds()/took[false].Seconds())
		cpuRatios = append(cpuRatios, cpu[true].Seconds()/cpu[false].Seconds())
		fmt.Printf("  round %d: without offers %5.0f accounts/s (%s), with offers %5.0f accounts/s (%s); with/without %.3f; %d posts captured\n",
			round, n/took[false].Seconds(), took[false].Round(time.Millisecond), n/took[true].Seconds(), took[true].Round(time.Millisecond),
			ratios[len(ratios)-1], captured)
		fmt.Printf("           this process's CPU (worker and sandbox; Postgres not counted): without %s, with %s; with/without %.3f\n",
			cpu[false].Round(time.Millisecond), cpu[true].Round(time.Millisecond), cpuRatios[len(cpuRatios)-1])
	}
	fmt.Printf("  median with/without %.3f (capture adds %+.1f %%; goal ≤ +20 %%)\n", benchkit.Median(ratios), (benchkit.Median(ratios)-1)*100)
	fmt.Printf("  median CPU with/without %.3f (steadier than the time on a shared machine, but without Postgres)\n", benchkit.Median(cpuRatios))
	return nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fill makes n accounts (four per creator, the platforms in turn) with
// sandbox tokens, last synced yesterday; a brand whose active campaign runs
// from 5 days ago to 25 days ahead; each creator on its roster (declined
// for now); and for each account a post carrying the campaign's tag,
// published two days ago. It returns the tag.
func fill(ctx context.Context, db *store.DB, conns map[string]social.Connector, sb *sandbox.Server, redirect string, n int) (string, error) {
	users := (n + 3) / 4
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO users (email, name, password_hash, role, email_verified_at)
		SELECT 'bench' || g || '@example.com', 'Bench ' || g, 'x', 'USER', now() FROM generate_series(1, $1) g`, users); err != nil {
		return "", err
	}
	var ids []string
	if err := db.SQL().SelectContext(ctx, &ids, `SELECT id FROM users ORDER BY email`); err != nil {
		return "", err
	}
	brand, err := db.SaveAccount(ctx, store.AccountSpec{Email: "brand@bench.io", Password: benchkit.Password, Role: store.RoleBrandAdmin, BrandName: "Acme"})
	if err != nil {
		return "", err
	}
	var in store.Campaign
	start := time.Now().UTC().AddDate(0, 0, 2).Format(time.DateOnly)
	if err := json.Unmarshal([]byte(fmt.Sprintf(`{"campaignName": "Winter Warmup", "goals": ["Brand awareness"], "budget": 50000,
		"duration": {"startDate": %q, "endDate": "2099-12-31"}, "demographics": {"ageRange": {"start": 18, "end": 35}, "gender": "All"},
		"contentVibes": ["Cosy"], "terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"}, "status": "active"}`, start)), &in); err != nil {
		return "", err
	}
	c, err := db.CreateCampaign(ctx, brand, in)
	if err != nil {
		return "", err
	}
	if _, err := db.SQL().ExecContext(ctx, `UPDATE campaigns SET start_date = current_date - 5, end_date = current_date + 25 WHERE id = $1`, c.ID); err != nil {
		return "", err
	}
	if _, err := db.SQL().ExecContext(ctx, `WITH cr AS (
			INSERT INTO creators (identity, user_id, name, email, niche, location)
			SELECT 'email:' || u.email, u.id, u.name, u.email, 'Fitness & Health', 'Berlin' FROM users u WHERE u.role = 'USER'
			RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
		SELECT $1, cr.id, row_number() OVER (), 80, '[]', 'instagram', 500, 500, 'declined' FROM cr`, c.ID); err != nil {
		return "", err
	}
	type tok struct {
		platform string
		t        social.Token
	}
	toks := make([]tok, n)
	published := time.Now().UTC().Add(-48 * time.Hour)
	if _, err := benchkit.Parallel(32, n, func(i int) error {
		p, handle := social.Platforms[i%4], fmt.Sprintf("bench_%d", i)
		t, err := conns[p].Exchange(ctx, sb.Code(p, handle, redirect+p, ""), "")
		toks[i] = tok{platform: p, t: t}
		sb.Publish(p, handle, "New drop, cosy as ever #"+c.TrackingTag, published)
		return err
	}); err != nil {
		return "", err
	}
	sealer := social.DevSealer()
	userIDs, platforms, access, refresh, scopes := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	expires := make([]time.Time, n)
	for i, t := range toks {
		userIDs[i], platforms[i], scopes[i], expires[i] = ids[i/4], t.platform, t.t.Scopes, t.t.Expiry
		access[i], _ = sealer.Seal(t.t.Access)
		refresh[i], _ = sealer.Seal(t.t.Refresh)
	}
	_, err = db.SQL().ExecContext(ctx, `WITH a AS (
			INSERT INTO social_accounts (user_id, platform, username, last_synced_at)
			SELECT u::uuid, p, 'bench', now() - interval '1 day' FROM unnest($1::text[], $2::text[]) WITH ORDINALITY t (u, p, i) ORDER BY i
			RETURNING id, user_id, platform)
		INSERT INTO social_tokens (account_id, access_token, refresh_token, scopes, issued_at, expires_at)
		SELECT a.id, t.a, t.r, t.s, now(), t.e FROM a JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) t (u, p, a, r, s, e)
			ON a.user_id = t.u::uuid AND a.platform = t.p`, pq.Array(userIDs), pq.Array(platforms), pq.Array(access), pq.Array(refresh),
		pq.Array(scopes), pq.Array(expires))
	if err != nil {
		return "", err
	}
	_, err = db.SQL().ExecContext(ctx, `VACUUM ANALYZE`)
	return c.TrackingTag, err
}

// syncAll sets the offers (accepted for -share percent of the creators when
// with, all declined otherwise), makes every account last synced yesterday
// and runs the sync handler on the tick's batches, -concurrency at once.
func syncAll(ctx context.Context, db *store.DB, h *jobs.Handler, with bool) (time.Duration, error) {
	if _, err := db.SQL().ExecContext(ctx, `UPDATE roster_entries SET offer_status = CASE WHEN $1 AND rank % 100 < $2 THEN 'accepted'
		ELSE 'declined' END`, with, *share); err != nil {
		return 0, err
	}
	if _, err := db.SQL().ExecContext(ctx, `UPDATE social_accounts SET last_synced_at = now() - interval '1 day', status = 'connected'`); err != nil {
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
	t0 := time.Now()
	failed, err := benchkit.Parallel(*concurrency, len(batches), func(i int) error {
		return h.HandleSocialSync(ctx, asynq.NewTask(jobs.TypeSocialSync, batches[i]))
	})
	if failed > 0 {
		return 0, fmt.Errorf("%d sync batches failed: %w", failed, err)
	}
	return time.Since(t0), nil
}
