package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
	"creatorcoach/cmd/internal/socialsetup"
	"creatorcoach/jobs"
	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/jobs/payment"
	"creatorcoach/jobs/payment/stripetest"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/store"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
	"creatorcoach/store/storetest"
)

// clock is a movable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// env is one test's whole stack: the real router over HTTP, a real worker
// running every handler, Postgres, Redis and an in-process SMTP server.
type env struct {
	t     *testing.T
	db    *store.DB
	dbURL string // db's database
	srv   *httptest.Server
	mail  *mailtest.Server
	clock *clock
	jobs  *jobs.Handler
	cfg   app.Config
	// redisURL is the test's private Redis database.
	redisURL string
	asynqOpt asynq.RedisConnOpt
	log      *slog.Logger
	// sandbox is the social platforms' stand-in the api serves under /sandbox.
	sandbox *sandbox.Server
	api     *server
	// provider logs every request the api and the worker send stripe-mock.
	provider *providerLog
}

// providerLog is the request log of the payment provider (stripe-mock keeps
// none): an http.RoundTripper recording "METHOD /path", with the form and
// the idempotency key of each request, before passing it on. A test may
// set answer to stand for state stripe-mock does not keep: a request it
// answers does not reach stripe-mock.
type providerLog struct {
	mu     sync.Mutex
	calls  []string
	sent   []providerCall
	answer func(c providerCall) (status int, body string, ok bool)
}

// providerCall is one request sent to the provider.
type providerCall struct {
	Call string // "METHOD /path"
	Key  string // its Idempotency-Key
	Form url.Values
}

func (l *providerLog) RoundTrip(r *http.Request) (*http.Response, error) {
	c := providerCall{Call: r.Method + " " + r.URL.Path, Key: r.Header.Get("Idempotency-Key")}
	if r.Body != nil {
		raw, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		r.Body = io.NopCloser(bytes.NewReader(raw))
		c.Form, _ = url.ParseQuery(string(raw))
	}
	l.mu.Lock()
	l.calls = append(l.calls, c.Call)
	l.sent = append(l.sent, c)
	var status int
	var body string
	ok := false
	if l.answer != nil {
		status, body, ok = l.answer(c)
	}
	l.mu.Unlock()
	if ok {
		return &http.Response{StatusCode: status, Status: http.StatusText(status), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)),
			ContentLength: int64(len(body)), Request: r}, nil
	}
	return http.DefaultTransport.RoundTrip(r)
}

// sentSince returns the requests call (e.g. "POST /v1/refunds") sent after the first n of all.
func (l *providerLog) sentSince(n int, call string) []providerCall {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []providerCall
	for _, c := range l.sent[n:] {
		if c.Call == call {
			out = append(out, c)
		}
	}
	return out
}

// answering sets (or with nil clears) the answer hook.
func (l *providerLog) answering(f func(c providerCall) (int, string, bool)) {
	l.mu.Lock()
	l.answer = f
	l.mu.Unlock()
}

// since returns the calls logged after the first n.
func (l *providerLog) since(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.calls[n:]...)
}

// len is how many calls are logged.
func (l *providerLog) len() int { l.mu.Lock(); defer l.mu.Unlock(); return len(l.calls) }

// testWebhookSecret signs the provider events of tests.
const testWebhookSecret = "whsec_test_secret"

func setup(t *testing.T) *env {
	t.Helper()
	return setupStack(t, storetest.New, true)
}

// setupNoWorker is setup without the worker: tasks stay in the outbox,
// where storetest.RequireInserted finds them. For tests that only need to
// know a call queued its task, it saves starting the worker's servers, its
// relay and its Redis connections, and the wait for tasks nobody checks.
func setupNoWorker(t *testing.T) *env {
	t.Helper()
	return setupStack(t, storetest.New, false)
}

// setupSeeded is setup on a copy of the demo data (`api seed`), filled once per test binary.
func setupSeeded(t *testing.T) *env {
	t.Helper()
	return setupStack(t, seededDB, true)
}

// seededDB is a database holding the demo data, copied from a template filled once.
func seededDB(t testing.TB) (*store.DB, string) {
	return storetest.NewFrom(t, "demo", func(ctx context.Context, db *store.DB) error {
		return seed.Run(ctx, db, app.Config{PublicURL: "http://localhost:8080"})
	})
}

