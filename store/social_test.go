package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestEnqueueSocialSyncs: every connected account of the interval in one
// outbox task, batched per platform in even batches of at most the batch
// size, each batch at a moment within the interval; a second tick adds none.
func TestEnqueueSocialSyncs(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	want := map[string]string{} // account → platform
	for i := range 5 {
		u, err := db.SaveAccount(ctx, store.AccountSpec{Email: fmt.Sprintf("tick%d@store.io", i), Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"instagram", "tiktok", "linkedin"}[:1+i%3] {
			want[connectForTest(t, db, u.ID, p)] = p
		}
	}
	var stale []string
	_ = db.SQL().Select(&stale, `UPDATE social_accounts SET status = 'reconnect_needed' WHERE platform = 'linkedin' RETURNING id`)
	for _, id := range stale {
		delete(want, id)
	}
	db.SQL().MustExec(`DELETE FROM task_outbox`)
	bucket := time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)
	added := 0
	for i := range 2 {
		n, err := db.EnqueueSocialSyncs(ctx, "social:sync", "low", bucket, 6*time.Hour, 2)
		if want := []int{5, 0}[i]; err != nil || n != want { // instagram 5 accounts in 2+2+1, tiktok 3 in 2+1
			t.Fatalf("tick %d: %d tasks, %v; want %d", i, n, err, want)
		}
		added += n
	}
	var tasks []struct {
		Key       string    `db:"task_key"`
		Payload   []byte    `db:"payload"`
		ProcessAt time.Time `db:"process_at"`
	}
	if err := db.SQL().Select(&tasks, `SELECT task_key, payload, process_at FROM task_outbox`); err != nil || len(tasks) != added {
		t.Fatalf("%d tasks (%v), the tick said %d", len(tasks), err, added)
	}
	got := map[string]string{}
	for _, task := range tasks {
		var p struct {
			AccountIDs []string  `json:"accountIds"`
			Since      time.Time `json:"since"`
		}
		if err := json.Unmarshal(task.Payload, &p); err != nil || !p.Since.Equal(bucket) || len(p.AccountIDs) == 0 {
			t.Errorf("task %s: payload %s (%v)", task.Key, task.Payload, err)
		}
		if len(p.AccountIDs) > 2 {
			t.Errorf("task %s: %d accounts, more than the batch of 2", task.Key, len(p.AccountIDs))
		}
		if task.ProcessAt.Before(bucket) || !task.ProcessAt.Before(bucket.Add(6*time.Hour)) {
			t.Errorf("task %s at %v, outside the interval", task.Key, task.ProcessAt)
		}
		for _, id := range p.AccountIDs {
			if _, twice := got[id]; twice {
				t.Errorf("account %s in two tasks", id)
			}
			got[id] = want[id]
			if !strings.HasPrefix(task.Key, "social:sync:"+want[id]+":"+fmt.Sprint(bucket.Unix())+":") {
				t.Errorf("account %s (%s) in task %s", id, want[id], task.Key)
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("accounts queued %v, want %v", got, want)
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

// TestSaveSocialSnapshots: one statement stores the days (idempotently), the
// audience (buckets no longer sent removed) and the creator-network entry
// computed from the stored days merged with the new ones.
func TestSaveSocialSnapshots(t *testing.T) {
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
	snap := store.SocialSnapshot{AccountID: ig, Username: "snap_ig", Days: []store.SocialDay{
		{Day: today.AddDate(0, 0, -1), Followers: 480, Likes: 60}, {Day: today, Followers: 500, Likes: 90}},
		Demographics: []store.SocialShare{{Dimension: "age", Bucket: "18-24", Share: 0.25}, {Dimension: "age", Bucket: "25-34", Share: 0.75}}}
	if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{snap}); err != nil {
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
		if err := db.SQL().Get(&s, `SELECT (SELECT string_agg(day || '=' || followers || '/' || likes || '@' || xmin::text || '/' || xmax::text, ' ' ORDER BY day) FROM social_daily WHERE account_id = $1)
			|| ' | ' || (SELECT string_agg(dimension || ':' || bucket || '=' || share || '@' || xmin::text || '/' || xmax::text, ' ' ORDER BY bucket) FROM social_demographics WHERE account_id = $1)`, ig); err != nil {
			t.Fatal(err)
		}
		return s
	}
	first := rows()
	if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{snap}); err != nil {
		t.Fatal(err)
	}
	if again := rows(); again != first { // the row versions (xmin) and locks (xmax) too: nothing was rewritten nor locked
		t.Errorf("the same snapshot again changed rows:\n%s\n%s", first, again)
	}
	snap.Demographics = []store.SocialShare{{Dimension: "age", Bucket: "25-34", Share: 1}}
	if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{snap}); err != nil {
		t.Fatal(err)
	}
	var demo string
	_ = db.SQL().Get(&demo, `SELECT string_agg(bucket || '=' || share, ' ') FROM social_demographics WHERE account_id = $1`, ig)
	if demo != "25-34=1.0000" {
		t.Errorf("demographics %q, want only 25-34=1.0000", demo)
	}
	snap.Demographics = nil // the platform shared none this time: the stored audience stays
	if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{snap}); err != nil {
		t.Fatal(err)
	}
	_ = db.SQL().Get(&demo, `SELECT string_agg(bucket || '=' || share, ' ') FROM social_demographics WHERE account_id = $1`, ig)
	if demo != "25-34=1.0000" {
		t.Errorf("demographics after a snapshot without them %q", demo)
	}
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'disconnected' WHERE id = $1`, yt)
	snap.AccountID, snap.Days = yt, []store.SocialDay{{Day: today, Followers: 7, Likes: 7}}
	if err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{snap}); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = db.SQL().Get(&n, `SELECT count(*) FROM social_daily WHERE account_id = $1 AND followers = 7`, yt)
	if n != 0 {
		t.Errorf("a disconnected account stored %d days", n)
	}
}

// TestSaveSocialSnapshots_Batch: the syncs of several accounts, two of
// them one creator's, stored at once: each network entry gets the handles
// and follower counts of its synced platforms and an engagement rate over
// all its accounts; a disconnected account in the batch stores nothing.
func TestSaveSocialSnapshots_Batch(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	var users [3]string
	for i := range users {
		email := fmt.Sprintf("batch%d@store.io", i)
		u, err := db.SaveAccount(ctx, store.AccountSpec{Email: email, Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
		if err != nil {
			t.Fatal(err)
		}
		users[i] = u.ID
		db.SQL().MustExec(`INSERT INTO creators (identity, user_id, name, email) VALUES ('email:' || $2, $1, 'Batch', $2)`, u.ID, email)
	}
	ig, tt := connectForTest(t, db, users[0], "instagram"), connectForTest(t, db, users[0], "tiktok")
	yt, gone := connectForTest(t, db, users[1], "youtube"), connectForTest(t, db, users[2], "linkedin")
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'disconnected' WHERE id = $1`, gone)
	today := db.Now().UTC().Truncate(24 * time.Hour)
	day := func(followers, likes int64) []store.SocialDay {
		return []store.SocialDay{{Day: today, Followers: followers, Likes: likes}}
	}
	err := db.SaveSocialSnapshots(ctx, []store.SocialSnapshot{
		{AccountID: ig, Username: "b_ig", Days: day(1000, 300)},
		{AccountID: yt, Username: "b_yt", Days: day(400, 120), Demographics: []store.SocialShare{{Dimension: "gender", Bucket: "female", Share: 1}}},
		{AccountID: tt, Username: "b_tt", Days: day(2000, 600)},
		{AccountID: gone, Username: "b_li", Days: day(5, 5)},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := db.SQL().Select(&got, `SELECT concat_ws(' ', coalesce(instagram_handle, '-'), instagram_followers, coalesce(tiktok_handle, '-'), tiktok_followers,
			coalesce(youtube_handle, '-'), youtube_subscribers, coalesce(linkedin_handle, '-'), engagement_rate, verified_platforms::text)
		FROM creators WHERE user_id = ANY ($1::uuid[]) ORDER BY email`, pq.Array(users[:])); err != nil {
		t.Fatal(err)
	}
	// (300 + 600) likes / 30 days / 3000 followers * 100 = 1.00; 120 / 30 / 400 * 100 = 1.00
	want := []string{"b_ig 1000 b_tt 2000 - - 1.00 {instagram,tiktok}", "- - b_yt 400 - 1.00 {youtube}", "- - - - {}"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("network entries\n got %q\nwant %q", got, want)
	}
	var rows string
	_ = db.SQL().Get(&rows, `SELECT string_agg(a.username || ':' || d.followers, ' ' ORDER BY a.username) FROM social_daily d JOIN social_accounts a ON a.id = d.account_id`)
	if rows != "b_ig:1000 b_tt:2000 b_yt:400" {
		t.Errorf("daily rows %q (the disconnected account's must not be stored)", rows)
	}
	var n int
	if _ = db.SQL().Get(&n, `SELECT count(*) FROM social_demographics WHERE account_id = $1`, yt); n != 1 {
		t.Errorf("%d audience rows for youtube, want 1", n)
	}
}

// TestSocialSyncTargets: accounts come with their sealed tokens and status
// (nothing written); a disconnected one, or one synced since the given
// moment, is left out.
func TestSocialSyncTargets(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "claim@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	ig, li, tt := connectForTest(t, db, u.ID, "instagram"), connectForTest(t, db, u.ID, "linkedin"), connectForTest(t, db, u.ID, "tiktok")
	yt := connectForTest(t, db, u.ID, "youtube")
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'reconnect_needed', status_reason = 'revoked' WHERE id = $1`, li)
	db.SQL().MustExec(`UPDATE social_accounts SET status = 'disconnected' WHERE id = $1`, tt)
	since := time.Now().Add(-time.Hour)
	db.SQL().MustExec(`UPDATE social_accounts SET last_synced_at = $2 WHERE id = $1`, yt, since.Add(time.Minute))
	db.SQL().MustExec(`UPDATE social_accounts SET last_synced_at = $2 WHERE id = $1`, ig, since.Add(-time.Minute))
	all, err := db.SocialSyncTargets(ctx, []string{ig, li, tt, yt, "not-a-uuid"}, nil)
	if err != nil || len(all) != 3 {
		t.Fatalf("all: %d targets, %v; want 3 (the disconnected one left out)", len(all), err)
	}
	byID := map[string]store.SyncTarget{}
	for _, a := range all {
		byID[a.ID] = a
	}
	if a := byID[ig]; a.Platform != "instagram" || a.Status != store.SocialConnected || a.Access != "sealed-instagram" {
		t.Errorf("instagram: %+v", a)
	}
	if a := byID[li]; a.Status != store.SocialReconnectNeeded {
		t.Errorf("linkedin: %+v", a)
	}
	due, err := db.SocialSyncTargets(ctx, []string{ig, li, tt, yt}, &since)
	if err != nil || len(due) != 2 || byID[due[0].ID].ID == yt || byID[due[1].ID].ID == yt {
		t.Errorf("not synced since %v: %+v, %v; want instagram and linkedin", since, due, err)
	}
}
