package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

func TestPostgresDown_503(t *testing.T) {
	e := setup(t)
	_, dbURL := storetest.New(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := startProxy(t, u.Host)
	u.Host = proxy.addr
	db, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	srv := httptest.NewServer(checkContract(t, newServer(e.cfg, db, redisClient(t, e.redisURL), e.asynqOpt, e.log).routes()))
	t.Cleanup(srv.Close)
	api := &env{t: t, srv: srv}
	for i := 0; i < 3; i++ { // fill the pool with connections the outage will break
		api.want(api.call("GET", "/api/niche", "", nil), http.StatusOK)
	}

	proxy.down()
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/niche"},
		{"POST", "/api/users/login"},
		{"POST", "/api/users/register"},
		{"GET", "/api/users/me"},
	} {
		body := map[string]any{"email": "down@example.org", "password": goodPassword, "name": "Ann Down", "niche": "x"}
		tok := ""
		if c.path == "/api/users/me" {
			tok = e.account("down-me@example.org", store.RoleUser)
		}
		r := api.want(api.call(c.method, c.path, tok, body), http.StatusServiceUnavailable)
		if r.Body["message"] != store.MsgUnavailable || r.Header.Get("Retry-After") == "" {
			t.Fatalf("%s %s: %v %v", c.method, c.path, r.Body, r.Header)
		}
	}
	r := api.want(api.call("GET", "/readyz", "", nil), http.StatusServiceUnavailable)
	if r.Body["postgres"] != "unreachable" {
		t.Fatalf("readyz %v", r.Body)
	}

	proxy.up()
	api.want(api.call("GET", "/api/niche", "", nil), http.StatusOK)
	api.want(api.call("GET", "/readyz", "", nil), http.StatusOK)
}
