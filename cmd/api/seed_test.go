package main

import (
	"context"
	"math"
	"net/http"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
)

// TestSeedCoach: the demo creator has one chat with two answered entries
// (3 free questions left) after seeding twice; the pro creator, once it
// exists, gets several.
func TestSeedCoach(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	ctx := context.Background()
	if err := seed.Run(ctx, e.db, app.Config{}); err != nil { // a second seed changes nothing
		t.Fatal(err)
	}
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "creator@example.com", "password": seed.DemoPassword}), http.StatusOK)
	token := r.str("data", "accessToken")
	chats := e.chats(token, "")
	if len(chats) != 1 || len(chatEntries(chats)) != 2 {
		t.Fatalf("demo chats %v", chats)
	}
	for _, en := range chatEntries(chats) {
		m := en.(map[string]any)
		if m["status"] != "answered" || len(m["facts"].([]any)) == 0 {
			t.Errorf("demo entry %v", m)
		}
	}
	// The views trend over all platforms adds up both platforms' days, computed here in SQL.
	var want struct {
		Recent int64 `db:"recent"`
		Prev   int64 `db:"prev"`
	}
	if err := e.db.SQL().Get(&want, `WITH d AS (SELECT d.day, d.views, max(d.day) OVER () AS last FROM social_daily d
		JOIN social_accounts a ON a.id = d.account_id JOIN users u ON u.id = a.user_id WHERE u.email = 'creator@example.com')
		SELECT coalesce(sum(views) FILTER (WHERE day > last - 30), 0) AS recent,
			coalesce(sum(views) FILTER (WHERE day <= last - 30 AND day > last - 60), 0) AS prev FROM d`); err != nil {
		t.Fatal(err)
	}
	facts := map[string]any{}
	for _, en := range chatEntries(chats) {
		for _, f := range en.(map[string]any)["facts"].([]any) {
			facts[f.(map[string]any)["label"].(string)] = f.(map[string]any)["value"]
		}
	}
	change := math.Round(float64(want.Recent-want.Prev)/float64(want.Prev)*1000) / 10
	if facts["Views, all platforms, last 30 days"] != float64(want.Recent) || facts["Views, all platforms, previous 30 days"] != float64(want.Prev) ||
		facts["Views, all platforms, change vs previous 30 days"] != change {
		t.Errorf("demo views trend %v / %v / %v, want %d / %d / %v", facts["Views, all platforms, last 30 days"],
			facts["Views, all platforms, previous 30 days"], facts["Views, all platforms, change vs previous 30 days"], want.Recent, want.Prev, change)
	}
	pro, err := e.db.SaveAccount(ctx, store.AccountSpec{Email: "pro@example.com", Password: seed.DemoPassword, Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	coachtest.Subscribe(t, e.db, pro.ID, true, time.Now().AddDate(1, 0, 0))
	for range 2 {
		if err := seed.Coach(ctx, e.db); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM chat_entries WHERE user_id = $1 AND status = 'answered'`, pro.ID); err != nil || n != 4 {
		t.Fatalf("pro entries %d (%v)", n, err)
	}
}
