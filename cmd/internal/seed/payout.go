package seed

import (
	"context"
	"fmt"
	"time"

	"creatorcoach/store"
)

// demoObjection is the brand's objection on Hana Berg's Autumn Lookbook
// payment, for the ADMIN to decide.
const demoObjection = "Not as agreed: the second post does not carry the campaign's tag"

// The demo's reserved offer: creator@'s accepted offer on Lumen Skincare's
// running campaign (Spring Fitness Push is creator@'s unsigned offer).
const (
	demoReservedCampaign = "Winter Glow"
	demoReservedAmount   = 450
)

// payouts gives brand@'s brand a card (Visa 4242, the provider's test
// method) and a monthly manager limit of $2,000 and sets pro@ and creator@
// up for payouts (ready). creator@'s Autumn Lookbook payment went the whole
// way: funded, held by the brand's objection, released by admin@,
// transferred and paid into the bank; creator@'s offer on Lumen Skincare's
// Winter Glow is accepted and its payment reserved; Hana Berg's Autumn
// Lookbook payment is held by brand@'s objection for an ADMIN to decide. It
// writes through the store (no provider call), so it runs offline; running
// it again changes nothing.
func payouts(ctx context.Context, db *store.DB) error {
	sql := db.SQL()
	for _, brand := range []string{"brand@example.com", "lumen@example.com"} {
		if _, err := sql.ExecContext(ctx, `WITH b AS (SELECT brand_id AS id FROM users WHERE email = $1)
			INSERT INTO payout_brand_customers (brand_id, provider_id) SELECT id, 'cus_demo_' || split_part($1, '@', 1) FROM b ON CONFLICT DO NOTHING`, brand); err != nil {
			return fmt.Errorf("seed: brand customer: %w", err)
		}
		if _, err := sql.ExecContext(ctx, `INSERT INTO payout_brand_cards (brand_id, provider_id, brand, last4, exp_month, exp_year, is_default)
			SELECT brand_id, 'pm_card_visa', 'visa', '4242', 12, $2, true FROM users WHERE email = $1 ON CONFLICT DO NOTHING`,
			brand, time.Now().Year()+4); err != nil {
			return fmt.Errorf("seed: brand card: %w", err)
		}
	}
	if _, err := sql.ExecContext(ctx, `INSERT INTO payout_brand_settings (brand_id, manager_monthly_limit)
		SELECT brand_id, 200000 FROM users WHERE email = 'brand@example.com' ON CONFLICT (brand_id) DO UPDATE SET manager_monthly_limit = 200000`); err != nil {
		return fmt.Errorf("seed: manager limit: %w", err)
	}
	if _, err := sql.ExecContext(ctx, `INSERT INTO payout_accounts (user_id, provider_id, state)
		SELECT id, 'acct_demo_' || split_part(email, '@', 1), 'ready' FROM users WHERE email IN ('pro@example.com', 'creator@example.com')
		ON CONFLICT (user_id) DO UPDATE SET state = 'ready'`); err != nil {
		return fmt.Errorf("seed: payout accounts: %w", err)
	}
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	admin, _, err := db.Login(ctx, "admin@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: admin log-in: %w", err)
	}
	autumn, err := demoPayment(ctx, db, "Autumn Lookbook", "Cleo Creator")
	if err != nil {
		return err
	}
	if err := paidDemoPayment(ctx, db, brand, admin, autumn); err != nil {
		return err
	}
	held, err := demoPayment(ctx, db, "Autumn Lookbook", "Hana Berg")
	if err != nil {
		return err
	}
	if _, err := db.ObjectPayout(ctx, brand, held, demoObjection); err != nil && store.ErrorCode(err) != store.ECONFLICT {
		return err
	}
	if err := reservedDemoOffer(ctx, db); err != nil {
		return err
	}
	undelivered, err := undeliveredDemoOffer(ctx, db, brand)
	if err != nil {
		return err
	}
	fmt.Println("  payouts: brand@ has a card and a $2,000 manager limit; pro@ and creator@ are set up; creator@'s Autumn Lookbook " +
		"is paid and its Winter Glow offer reserved; Hana Berg's Autumn Lookbook payment is held by an objection; " +
		undelivered + " posted nothing for Summer Serum Launch: told after its end, brand@ may cancel for a refund")
	return nil
}

