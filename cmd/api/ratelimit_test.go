package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"creatorcoach/cmd/internal/app"
)

// tcpProxy forwards a port to the test's Redis; down cuts every connection
// and refuses new ones, up serves again on the same port.
type tcpProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func startProxy(t *testing.T, target string) *tcpProxy {
	p := &tcpProxy{t: t, target: target}
	p.up()
	t.Cleanup(p.down)
	return p
}

func (p *tcpProxy) up() {
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(u, c); u.Close() }()
			go func() { _, _ = io.Copy(c, u); c.Close() }()
		}
	}()
}

func (p *tcpProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// proxiedServer is a second api over the same database whose Redis goes
// through a proxy the test can cut.
func (e *env) proxiedServer() (*httptest.Server, *tcpProxy, *server) {
	opt, err := redis.ParseURL(e.redisURL)
	if err != nil {
		e.t.Fatal(err)
	}
	p := startProxy(e.t, opt.Addr)
	rdb, err := newRedisClient(strings.Replace(e.redisURL, opt.Addr, p.addr, 1))
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { rdb.Close() })
	s := newServer(e.cfg, e.db, rdb, e.asynqOpt, e.log)
	s.limiter.retryEvery = 0 // ask Redis on every call, so its return is seen at once
	srv := httptest.NewServer(checkContract(e.t, s.routes()))
	e.t.Cleanup(srv.Close)
	return srv, p, s
}

