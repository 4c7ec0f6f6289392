package seed

import (
	"context"
	"testing"
	"time"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// TestSeedPayouts: after seeding twice, brand@'s brand has one default card
// and a $2,000 manager limit, pro@ and creator@ are ready for payouts;
// creator@'s Autumn Lookbook payment is paid ($600 transferred, paid into
// the bank, the offer completed) after an objection an ADMIN released, its
// Winter Glow offer is accepted with $450 reserved, and Hana Berg's Autumn
// Lookbook payment is held by brand@'s objection; Summer Serum Launch's
// undelivered offer is reserved, its creator told and brand@ may cancel it;
// the books balance.
func TestSeedPayouts(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		Cards int    `db:"cards"`
		Limit int64  `db:"lim"`
		Ready int    `db:"ready"`
		Held  string `db:"held"`
	}
	if err := db.SQL().Get(&got, `SELECT (SELECT count(*) FROM payout_brand_cards k JOIN users u ON u.brand_id = k.brand_id
			WHERE k.is_default AND u.email = 'brand@example.com') AS cards,
		(SELECT s.manager_monthly_limit FROM payout_brand_settings s JOIN users u ON u.brand_id = s.brand_id WHERE u.email = 'brand@example.com') AS lim,
		(SELECT count(*) FROM payout_accounts a JOIN users u ON u.id = a.user_id WHERE u.email IN ('pro@example.com', 'creator@example.com')
			AND a.state = 'ready') AS ready,
		(SELECT string_agg(cr.name || ':' || p.objection_reason, ',') FROM payouts p JOIN roster_entries e ON e.id = p.entry_id
			JOIN creators cr ON cr.id = e.creator_id WHERE p.state = 'held') AS held`); err != nil {
		t.Fatal(err)
	}
	if got.Cards != 1 || got.Limit != 200000 || got.Ready != 2 || got.Held != "Hana Berg:"+demoObjection {
		t.Fatalf("after seeding twice: %+v", got)
	}
	mine := func(campaign string) (p *store.Payout, status string) {
		var entry string
		if err := db.SQL().QueryRow(`SELECT e.id, e.offer_status FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
			JOIN creators cr ON cr.id = e.creator_id JOIN users u ON u.id = cr.user_id
			WHERE c.name = $1 AND u.email = 'creator@example.com'`, campaign).Scan(&entry, &status); err != nil {
			t.Fatal(err)
		}
		p, err := db.GetPayout(context.Background(), entry)
		if err != nil {
			t.Fatal(err)
		}
		return p, status
	}
	if p, st := mine("Autumn Lookbook"); p.State != store.PayoutTransferred || p.PaidAt == nil || p.Amount != 60000 || st != store.OfferCompleted {
		t.Fatalf("Autumn Lookbook: %+v, offer %s", p, st)
	}
	if p, st := mine(demoReservedCampaign); p.State != store.PayoutFunded || p.Amount != 45000 || st != store.OfferAccepted {
		t.Fatalf("%s: %+v, offer %s", demoReservedCampaign, p, st)
	}
	var undelivered struct {
		State  string     `db:"state"`
		Notice *time.Time `db:"delivery_notice_at"`
		Posts  int        `db:"posts"`
	}
	if err := db.SQL().Get(&undelivered, `SELECT p.state, p.delivery_notice_at, (SELECT count(*) FROM campaign_posts cp WHERE cp.entry_id = e.id) AS posts
		FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id JOIN payouts p ON p.entry_id = e.id
		WHERE c.name = $1 AND e.rank = $2`, demoUsageCampaign, demoUndeliveredRank); err != nil {
		t.Fatal(err)
	}
	if undelivered.State != store.PayoutFunded || undelivered.Notice == nil || undelivered.Posts != 0 {
		t.Fatalf("the undelivered offer: %+v", undelivered)
	}
	brand, _, err := db.Login(context.Background(), "brand@example.com", DemoPassword, store.SessionMeta{})
	if err != nil {
		t.Fatal(err)
	}
	var entry string
	_ = db.SQL().Get(&entry, `SELECT e.id FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id WHERE c.name = $1 AND e.rank = $2`,
		demoUsageCampaign, demoUndeliveredRank)
	if v, err := db.PaymentOf(context.Background(), brand, entry); err != nil || !v.CancelAllowed {
		t.Fatalf("brand@ may not cancel the undelivered offer: %+v, %v", v, err)
	}
	problems, err := db.CheckLedger(context.Background())
	if err != nil || len(problems) > 0 {
		t.Fatalf("books: %v, %v", problems, err)
	}
}
