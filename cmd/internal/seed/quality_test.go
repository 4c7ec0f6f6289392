package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedQuality: after seeding it (twice), Sam Spike's reading shows
// unexplained follower growth over 90 days.
func TestSeedQuality(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := qualityDemo(context.Background(), db, app.Config{PublicURL: "http://localhost:8080"}); err != nil {
			t.Fatal(err)
		}
	}
	var got []struct {
		Email       string `db:"email"`
		Score       *int   `db:"score"`
		Unexplained bool   `db:"unexplained"`
		Days        int    `db:"days"`
	}
	if err := db.SQL().Select(&got, `SELECT u.email, q.score, q.unexplained, (SELECT count(*) FROM social_daily d WHERE d.account_id = a.id) AS days
		FROM audience_quality q JOIN social_accounts a ON a.id = q.account_id JOIN users u ON u.id = a.user_id ORDER BY u.email, a.platform`); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, r := range got {
		seen[r.Email]++
		switch r.Email {
		case demoSpikeCreator.Email:
			if r.Score == nil || !r.Unexplained || r.Days != 90 {
				t.Errorf("spike creator %+v", r)
			}
		}
	}
	if seen[demoSpikeCreator.Email] != 1 {
		t.Fatalf("readings %+v", got)
	}
}
