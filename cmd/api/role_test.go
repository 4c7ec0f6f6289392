package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"creatorcoach/store"
)

// TestRoleTable holds the whole role matrix of the signed-in API routes
// (account settings for ADMIN, BRAND_ADMIN, BRAND_MANAGER and USER;
// everything else here for all five roles) plus anonymous access.
func TestRoleTable(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	tokens := e.roleTokens("roles.io")
	settings := map[string]bool{store.RoleAdmin: true, store.RoleBrandAdmin: true, store.RoleBrandManager: true, store.RoleUser: true}
	creators := map[string]bool{store.RoleUser: true}
	readers := map[string]bool{store.RoleUser: true, store.RoleAdmin: true} // social accounts: ADMIN reads
	everyone := map[string]bool{store.RoleAdmin: true, store.RoleBrandAdmin: true, store.RoleBrandManager: true, store.RoleUser: true, store.RoleBrandViewer: true}
	tests := []struct {
		name    string
		method  string
		path    string
		body    any
		allowed map[string]bool
		status  int // for allowed roles
	}{
		{"Me", "GET", "/api/users/me", nil, everyone, 200},
		{"Profile", "GET", "/api/users/profile", nil, everyone, 200},
		{"UpdateProfile", "PUT", "/api/users/profile", map[string]any{"name": "Renamed"}, settings, 200},
		{"ChangePassword", "PUT", "/api/users/change-password", map[string]any{"currentPassword": "Wr0ng!pass", "newPassword": "N3w!password"}, settings, 422},
		{"DeleteMe", "DELETE", "/api/users", map[string]any{"reason": ""}, settings, 422},
		{"Job", "GET", "/api/jobs/00000000-0000-0000-0000-000000000000", nil, everyone, 404},
		{"Jobs", "GET", "/api/jobs", nil, everyone, 200},
		{"AskCoach", "POST", "/api/chats", map[string]any{"question": "How am I doing?"}, creators, 201},
		{"Chats", "GET", "/api/chats", nil, creators, 200},
		{"Platforms", "GET", "/api/accounts/platform", nil, everyone, 200},
		{"Accounts", "GET", "/api/accounts", nil, readers, 200},
		{"Engagement", "GET", "/api/accounts/engagement", nil, readers, 200},
		{"Connect", "POST", "/api/accounts", map[string]any{"id": "instagram"}, creators, 200},
		{"AccountToken", "POST", "/api/accounts/token", map[string]any{"platform": "instagram", "code": "c", "state": "s"}, creators, 422},
		{"SyncAccount", "POST", "/api/accounts/00000000-0000-0000-0000-000000000000/sync", nil, creators, 404},
		{"Disconnect", "DELETE", "/api/accounts/00000000-0000-0000-0000-000000000000", nil, creators, 404},
		{"CreatorOffers", "GET", "/api/offers", nil, creators, 200},
		{"CreatorOffer", "GET", "/api/offers/00000000-0000-0000-0000-000000000000", nil, creators, 404},
		{"AcceptOffer", "POST", "/api/offers/00000000-0000-0000-0000-000000000000/accept", nil, creators, 404},
		{"DeclineOffer", "POST", "/api/offers/00000000-0000-0000-0000-000000000000/decline", map[string]any{"reason": "Busy"}, creators, 404},
		{"CounterOffer", "POST", "/api/offers/00000000-0000-0000-0000-000000000000/counter", map[string]any{"amount": 900}, creators, 404},
		{"Logout", "POST", "/api/users/logout", nil, everyone, 200},
	}
	for _, tt := range tests {
		e.roleRow(t, tt.name, tokens, tt.allowed, tt.status, func(e *env, tok string) resp { return e.call(tt.method, tt.path, tok, tt.body) })
	}
}

