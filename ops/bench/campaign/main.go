// Command campaign measures GET /api/campaigns/all-campaigns for one brand
// against pgbench running the same SQL in the same run (the machines are
// shared and noisy; compare ratios, not numbers).
//
// It fills a scratch database creatorcoach_bench_campaign with 100,000
// campaigns spread over 1,000 brands (generate_series), starts the real api
// binary, and loads both at the same concurrency. Two baselines:
//
//   - pgbench on the list query ListCampaigns runs (store.CampaignPageSQL);
//   - pgbench on the list query plus the session check every authenticated
//     request makes (the whole SQL of one API request).
//
// It needs Postgres, Redis (as ops/services.sh provides) and pgbench.
//
//	go run ./ops/bench/campaign [-duration 5s] [-conns 8] [-runs 3]
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"creatorcoach/store"
)

var (
	duration = flag.Duration("duration", 5*time.Second, "length of each measurement")
	conns    = flag.Int("conns", 8, "concurrent connections (HTTP and pgbench clients)")
	runs     = flag.Int("runs", 3, "repetitions; medians are reported")
	total    = flag.Int("campaigns", 100000, "campaigns in all")
	brands   = flag.Int("brands", 1000, "brands they are spread over")
)

const dbName = "creatorcoach_bench_campaign"

func main() {
	flag.Parse()
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func run(ctx context.Context) error {
	if _, err := exec.LookPath("pgbench"); err != nil {
		return fmt.Errorf("pgbench not found (apt-get install postgresql-contrib or the postgresql client package)")
	}
	base := envOr("DATABASE_URL_BASE", "postgres://postgres@127.0.0.1:5432")
	admin, err := sql.Open("postgres", base+"/postgres?sslmode=disable")
	if err != nil {
		return err
	}
	_, _ = admin.Exec(`DROP DATABASE IF EXISTS ` + dbName + ` WITH (FORCE)`)
	if _, err := admin.Exec(`CREATE DATABASE ` + dbName); err != nil {
		return err
	}
	defer func() { _, _ = admin.Exec(`DROP DATABASE IF EXISTS ` + dbName + ` WITH (FORCE)`); admin.Close() }()
	dbURL := base + "/" + dbName + "?sslmode=disable"
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	db.BcryptCost = 4
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	brandID, err := fill(ctx, db)
	if err != nil {
		return err
	}
	redisURL, _ := url.Parse(envOr("REDIS_URL", "redis://127.0.0.1:6379/0"))
	redisURL.Path = "/15"
	return bench(ctx, db, dbURL, redisURL.String(), brandID)
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
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "bench@example.com", Password: "Bench#2026", Role: store.RoleBrandViewer, BrandName: "Brand 1"})
	if err != nil {
		return "", err
	}
	var n int
	_ = sqlDB.GetContext(ctx, &n, `SELECT count(*) FROM campaigns WHERE brand_id = $1 AND status <> 'deleted'`, u.Brand.ID)
	fmt.Printf("filled %d campaigns over %d brands in %s; the bench brand has %d live campaigns\n", *total, *brands,
		time.Since(t0).Round(time.Millisecond), n)
	return u.Brand.ID, nil
}

func freePort() string {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	defer l.Close()
	return l.Addr().String()
}

type scenario struct {
	name  string
	query string // API query string
	f     store.CampaignFilter
}

// bench starts the api, then measures each scenario against its pgbench baselines.
func bench(ctx context.Context, db *store.DB, dbURL, redisURL, brandID string) error {
	dir, err := os.MkdirTemp("", "ccbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if out, err := exec.Command("go", "build", "-o", dir+"/api", "./cmd/api").CombinedOutput(); err != nil {
		return fmt.Errorf("build api: %v\n%s", err, out)
	}
	apiAddr := freePort()
	api := exec.Command(dir + "/api")
	api.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "REDIS_URL="+redisURL, "HTTP_ADDR="+apiAddr, "DATA_DIR="+dir,
		"OTP_SECRET=bench", "BCRYPT_COST=4", "APP_ENV=development")
	api.Stdout = io.Discard
	if err := api.Start(); err != nil {
		return err
	}
	defer func() { _ = api.Process.Signal(os.Interrupt); _ = api.Wait() }()
	token := login(apiAddr)
	if token == "" {
		return fmt.Errorf("api did not start or login failed")
	}
	var sessionID string
	if err := db.SQL().GetContext(ctx, &sessionID, `SELECT id FROM sessions WHERE revoked_at IS NULL LIMIT 1`); err != nil {
		return err
	}
	for _, sc := range []scenario{
		{"first page", "page=1&limit=10", store.CampaignFilter{Page: 1, Limit: 10}},
		{"page 5", "page=5&limit=10", store.CampaignFilter{Page: 5, Limit: 10}},
		{"search + status", "search=campaign%201&status=active", store.CampaignFilter{Search: "campaign 1", Status: "active", Page: 1, Limit: 10}},
	} {
		query, args := store.CampaignPageSQL(brandID, sc.f)
		explain(ctx, db, query, args)
		listOnly, err := pgbenchScript(dir, "list", query, args, "")
		if err != nil {
			return err
		}
		withAuth, err := pgbenchScript(dir, "auth", query, args, sessionID)
		if err != nil {
			return err
		}
		var apiR, apiP, pgR, pgP, auR, auP, meR, meP []float64
		for i := 0; i < *runs; i++ {
			r, p, err := pgbench(dbURL, listOnly)
			if err != nil {
				return err
			}
			pgR, pgP = append(pgR, r), append(pgP, p)
			if r, p, err = pgbench(dbURL, withAuth); err != nil {
				return err
			}
			auR, auP = append(auR, r), append(auP, p)
			if r, p, err = load("http://"+apiAddr+"/api/campaigns/all-campaigns?"+sc.query, token); err != nil {
				return err
			}
			apiR, apiP = append(apiR, r), append(apiP, p)
			if r, p, err = load("http://"+apiAddr+"/api/users/me", token); err != nil {
				return err
			}
			meR, meP = append(meR, r), append(meP, p)
		}
		fmt.Printf("== GET /api/campaigns/all-campaigns?%s (%d connections, %s, median of %d)\n", sc.query, *conns, *duration, *runs)
		fmt.Printf("api (JSON, auth, session check, signing):   %8.0f req/s  p99 %6.2f ms\n", median(apiR), median(apiP))
		fmt.Printf("api GET /api/users/me (auth floor):         %8.0f req/s  p99 %6.2f ms\n", median(meR), median(meP))
		fmt.Printf("pgbench, list SQL only:                     %8.0f tps    p99 %6.2f ms\n", median(pgR), median(pgP))
		fmt.Printf("pgbench, session check + list SQL:          %8.0f tps    p99 %6.2f ms\n", median(auR), median(auP))
		fmt.Printf("ratio api/pgbench list:                     %8.2f  (target >= 0.80)\n", median(apiR)/median(pgR))
		fmt.Printf("ratio api/pgbench session+list:             %8.2f\n", median(apiR)/median(auR))
		fmt.Printf("ratio api list / api me:                    %8.2f\n", median(apiR)/median(meR))
	}
	return nil
}

