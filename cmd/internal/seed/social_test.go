package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedSocial: the demo creator starts with Instagram and YouTube
// connected and 180 days of history; seeding again keeps one row per day.
// (The test's worker may be running the seed's queued sync meanwhile: syncing counts.)
func TestSeedSocial(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{PublicURL: "http://localhost:8080"}); err != nil {
			t.Fatal(err)
		}
	}
	var got []struct {
		Platform string `db:"platform"`
		Days     int    `db:"days"`
		Demo     int    `db:"demo"`
		Tokens   int    `db:"tokens"`
	}
	if err := db.SQL().Select(&got, `SELECT a.platform, (SELECT count(*) FROM social_daily d WHERE d.account_id = a.id) AS days,
		(SELECT count(*) FROM social_demographics d WHERE d.account_id = a.id) AS demo,
		(SELECT count(*) FROM social_tokens t WHERE t.account_id = a.id) AS tokens
		FROM social_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'creator@example.com' AND a.status IN ('connected', 'syncing') ORDER BY a.platform`); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Platform != "instagram" || got[1].Platform != "youtube" {
		t.Fatalf("accounts %+v", got)
	}
	for _, a := range got {
		if a.Days < DemoSocialDays || a.Days > DemoSocialDays+1 || a.Demo == 0 || a.Tokens != 1 {
			t.Errorf("%s: %+v, want %d days, an audience and tokens", a.Platform, a, DemoSocialDays)
		}
	}
	// Both accounts have a reading after their sync, and the Instagram history
	// (30 days of reported follower gains in 180 days) reads as no unexplained growth.
	var unexplained []bool
	if err := db.SQL().Select(&unexplained, `SELECT q.unexplained FROM audience_quality q JOIN social_accounts a ON a.id = q.account_id
		JOIN users u ON u.id = a.user_id WHERE u.email = 'creator@example.com' AND q.score IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	if len(unexplained) != 2 || unexplained[0] || unexplained[1] {
		t.Errorf("creator@'s readings: unexplained %v, want two readings without", unexplained)
	}
	// The demo creator's network entry is linked to the account and carries the measured handles.
	var entry struct {
		Linked   bool   `db:"linked"`
		Verified string `db:"verified"`
		TikTok   string `db:"tiktok"`
	}
	if err := db.SQL().Get(&entry, `SELECT c.user_id = u.id AS linked, array_to_string(c.verified_platforms, ',') AS verified,
		coalesce(c.tiktok_handle, '') AS tiktok FROM creators c JOIN users u ON u.email = 'creator@example.com'
		WHERE c.email = 'creator@example.com'`); err != nil {
		t.Fatal(err)
	}
	if !entry.Linked || entry.Verified != "instagram,youtube" || entry.TikTok != demoSocialHandle {
		t.Fatalf("network entry %+v", entry)
	}
}
