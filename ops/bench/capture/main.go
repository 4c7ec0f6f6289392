// Command capture measures what the capture of campaign posts adds to the
// analytics sync: -accounts accounts (the four platforms in turn, each last
// synced yesterday) synced by the sync task's handler in this process
// (connector calls over HTTP to the sandbox, which stands for the platforms
// and runs in a process of its own, and the handler's Postgres statements),
// in batches as the tick makes them, with -concurrency batches at once; once
// with every account's creator holding an accepted offer on a live campaign
// and a tagged post to capture, once with those offers declined (nothing to
// capture: the sync as before). The two alternate in -rounds rounds (the
// machine is shared: a ratio of neighbours is steadier than one of distant
// runs). For each round it prints the times and the CPU time of each side:
// ours (this process, the worker's handler, and the Postgres backends of
// the bench database) and the stand-in's (the sandbox process, whose CPU is
// the platforms' and not the product's), with the old combined figure (this
// process and the sandbox, Postgres not counted); then the medians. The
// goal : capture adds at most 20 % to our CPU.
//
// -cpuprofile FILE writes a CPU profile of this process during the first
// round's 'with' arm to FILE and of its 'without' arm to FILE.without
// (compare with go tool pprof -diff_base FILE.without FILE).
//
// It needs Postgres on this machine (as ops/services.sh provides).
//
//	go run ./ops/bench/capture [-accounts 10000] [-concurrency 8] [-batch 50] [-rounds 3] [-share 100] [-cpuprofile FILE]
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"runtime/pprof"
	"strings"
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
	cpuprofile  = flag.String("cpuprofile", "", "write a CPU profile of the first round's 'with' arm here (and of its 'without' arm to FILE.without)")
)

// sandboxChild, set in the environment, makes the program the sandbox's
// process: it serves the sandbox on a loopback port, prints the address on
// its first line of output and serves until its input closes.
const sandboxChild = "CAPTURE_BENCH_SANDBOX"

func main() {
	if os.Getenv(sandboxChild) != "" {
		serveSandbox()
		return
	}
	benchkit.Main("bench", run)
}

func serveSandbox() {
	sb := sandbox.New()
	sb.AccessTTL = 24 * time.Hour
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		os.Exit(1)
	}
	fmt.Println(l.Addr().String())
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); os.Exit(0) }()
	_ = http.Serve(l, sb.Handler())
}

// startSandbox runs this program again as the sandbox's process and returns
// its URL and process; closing its input (the returned stop) ends it.
func startSandbox() (string, *os.Process, func(), error) {
	self, err := os.Executable()
	if err != nil {
		return "", nil, nil, err
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), sandboxChild+"=1")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return "", nil, nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, nil, err
	}
	stop := func() { in.Close(); _ = cmd.Wait() }
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return "", nil, nil, fmt.Errorf("sandbox process: %w", err)
	}
	return "http://" + strings.TrimSpace(addr), cmd.Process, stop, nil
}

// cost is the CPU time of one arm: ours (this process: the worker's
// handler and its HTTP client; the Postgres backends of the bench
// database) and the sandbox process's (the platforms' stand-in).
type cost struct {
	took, worker, postgres, sandbox time.Duration
	gone                            int // backends that ended during the arm (their CPU is missing)
}

func (c cost) ours() time.Duration     { return c.worker + c.postgres }
func (c cost) combined() time.Duration { return c.worker + c.sandbox } // the old figure: one process, Postgres not counted

