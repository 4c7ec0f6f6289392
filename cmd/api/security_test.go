package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// TestJSON_TrailingData: a JSON body followed by anything but white space is 400.
func TestJSON_TrailingData(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	for name, body := range map[string]string{
		"Garbage":      `{"email": "a@b.io", "password": "x"} garbage`,
		"SecondObject": `{"email": "a@b.io", "password": "x"}{"email": "c@d.io"}`,
		"Bracket":      `{"email": "a@b.io", "password": "x"}]`,
	} {
		t.Run(name, func(t *testing.T) {
			e := e.on(t)
			r := expect(t, e.call("POST", "/api/users/login", "", body), http.StatusBadRequest)
			if r.str("message") != "Malformed JSON body" {
				t.Fatalf("body %v", r.Body)
			}
		})
	}
	t.Run("TrailingSpaceOK", func(t *testing.T) {
		e := e.on(t)
		expect(t, e.call("POST", "/api/users/login", "", `{"email": "a@b.io", "password": "Wr0ng!pass"}`+" \n\t\r\n"), http.StatusUnauthorized)
	})
}

// TestRosterErrors_FormulaCells: cells of the row-error CSV that a
// spreadsheet would run as a formula start with a quote.
func TestRosterErrors_FormulaCells(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@formula.io", store.RoleAdmin)
	file := "Name,=Email,+Instagram Followers,@TikTok Followers,-YouTube Subscribers,\tLinkedIn Followers\n" +
		"Ann Lee,not-an-email,-5,x,y,z\n"
	r := e.want(e.uploadRoster(admin, "formula.csv", []byte(file)), http.StatusAccepted)
	id := r.data()["job"].(map[string]any)["id"].(string)
	if job := e.waitJob(admin, id); job["status"] != "succeeded" {
		t.Fatalf("job %v", job)
	}
	status, raw := e.getRaw("/api/jobs/"+id+"/errors", admin)
	if status != http.StatusOK {
		t.Fatalf("errors: %d %s", status, raw)
	}
	rows, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 3 {
		t.Fatalf("want several row errors, got %q", rows)
	}
	for _, row := range rows[1:] {
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("cell %q is a live formula", cell)
			}
		}
	}
	if !strings.Contains(string(raw), `'=Email`) {
		t.Errorf("formula header not neutralised with a quote:\n%s", raw)
	}
}

