package jobs

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// TestWorker_SlowSyncsLeaveMailSlots: analytics syncs run on a worker server
// of their own (the low queue), so syncs stuck on a platform that does not
// answer leave the slots mail needs: a code is mailed while every sync slot
// waits, more syncs queued behind them. On one shared server of two slots
// the mail would wait for the platform.
func TestWorker_SlowSyncsLeaveMailSlots(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	db := e.Store
	redisOpt, _ := e.redis()
	smtp := e.withMail()
	// A platform that takes every call and answers none until released.
	release := make(chan struct{})
	var waiting atomic.Int32
	platform := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		waiting.Add(1)
		defer waiting.Add(-1)
		select {
		case <-release:
		case <-r.Context().Done():
		}
		http.Error(w, `{"error":"unavailable"}`, http.StatusServiceUnavailable)
	}))
	t.Cleanup(platform.Close) // after the worker has stopped (cleanups run last first)

	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "cleo@x.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	sealer := social.DevSealer()
	for _, p := range []string{social.Instagram, social.YouTube, social.TikTok} {
		access, _ := sealer.Seal("access-" + p)
		refresh, _ := sealer.Seal("refresh-" + p)
		expires := time.Now().Add(30 * 24 * time.Hour)
		if _, err := db.ConnectSocialAccount(ctx, store.SocialConnection{UserID: u.ID, Platform: p,
			Tokens: store.SealedTokens{Access: access, Refresh: refresh, IssuedAt: time.Now(), ExpiresAt: &expires}}, NewSocialSyncTask); err != nil {
			t.Fatal(err)
		}
	}
	cfg := social.Config{Platforms: social.SandboxEndpoints(platform.URL), RedirectBase: platform.URL + "/callback/",
		Timeout: time.Minute, Now: time.Now}
	syncer := &Syncer{Connectors: cfg.Connectors(), Sealer: sealer, HistoryDays: 30, Interval: 6 * time.Hour}

	e.startWorker(WorkerDeps{RedisOpt: redisOpt, ProductName: "Creator Coach", Concurrency: 2, LowConcurrency: 2, Social: syncer})
	t.Cleanup(func() { close(release) }) // first: the worker's syncs return, so it can stop

	for deadline := time.Now().Add(10 * time.Second); waiting.Load() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d platform calls waiting, want both sync slots busy", waiting.Load())
		}
	}
	if err := db.RequestOTP(ctx, "cleo@x.io", store.OTPPasswordReset, NewSendOTPTask()); err != nil {
		t.Fatal(err)
	}
	if code := smtp.WaitCode(t, "cleo@x.io", 1); len(code) != 6 {
		t.Fatalf("code %q", code)
	}
	if n := waiting.Load(); n != 2 {
		t.Fatalf("%d platform calls waiting after the mail, want the two syncs still waiting", n)
	}
}