func TestRateLimit_RedisOutage(t *testing.T) {
	e := setup(t)
	srv, proxy, s := e.proxiedServer()
	api := &env{t: t, db: e.db, srv: srv, mail: e.mail}
	proxy.down()

	t.Run("SignUpAccepted", func(t *testing.T) {
		api.want(api.call("POST", "/api/users/register", "", map[string]any{
			"name": "Ann Outage", "email": "outage@example.org", "password": goodPassword, "niche": e.nicheID()}), http.StatusCreated)
		api.want(api.call("POST", "/api/users/login", "", map[string]any{"email": "outage@example.org", "password": goodPassword}), http.StatusUnauthorized)
	})
	t.Run("SameRulesInProcess", func(t *testing.T) {
		for i := 0; i < 10; i++ {
			api.want(api.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "limited@example.org"}), http.StatusOK)
		}
		r := api.want(api.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "limited@example.org"}), http.StatusTooManyRequests)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
	})
	t.Run("ReadyzSaysRedisDown", func(t *testing.T) {
		r := api.want(api.call("GET", "/readyz", "", nil), http.StatusServiceUnavailable)
		if r.Body["redis"] != "unreachable" || r.Body["postgres"] != "ok" {
			t.Fatalf("readyz %v", r.Body)
		}
	})
	t.Run("QueueDashboard503", func(t *testing.T) {
		req, _ := http.NewRequest("GET", srv.URL+"/ops/queues/api/queues", nil)
		req.SetBasicAuth(e.cfg.OpsUser, e.cfg.OpsPassword)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("dashboard data while Redis is away: %d, want 503", res.StatusCode)
		}
	})
	t.Run("BackOnRedis", func(t *testing.T) {
		proxy.up()
		// Every call succeeds; go-redis probes a refusing server once a
		// second, so the counters move back to Redis within a few calls.
		for i := 0; ; i++ {
			email := fmt.Sprintf("back%d@example.org", i)
			api.want(api.call("POST", "/api/users/forgot-password", "", map[string]any{"email": email}), http.StatusOK)
			n, err := s.rdb.Exists(context.Background(), "rate:rl:mail:email:"+email).Result()
			if err == nil && n == 1 {
				break
			}
			if i == 100 {
				t.Fatalf("counters never went back to Redis: %d %v", n, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

func TestClientAddr_TrustedProxies(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}
	for _, tc := range []struct {
		name, peer, xff, want string
	}{
		{"UntrustedPeerIgnoresHeader", "203.0.113.9:1234", "198.51.100.1", "203.0.113.9"},
		{"TrustedPeerBelievesHeader", "10.1.2.3:1234", "198.51.100.1", "198.51.100.1"},
		{"SkipsTrustedHops", "127.0.0.1:1234", "198.51.100.1, 10.0.0.7", "198.51.100.1"},
		{"ForgedLeftmostIgnored", "10.1.2.3:1234", "1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"MalformedStops", "10.1.2.3:1234", "junk", "10.1.2.3"},
		{"IPv6Client", "10.1.2.3:1234", "2001:db8::1", "2001:db8::1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.peer
			r.Header.Set("X-Forwarded-For", tc.xff)
			if got := resolveClient(r, trusted).String(); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// forgot sends forgot-password for email as the client xff (through the
// trusted loopback proxy).
func (e *env) forgot(xff, email string) int {
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/users/forgot-password",
		strings.NewReader(fmt.Sprintf(`{"email":%q}`, email)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", xff)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func TestRateLimit_KeyedByClient(t *testing.T) {
	e := setupNoWorker(t)
	cfg := e.cfg
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	srv := httptest.NewServer(checkContract(t, newServer(cfg, e.db, redisClient(t, e.redisURL), e.asynqOpt, e.log).routes()))
	t.Cleanup(srv.Close)
	api := &env{t: t, srv: srv}
	// One IPv6 /64 is one client: 60 mail calls an hour across its addresses.
	for i := 0; i < 60; i++ {
		if st := api.forgot(fmt.Sprintf("2001:db8:1:2::%x", i+1), fmt.Sprintf("u%d@example.org", i)); st != http.StatusOK {
			t.Fatalf("call %d: %d", i, st)
		}
	}
	if st := api.forgot("2001:db8:1:2:ffff::1", "last@example.org"); st != http.StatusTooManyRequests {
		t.Fatalf("61st call from the same /64: %d, want 429", st)
	}
	if st := api.forgot("2001:db8:1:3::1", "other@example.org"); st != http.StatusOK {
		t.Fatalf("another /64: %d, want 200", st)
	}
	if st := api.forgot("198.51.100.7", "v4@example.org"); st != http.StatusOK {
		t.Fatalf("an IPv4 client behind the proxy: %d, want 200", st)
	}
}

func TestOpsAuth_ThrottlesWrongPasswords(t *testing.T) {
	e := setupNoWorker(t)
	cfg := e.cfg
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	srv := httptest.NewServer(checkContract(t, newServer(cfg, e.db, redisClient(t, e.redisURL), e.asynqOpt, e.log).routes()))
	t.Cleanup(srv.Close)
	get := func(xff, password string) int {
		req, _ := http.NewRequest("GET", srv.URL+"/ops/queues/api/queues", nil)
		req.Header.Set("X-Forwarded-For", xff)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte("ops:"+password)))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for i := 0; i < 10; i++ {
		if st := get("198.51.100.1", "wrong"); st != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d, want 401", i, st)
		}
	}
	if st := get("198.51.100.1", "wrong"); st != http.StatusTooManyRequests {
		t.Fatalf("11th wrong password: %d, want 429", st)
	}
	if st := get("198.51.100.1", e.cfg.OpsPassword); st != http.StatusTooManyRequests {
		t.Fatalf("right password after the budget: %d, want 429 (not checked)", st)
	}
	if st := get("198.51.100.2", e.cfg.OpsPassword); st != http.StatusOK {
		t.Fatalf("another client with the right password: %d, want 200", st)
	}
}

func redisClient(t *testing.T, url string) *redis.Client {
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opt)
	t.Cleanup(func() { c.Close() })
	return c
}

// TestStartRequest_IDs: a short printable X-Request-Id from the proxy is
// the request's id; a missing, long or unprintable one is replaced by a new
// id, unique per request; the client address is resolved once for all.
func TestStartRequest_IDs(t *testing.T) {
	s := &server{cfg: app.Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}}
	var seen *requestInfo
	h := s.startRequest(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = info(r) }))
	call := func(id string) *requestInfo {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = "127.0.0.1:999"
		r.Header.Set("X-Forwarded-For", "198.51.100.7")
		if id != "" {
			r.Header.Set("X-Request-Id", id)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		return seen
	}
	if got := call("edge-42/abc").id; got != "edge-42/abc" {
		t.Fatalf("forwarded id: got %q", got)
	}
	if got := call("").client.String(); got != "198.51.100.7" {
		t.Fatalf("client: got %s", got)
	}
	ids := map[string]bool{}
	for _, bad := range []string{"", strings.Repeat("x", 65), "two words", "line\nbreak", "é"} {
		id := call(bad).id
		if id == bad || !regexp.MustCompile(`^.+/[A-Za-z0-9_-]{8}-\d{6,}$`).MatchString(id) || ids[id] {
			t.Fatalf("for %q got id %q (seen before: %v)", bad, id, ids[id])
		}
		ids[id] = true
	}
}
