package main

import (
	"context"
	"net/http"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
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
		if err := seed.Run(context.Background(), e.db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	// The demo log-ins, pro@, the creator with a spike, Lumen Skincare's admin and the network's creators on Creator Coach.
	if n, want := e.countUsers(), len(seed.DemoAccounts)+3+seed.DemoOnCreatorCoach; n != want {
		t.Fatalf("%d users after seeding twice, want %d", n, want)
	}
	emails := []string{"pro@example.com", "sam.spike@example.com"}
	for _, a := range seed.DemoAccounts {
		emails = append(emails, a.Email)
	}
	tokens := map[string]string{}
	for _, email := range emails {
		tokens[email] = e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": seed.DemoPassword}), http.StatusOK).str("data", "accessToken")
	}
	// The second creator pays yearly with a card; the first is on the free plan.
	if sub := e.subscription(tokens["pro@example.com"]); sub["status"] != "active" || sub["plan"].(map[string]any)["interval"] != "year" {
		t.Fatalf("pro@example.com subscription: %v", sub)
	}
	if c := cards(e.want(e.call("GET", "/api/cards", tokens["pro@example.com"], nil), http.StatusOK)); len(c) != 1 || c[0]["primary"] != true {
		t.Fatalf("pro@example.com cards: %v", c)
	}
	if sub := e.subscription(tokens["creator@example.com"]); sub != nil {
		t.Fatalf("creator@example.com subscription: %v", sub)
	}
	e.want(e.call("POST", "/api/subscriptions/validate-promo-code", tokens["creator@example.com"], map[string]any{"code": "WELCOME20"}), http.StatusOK)
	if err := seed.Run(context.Background(), e.db, app.Config{Env: "production"}); err == nil {
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
