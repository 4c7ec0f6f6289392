package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
)

// TestSeedCoach: the demo creator has one chat with two answered entries
// (3 free questions left) after seeding twice; the pro creator, once it
// exists, gets several.
func TestSeedCoach(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	for range 2 {
		if err := seed(ctx, e.db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "creator@example.com", "password": demoPassword}), http.StatusOK)
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
	pro, err := e.db.SaveAccount(ctx, store.AccountSpec{Email: "pro@example.com", Password: demoPassword, Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	coachtest.Subscribe(t, e.db, pro.ID, true, time.Now().AddDate(1, 0, 0))
	for range 2 {
		if err := seedCoach(ctx, e.db); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM chat_entries WHERE user_id = $1 AND status = 'answered'`, pro.ID); err != nil || n != 4 {
		t.Fatalf("pro entries %d (%v)", n, err)
	}
}