// waitJob polls the job until it ends and returns it.
func (e *env) waitJob(token, id string) map[string]any {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		job, _ := e.want(e.call("GET", "/api/jobs/"+id, token, nil), http.StatusOK).data()["job"].(map[string]any)
		if job["status"] == "succeeded" || job["status"] == "failed" {
			return job
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("job still %v", job)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestCampaign_NulAndHugePage: a NUL character in the free-form roaster and
// a page number past any offset are 422 field errors, not 500s.
func TestCampaign_NulAndHugePage(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("owner@nul.io", store.RoleBrandAdmin)
	for name, tt := range map[string]struct {
		roaster any
		field   string
	}{
		"Value":  {map[string]any{"note": "a\u0000b"}, "roaster.note"},
		"Key":    {map[string]any{"a\u0000": 1}, "roaster.a"},
		"Nested": {[]any{"ok", map[string]any{"x": []any{"\u0000"}}}, "roaster"},
	} {
		roaster, field := tt.roaster, tt.field
		t.Run(name, func(t *testing.T) {
			e := e.on(t)
			r := expect(t, e.call("POST", "/api/campaigns/add-campaign", tok, with(e.campaignBody("Nul roaster"), "roaster", roaster)), http.StatusUnprocessableEntity)
			if got := r.field(field); got != store.MsgNulCharacter {
				t.Fatalf("fields[%q] = %q; body %v", field, got, r.Body)
			}
		})
	}
	t.Run("LoneSurrogateStored", func(t *testing.T) {
		e := e.on(t)
		body := strings.Replace(mustJSON(t, with(e.campaignBody("Surrogate"), "roaster", "X")), `"roaster":"X"`, `"roaster":"\ud800"`, 1)
		expect(t, e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusCreated)
	})
	t.Run("TextField", func(t *testing.T) {
		e := e.on(t)
		r := expect(t, e.call("POST", "/api/campaigns/add-campaign", tok, with(e.campaignBody("Nul"), "location", "Ber\u0000lin")), http.StatusUnprocessableEntity)
		if r.field("location") != store.MsgNulCharacter {
			t.Fatalf("body %v", r.Body)
		}
	})
	t.Run("LoginEmail", func(t *testing.T) {
		e := e.on(t)
		r := expect(t, e.call("POST", "/api/users/login", "", `{"email": "a\u0000@b.io", "password": "Abcdef1!"}`), http.StatusUnprocessableEntity)
		if r.field("email") != store.MsgNulCharacter {
			t.Fatalf("body %v", r.Body)
		}
	})
	t.Run("QueryParams", func(t *testing.T) {
		e := e.on(t)
		admin := e.account("admin@nul.io", store.RoleAdmin)
		for _, c := range []struct{ token, path, field string }{
			{tok, "/api/campaigns/all-campaigns?search=a%00", "search"},
			{tok, "/api/creators?location=%00", "location"},
			{tok, "/api/jobs?kind=%00", "kind"},
			{admin, "/api/admins/get-brands?search=%00", "search"},
		} {
			r := expect(t, e.call("GET", c.path, c.token, nil), http.StatusUnprocessableEntity)
			if r.field(c.field) != store.MsgNulCharacter {
				t.Errorf("%s: body %v", c.path, r.Body)
			}
		}
	})
	id := e.createCampaign(tok, "Still fine")
	r := e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+id, tok, map[string]any{"roaster": "\u0000"}), http.StatusUnprocessableEntity)
	if r.field("roaster") != store.MsgNulCharacter {
		t.Fatalf("update: body %v", r.Body)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// expect fails t unless r has the status; subtests assert through their own t.
func expect(t *testing.T, r resp, status int) resp {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %v", r.Status, status, r.Body)
	}
	return r
}

// TestSecurityHeaders: every answer carries the browser security headers;
// the web app's CSP allows no inline script; asynqmon keeps a looser one;
// HSTS only when PUBLIC_URL is https.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	get := func(path string, ops bool) http.Header {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		if ops {
			req.SetBasicAuth("ops", "ops-secret")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header
	}
	for _, path := range []string{"/", "/login", "/api/niche", "/api/users/me", "/healthz"} {
		h := get(path, false)
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self';", "frame-ancestors 'none'", "default-src 'self'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q allows inline code", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, h)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over a plain-http PUBLIC_URL", path)
		}
	}
	ops := get("/ops/queues", true).Get("Content-Security-Policy")
	if !strings.Contains(ops, "frame-ancestors 'none'") || !strings.Contains(ops, "script-src 'self' 'unsafe-inline'") {
		t.Errorf("/ops/queues CSP %q", ops)
	}

	cfg := app.Config{JWTSecret: "x", PublicURL: "https://coach.example.com", WebDir: t.TempDir()}
	rec := httptest.NewRecorder()
	checkContract(t, newServer(cfg, e.db, nil, asynq.RedisClientOpt{Addr: "127.0.0.1:1"}, slog.New(slog.NewTextHandler(io.Discard, nil))).routes()).ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if got := rec.Header().Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("https PUBLIC_URL: HSTS %q", got)
	}
}

// TestSecurityHeaders_StripeJS: the web app's CSP lets Stripe.js (script,
// iframes, API) in only when the real provider and a real publishable key are
// configured, and GET /api/payments/config then tells the browser so; in the
// sandbox neither happens.
func TestSecurityHeaders_StripeJS(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("stripejs@example.com", store.RoleUser)
	stripeParts := []string{"script-src 'self' https://js.stripe.com", "frame-src https://js.stripe.com", "connect-src 'self' https://api.stripe.com"}
	get := func(base, path string) resp {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(res.Body).Decode(&body)
		return resp{Status: res.StatusCode, Body: body, Header: res.Header}
	}

	for _, path := range []string{"/", "/api/payments/config"} {
		if csp := get(e.srv.URL, path).Header.Get("Content-Security-Policy"); strings.Contains(csp, "stripe") {
			t.Errorf("sandbox %s: CSP %q lets Stripe in", path, csp)
		}
	}
	if c := get(e.srv.URL, "/api/payments/config"); c.data()["sandbox"] != true {
		t.Errorf("sandbox config %v", c.Body)
	}

	cfg := e.cfg
	cfg.StripeAPIBase, cfg.StripePublishableKey = app.StripeLive, "pk_test_51AbCdEfGhIjKlMnOp"
	live := httptest.NewServer(checkContract(t, newServer(cfg, e.db, nil, e.asynqOpt, e.log).routes()))
	t.Cleanup(live.Close)
	for _, path := range []string{"/", "/account-settings", "/api/payments/config"} {
		r := get(live.URL, path)
		csp := r.Header.Get("Content-Security-Policy")
		for _, want := range append(stripeParts, "frame-ancestors 'none'", "object-src 'none'") {
			if !strings.Contains(csp, want) {
				t.Errorf("real key %s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") {
			t.Errorf("real key %s: CSP %q allows inline code", path, csp)
		}
	}
	c := get(live.URL, "/api/payments/config")
	if c.Status != http.StatusOK || c.data()["sandbox"] != false || c.data()["publishableKey"] != "pk_test_51AbCdEfGhIjKlMnOp" {
		t.Errorf("real key config %d %v", c.Status, c.Body)
	}
}
