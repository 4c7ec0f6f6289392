// Command spine measures the platform spine against baselines taken in the
// same run (the machines are shared and noisy; compare ratios, not numbers):
//
//   - outbox relay throughput vs raw asynq.Client.Enqueue in a loop;
//   - GET /api/users/me and GET /api/jobs/{id} on the real api process vs a
//     bare chi handler running the same store query in this process.
//
// It needs Postgres and Redis (as ops/services.sh provides) and writes to a
// scratch database creatorcoach_bench and Redis database 15.
//
//	go run ./ops/bench/spine [-tasks 20000] [-duration 5s] [-conns 8]
package main

import (
	"context"
	"database/sql"
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
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/jobs"
	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/store"
)

var (
	tasks    = flag.Int("tasks", 20000, "tasks per relay measurement")
	duration = flag.Duration("duration", 5*time.Second, "length of each HTTP measurement")
	conns    = flag.Int("conns", 8, "concurrent HTTP connections")
	runs     = flag.Int("runs", 3, "repetitions; medians are reported")
	mails    = flag.Int("mails", 3000, "mails for the e-mail throughput measurement")

	// Internal: the bench re-runs itself as the baseline server, so that the
	// api and the baseline are both separate processes.
	bareAddr    = flag.String("bare-addr", "", "internal: serve the bare baseline on this address")
	bareDB      = flag.String("bare-db", "", "internal: database URL of the baseline")
	bareSession = flag.String("bare-session", "", "internal: session id the baseline authenticates")
	bareJob     = flag.String("bare-job", "", "internal: job id the baseline reads")
)

func main() {
	flag.Parse()
	run := run
	if *bareAddr != "" {
		run = serveBare
	}
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
	base := envOr("DATABASE_URL_BASE", "postgres://postgres@127.0.0.1:5432")
	admin, err := sql.Open("postgres", base+"/postgres?sslmode=disable")
	if err != nil {
		return err
	}
	_, _ = admin.Exec(`DROP DATABASE IF EXISTS creatorcoach_bench WITH (FORCE)`)
	if _, err := admin.Exec(`CREATE DATABASE creatorcoach_bench`); err != nil {
		return err
	}
	admin.Close()
	dbURL := base + "/creatorcoach_bench?sslmode=disable"
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	db.OTPSecret, db.BcryptCost = []byte("bench"), 4
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	redisURL, _ := url.Parse(envOr("REDIS_URL", "redis://127.0.0.1:6379/0"))
	redisURL.Path = "/15"
	ropt, _ := redis.ParseURL(redisURL.String())
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	aopt, _ := asynq.ParseRedisURI(redisURL.String())

	fmt.Printf("== outbox relay vs raw enqueue (%d tasks, median of %d)\n", *tasks, *runs)
	var raw, relay []float64
	for i := 0; i < *runs; i++ {
		rdb.FlushDB(ctx)
		r1, err := rawEnqueue(aopt, *tasks)
		if err != nil {
			return err
		}
		rdb.FlushDB(ctx)
		r2, err := relayRate(ctx, db, dbURL, aopt, *tasks, i)
		if err != nil {
			return err
		}
		raw, relay = append(raw, r1), append(relay, r2)
	}
	fmt.Printf("raw asynq enqueue: %8.0f tasks/s\noutbox relay:      %8.0f tasks/s\nratio relay/raw:   %8.2f  (target >= 0.80)\n",
		median(raw), median(relay), median(relay)/median(raw))
	rdb.FlushDB(ctx)
	if err := mailBench(ctx, db, dbURL, aopt, *mails); err != nil {
		return err
	}
	rdb.FlushDB(ctx)
	return httpBench(ctx, db, dbURL, redisURL.String())
}

