// Command roster measures the roster import and the creator search against
// baselines taken in the same run (the machines are shared and noisy;
// compare ratios, not numbers):
//
//   - the largest generated CSV under 10 MB (about 90,000 rows), uploaded to
//     the real api and imported by a real worker process, against
//     `psql \copy` of the same file into a table of the same shape and
//     indexes; the same rows as XLSX against the CSV; the worker's peak RSS
//     (VmHWM) for each, the worker being restarted per import;
//   - GET /api/admins/get-creators?search=... over 1,000,000 creators at 8
//     connections against pgbench running the api's own SQL.
//
// It needs Postgres, Redis, psql and pgbench, and writes to a scratch
// database creatorcoach_bench_roster and Redis database 15.
//
//	go run ./ops/bench/roster [-runs 3] [-duration 5s] [-conns 8] [-creators 1000000] [-only search] [-reuse] [-match text]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"mime/multipart"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"creatorcoach/jobs/rosterfile/rosterfilegen"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	runs     = flag.Int("runs", 3, "repetitions of each import; medians are reported")
	m        = benchkit.MeasureFlags("search measurement", "search-runs", 1)
	creators = flag.Int("creators", 1_000_000, "creators in the table for the search")
	poll     = flag.String("poll", "50ms", "the worker's WORKER_POLL_INTERVAL (asynq TaskCheckInterval)")
	only     = flag.String("only", "", "run only the import or the search part")
	dbName   = flag.String("db", "creatorcoach_bench_roster", "the scratch database")
	match    = flag.String("match", "", "measure only the search scenarios whose label holds this text")
	reuse    = flag.Bool("reuse", false, "keep the scratch database of an earlier run: the search skips the fill when the table holds -creators creators")
)

func main() { benchkit.Main("bench", run) }

// bench is the scratch stack with the admin's token.
type bench struct {
	*benchkit.Stack
	token string
}

func run(ctx context.Context) error {
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: *dbName, Keep: *reuse, Build: []string{"api", "worker"},
		// The brands' daily limits on network reads stand aside: the search is measured, not a brand's quota.
		Env: []string{"WORKER_POLL_INTERVAL=" + *poll, "NETWORK_PAGES_PER_DAY=1000000000", "NETWORK_PROFILES_PER_DAY=1000000000"}})
	if err != nil {
		return err
	}
	defer s.Close()
	b := &bench{Stack: s}
	if err := b.startAPI(ctx); err != nil {
		return err
	}
	if *only != "search" {
		if err := b.imports(ctx); err != nil {
			return err
		}
	}
	if *only == "import" {
		return nil
	}
	return b.search(ctx)
}

// startAPI starts the api with its two accounts: the admin, whose token
// imports, and a brand manager.
func (b *bench) startAPI(ctx context.Context) (err error) {
	if err := b.StartAPI(); err != nil {
		return err
	}
	if _, b.token, err = b.Account(ctx, store.AccountSpec{Email: "admin@bench.io", Role: store.RoleAdmin}); err != nil {
		return err
	}
	_, err = b.DB.SaveAccount(ctx, store.AccountSpec{Email: "brand@bench.io", Password: benchkit.Password, Role: store.RoleBrandManager,
		BrandName: "Bench"})
	return err
}

// exec runs ;-separated statements one by one (VACUUM cannot run in the
// implicit transaction of a multi-statement query).
func (b *bench) exec(ctx context.Context, script string) error {
	for _, q := range strings.Split(script, ";") {
		if strings.TrimSpace(q) == "" {
			continue
		}
		if _, err := b.DB.SQL().ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%.40s: %w", strings.TrimSpace(q), err)
		}
	}
	return nil
}

