// Command match benchmarks roster generation over a million creators: the
// roster:generate job (job start to finish, as the jobs table records it)
// run by a fresh worker process per run, and that worker's peak RSS, next
// to the baseline measured in the same run: the prefilter query alone
// (store.Prefilter's SQL, ORDER BY followers DESC LIMIT the candidate
// count) in pgbench, prepared, one client.
//
//	bash -c '. ops/services.sh && go run ./ops/bench/match'
//
// Targets: job <= 3 s and <= 4x the baseline; worker RSS <= 200 MB.
package main

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	creators = flag.Int("creators", 1_000_000, "creators in the network")
	runs     = flag.Int("runs", 5, "roster jobs (and pgbench rounds); medians are reported")
	size     = flag.Int("size", 20, "roster size")
	duration = flag.Duration("d", 5*time.Second, "pgbench duration per round")
	reuse    = flag.Bool("reuse", false, "keep the network a previous run filled (skips the fill of several minutes)")
)

// fill inserts the network with generate_series: 20 niches, 12 cities,
// skewed followings (most Micro and Mid, some Macro), engagement, audience
// gender and age splits (the search index built afterwards, as the
// migration defines it).
const fill = `TRUNCATE creators CASCADE;
DROP INDEX creators_search_idx;
INSERT INTO creators (identity, name, niche, location, instagram_handle, instagram_followers, tiktok_handle, tiktok_followers,
	engagement_rate, audience_male, audience_female, audience_ages)
SELECT 'instagram:c' || g, 'Creator ' || g, n.names[1 + g % 20], (ARRAY['Berlin','London','New York','Austin, TX','Paris','Lagos',
	'Tokyo','São Paulo','Mumbai','Toronto','Sydney','Madrid'])[1 + (g * 31) % 12], 'c' || g,
	1000 + ((g * 7919) % 997) * ((g * 104729) % 1009) * 3, CASE WHEN g % 3 = 0 THEN 'c' || g END,
	CASE WHEN g % 3 = 0 THEN 1000 + ((g * 7907) % 991) * ((g * 104723) % 1013) END,
	((g * 13) % 90) / 10.0 + 0.5, 100 - 15 - (g * 17) % 71, 15 + (g * 17) % 71,
	CASE WHEN g % 10 <> 0 THEN jsonb_build_object('13-17', 5 + g % 10, '18-24', 15 + g % 25, '25-34', 20 + g % 20,
		'35-44', 10 + g % 15, '45-54', 5 + g % 5) END
FROM generate_series(1::bigint, $1) g, (SELECT array_agg(name ORDER BY name) AS names FROM niches) n;
CREATE INDEX creators_search_idx ON creators USING gin (search);`

func main() {
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "match bench:", err)
		os.Exit(1)
	}
}

type bench struct {
	db                         *store.DB
	dbURL, redisURL, bin       string
	apiAddr, token, campaignID string
}

func run(ctx context.Context) error {
	b := &bench{}
	var err error
	if *reuse {
		b.dbURL = benchkit.DatabaseBase() + "/creatorcoach_bench_match?sslmode=disable"
		if b.db, err = store.Open(ctx, b.dbURL); err == nil {
			b.db.OTPSecret, b.db.BcryptCost = []byte("bench"), 4
		}
	} else {
		b.db, b.dbURL, err = benchkit.ScratchDB(ctx, "creatorcoach_bench_match")
	}
	if err != nil {
		return err
	}
	defer b.db.Close()
	b.redisURL = benchkit.ScratchRedis(ctx)
	if b.bin, err = os.MkdirTemp("", "ccmatch"); err != nil {
		return err
	}
	defer os.RemoveAll(b.bin)
	if !*reuse {
		if err := b.fill(ctx); err != nil {
			return err
		}
	}
	if err := benchkit.Build(b.bin, "api", "worker"); err != nil {
		return err
	}
	addr, stopAPI, err := benchkit.StartAPI(filepath.Join(b.bin, "api"), b.env())
	if err != nil {
		return err
	}
	defer stopAPI()
	b.apiAddr = addr
	if err := b.campaign(ctx); err != nil {
		return err
	}
	niche, prefilter, args, err := b.prefilter(ctx)
	if err != nil {
		return err
	}
	var jobs, rss, base []float64
	for i := range *runs {
		took, peak, entries, err := b.generate(ctx, niche)
		if err != nil {
			return err
		}
		ms, err := b.baseline(prefilter, args)
		if err != nil {
			return err
		}
		fmt.Printf("run %d: job %.0f ms (%d entries), worker peak RSS %.0f MB; prefilter in pgbench %.1f ms\n", i+1, took, entries, peak, ms)
		jobs, rss, base = append(jobs, took), append(rss, peak), append(base, ms)
	}
	job, ref := benchkit.Median(jobs), benchkit.Median(base)
	fmt.Printf("roster generation over %d creators (median of %d):\n", *creators, *runs)
	fmt.Printf("  job %.0f ms (target <= 3000 ms); prefilter alone %.1f ms; ratio %.2f (target <= 4.00)\n", job, ref, job/ref)
	fmt.Printf("  worker peak RSS %.0f MB (target <= 200 MB)\n", benchkit.Median(rss))
	return nil
}

