package store_test

import (
	"context"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestEnqueueSocialSyncs: one outbox task per connected account and
// interval, each at a moment within the interval; a second tick adds none.
func TestEnqueueSocialSyncs(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "tick@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"instagram", "tiktok", "linkedin"} {
		_, err := db.ConnectSocialAccount(ctx, store.SocialConnection{UserID: u.ID, Platform: p, Tokens: store.SealedTokens{Access: "sealed", IssuedAt: time.Now()}},
			func(accountID, jobID string) store.Task {
				return store.Task{Key: "first:" + jobID, Type: "t", Queue: "low", Payload: []byte("{}")}
			})
		if err != nil {
			t.Fatal(err)
		}
	}
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'reconnect_needed' WHERE platform = 'linkedin'`)
	bucket := time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)
	for i, want := range []int{2, 0} {
		n, err := db.EnqueueSocialSyncs(ctx, "analytics:sync", "low", bucket, 6*time.Hour)
		if err != nil || n != want {
			t.Fatalf("tick %d: got %d, %v; want %d", i, n, err, want)
		}
	}
	var bad int
	if err := db.SQL().Get(&bad, `SELECT count(*) FROM task_outbox WHERE task_type = 'analytics:sync'
		AND NOT (process_at >= $1 AND process_at < $2 AND task_key LIKE '%:' || $3)`, bucket, bucket.Add(6*time.Hour), bucket.Unix()); err != nil || bad != 0 {
		t.Fatalf("%d tasks outside the interval (%v)", bad, err)
	}
}
