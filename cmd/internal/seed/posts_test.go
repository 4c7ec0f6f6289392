package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedPosts: after seeding twice, creator@'s accepted offer on Autumn
// Lookbook has its one tagged post captured, the campaign has captured
// posts of at least ten creators with 14 daily readings each, figures a
// platform does not report are NULL, and nothing is doubled.
func TestSeedPosts(t *testing.T) {
	t.Parallel()
	db := setup(t)
	type counts struct {
		Posts    int `db:"posts"`
		Creators int `db:"creators"`
		Days     int `db:"days"`
		Mine     int `db:"mine"`
		Nulls    int `db:"nulls"`
		Tagged   int `db:"tagged"`
		Offers   int `db:"offers"`
	}
	var runs []counts
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
		var got counts
		if err := db.SQL().Get(&got, `WITH k AS (SELECT c.id, c.tracking_tag FROM campaigns c WHERE c.name = 'Autumn Lookbook')
			SELECT (SELECT count(*) FROM campaign_posts p, k WHERE p.campaign_id = k.id) AS posts,
				(SELECT count(DISTINCT e.creator_id) FROM campaign_posts p JOIN roster_entries e ON e.id = p.entry_id, k WHERE p.campaign_id = k.id) AS creators,
				(SELECT count(*) FROM campaign_post_daily d JOIN campaign_posts p ON p.id = d.post_id, k WHERE p.campaign_id = k.id) AS days,
				(SELECT count(*) FROM campaign_posts p JOIN social_accounts a ON a.id = p.account_id JOIN users u ON u.id = a.user_id, k
					WHERE p.campaign_id = k.id AND u.email = 'creator@example.com') AS mine,
				(SELECT count(*) FROM campaign_posts p, k WHERE p.campaign_id = k.id AND p.reach IS NULL AND p.views IS NOT NULL) AS nulls,
				(SELECT count(*) FROM campaign_posts p, k WHERE p.campaign_id = k.id AND p.caption ILIKE '%#' || k.tracking_tag || '%'
					AND p.published_at >= (SELECT start_date FROM campaigns WHERE id = k.id)) AS tagged,
				(SELECT count(*) FROM roster_entries e, k WHERE e.campaign_id = k.id AND e.offer_status IN ('accepted', 'completed')) AS offers`); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, got)
	}
	got := runs[1]
	if runs[0] != got {
		t.Errorf("seeding again changed the posts: %+v then %+v", runs[0], got)
	}
	if got.Creators < 10 || got.Posts < got.Creators || got.Posts > 3*got.Creators || got.Days != 14*got.Posts || got.Mine != 1 ||
		got.Nulls == 0 || got.Tagged != got.Posts || got.Offers != got.Creators {
		t.Errorf("Autumn Lookbook: %+v", got)
	}
}
