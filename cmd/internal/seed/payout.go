package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/store"
)

// demoObjection is the brand's objection on creator@'s Autumn Lookbook payment.
const demoObjection = "Not as agreed: the second post does not carry the campaign's tag"

// payouts gives brand@'s brand a card (Visa 4242, the provider's test
// method) and a monthly manager limit of $2,000, sets pro@ up for payouts
// (ready), and funds creator@'s accepted Autumn Lookbook offer, whose
// posts are captured (its release clock runs), with brand@'s objection
// holding it for an ADMIN to decide. It writes rows through the store (no
// provider call), so it runs offline; running it again changes nothing.
func payouts(ctx context.Context, db *store.DB) error {
	sql := db.SQL()
	if _, err := sql.ExecContext(ctx, `WITH b AS (SELECT brand_id AS id FROM users WHERE email = 'brand@example.com')
		INSERT INTO payout_brand_customers (brand_id, provider_id) SELECT id, 'cus_demo_brand' FROM b ON CONFLICT DO NOTHING`); err != nil {
		return fmt.Errorf("seed: brand customer: %w", err)
	}
	if _, err := sql.ExecContext(ctx, `INSERT INTO payout_brand_cards (brand_id, provider_id, brand, last4, exp_month, exp_year, is_default)
		SELECT brand_id, 'pm_card_visa', 'visa', '4242', 12, $1, true FROM users WHERE email = 'brand@example.com' ON CONFLICT DO NOTHING`,
		time.Now().Year()+4); err != nil {
		return fmt.Errorf("seed: brand card: %w", err)
	}
	if _, err := sql.ExecContext(ctx, `INSERT INTO payout_brand_settings (brand_id, manager_monthly_limit)
		SELECT brand_id, 200000 FROM users WHERE email = 'brand@example.com' ON CONFLICT (brand_id) DO UPDATE SET manager_monthly_limit = 200000`); err != nil {
		return fmt.Errorf("seed: manager limit: %w", err)
	}
	if _, err := sql.ExecContext(ctx, `INSERT INTO payout_accounts (user_id, provider_id, state)
		SELECT id, 'acct_demo_pro', 'ready' FROM users WHERE email = 'pro@example.com' ON CONFLICT (user_id) DO UPDATE SET state = 'ready'`); err != nil {
		return fmt.Errorf("seed: pro@'s payouts: %w", err)
	}
	var entry string
	err := sql.GetContext(ctx, &entry, `SELECT p.entry_id FROM payouts p JOIN roster_entries e ON e.id = p.entry_id
		JOIN campaigns c ON c.id = e.campaign_id JOIN creators cr ON cr.id = e.creator_id JOIN users u ON u.id = cr.user_id
		WHERE c.name = 'Autumn Lookbook' AND u.email = 'creator@example.com'`)
	if err != nil {
		return fmt.Errorf("seed: creator@'s Autumn Lookbook payment: %w", err)
	}
	if err := db.RecordFunding(ctx, entry, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_demo_autumn"}); err != nil {
		return err
	}
	if _, err := db.PayoutTick(ctx, 0); err != nil { // starts the clock from the captured posts; releases nothing (limit 0)
		return err
	}
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	if _, err := db.ObjectPayout(ctx, brand, entry, demoObjection); err != nil && store.ErrorCode(err) != store.ECONFLICT {
		return err
	}
	fmt.Println("  payouts: brand@ has a card and a $2,000 manager limit; pro@ is set up; creator@'s Autumn Lookbook payment is held by an objection")
	return nil
}