// setupStack is setup on the database newDB makes, with or without the worker.
func setupStack(t *testing.T, newDB func(testing.TB) (*store.DB, string), worker bool) *env {
	t.Helper()
	db, dbURL := newDB(t)
	clk := &clock{t: time.Now()}
	db.Now = clk.Now
	// Sessions are kept as the api keeps them, so that every test of a
	// log-out, a role change or a deletion also checks they are forgotten.
	if err := db.CacheSessions(dbURL, store.DefaultSessionCacheTTL, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	redisURL := storetest.Redis(t)
	smtp := mailtest.Start(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	sender, err := mail.New(smtp.URL, "", "no-reply@creatorcoach.test", log)
	if err != nil {
		t.Fatal(err)
	}
	asynqOpt, err := asynq.ParseRedisURI(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	cfg := app.Config{JWTSecret: "test-jwt-secret", OpsUser: "ops", OpsPassword: "ops-secret", WebDir: t.TempDir(),
		ProductName: "Creator Coach", DataDir: t.TempDir(), StripeAPIBase: stripetest.URL(t), StripeSecretKey: "sk_test_123",
		StripePublishableKey: "pk_test_123", StripeWebhookSecret: testWebhookSecret,
		StripePriceMonthly: "price_creator_monthly", StripePriceYearly: "price_creator_yearly"}
	if err := db.SetPlanPrices(context.Background(), cfg.PlanPrices()); err != nil {
		t.Fatal(err)
	}
	// The api serves the social sandbox itself, as in development; the
	// platforms send the browser back to this server's callback.
	srv := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	sb := sandbox.New()
	sb.Now = clk.Now
	sb.Callback = srv.URL + "/api/accounts/callback/"
	socialCfg := social.Config{Sandbox: true, Platforms: social.SandboxEndpoints(srv.URL + socialsetup.SandboxPath),
		RedirectBase: srv.URL + "/api/accounts/callback/", Timeout: 5 * time.Second, SyncInterval: 6 * time.Hour, HistoryDays: 30,
		Budgets: map[string]int{"instagram": 10000, "youtube": 10000, "tiktok": 10000, "linkedin": 10000}, Sealer: social.DevSealer(), Now: clk.Now}
	ropt, _ := redis.ParseURL(redisURL)
	rdb := redis.NewClient(ropt)
	t.Cleanup(func() { rdb.Close() })
	syncer := jobs.NewSyncer(socialCfg, redis_rate.NewLimiter(rdb))
	plog := &providerLog{}
	pay := payment.New(cfg.StripeAPIBase, cfg.StripeSecretKey, &http.Client{Transport: plog, Timeout: payment.Timeout}).WithTestCards(cfg.PaymentsSandbox())
	var blobs blob.Store         // nil = local disk under DATA_DIR
	if blobtest.Kind() == "s3" { // STORAGE=s3 runs the suite on a bucket of its own
		blobs = blobtest.S3(t)
	}
	if worker {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- jobs.RunWorker(ctx, jobs.WorkerDeps{Store: db, RedisOpt: asynqOpt, DatabaseURL: dbURL, Mail: sender,
				ProductName: "Creator Coach", DataDir: cfg.DataPath(), Blobs: blobs, Log: log, Poll: 50 * time.Millisecond, Concurrency: 4, Social: syncer, Pay: pay})
		}()
		t.Cleanup(func() { cancel(); <-done })
	}
	api := newServer(cfg, db, rdb, asynqOpt, log)
	api.useSocial(socialsetup.Setup{Config: socialCfg, Sandbox: sb})
	api.pay = pay
	api.blobs = blobs
	srv.Config.Handler = checkContract(t, api.routes())
	return &env{t: t, db: db, dbURL: dbURL, srv: srv, mail: smtp, clock: clk, cfg: cfg, redisURL: redisURL, asynqOpt: asynqOpt, log: log, sandbox: sb, api: api,
		provider: plog, jobs: &jobs.Handler{Store: db, Mail: sender, ProductName: "Creator Coach", DataDir: cfg.DataPath(), Blobs: blobs, Log: log, Social: syncer, Pay: pay}}
}

// resp is a decoded answer.
type resp struct {
	Status int
	Body   map[string]any
	Header http.Header
}

// data returns body.data as a map.
func (r resp) data() map[string]any { m, _ := r.Body["data"].(map[string]any); return m }

// str reads a string at a dotted path of the body, e.g. "data.user.role".
func (r resp) str(path ...string) string {
	var cur any = r.Body
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = m[p]
	}
	s, _ := cur.(string)
	return s
}

func (r resp) field(name string) string { return r.str("fields", name) }

// call sends a JSON request; body may be a string (sent raw) or any value.
func (e *env) call(method, path, token string, body any) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out := resp{Status: res.StatusCode, Header: res.Header}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// on returns the bundle asserting through t: a subtest's failures stop the
// subtest, not its parent.
func (e *env) on(t *testing.T) *env {
	c := *e
	c.t = t
	return &c
}

// settle waits until every task written so far has run: the outbox is
// empty and no queue holds a pending, active, scheduled or retried task.
func (e *env) settle() {
	e.t.Helper()
	insp := asynq.NewInspector(e.asynqOpt)
	defer insp.Close()
	idle := func() bool {
		var outbox int
		if err := e.db.SQL().Get(&outbox, `SELECT count(*) FROM task_outbox`); err != nil {
			e.t.Fatal(err)
		}
		if outbox > 0 {
			return false
		}
		queues, err := insp.Queues()
		if err != nil {
			e.t.Fatal(err)
		}
		for _, q := range queues {
			info, err := insp.GetQueueInfo(q)
			if err != nil {
				e.t.Fatal(err)
			}
			if info.Pending+info.Active+info.Scheduled+info.Retry > 0 {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(10 * time.Second); !idle(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			e.t.Fatal("tasks still queued after 10 s")
		}
	}
}

// want fails the test unless r has the status.
func (e *env) want(r resp, status int) resp {
	e.t.Helper()
	if r.Status != status {
		e.t.Fatalf("status %d, want %d; body %v", r.Status, status, r.Body)
	}
	return r
}

func (e *env) nicheID() string {
	niches, err := e.db.ListNiches(context.Background())
	if err != nil || len(niches) == 0 {
		e.t.Fatalf("niches: %v", err)
	}
	return niches[0].ID
}

const goodPassword = "Str0ng!pass"

// registerCreator signs up a creator and returns nothing; the code is mailed.
func (e *env) registerCreator(email string) {
	e.t.Helper()
	e.want(e.call("POST", "/api/users/register", "", map[string]any{
		"name": "Ann Creator", "email": email, "password": goodPassword, "niche": e.nicheID()}), http.StatusCreated)
}

// signUp registers a creator, reads the mailed code and verifies; it
// returns the access and refresh tokens.
func (e *env) signUp(email string) (string, string) {
	e.t.Helper()
	e.registerCreator(email)
	code := e.mail.WaitCode(e.t, email, 1)
	r := e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": email, "otp": code}), http.StatusOK)
	return r.str("data", "accessToken"), r.str("data", "refreshToken")
}

// account creates a verified account of role and logs in; it returns the access token.
func (e *env) account(email, role string) string {
	e.t.Helper()
	spec := store.AccountSpec{Email: email, Password: goodPassword, Role: role}
	switch role {
	case store.RoleUser:
		spec.NicheName = "Fitness & Health"
	case store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer:
		spec.BrandName = "Acme"
	}
	if _, err := e.db.SaveAccount(context.Background(), spec); err != nil {
		e.t.Fatal(err)
	}
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": goodPassword}), http.StatusOK)
	return r.str("data", "accessToken")
}

func (e *env) countUsers() int {
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM users`); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// roleTokens makes one verified account per role, <role>@domain, and
// returns their access tokens by role.
func (e *env) roleTokens(domain string) map[string]string {
	e.t.Helper()
	tokens := map[string]string{}
	for _, role := range allRoles {
		tokens[role] = e.account(strings.ToLower(role)+"@"+domain, role)
	}
	return tokens
}

// roleRow checks one row of a role table in subtests name/anonymous and
// name/<role>: anonymous gets 401, the allowed roles status, the others 403.
// call makes the request with a token ("" for anonymous) on the subtest's env.
func (e *env) roleRow(t *testing.T, name string, tokens map[string]string, allowed map[string]bool, status int, call func(e *env, token string) resp) {
	t.Run(name+"/anonymous", func(t *testing.T) {
		e := e.on(t)
		e.want(call(e, ""), http.StatusUnauthorized)
	})
	for _, role := range allRoles {
		t.Run(name+"/"+role, func(t *testing.T) {
			e := e.on(t)
			want := http.StatusForbidden
			if allowed[role] {
				want = status
			}
			e.want(call(e, tokens[role]), want)
		})
	}
}

// roleSet is the set of roles rs (role tables: which roles a call allows).
func roleSet(rs ...string) map[string]bool {
	m := map[string]bool{}
	for _, r := range rs {
		m[r] = true
	}
	return m
}