// demoPayment funds the payment of creator's offer on campaign (both
// brand@'s), on the day before the campaign started, and starts its clock
// from the captured posts; it answers the offer's id.
func demoPayment(ctx context.Context, db *store.DB, campaign, creator string) (string, error) {
	var entry string
	err := db.SQL().GetContext(ctx, &entry, `SELECT p.entry_id FROM payouts p JOIN roster_entries e ON e.id = p.entry_id
		JOIN campaigns c ON c.id = e.campaign_id JOIN creators cr ON cr.id = e.creator_id
		WHERE c.name = $1 AND cr.name = $2 AND c.brand_id = (SELECT brand_id FROM users WHERE email = 'brand@example.com')`, campaign, creator)
	if err != nil {
		return "", fmt.Errorf("seed: %s's %s payment: %w", creator, campaign, err)
	}
	var start time.Time
	if err := db.SQL().GetContext(ctx, &start, `SELECT c.start_date::timestamptz + interval '10 hours' - interval '1 day'
		FROM campaigns c JOIN roster_entries e ON e.campaign_id = c.id WHERE e.id = $1`, entry); err != nil {
		return "", err
	}
	was := db.Now
	db.Now = func() time.Time { return start }
	defer func() { db.Now = was }()
	if err := db.RecordFunding(ctx, entry, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_demo_" + entry[:8]}); err != nil {
		return "", err
	}
	if _, err := db.PayoutTick(ctx, 0); err != nil { // starts the clock from the captured posts; releases nothing (limit 0)
		return "", err
	}
	return entry, nil
}

// paidDemoPayment takes a funded payment the whole way, on the dates it
// would have happened around the first captured post: the brand objects the
// next day, the ADMIN releases it the day after, the transfer is recorded
// then, and the creator's bank payout arrives two days later.
func paidDemoPayment(ctx context.Context, db *store.DB, brand, admin *store.User, entry string) error {
	p, err := db.GetPayout(ctx, entry)
	if err != nil || p.State == store.PayoutTransferred {
		return err
	}
	var captured time.Time
	if err := db.SQL().GetContext(ctx, &captured, `SELECT min(captured_at) FROM campaign_posts WHERE entry_id = $1`, entry); err != nil {
		return fmt.Errorf("seed: paid offer's post: %w", err)
	}
	was := db.Now
	defer func() { db.Now = was }()
	at := func(days int) { db.Now = func() time.Time { return captured.AddDate(0, 0, days) } }
	at(1)
	if _, err := db.ObjectPayout(ctx, brand, entry, demoObjection); err != nil {
		return err
	}
	at(2)
	if _, err := db.DecidePayout(ctx, admin, entry, store.PayoutDecision{Decision: "release", Reason: "Both posts carry the tag after all"}); err != nil {
		return err
	}
	if err := db.RecordTransfer(ctx, entry, "tr_demo_"+entry[:8]); err != nil {
		return err
	}
	var account string
	if err := db.SQL().GetContext(ctx, &account, `SELECT a.provider_id FROM payout_accounts a JOIN creators cr ON cr.user_id = a.user_id
		JOIN roster_entries e ON e.creator_id = cr.id WHERE e.id = $1`, entry); err != nil {
		return fmt.Errorf("seed: paid creator's account: %w", err)
	}
	_, err = db.RecordCreatorPayout(ctx, account, db.Now(), captured.AddDate(0, 0, 4), "paid")
	return err
}