// baselineTable has the shape and indexes of creators, with the CSV's
// columns in the CSV's order (so \copy reads the file as is), and its
// creator_words (migrations 00016 and 00184), filled by the same kind of trigger.
const baselineTable = `CREATE TABLE roster_baseline (
	name text NOT NULL, email text, niche text, location text, instagram_handle text, instagram_followers bigint,
	youtube_handle text, youtube_subscribers bigint, tiktok_handle text, tiktok_followers bigint,
	linkedin_handle text, linkedin_followers bigint, engagement_rate numeric(6,2), audience_male numeric(5,2),
	audience_female numeric(5,2), audience_other numeric(5,2), a1 numeric, a2 numeric, a3 numeric, a4 numeric,
	a5 numeric, a6 numeric, a7 numeric,
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid, upload_job_id uuid, created_job_id uuid,
	identity text GENERATED ALWAYS AS (coalesce('email:' || email, 'instagram:' || lower(ltrim(instagram_handle, '@')))) STORED,
	followers bigint GENERATED ALWAYS AS (greatest(coalesce(instagram_followers, 0), coalesce(youtube_subscribers, 0),
		coalesce(tiktok_followers, 0), coalesce(linkedin_followers, 0))) STORED,
	tier text GENERATED ALWAYS AS (CASE WHEN greatest(coalesce(instagram_followers, 0), coalesce(youtube_subscribers, 0),
		coalesce(tiktok_followers, 0), coalesce(linkedin_followers, 0)) >= 500000 THEN 'Macro' ELSE 'Micro' END) STORED,
	search tsvector GENERATED ALWAYS AS (creator_search(name, email, instagram_handle, youtube_handle, tiktok_handle,
		linkedin_handle)) STORED,
	created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE UNIQUE INDEX ON roster_baseline (identity);
CREATE UNIQUE INDEX ON roster_baseline (user_id);
CREATE INDEX ON roster_baseline (email);
CREATE INDEX ON roster_baseline (upload_job_id);
CREATE INDEX ON roster_baseline (followers DESC, id);
CREATE INDEX ON roster_baseline (engagement_rate DESC NULLS LAST, id);
CREATE INDEX ON roster_baseline (name, id);
CREATE INDEX ON roster_baseline (created_at DESC, id);
CREATE INDEX ON roster_baseline USING gin (search);
CREATE TABLE roster_baseline_words (word text COLLATE "C" NOT NULL, followers bigint NOT NULL, niche text NOT NULL,
	sig bigint NOT NULL, id uuid NOT NULL);
CREATE INDEX ON roster_baseline_words (word, followers DESC, id) INCLUDE (niche, sig);
CREATE INDEX ON roster_baseline_words (word, niche, followers DESC, id) INCLUDE (sig);
CREATE FUNCTION roster_baseline_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO roster_baseline_words SELECT x.word, n.followers, lower(n.niche), x.sig, n.id
	FROM new_rows n, creator_words_of(n.search) x;
	RETURN NULL;
END $$;
CREATE TRIGGER roster_baseline_words AFTER INSERT ON roster_baseline REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION roster_baseline_words();`