// mailBench queues n verification-code mails (users, code requests and
// outbox rows written by SQL) and times one worker process's asynq server,
// handlers and go-mail delivering them to a local SMTP server.
func mailBench(ctx context.Context, db *store.DB, dbURL string, opt asynq.RedisConnOpt, n int) error {
	sink, stop, err := mailtest.Listen()
	if err != nil {
		return err
	}
	defer stop()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	sender, err := mail.New(sink.URL, "", "bench@creatorcoach.test", log)
	if err != nil {
		return err
	}
	_, err = db.SQL().ExecContext(ctx, `
		WITH u AS (INSERT INTO users (email, name, password_hash, role)
			SELECT 'mail' || g || '@bench.test', 'Bench User', 'x', 'USER' FROM generate_series(1, $1) g RETURNING id),
		c AS (INSERT INTO one_time_codes (user_id, purpose, request_id, requested_at)
			SELECT id, 'email_verification', gen_random_uuid(), now() FROM u RETURNING request_id)
		INSERT INTO task_outbox (task_key, task_type, queue, payload)
			SELECT request_id::text, $2, $3, convert_to('{"requestId":"' || request_id || '"}', 'UTF8') FROM c`,
		n, jobs.TypeOTPMail, jobs.QueueCritical)
	if err != nil {
		return fmt.Errorf("queue mails: %w", err)
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		done <- jobs.RunWorker(wctx, jobs.WorkerDeps{Store: db, RedisOpt: opt, DatabaseURL: dbURL, Mail: sender,
			ProductName: "Creator Coach", Log: log, Poll: 50 * time.Millisecond})
	}()
	for sink.Total() < n && time.Since(start) < 2*time.Minute {
		time.Sleep(5 * time.Millisecond)
	}
	elapsed := time.Since(start)
	cancel()
	<-done
	if got := sink.Total(); got < n {
		return fmt.Errorf("only %d of %d mails arrived", got, n)
	}
	fmt.Printf("== e-mail task throughput, one worker, %d mails to a local SMTP server\n", n)
	fmt.Printf("mails/s (outbox relay + asynq + code HMAC + go-mail SMTP): %8.0f  (target >= 500)\n", float64(n)/elapsed.Seconds())
	return nil
}