// fill makes the network and analyzes it.
func (b *bench) fill(ctx context.Context) error {
	t0 := time.Now()
	if _, err := b.db.SQL().ExecContext(ctx, strings.Replace(fill, "$1", strconv.Itoa(*creators), 1)); err != nil {
		return fmt.Errorf("fill creators: %w", err)
	}
	if _, err := b.db.SQL().ExecContext(ctx, `VACUUM ANALYZE creators`); err != nil {
		return fmt.Errorf("vacuum creators: %w", err)
	}
	fmt.Printf("network: %d creators in %.0f s\n", *creators, time.Since(t0).Seconds())
	return nil
}

func (b *bench) env() []string {
	return append(os.Environ(), "DATABASE_URL="+b.dbURL, "REDIS_URL="+b.redisURL, "DATA_DIR="+filepath.Join(b.bin, "data"),
		"OTP_SECRET=bench", "BCRYPT_COST=4", "WORKER_POLL_INTERVAL=50ms")
}

// campaign makes the brand, its admin's token and the campaign to staff.
func (b *bench) campaign(ctx context.Context) error {
	u, err := b.db.SaveAccount(ctx, store.AccountSpec{Email: "brand@bench.io", Password: "Bench#2026!x", Role: store.RoleBrandAdmin, BrandName: "Bench"})
	if err != nil {
		return err
	}
	if b.token, err = benchkit.Login(b.apiAddr, "brand@bench.io", "Bench#2026!x"); err != nil {
		return err
	}
	start := time.Now().UTC().AddDate(0, 0, 7)
	var c store.Campaign
	raw := fmt.Sprintf(`{"campaignName": "Bench", "goals": ["Sales"], "budget": 20000, "duration": {"startDate": %q, "endDate": %q},
		"demographics": {"ageRange": {"start": 18, "end": 34}, "gender": "Female"}, "contentVibes": ["Fun"],
		"terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"}}`, start.Format(time.DateOnly), start.AddDate(0, 1, 0).Format(time.DateOnly))
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return err
	}
	created, err := b.db.CreateCampaign(ctx, u, c)
	if err != nil {
		return err
	}
	b.campaignID = created.ID
	return nil
}

// prefilter returns the niche id the rosters target and the prefilter
// statement the job runs for this campaign, with its arguments as text.
func (b *bench) prefilter(ctx context.Context) (string, string, []any, error) {
	var id, name string
	if err := b.db.SQL().QueryRowContext(ctx, `SELECT id, lower(name) FROM niches WHERE name = 'Fitness & Health'`).Scan(&id, &name); err != nil {
		return "", "", nil, err
	}
	brief := store.RosterBrief{Niches: []string{name}, Gender: "female", AgeFrom: 18, AgeTo: 34, Budget: 20000, Size: *size}
	q, args := store.NewPrefilter(b.campaignID, brief).SQL()
	for i, a := range args {
		if v, ok := a.(driver.Valuer); ok {
			args[i], _ = v.Value()
		}
	}
	return id, q, args, nil
}

// generate runs one roster job with a fresh worker; it returns the job's
// time in ms, the worker's peak RSS in MB and the roster's entries.
func (b *bench) generate(ctx context.Context, niche string) (float64, float64, int, error) {
	w := exec.Command(filepath.Join(b.bin, "worker"))
	w.Env = b.env()
	w.Stdout, w.Stderr = io.Discard, io.Discard
	if err := w.Start(); err != nil {
		return 0, 0, 0, err
	}
	defer func() { w.Process.Signal(os.Interrupt); w.Wait() }()
	time.Sleep(time.Second) // let it connect and listen
	body := fmt.Sprintf(`{"campaignId": %q, "size": %d, "niches": [%q]}`, b.campaignID, *size, niche)
	req, _ := http.NewRequest("POST", "http://"+b.apiAddr+"/api/campaigns/generate-roaster", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+b.token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, 0, err
	}
	var out struct{ Data struct{ Job store.Job } }
	json.NewDecoder(res.Body).Decode(&out)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		return 0, 0, 0, fmt.Errorf("generate: status %d", res.StatusCode)
	}
	for {
		var status, msg string
		var entries int
		var took float64
		err := b.db.SQL().QueryRowContext(ctx, `SELECT status, error, coalesce((result->>'entries')::int, 0),
			coalesce(extract(epoch FROM finished_at - started_at), 0) FROM jobs WHERE id = $1`, out.Data.Job.ID).Scan(&status, &msg, &entries, &took)
		if err != nil {
			return 0, 0, 0, err
		}
		switch status {
		case store.JobFailed:
			return 0, 0, 0, fmt.Errorf("roster job failed: %s", msg)
		case store.JobSucceeded:
			return took * 1000, vmHWM(w.Process.Pid), entries, nil
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// baseline runs the prefilter alone in pgbench (prepared, one client) and
// returns its mean time per query in ms.
func (b *bench) baseline(query string, args []any) (float64, error) {
	extra, err := benchkit.Script(b.bin, "prefilter", "prepared", args, "", query)
	if err != nil {
		return 0, err
	}
	tps, _, err := benchkit.Pgbench(b.dbURL, 1, *duration, "prepared", extra...)
	if err != nil {
		return 0, err
	}
	return 1000 / tps, nil
}

// vmHWM reads a process's peak resident set size in MB.
func vmHWM(pid int) float64 {
	raw, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(raw)
	if m == nil {
		return 0
	}
	kb, _ := strconv.Atoi(string(m[1]))
	return float64(kb) / 1024
}
