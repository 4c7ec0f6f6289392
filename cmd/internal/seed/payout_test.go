package seed

import (
	"context"
	"testing"

	"creatorcoach/cmd/internal/app"
)

// TestSeedPayouts: after seeding twice, brand@'s brand has one default card
// and a $2,000 manager limit, pro@ is ready for payouts, and creator@'s
// Autumn Lookbook payment is funded (440 + 10 % fee in the ledger), its
// clock started from the captured posts, and held by the brand's objection.
func TestSeedPayouts(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var got struct {
		Cards   int    `db:"cards"`
		Limit   int64  `db:"lim"`
		Pro     string `db:"pro"`
		State   string `db:"state"`
		Reason  string `db:"reason"`
		Clock   bool   `db:"clock"`
		Entry   string `db:"entry"`
		Objects int    `db:"objections"`
	}
	if err := db.SQL().Get(&got, `SELECT (SELECT count(*) FROM payout_brand_cards WHERE is_default) AS cards,
		(SELECT manager_monthly_limit FROM payout_brand_settings) AS lim,
		(SELECT a.state FROM payout_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'pro@example.com') AS pro,
		p.state, p.objection_reason AS reason, p.release_at IS NOT NULL AS clock, p.entry_id AS entry,
		(SELECT count(*) FROM audit_events WHERE action = 'payout.objected') AS objections
		FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns c ON c.id = e.campaign_id
		JOIN creators cr ON cr.id = e.creator_id JOIN users u ON u.id = cr.user_id
		WHERE c.name = 'Autumn Lookbook' AND u.email = 'creator@example.com'`); err != nil {
		t.Fatal(err)
	}
	if got.Cards != 1 || got.Limit != 200000 || got.Pro != "ready" || got.State != "held" || got.Reason != demoObjection || !got.Clock || got.Objects != 1 {
		t.Fatalf("after seeding twice: %+v", got)
	}
	b, err := db.PayoutBooks(context.Background(), got.Entry)
	if err != nil || b.Funded != 66000 || b.Held != 60000 || b.Fee != 6000 {
		t.Fatalf("books %+v, %v", b, err)
	}
}