// imports measures CSV and XLSX imports against \copy.
func (b *bench) imports(ctx context.Context) error {
	n := 100_000
	var csvBuf bytes.Buffer
	for {
		csvBuf.Reset()
		rosterfilegen.WriteCSV(&csvBuf, n)
		if csvBuf.Len() < 10<<20 {
			break
		}
		n = n * (10<<20 - 32<<10) / csvBuf.Len()
	}
	var xlsxBuf bytes.Buffer
	if err := rosterfilegen.WriteXLSX(&xlsxBuf, n); err != nil {
		return err
	}
	csvPath := filepath.Join(b.Dir, "roster.csv")
	if err := os.WriteFile(csvPath, csvBuf.Bytes(), 0o644); err != nil {
		return err
	}
	if _, err := b.DB.SQL().ExecContext(ctx, baselineTable); err != nil {
		return err
	}
	fmt.Printf("== roster import: %d rows, CSV %.1f MB, XLSX %.1f MB, median of %d (worker poll %s)\n",
		n, float64(csvBuf.Len())/(1<<20), float64(xlsxBuf.Len())/(1<<20), *runs, *poll)
	var cp, cpBare, csvProc, csvLat, csvRSS, xProc, xLat, xRSS []float64
	for i := 0; i < *runs; i++ {
		if err := b.exec(ctx, `TRUNCATE roster_baseline; TRUNCATE roster_baseline_words; TRUNCATE creators CASCADE; VACUUM ANALYZE roster_baseline; VACUUM ANALYZE creators`); err != nil {
			return err
		}
		took, err := b.copyBaseline(csvPath)
		if err != nil {
			return err
		}
		cp = append(cp, took)
		// The same \copy without creator_words: what the words table costs.
		if err := b.exec(ctx, `TRUNCATE roster_baseline; TRUNCATE roster_baseline_words; ALTER TABLE roster_baseline DISABLE TRIGGER roster_baseline_words`); err != nil {
			return err
		}
		if took, err = b.copyBaseline(csvPath); err != nil {
			return err
		}
		cpBare = append(cpBare, took)
		if err := b.exec(ctx, `ALTER TABLE roster_baseline ENABLE TRIGGER roster_baseline_words`); err != nil {
			return err
		}
		for _, f := range []struct {
			name string
			data []byte
			proc *[]float64
			lat  *[]float64
			rss  *[]float64
		}{{"roster.csv", csvBuf.Bytes(), &csvProc, &csvLat, &csvRSS}, {"roster.xlsx", xlsxBuf.Bytes(), &xProc, &xLat, &xRSS}} {
			if err := b.exec(ctx, `TRUNCATE creators CASCADE; VACUUM ANALYZE creators`); err != nil {
				return err
			}
			proc, lat, rss, err := b.importOnce(ctx, f.name, f.data, n)
			if err != nil {
				return err
			}
			*f.proc, *f.lat, *f.rss = append(*f.proc, proc), append(*f.lat, lat), append(*f.rss, rss)
		}
	}
	fmt.Printf("psql \\copy baseline:      %6.3f s  (%6.0f rows/s)\n", benchkit.Median(cp), float64(n)/benchkit.Median(cp))
	fmt.Printf("  without creator_words:  %6.3f s  (the search words cost the \\copy %+.0f%%)\n", benchkit.Median(cpBare),
		100*(benchkit.Median(cp)/benchkit.Median(cpBare)-1))
	fmt.Printf("CSV processing:           %6.3f s  (%6.0f rows/s)  ratio to \\copy %.2f (target <= 1.50)\n",
		benchkit.Median(csvProc), float64(n)/benchkit.Median(csvProc), benchkit.Median(csvProc)/benchkit.Median(cp))
	fmt.Printf("CSV upload -> job done:   %6.3f s  (processing + %.3f s; target <= + 0.3 s)\n", benchkit.Median(csvLat), benchkit.Median(csvLat)-benchkit.Median(csvProc))
	fmt.Printf("XLSX processing:          %6.3f s  ratio to CSV %.2f (target <= 2.50)\n", benchkit.Median(xProc), benchkit.Median(xProc)/benchkit.Median(csvProc))
	fmt.Printf("XLSX upload -> job done:  %6.3f s\n", benchkit.Median(xLat))
	fmt.Printf("worker peak RSS (VmHWM):  CSV %.0f MB, XLSX %.0f MB (target <= 150 MB)\n", benchkit.Median(csvRSS), benchkit.Median(xRSS))
	return nil
}

// copyBaseline copies the CSV at path into roster_baseline with psql's \copy
// and returns the seconds it took.
func (b *bench) copyBaseline(path string) (float64, error) {
	t0 := time.Now()
	out, err := exec.Command("psql", b.DBURL, "-v", "ON_ERROR_STOP=1", "-c",
		`\copy roster_baseline (name, email, niche, location, instagram_handle, instagram_followers, youtube_handle, youtube_subscribers, tiktok_handle, tiktok_followers, linkedin_handle, linkedin_followers, engagement_rate, audience_male, audience_female, audience_other, a1, a2, a3, a4, a5, a6, a7) FROM '`+path+`' CSV HEADER`).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("psql copy: %v: %s", err, out)
	}
	return time.Since(t0).Seconds(), nil
}

// importOnce starts a fresh worker, uploads data and waits for the job; it
// returns processing seconds (job start to finish), upload-to-done seconds
// and the worker's peak RSS in MB.
func (b *bench) importOnce(ctx context.Context, name string, data []byte, n int) (float64, float64, float64, error) {
	w, err := b.StartWorker()
	if err != nil {
		return 0, 0, 0, err
	}
	defer w.Stop()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(data)
	mw.Close()
	t0 := time.Now()
	id, err := b.PostJob("/api/upload-creators", b.token, mw.FormDataContentType(), &body)
	if err != nil {
		return 0, 0, 0, err
	}
	job, err := b.WaitJob(ctx, id)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("import %s: %w", name, err)
	}
	if job.Processed != n {
		return 0, 0, 0, fmt.Errorf("import %s: %d of %d rows", name, job.Processed, n)
	}
	return job.Took.Seconds(), time.Since(t0).Seconds(), w.PeakRSSMB(), nil
}