func run(ctx context.Context) error {
	db, dbURL, err := benchkit.ScratchDB(ctx, "creatorcoach_bench_capture")
	if err != nil {
		return err
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		return err
	}
	dbName := strings.TrimPrefix(u.Path, "/") // with BENCH_DB_SUFFIX
	// Backends live as long as their connections: none closes while
	// measuring, so their CPU is all read.
	db.SQL().SetConnMaxIdleTime(0)
	db.SQL().SetConnMaxLifetime(0)
	base, proc, stop, err := startSandbox()
	if err != nil {
		return err
	}
	defer stop()
	cfg := social.Config{Platforms: social.SandboxEndpoints(base), RedirectBase: base + "/callback/", Timeout: 30 * time.Second, Now: time.Now}
	conns := cfg.Connectors()
	t0 := time.Now()
	tag, err := fill(ctx, db, conns, base, cfg.RedirectBase, *accounts)
	if err != nil {
		return fmt.Errorf("fill: %w", err)
	}
	fmt.Printf("filled %d accounts, their creators on campaign #%s with a tagged post each, in %s\n", *accounts, tag, time.Since(t0).Round(time.Millisecond))
	h := &jobs.Handler{Store: db, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Social: &jobs.Syncer{Connectors: conns, Sealer: social.DevSealer(), HistoryDays: 90, Interval: 6 * time.Hour}}
	fmt.Printf("== analytics sync of %d accounts, batches of %d, %d at once, %d rounds; 'with': %d%% of the creators have an accepted offer; load average %s\n",
		*accounts, *batch, *concurrency, *rounds, *share, benchkit.LoadAvg())
	// A warm-up of each arm, not measured: the fill stores no daily readings, demographics or posts, so the
	// statistics (and the plans the pool's connections cache, generic under the store's session settings)
	// would take those tables for empty, and the first rounds would pay for seq scans no running system makes.
	// Then the statistics are taken anew and the pool's connections replaced, so every measured arm plans with them.
	for _, with := range []bool{true, false} {
		if _, err := measure(ctx, db, dbName, h, proc.Pid, with, ""); err != nil {
			return fmt.Errorf("warm-up: %w", err)
		}
	}
	if _, err := db.SQL().ExecContext(ctx, `VACUUM ANALYZE`); err != nil {
		return err
	}
	db.SQL().SetMaxIdleConns(0)
	db.SQL().SetMaxIdleConns(db.SQL().Stats().MaxOpenConnections)
	ratio := func(c map[bool]cost, f func(cost) time.Duration) float64 {
		return f(c[true]).Seconds() / f(c[false]).Seconds()
	}
	figures := map[string][]float64{}
	for round := 1; round <= *rounds; round++ {
		c := map[bool]cost{}
		order := []bool{false, true}
		if round%2 == 0 {
			order = []bool{true, false}
		}
		for _, with := range order {
			profile := ""
			if round == 1 && *cpuprofile != "" {
				if profile = *cpuprofile; !with {
					profile += ".without"
				}
			}
			if c[with], err = measure(ctx, db, dbName, h, proc.Pid, with, profile); err != nil {
				return err
			}
		}
		var captured int
		if err := db.SQL().GetContext(ctx, &captured, `SELECT count(*) FROM campaign_posts`); err != nil {
			return err
		}
		n := float64(*accounts)
		for name, f := range map[string]func(cost) time.Duration{"time": func(c cost) time.Duration { return c.took },
			"ours": cost.ours, "worker": func(c cost) time.Duration { return c.worker }, "postgres": func(c cost) time.Duration { return c.postgres },
			"sandbox": func(c cost) time.Duration { return c.sandbox }, "combined": cost.combined} {
			figures[name] = append(figures[name], ratio(c, f))
		}
		ms := func(d time.Duration) string { return d.Round(time.Millisecond).String() }
		fmt.Printf("  round %d (load average %s): without offers %5.0f accounts/s (%s), with offers %5.0f accounts/s (%s); time with/without %.3f; %d posts captured\n",
			round, benchkit.LoadAvg(), n/c[false].took.Seconds(), ms(c[false].took), n/c[true].took.Seconds(), ms(c[true].took), ratio(c, func(c cost) time.Duration { return c.took }), captured)
		fmt.Printf("           our CPU (worker process + the bench database's Postgres backends): without %s (%s + %s), with %s (%s + %s); with/without %.3f\n",
			ms(c[false].ours()), ms(c[false].worker), ms(c[false].postgres), ms(c[true].ours()), ms(c[true].worker), ms(c[true].postgres), ratio(c, cost.ours))
		fmt.Printf("           the sandbox's CPU (the platforms' stand-in, not ours): without %s, with %s; with/without %.3f\n",
			ms(c[false].sandbox), ms(c[true].sandbox), ratio(c, func(c cost) time.Duration { return c.sandbox }))
		fmt.Printf("           old combined figure (worker and sandbox, Postgres not counted): without %s, with %s; with/without %.3f\n",
			ms(c[false].combined()), ms(c[true].combined()), ratio(c, cost.combined))
		if g := c[false].gone + c[true].gone; g > 0 {
			fmt.Printf("           (%d Postgres backends ended during the arms: their CPU is not counted)\n", g)
		}
	}
	med := func(k string) float64 { return benchkit.Median(figures[k]) }
	fmt.Printf("  medians with/without: our CPU %.3f (capture adds %+.1f %%; goal ≤ +20 %%): worker %.3f, Postgres %.3f\n",
		med("ours"), (med("ours")-1)*100, med("worker"), med("postgres"))
	fmt.Printf("                        sandbox CPU %.3f; old combined CPU %.3f; time %.3f (the time swings with the machine's other load)\n",
		med("sandbox"), med("combined"), med("time"))
	return nil
}