func login(addr string) string {
	for i := 0; i < 100; i++ {
		time.Sleep(100 * time.Millisecond)
		res, err := http.Post("http://"+addr+"/api/users/login", "application/json",
			strings.NewReader(`{"email":"bench@example.com","password":"Bench#2026"}`))
		if err != nil {
			continue
		}
		var body struct{ Data struct{ AccessToken string } }
		_ = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if body.Data.AccessToken != "" {
			return body.Data.AccessToken
		}
	}
	return ""
}

func explain(ctx context.Context, db *store.DB, query string, args []any) {
	var plan []string
	if err := db.SQL().SelectContext(ctx, &plan, `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) `+query, args...); err != nil {
		fmt.Println("explain:", err)
		return
	}
	for _, l := range plan {
		if strings.Contains(l, "Scan") || strings.Contains(l, "Execution") {
			fmt.Println("  plan:", strings.TrimSpace(l))
		}
	}
}

var param = regexp.MustCompile(`\$(\d+)`)

// pgbenchScript writes query as a pgbench script: $n become :pn variables,
// given with -D (pgbench's \set holds only numbers, and the brand id is a
// uuid); with a session id, the session check of store.Authenticate runs
// first, as on every authenticated API request.
func pgbenchScript(dir, name, query string, args []any, sessionID string) ([]string, error) {
	script := param.ReplaceAllString(query, ":p$1") + ";\n"
	var defs []string
	for i, a := range args {
		defs = append(defs, "-D", fmt.Sprintf("p%d=%v", i+1, a))
	}
	if sessionID != "" {
		script = `SELECT u.id, u.email, u.name, u.role, u.profile_image, u.email_verified_at IS NOT NULL AS verified,
	u.created_at, u.deleted_at, u.password_hash, u.niche_id, n.name AS niche_name, u.brand_id, b.name AS brand_name
	FROM users u LEFT JOIN niches n ON n.id = u.niche_id LEFT JOIN brands b ON b.id = u.brand_id
	WHERE u.id = (SELECT user_id FROM sessions WHERE id = :sid AND revoked_at IS NULL AND expires_at > now()) AND u.deleted_at IS NULL;
` + script
		defs = append(defs, "-D", "sid="+sessionID)
	}
	path := filepath.Join(dir, name+".sql")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		return nil, err
	}
	return append(defs, "-f", path), nil
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+)`)

// pgbench runs the script with conns clients for duration in prepared mode
// (as the store prepares the list statement); it returns tps and p99 latency in ms.
func pgbench(dbURL string, script []string) (float64, float64, error) {
	logDir, err := os.MkdirTemp("", "pgbenchlog")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(logDir)
	args := append([]string{"-n", "-M", "prepared", "-c", strconv.Itoa(*conns), "-j", strconv.Itoa(min(*conns, 4)),
		"-T", strconv.Itoa(int(duration.Seconds())), "-l", "--log-prefix", filepath.Join(logDir, "log")}, script...)
	cmd := exec.Command("pgbench", append(args, dbURL)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, 0, fmt.Errorf("pgbench: %v\n%s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("pgbench output: %s", out)
	}
	tps, _ := strconv.ParseFloat(string(m[1]), 64)
	var lat []float64
	files, _ := filepath.Glob(filepath.Join(logDir, "log*"))
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		for _, line := range strings.Split(string(raw), "\n") {
			if fs := strings.Fields(line); len(fs) >= 3 {
				us, _ := strconv.ParseFloat(fs[2], 64)
				lat = append(lat, us/1000)
			}
		}
	}
	if len(lat) == 0 {
		return tps, 0, nil
	}
	sort.Float64s(lat)
	return tps, lat[len(lat)*99/100], nil
}

// load runs conns keep-alive clients for duration; it returns requests/s and p99 in ms.
func load(target, token string) (float64, float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}
	client := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	deadline := time.Now().Add(*duration)
	var wg sync.WaitGroup
	for i := 0; i < *conns; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", target, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						err = fmt.Errorf("%s: status %d", target, res.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, 0, firstErr
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	p99 := lat[len(lat)*99/100]
	return float64(len(lat)) / duration.Seconds(), float64(p99.Microseconds()) / 1000, nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
