package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedOffers: seeding twice leaves one demo network (and the demo
// creator's own entry, see demoCreatorEntry), three campaigns
// and the active one's offers in several states.
func TestSeedOffers(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		Creators  int `db:"creators"`
		Campaigns int `db:"campaigns"`
		States    int `db:"states"`
		Imports   int `db:"imports"`
	}
	if err := db.SQL().Get(&got, `SELECT (SELECT count(*) FROM creators) AS creators,
		(SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(DISTINCT offer_status) FROM roster_entries e
			JOIN campaigns c ON c.id = e.campaign_id WHERE c.status = 'active') AS states,
		(SELECT count(*) FROM jobs WHERE kind = 'creator_import') AS imports`); err != nil {
		t.Fatal(err)
	}
	if got.Creators != DemoCreators+2 || // the network, creator@ and sam.spike@
		got.Campaigns != 6 || // brand@'s four and Lumen Skincare's two (creator@'s media kit, creator@'s reserved offer)
		got.States < 5 || got.Imports != 1 {
		t.Fatalf("after seeding twice: %+v", got)
	}
	// creator@example.com is linked and has an offer waiting, a completed one
	// paid through the product, a completed one and an accepted one of another
	// brand's; brand@example.com has a counter to answer.
	var states []string
	if err := db.SQL().Select(&states, `SELECT e.offer_status || ':' || (SELECT string_agg(h.actor_side || '>' || h.to_status, ',' ORDER BY h.id)
		FROM offer_history h WHERE h.entry_id = e.id) FROM roster_entries e JOIN creators c ON c.id = e.creator_id
		JOIN users u ON u.id = c.user_id JOIN campaigns k ON k.id = e.campaign_id WHERE u.email = 'creator@example.com'
		ORDER BY e.offer_status DESC, k.name`); err != nil {
		t.Fatal(err)
	}
	if len(states) != 4 || states[0] != "sent:brand>sent,creator>countered,brand>sent" || // Spring Fitness Push
		states[1] != "completed:brand>sent,brand>accepted,system>completed" || // Autumn Lookbook, paid
		states[2] != "completed:brand>sent,creator>accepted,admin>completed" || // Summer Glow, on creator@'s media kit
		states[3] != "accepted:brand>sent,brand>accepted" { // Winter Glow, reserved
		t.Errorf("creator's offers: %v", states)
	}
	var counters int
	if err := db.SQL().Get(&counters, `SELECT count(*) FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
		JOIN users u ON u.brand_id = c.brand_id WHERE u.email = 'brand@example.com' AND e.offer_status = 'countered'`); err != nil || counters < 1 {
		t.Errorf("brand's counters: %d %v", counters, err)
	}
}

// TestSeedNetworkMembers: after seeding twice, DemoOnCreatorCoach demo
// network creators are on Creator Coach (linked, listed, Verified on
// Instagram with DemoMeasuredDays measured days), the rest imported only,
// and one imported-only creator is on the suppression list as unsubscribed.
func TestSeedNetworkMembers(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		Linked       int `db:"linked"`
		Imported     int `db:"imported"`
		Answered     int `db:"answered"`
		Measured     int `db:"measured"`
		Unsubscribed int `db:"unsubscribed"`
	}
	if err := db.SQL().Get(&got, `SELECT
		(SELECT count(*) FROM creators WHERE email LIKE 'demo.%' AND user_id IS NOT NULL AND listed AND verified_platforms = '{instagram}') AS linked,
		(SELECT count(*) FROM creators WHERE email LIKE 'demo.%' AND user_id IS NULL) AS imported,
		(SELECT count(*) FROM creator_listings l JOIN creators c ON c.user_id = l.user_id WHERE c.email LIKE 'demo.%' AND l.listed) AS answered,
		(SELECT count(*) FROM social_accounts a JOIN creators c ON c.user_id = a.user_id WHERE c.email LIKE 'demo.%'
			AND (SELECT count(*) FROM social_daily d WHERE d.account_id = a.id) = $1) AS measured,
		(SELECT count(*) FROM outreach_suppressions s JOIN creators c ON c.email = s.email WHERE c.user_id IS NULL AND s.reason = 'unsubscribed') AS unsubscribed`,
		DemoMeasuredDays); err != nil {
		t.Fatal(err)
	}
	if got.Linked != DemoOnCreatorCoach || got.Imported != DemoCreators-DemoOnCreatorCoach || got.Answered != DemoOnCreatorCoach ||
		got.Measured != DemoOnCreatorCoach || got.Unsubscribed != 1 {
		t.Fatalf("after seeding twice: %+v", got)
	}
}
