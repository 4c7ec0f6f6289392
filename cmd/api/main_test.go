package main

import (
	"context"
	"net/http"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/store"
)

func TestCreateAdmin(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		e := e.on(t)
		if err := createAdmin(ctx, e.db, []string{"--email", "Root@Example.org", "--password", goodPassword}); err != nil {
			t.Fatal(err)
		}
		r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "root@example.org", "password": goodPassword}), http.StatusOK)
		me := e.want(e.call("GET", "/api/users/me", r.str("data", "accessToken"), nil), http.StatusOK)
		if got := me.str("data", "user", "role"); got != store.RoleAdmin {
			t.Fatalf("role %q, want ADMIN", got)
		}
	})
	t.Run("PromotesExisting", func(t *testing.T) {
		e := e.on(t)
		e.signUp("promote@example.org")
		if err := createAdmin(ctx, e.db, []string{"--email", "promote@example.org", "--password", "N3w!password"}); err != nil {
			t.Fatal(err)
		}
		r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "promote@example.org", "password": "N3w!password"}), http.StatusOK)
		me := e.want(e.call("GET", "/api/users/me", r.str("data", "accessToken"), nil), http.StatusOK)
		if me.str("data", "user", "role") != store.RoleAdmin || me.data()["user"].(map[string]any)["niche"] != nil {
			t.Fatalf("not promoted cleanly: %v", me.data())
		}
	})
	t.Run("ErrWeakPassword", func(t *testing.T) {
		e := e.on(t)
		if err := createAdmin(ctx, e.db, []string{"--email", "weak@example.org", "--password", "weak"}); err == nil {
			t.Fatal("weak password accepted")
		}
	})
}

func TestSeed_Idempotent(t *testing.T) {
	t.Parallel()
	e := setup(t)
	for i := 0; i < 2; i++ {
		if err := seed(context.Background(), e.db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	if n := e.countUsers(); n != len(demoAccounts) {
		t.Fatalf("%d users after seeding twice, want %d", n, len(demoAccounts))
	}
	for _, a := range demoAccounts {
		e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": a.Email, "password": demoPassword}), http.StatusOK)
	}
	if err := seed(context.Background(), e.db, app.Config{Env: "production"}); err == nil {
		t.Fatal("seed ran in production")
	}
}

func TestPeriodic_HasDailyPurges(t *testing.T) {
	t.Parallel()
	scheduled := map[string]bool{}
	for _, p := range jobs.Periodic() {
		scheduled[p.Task.Type()] = true
	}
	for _, typ := range []string{jobs.TypeUserPurge, jobs.TypeFilePurge} {
		if !scheduled[typ] {
			t.Errorf("%s is not scheduled", typ)
		}
	}
}
