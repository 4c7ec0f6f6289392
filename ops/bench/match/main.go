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

func main() { benchkit.Main("match bench", run) }

// bench is the scratch stack with the brand's token and campaign.
type bench struct {
	*benchkit.Stack
	token, campaignID string
}

func run(ctx context.Context) error {
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_match", Keep: *reuse, Build: []string{"api", "worker"},
		Env: []string{"WORKER_POLL_INTERVAL=50ms"}})
	if err != nil {
		return err
	}
	defer s.Close()
	b := &bench{Stack: s}
	if !*reuse {
		if err := b.fill(ctx); err != nil {
			return err
		}
	}
	if err := b.StartAPI(); err != nil {
		return err
	}
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
	if _, err := b.DB.SQL().ExecContext(ctx, strings.Replace(fill, "$1", strconv.Itoa(*creators), 1)); err != nil {
		return fmt.Errorf("fill creators: %w", err)
	}
	if _, err := b.DB.SQL().ExecContext(ctx, `VACUUM ANALYZE creators`); err != nil {
		return fmt.Errorf("vacuum creators: %w", err)
	}
	fmt.Printf("network: %d creators in %.0f s\n", *creators, time.Since(t0).Seconds())
	return nil
}

// campaign makes the brand, its admin's token and the campaign to staff.
func (b *bench) campaign(ctx context.Context) error {
	u, token, err := b.Account(ctx, store.AccountSpec{Email: "brand@bench.io", Role: store.RoleBrandAdmin, BrandName: "Bench"})
	if err != nil {
		return err
	}
	b.token = token
	start := time.Now().UTC().AddDate(0, 0, 7)
	var c store.Campaign
	raw := fmt.Sprintf(`{"campaignName": "Bench", "goals": ["Sales"], "budget": 20000, "duration": {"startDate": %q, "endDate": %q},
		"demographics": {"ageRange": {"start": 18, "end": 34}, "gender": "Female"}, "contentVibes": ["Fun"],
		"terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"}}`, start.Format(time.DateOnly), start.AddDate(0, 1, 0).Format(time.DateOnly))
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return err
	}
	created, err := b.DB.CreateCampaign(ctx, u, c)
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
	if err := b.DB.SQL().QueryRowContext(ctx, `SELECT id, lower(name) FROM niches WHERE name = 'Fitness & Health'`).Scan(&id, &name); err != nil {
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
	w, err := b.StartWorker()
	if err != nil {
		return 0, 0, 0, err
	}
	defer w.Stop()
	body := fmt.Sprintf(`{"campaignId": %q, "size": %d, "niches": [%q]}`, b.campaignID, *size, niche)
	id, err := b.PostJob("/api/campaigns/generate-roaster", b.token, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, 0, 0, err
	}
	job, err := b.WaitJob(ctx, id)
	if err != nil {
		return 0, 0, 0, err
	}
	var result struct{ Entries int }
	if err := json.Unmarshal(job.Result, &result); err != nil {
		return 0, 0, 0, err
	}
	return float64(job.Took.Microseconds()) / 1000, w.PeakRSSMB(), result.Entries, nil
}

// baseline runs the prefilter alone in pgbench (prepared, one client) and
// returns its mean time per query in ms.
func (b *bench) baseline(query string, args []any) (float64, error) {
	extra, err := benchkit.Script(b.Dir, "prefilter", "prepared", args, "", query)
	if err != nil {
		return 0, err
	}
	tps, _, err := benchkit.Pgbench(b.DBURL, 1, *duration, "prepared", extra...)
	if err != nil {
		return 0, err
	}
	return 1000 / tps, nil
}