// measure runs one arm (syncAll) and reads what it cost; with profile set,
// it writes this process's CPU profile of the arm there.
func measure(ctx context.Context, db *store.DB, dbName string, h *jobs.Handler, sandboxPid int, with bool, profile string) (cost, error) {
	if err := setOffers(ctx, db, with); err != nil {
		return cost{}, err
	}
	batches, err := tickBatches(ctx, db)
	if err != nil {
		return cost{}, err
	}
	pg0, err := benchkit.DatabaseBackends(ctx, db.SQL().DB, dbName)
	if err != nil {
		return cost{}, err
	}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return cost{}, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return cost{}, err
		}
	}
	w0, s0 := cpuTime(), benchkit.ProcCPU(sandboxPid)
	d, err := syncAll(ctx, h, batches)
	w1, s1 := cpuTime(), benchkit.ProcCPU(sandboxPid)
	if profile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return cost{}, err
	}
	pg1, err := benchkit.DatabaseBackends(ctx, db.SQL().DB, dbName)
	if err != nil {
		return cost{}, err
	}
	pg, gone := pg1.Since(pg0)
	if len(pg1) == 0 {
		return cost{}, fmt.Errorf("no Postgres backend of %s seen: is Postgres on this machine?", dbName)
	}
	return cost{took: d, worker: w1 - w0, postgres: pg, sandbox: s1 - s0, gone: gone}, nil
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
func fill(ctx context.Context, db *store.DB, conns map[string]social.Connector, base, redirect string, n int) (string, error) {
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
	published := time.Now().UTC().Add(-48 * time.Hour).Format(time.RFC3339)
	codes := sandbox.New() // codes are signed, not kept: the sandbox process takes the ones signed here
	if _, err := benchkit.Parallel(32, n, func(i int) error {
		p, handle := social.Platforms[i%4], fmt.Sprintf("bench_%d", i)
		t, err := conns[p].Exchange(ctx, codes.Code(p, handle, redirect+p, ""), "")
		if err != nil {
			return err
		}
		toks[i] = tok{platform: p, t: t}
		body, _ := json.Marshal(map[string]string{"handle": handle, "caption": "New drop, cosy as ever #" + c.TrackingTag, "publishedAt": published})
		res, err := http.Post(base+"/"+p+"/posts", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			return fmt.Errorf("publish on %s: status %d", p, res.StatusCode)
		}
		return nil
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

// setOffers accepts the offers of -share percent of the creators when
// with (declines them all otherwise) and makes every account last synced
// yesterday.
func setOffers(ctx context.Context, db *store.DB, with bool) error {
	if _, err := db.SQL().ExecContext(ctx, `UPDATE roster_entries SET offer_status = CASE WHEN $1 AND rank % 100 < $2 THEN 'accepted'
		ELSE 'declined' END`, with, *share); err != nil {
		return err
	}
	_, err := db.SQL().ExecContext(ctx, `UPDATE social_accounts SET last_synced_at = now() - interval '1 day', status = 'connected'`)
	return err
}

// tickBatches are the sync tasks' payloads as the tick makes them: up to
// -batch accounts of one platform each.
func tickBatches(ctx context.Context, db *store.DB) ([][]byte, error) {
	var accts []struct{ ID, Platform string }
	if err := db.SQL().SelectContext(ctx, &accts, `SELECT id, platform FROM social_accounts ORDER BY platform, id`); err != nil {
		return nil, err
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
	return batches, nil
}

// syncAll runs the sync handler on batches, -concurrency at once.
func syncAll(ctx context.Context, h *jobs.Handler, batches [][]byte) (time.Duration, error) {
	t0 := time.Now()
	failed, err := benchkit.Parallel(*concurrency, len(batches), func(i int) error {
		return h.HandleSocialSync(ctx, asynq.NewTask(jobs.TypeSocialSync, batches[i]))
	})
	if failed > 0 {
		return 0, fmt.Errorf("%d sync batches failed: %w", failed, err)
	}
	return time.Since(t0), nil
}