func rawEnqueue(opt asynq.RedisConnOpt, n int) (float64, error) {
	c := asynq.NewClient(opt)
	defer c.Close()
	start := time.Now()
	for i := 0; i < n; i++ {
		if _, err := c.Enqueue(asynq.NewTask("bench:raw", []byte(`{"i":1}`)), asynq.Queue(jobs.QueueLow)); err != nil {
			return 0, err
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

func relayRate(ctx context.Context, db *store.DB, dbURL string, opt asynq.RedisConnOpt, n, round int) (float64, error) {
	_, err := db.SQL().ExecContext(ctx, `INSERT INTO task_outbox (task_key, task_type, queue, payload)
		SELECT 'bench-' || $2 || '-' || g, 'bench:relay', 'low', '{"i":1}'::bytea FROM generate_series(1, $1) g`, n, round)
	if err != nil {
		return 0, err
	}
	c := asynq.NewClient(opt)
	defer c.Close()
	r := &jobs.Relay{Store: db, Client: c, DatabaseURL: dbURL, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	start := time.Now()
	got, err := r.Drain(ctx)
	if err != nil {
		return 0, err
	}
	if got != n {
		return 0, fmt.Errorf("relayed %d of %d", got, n)
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func freePort() string {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	defer l.Close()
	return l.Addr().String()
}

// httpBench starts the real api binary and a bare chi baseline, then loads both.
func httpBench(ctx context.Context, db *store.DB, dbURL, redisURL string) error {
	bin, err := os.MkdirTemp("", "ccbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(bin)
	if out, err := exec.Command("go", "build", "-o", bin+"/api", "./cmd/api").CombinedOutput(); err != nil {
		return fmt.Errorf("build api: %v\n%s", err, out)
	}
	apiAddr := freePort()
	api := exec.Command(bin + "/api")
	api.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "REDIS_URL="+redisURL, "HTTP_ADDR="+apiAddr, "DATA_DIR="+bin,
		"OTP_SECRET=bench", "BCRYPT_COST=4")
	if err := api.Start(); err != nil {
		return err
	}
	defer func() { api.Process.Signal(os.Interrupt); api.Wait() }()
	if _, err := db.SaveAccount(ctx, store.AccountSpec{Email: "bench@example.com", Password: "Bench#2026", Role: store.RoleUser, NicheName: "Gaming"}); err != nil {
		return err
	}
	var token string
	for i := 0; i < 100 && token == ""; i++ {
		time.Sleep(100 * time.Millisecond)
		res, err := http.Post("http://"+apiAddr+"/api/users/login", "application/json", strings.NewReader(`{"email":"bench@example.com","password":"Bench#2026"}`))
		if err != nil {
			continue
		}
		var body struct{ Data struct{ AccessToken string } }
		json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		token = body.Data.AccessToken
	}
	if token == "" {
		return fmt.Errorf("api did not start or login failed")
	}
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "bench@example.com", Password: "Bench#2026", Role: store.RoleUser, NicheName: "Gaming"})
	if err != nil {
		return err
	}
	job, err := db.CreateJob(ctx, "bench", u.ID, nil)
	if err != nil {
		return err
	}
	var sessionID string
	if err := db.SQL().Get(&sessionID, `SELECT id FROM sessions WHERE revoked_at IS NULL LIMIT 1`); err != nil {
		return err
	}

	bareAddr := freePort()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	bare := exec.Command(self, "-bare-addr", bareAddr, "-bare-db", dbURL, "-bare-session", sessionID, "-bare-job", job.ID)
	bare.Stderr = os.Stderr
	if err := bare.Start(); err != nil {
		return err
	}
	defer func() { bare.Process.Kill(); bare.Wait() }()
	for i := 0; i < 100; i++ {
		if c, err := net.Dial("tcp", bareAddr); err == nil {
			c.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}

	for _, c := range []struct{ name, apiPath, barePath string }{
		{"GET /api/users/me", "/api/users/me", "/me"},
		{"GET /api/jobs/{id}", "/api/jobs/" + job.ID, "/job"},
	} {
		var apiRates, bareRates, apiP99 []float64
		for i := 0; i < *runs; i++ {
			br, _, err := load("http://"+bareAddr+c.barePath, "")
			if err != nil {
				return err
			}
			ar, p99, err := load("http://"+apiAddr+c.apiPath, token)
			if err != nil {
				return err
			}
			apiRates, bareRates, apiP99 = append(apiRates, ar), append(bareRates, br), append(apiP99, p99)
		}
		fmt.Printf("== %s (%d connections, %s, median of %d)\n", c.name, *conns, *duration, *runs)
		fmt.Printf("api (auth, session check, logging, metrics): %8.0f req/s  p99 %.1f ms\n", median(apiRates), median(apiP99))
		fmt.Printf("bare chi handler, same store queries:      %8.0f req/s\n", median(bareRates))
		fmt.Printf("ratio api/bare:                              %8.2f  (target >= 0.80)\n", median(apiRates)/median(bareRates))
	}
	return nil
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
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					io.Copy(io.Discard, res.Body)
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

// serveBare is the baseline: a bare chi router running the same store
// queries as the api's handlers, without auth middleware, logging or metrics.
func serveBare(ctx context.Context) error {
	db, err := store.Open(ctx, *bareDB)
	if err != nil {
		return err
	}
	sessionID, jobID := *bareSession, *bareJob
	r := chi.NewRouter()
	r.Get("/me", func(w http.ResponseWriter, r *http.Request) {
		u, err := db.Authenticate(r.Context(), sessionID)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"user": map[string]any{"_id": u.ID, "email": u.Email,
			"name": u.Name, "role": u.Role, "niche": u.Niche, "brand": u.Brand, "profileImage": u.ProfileImage}}})
	})
	r.Get("/job", func(w http.ResponseWriter, r *http.Request) {
		u, err := db.Authenticate(r.Context(), sessionID)
		if err == nil {
			var j *store.Job
			if j, err = db.GetJob(r.Context(), jobID, u); err == nil {
				json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"job": j}})
				return
			}
		}
		http.Error(w, err.Error(), 500)
	})
	return http.ListenAndServe(*bareAddr, r)
}
