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
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/jobs"
	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	tasks = flag.Int("tasks", 20000, "tasks per relay measurement")
	mails = flag.Int("mails", 3000, "mails for the e-mail throughput measurement")
	m     = benchkit.MeasureFlags("measurement", "runs", 3)

	// Internal: the bench re-runs itself as the baseline server, so that the
	// api and the baseline are both separate processes.
	bareAddr    = flag.String("bare-addr", "", "internal: serve the bare baseline on this address")
	bareDB      = flag.String("bare-db", "", "internal: database URL of the baseline")
	bareSession = flag.String("bare-session", "", "internal: session id the baseline authenticates")
	bareJob     = flag.String("bare-job", "", "internal: job id the baseline reads")
)

func main() {
	benchkit.Main("bench", func(ctx context.Context) error {
		if *bareAddr != "" {
			return serveBare(ctx)
		}
		return run(ctx)
	})
}

func run(ctx context.Context) error {
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench", Build: []string{"api"}})
	if err != nil {
		return err
	}
	defer s.Close()
	ropt, _ := redis.ParseURL(s.RedisURL)
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	aopt, _ := asynq.ParseRedisURI(s.RedisURL)

	fmt.Printf("== outbox relay vs raw enqueue (%d tasks, median of %d)\n", *tasks, m.Runs)
	var raw, relay []float64
	for i := 0; i < m.Runs; i++ {
		rdb.FlushDB(ctx)
		r1, err := rawEnqueue(aopt, *tasks)
		if err != nil {
			return err
		}
		rdb.FlushDB(ctx)
		r2, err := relayRate(ctx, s, aopt, *tasks, i)
		if err != nil {
			return err
		}
		raw, relay = append(raw, r1), append(relay, r2)
	}
	fmt.Printf("raw asynq enqueue: %8.0f tasks/s\noutbox relay:      %8.0f tasks/s\nratio relay/raw:   %8.2f  (target >= 0.80)\n",
		benchkit.Median(raw), benchkit.Median(relay), benchkit.Median(relay)/benchkit.Median(raw))
	rdb.FlushDB(ctx)
	if err := mailBench(ctx, s, aopt, *mails); err != nil {
		return err
	}
	rdb.FlushDB(ctx)
	return httpBench(ctx, s)
}

// mailBench queues n verification-code mails (users, code requests and
// outbox rows written by SQL) and times one worker process's asynq server,
// handlers and go-mail delivering them to a local SMTP server.
func mailBench(ctx context.Context, s *benchkit.Stack, opt asynq.RedisConnOpt, n int) error {
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
	_, err = s.DB.SQL().ExecContext(ctx, `
		WITH u AS (INSERT INTO users (email, name, password_hash, role)
			SELECT 'mail' || g || '@bench.test', 'Bench User', 'x', 'USER' FROM generate_series(1, $1) g RETURNING id),
		c AS (INSERT INTO one_time_codes (user_id, purpose, request_id, requested_at)
			SELECT id, 'email_verification', gen_random_uuid(), now() FROM u RETURNING request_id)
		INSERT INTO task_outbox (task_key, task_type, queue, payload)
			SELECT request_id::text, $2, $3, convert_to('{"requestId":"' || request_id || '"}', 'UTF8') FROM c`,
		n, jobs.TypeUserSendOTP, jobs.QueueCritical)
	if err != nil {
		return fmt.Errorf("queue mails: %w", err)
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		done <- jobs.RunWorker(wctx, jobs.WorkerDeps{Store: s.DB, RedisOpt: opt, DatabaseURL: s.DBURL, Mail: sender,
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

func relayRate(ctx context.Context, s *benchkit.Stack, opt asynq.RedisConnOpt, n, round int) (float64, error) {
	_, err := s.DB.SQL().ExecContext(ctx, `INSERT INTO task_outbox (task_key, task_type, queue, payload)
		SELECT 'bench-' || $2 || '-' || g, 'bench:relay', 'low', '{"i":1}'::bytea FROM generate_series(1, $1) g`, n, round)
	if err != nil {
		return 0, err
	}
	c := asynq.NewClient(opt)
	defer c.Close()
	r := &jobs.Relay{Store: s.DB, Client: c, DatabaseURL: s.DBURL, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
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

// httpBench starts the real api binary and a bare chi baseline, then loads both.
func httpBench(ctx context.Context, s *benchkit.Stack) error {
	if err := s.StartAPI(); err != nil {
		return err
	}
	u, token, err := s.Account(ctx, store.AccountSpec{Email: "bench@example.com", Role: store.RoleUser, NicheName: "Gaming"})
	if err != nil {
		return err
	}
	job, err := s.DB.CreateJob(ctx, "bench", u.ID, nil)
	if err != nil {
		return err
	}
	var sessionID string
	if err := s.DB.SQL().Get(&sessionID, `SELECT id FROM sessions WHERE revoked_at IS NULL LIMIT 1`); err != nil {
		return err
	}

	bareAddr := benchkit.FreeAddr()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	bare := exec.Command(self, "-bare-addr", bareAddr, "-bare-db", s.DBURL, "-bare-session", sessionID, "-bare-job", job.ID)
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
		for i := 0; i < m.Runs; i++ {
			// The same request as the api's, bearer token included (the bare handler reads no header).
			br, _, err := benchkit.Load("http://"+bareAddr+c.barePath, token, m.Conns, m.Duration)
			if err != nil {
				return err
			}
			ar, p99, err := benchkit.Load(s.URL(c.apiPath), token, m.Conns, m.Duration)
			if err != nil {
				return err
			}
			apiRates, bareRates, apiP99 = append(apiRates, ar), append(bareRates, br), append(apiP99, p99)
		}
		fmt.Printf("== %s (%d connections, %s, median of %d)\n", c.name, m.Conns, m.Duration, m.Runs)
		fmt.Printf("api (auth, session check, logging, metrics): %8.0f req/s  p99 %.1f ms\n", benchkit.Median(apiRates), benchkit.Median(apiP99))
		fmt.Printf("bare chi handler, same store queries:      %8.0f req/s\n", benchkit.Median(bareRates))
		fmt.Printf("ratio api/bare:                              %8.2f  (target >= 0.80)\n", benchkit.Median(apiRates)/benchkit.Median(bareRates))
	}
	return nil
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