// reservedDemoOffer gives creator@ an accepted offer on Lumen Skincare's
// running Winter Glow, signed by both sides, with its payment reserved.
func reservedDemoOffer(ctx context.Context, db *store.DB) error {
	q := db.SQL()
	lumen, _, err := db.Login(ctx, "lumen@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: Lumen log-in: %w", err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	var campaignID string
	if err := q.GetContext(ctx, &campaignID, `SELECT id FROM campaigns WHERE brand_id = $1 AND name = $2`, lumen.Brand.ID, demoReservedCampaign); err != nil {
		if err := q.GetContext(ctx, &campaignID, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, location, age_from, age_to,
				gender, exclusivity, content_usage, status, tracking_tag, goals)
			VALUES ($1, $2, 3000, $3, $4, 'Germany', 18, 34, 'female', 'no_exclusivity', 'organic_only', 'active', 'lumenwinter', '{Brand Awareness}')
			RETURNING id`, lumen.Brand.ID, demoReservedCampaign, today.AddDate(0, 0, -3).Format(time.DateOnly), today.AddDate(0, 0, 27).Format(time.DateOnly)); err != nil {
			return fmt.Errorf("seed: %s: %w", demoReservedCampaign, err)
		}
	}
	var ids []string
	if err := q.SelectContext(ctx, &ids, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT $1, c.id, 1, 80, '[]', 'instagram', $2 FROM creators c JOIN users u ON u.id = c.user_id WHERE u.email = 'creator@example.com'
		ON CONFLICT (campaign_id, creator_id) DO NOTHING RETURNING id`, campaignID, demoReservedAmount); err != nil {
		return fmt.Errorf("seed: %s offer: %w", demoReservedCampaign, err)
	}
	for _, id := range ids {
		if _, err := db.UpdateBrandOffers(ctx, lumen, store.OfferUpdate{CampaignID: campaignID,
			Entries: []store.OfferChange{{EntryID: id, Status: ptr(store.OfferSent), Amount: ptr(store.Number(demoReservedAmount))}}}, nil); err != nil {
			return fmt.Errorf("seed: send the %s offer: %w", demoReservedCampaign, err)
		}
		if err := demoAccept(ctx, db, id, lumen); err != nil {
			return fmt.Errorf("seed: accept the %s offer: %w", demoReservedCampaign, err)
		}
		if err := db.RecordFunding(ctx, id, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_demo_" + id[:8]}); err != nil {
			return err
		}
	}
	return nil
}

// demoUndeliveredRank marks the demo's undelivered offer among Summer Serum
// Launch's entries (the others rank from 1).
const demoUndeliveredRank = 90

// undeliveredDemoOffer gives brand@'s ended Summer Serum Launch an accepted
// offer ($300) to a network creator, signed by both sides and reserved
// before the campaign, of which nothing was captured: the creator was told
// the day after the end and the grace has passed, so brand@ may cancel it
// for a full refund. It answers the creator's name.
func undeliveredDemoOffer(ctx context.Context, db *store.DB, brand *store.User) (string, error) {
	q := db.SQL()
	var c struct {
		ID    string    `db:"id"`
		Start time.Time `db:"start_date"`
		End   time.Time `db:"end_date"`
	}
	if err := q.GetContext(ctx, &c, `SELECT id, start_date, end_date FROM campaigns WHERE brand_id = $1 AND name = $2`,
		brand.Brand.ID, demoUsageCampaign); err != nil {
		return "", fmt.Errorf("seed: %s: %w", demoUsageCampaign, err)
	}
	var entry, name string
	err := q.QueryRowContext(ctx, `SELECT e.id, cr.name FROM roster_entries e JOIN creators cr ON cr.id = e.creator_id
		WHERE e.campaign_id = $1 AND e.rank = $2`, c.ID, demoUndeliveredRank).Scan(&entry, &name)
	if err == nil {
		return name, nil // seeded before
	}
	if err := q.QueryRowContext(ctx, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee,
			offer_amount, offer_status, offer_updated_at, created_at)
		SELECT $1, cr.id, $2, 72, '[]', 'instagram', 300, 300, 'sent', $3::timestamptz - interval '9 days', $3::timestamptz - interval '10 days'
		FROM creators cr WHERE cr.niche = 'Beauty & Makeup' AND cr.user_id IS NULL AND cr.email IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM roster_entries x WHERE x.campaign_id = $1 AND x.creator_id = cr.id)
		ORDER BY cr.identity LIMIT 1
		RETURNING id, (SELECT name FROM creators WHERE id = creator_id)`, c.ID, demoUndeliveredRank, c.Start).Scan(&entry, &name); err != nil {
		return "", fmt.Errorf("seed: %s undelivered offer: %w", demoUsageCampaign, err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO offer_history (entry_id, at, from_status, to_status, amount, actor_side)
		SELECT $1, $2::timestamptz + t.d * interval '1 day', t.f, t.s, 300, t.side
		FROM (VALUES (-9, 'draft', 'sent', 'brand')) t(d, f, s, side)`, entry, c.Start); err != nil {
		return "", fmt.Errorf("seed: undelivered offer history: %w", err)
	}
	was := db.Now
	defer func() { db.Now = was }()
	db.Now = func() time.Time { return c.Start.AddDate(0, 0, -4).Add(10 * time.Hour) }
	// Signed four days before the campaign started, when it was open for offers (it is completed now).
	if _, err := q.ExecContext(ctx, `UPDATE campaigns SET status = 'active' WHERE id = $1`, c.ID); err != nil {
		return "", err
	}
	err = demoAccept(ctx, db, entry, brand)
	if _, err := q.ExecContext(ctx, `UPDATE campaigns SET status = 'completed' WHERE id = $1`, c.ID); err != nil {
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("seed: sign the undelivered offer: %w", err)
	}
	if err := db.RecordFunding(ctx, entry, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_demo_" + entry[:8]}); err != nil {
		return "", err
	}
	db.Now = func() time.Time { return c.End.AddDate(0, 0, 1).Add(10 * time.Hour) }
	if _, err := db.PayoutDeliveryNotices(ctx, 10); err != nil {
		return "", err
	}
	return name, nil
}