func TestJob_Get(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	creator := e.account("c@jobs.io", store.RoleUser)
	other := e.account("o@jobs.io", store.RoleUser)
	admin := e.account("a@jobs.io", store.RoleAdmin)
	me := e.want(e.call("GET", "/api/users/me", creator, nil), 200).str("data", "user", "_id")
	job, err := e.db.CreateJob(ctx, "test_kind", me, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := e.want(e.call("GET", "/api/jobs/"+job.ID, creator, nil), http.StatusOK)
	got, _ := r.data()["job"].(map[string]any)
	for _, key := range []string{"id", "kind", "status", "progress", "total", "processed", "failed", "result", "error", "createdAt", "startedAt", "finishedAt"} {
		if _, ok := got[key]; !ok {
			t.Errorf("job JSON lacks %q: %v", key, got)
		}
	}
	if got["status"] != "queued" || got["kind"] != "test_kind" {
		t.Fatalf("got %v", got)
	}
	e.want(e.call("GET", "/api/jobs/"+job.ID, other, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/jobs/"+job.ID, admin, nil), http.StatusOK)
	e.want(e.call("GET", "/api/jobs/not-a-uuid", admin, nil), http.StatusNotFound)

	count := func(token, query string) int {
		r := e.want(e.call("GET", "/api/jobs"+query, token, nil), http.StatusOK)
		return int(r.data()["total"].(float64))
	}
	if n := count(creator, ""); n != 1 {
		t.Fatalf("owner lists %d jobs, want 1", n)
	}
	if n := count(other, ""); n != 0 {
		t.Fatalf("another user lists %d jobs, want 0", n)
	}
	if n := count(admin, "?kind=test_kind"); n != 1 {
		t.Fatalf("admin lists %d test_kind jobs, want 1", n)
	}
	if n := count(admin, "?kind=other"); n != 0 {
		t.Fatalf("admin lists %d jobs of another kind, want 0", n)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	e := setup(t)
	r := e.want(e.call("POST", "/api/users/login", "", `{"email": `), http.StatusBadRequest)
	if r.Body["message"] == "" {
		t.Fatal("no message for malformed JSON")
	}
	big := `{"email": "` + strings.Repeat("a", maxBody) + `"}`
	e.want(e.call("POST", "/api/users/register", "", big), http.StatusRequestEntityTooLarge)
	e.want(e.call("GET", "/api/nope", "", nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/users/me", "not-a-jwt", nil), http.StatusUnauthorized)
	// A token signed with another algorithm or key is refused.
	e.want(e.call("GET", "/api/users/me", "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzaWQiOiJ4In0.", nil), http.StatusUnauthorized)
	if n := e.countUsers(); n != 0 {
		t.Fatalf("bad input left %d users", n)
	}
}

func TestRateLimit_Login(t *testing.T) {
	t.Parallel()
	e := setup(t)
	body := map[string]any{"email": "rl@example.org", "password": "Wr0ng!pass"}
	// Twice the burst at once, so that the limit, which replenishes over
	// time, is counted before it refills even on a slow machine: at least
	// the burst is let through, and the rest hear 429 with Retry-After.
	n := 2 * limitSecretPerEmail.Burst
	answers := make(chan resp, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { answers <- e.call("POST", "/api/users/login", "", body) })
	}
	wg.Wait()
	close(answers)
	passed, limited := 0, 0
	for r := range answers {
		switch r.Status {
		case http.StatusUnauthorized:
			passed++
		case http.StatusTooManyRequests:
			limited++
			if r.Header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		default:
			t.Errorf("status %d; body %v", r.Status, r.Body)
		}
	}
	if passed < limitSecretPerEmail.Burst || limited == 0 {
		t.Fatalf("%d wrong logins let through and %d limited; the burst is %d", passed, limited, limitSecretPerEmail.Burst)
	}
}

func TestOps(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	get := func(path, user, pass string) int {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		if user != "" {
			req.SetBasicAuth(user, pass)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	cases := []struct {
		path, user, pass string
		want             int
	}{
		{"/healthz", "", "", 200},
		{"/readyz", "", "", 200},
		{"/metrics", "", "", 401},
		{"/metrics", "ops", "wrong", 401},
		{"/metrics", "ops", "ops-secret", 200},
		{"/ops/queues", "", "", 401},
		{"/ops/queues", "ops", "wrong", 401},
		{"/ops/queues", "ops", "ops-secret", 200},
		{"/ops/queues/api/queues", "ops", "ops-secret", 200},
		{"/debug/pprof/", "", "", 401},
		{"/debug/pprof/heap", "ops", "wrong", 401},
		{"/debug/pprof/heap", "ops", "ops-secret", 200},
	}
	for _, c := range cases {
		if got := get(c.path, c.user, c.pass); got != c.want {
			t.Errorf("GET %s as %q: %d, want %d", c.path, c.user, got, c.want)
		}
	}
}

// TestOps_Metrics: every API request is counted under its method, route
// pattern and status; neither a made-up method (refused before the API's
// routes) nor a raw path adds a series.
func TestOps_Metrics(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	do := func(method, path string, basic bool) string {
		req, _ := http.NewRequest(method, e.srv.URL+path, nil)
		if basic {
			req.SetBasicAuth("ops", "ops-secret")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	for range 3 {
		do("GET", "/api/niche", false)
	}
	do("BREW", "/api/niche", false)
	do("GET", "/api/no-such-call", false)
	do("GET", "/api/jobs/3f2c1b7e-0000-4000-8000-000000000001", false)
	do("GET", "/api/jobs/another-id", false)
	m := do("GET", "/metrics", true)
	for _, want := range []string{
		`http_request_duration_seconds_count{method="GET",route="/api/niche",status="200"} 3`,
		`http_request_duration_seconds_count{method="GET",route="/api/*",status="404"} 1`,
		`http_request_duration_seconds_count{method="GET",route="/api/jobs/{id}",status="401"} 2`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(m, "BREW") || strings.Contains(m, "no-such-call") || strings.Contains(m, "another-id") {
		t.Error("metrics carry a client's method or raw path")
	}
}
