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

// connectForTest connects platform for userID and returns the account id.
func connectForTest(t *testing.T, db *store.DB, userID, platform string) string {
	t.Helper()
	_, err := db.ConnectSocialAccount(context.Background(), store.SocialConnection{UserID: userID, Platform: platform,
		Tokens: store.SealedTokens{Access: "sealed-" + platform, IssuedAt: time.Now()}},
		func(accountID, jobID string) store.Task {
			return store.Task{Key: "first:" + jobID, Type: "t", Queue: "low", Payload: []byte("{}")}
		})
	if err != nil {
		t.Fatal(err)
	}
	var id string
	if err := db.SQL().Get(&id, `SELECT id FROM social_accounts WHERE user_id = $1 AND platform = $2`, userID, platform); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestSaveSocialSnapshot: one statement stores the days (idempotently), the
// audience (buckets no longer sent removed) and the creator-network entry
// computed from the stored days merged with the new ones.
func TestSaveSocialSnapshot(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "snap@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	db.SQL().MustExec(`INSERT INTO creators (identity, user_id, name, email) VALUES ('email:snap@store.io', $1, 'Snap', 'snap@store.io')`, u.ID)
	ig, yt := connectForTest(t, db, u.ID, "instagram"), connectForTest(t, db, u.ID, "youtube")
	today := db.Now().UTC().Truncate(24 * time.Hour)
	// YouTube has stored days; Instagram has an old figure for yesterday that the snapshot corrects.
	db.SQL().MustExec(`INSERT INTO social_daily (account_id, day, followers, likes) VALUES ($1, $3::date, 1000, 30), ($2, $3::date - 1, 1, 999)`,
		yt, ig, today)
	snap := store.SocialSnapshot{Username: "snap_ig", Days: []store.SocialDay{
		{Day: today.AddDate(0, 0, -1), Followers: 480, Likes: 60}, {Day: today, Followers: 500, Likes: 90}},
		Demographics: []store.SocialShare{{Dimension: "age", Bucket: "18-24", Share: 0.25}, {Dimension: "age", Bucket: "25-34", Share: 0.75}}}
	if err := db.SaveSocialSnapshot(ctx, ig, snap); err != nil {
		t.Fatal(err)
	}
	var net struct {
		Handle    string  `db:"instagram_handle"`
		Followers int64   `db:"instagram_followers"`
		Rate      float64 `db:"engagement_rate"`
		Verified  string  `db:"verified_platforms"`
	}
	if err := db.SQL().Get(&net, `SELECT instagram_handle, instagram_followers, engagement_rate, verified_platforms::text FROM creators WHERE user_id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	// (60 + 90 + 30 likes) / 30 days / (500 + 1000 followers) * 100 = 0.40
	if want := (struct {
		Handle    string  `db:"instagram_handle"`
		Followers int64   `db:"instagram_followers"`
		Rate      float64 `db:"engagement_rate"`
		Verified  string  `db:"verified_platforms"`
	}{"snap_ig", 500, 0.40, "{instagram}"}); net != want {
		t.Errorf("network entry %+v, want %+v", net, want)
	}
	rows := func() string {
		var s string
		if err := db.SQL().Get(&s, `SELECT (SELECT string_agg(day || '=' || followers || '/' || likes || '@' || xmin::text, ' ' ORDER BY day) FROM social_daily WHERE account_id = $1)
			|| ' | ' || (SELECT string_agg(dimension || ':' || bucket || '=' || share || '@' || xmin::text, ' ' ORDER BY bucket) FROM social_demographics WHERE account_id = $1)`, ig); err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := rows()
	if err := db.SaveSocialSnapshot(ctx, ig, snap); err != nil {
		t.Fatal(err)
	}
	if again := rows(); again != first { // the row versions (xmin) too: nothing was rewritten
		t.Errorf("the same snapshot again changed rows:\n%s\n%s", first, again)
	}
	snap.Demographics = []store.SocialShare{{Dimension: "age", Bucket: "25-34", Share: 1}}
	if err := db.SaveSocialSnapshot(ctx, ig, snap); err != nil {
		t.Fatal(err)
	}
	var demo string
	_ = db.SQL().Get(&demo, `SELECT string_agg(bucket || '=' || share, ' ') FROM social_demographics WHERE account_id = $1`, ig)
	if demo != "25-34=1.0000" {
		t.Errorf("demographics %q, want only 25-34=1.0000", demo)
	}
	snap.Demographics = nil // the platform shared none this time: the stored audience stays
	if err := db.SaveSocialSnapshot(ctx, ig, snap); err != nil {
		t.Fatal(err)
	}
	_ = db.SQL().Get(&demo, `SELECT string_agg(bucket || '=' || share, ' ') FROM social_demographics WHERE account_id = $1`, ig)
	if demo != "25-34=1.0000" {
		t.Errorf("demographics after a snapshot without them %q", demo)
	}
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'disconnected' WHERE id = $1`, yt)
	snap.Days = []store.SocialDay{{Day: today, Followers: 7, Likes: 7}}
	if err := db.SaveSocialSnapshot(ctx, yt, snap); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = db.SQL().Get(&n, `SELECT count(*) FROM social_daily WHERE account_id = $1 AND followers = 7`, yt)
	if n != 0 {
		t.Errorf("a disconnected account stored %d days", n)
	}
}

// TestSocialSyncTarget: an account comes with its sealed tokens and its
// status (nothing written); a disconnected one is not found.
func TestSocialSyncTarget(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "claim@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	ig, li, tt := connectForTest(t, db, u.ID, "instagram"), connectForTest(t, db, u.ID, "linkedin"), connectForTest(t, db, u.ID, "tiktok")
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'reconnect_needed', status_reason = 'revoked' WHERE id = $1`, li)
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'disconnected' WHERE id = $1`, tt)
	a, tok, err := db.SocialSyncTarget(ctx, ig)
	if err != nil || a.Platform != "instagram" || a.Status != store.SocialConnected || tok.Access != "sealed-instagram" {
		t.Errorf("instagram: %+v %+v %v", a, tok, err)
	}
	if a, _, err = db.SocialSyncTarget(ctx, li); err != nil || a.Status != store.SocialReconnectNeeded {
		t.Errorf("linkedin: %+v %v", a, err)
	}
	if _, _, err := db.SocialSyncTarget(ctx, tt); store.ErrorCode(err) != store.ENOTFOUND {
		t.Errorf("disconnected: %v, want not_found", err)
	}
}
