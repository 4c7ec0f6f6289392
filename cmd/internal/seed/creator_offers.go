package seed

import (
	"context"
	"fmt"
	"math"

	"creatorcoach/store"
)

// demoCreatorOffers are the demo creator's offers: the campaign and the
// moves of each (the brand sends, the creator answers).
var demoCreatorOffers = []struct {
	campaign string
	amount   float64
	moves    []string
	// addOns are the paid usage add-ons the brand offers with the fee.
	addOns []store.UsageAddOn
}{
	// Two agreement versions, unsigned: sent at $850 with 30 days of paid usage for $150 on top, countered at $935
	// (the add-on stays), and sent again at $935 (the same terms: no new version).
	{campaign: "Spring Fitness Push", amount: 850, moves: []string{store.OfferSent, store.OfferCountered, store.OfferSent},
		addOns: []store.UsageAddOn{{Usage: "30_days", AmountCents: 15000}}},
	{campaign: "Autumn Lookbook", amount: 600, moves: []string{store.OfferSent, store.OfferAccepted}},
}

// creatorOffers links creator@example.com to a network creator (Cleo
// Creator, on Instagram under the sandbox handle) and puts it on two of the
// demo brand's rosters: one offer waiting for the creator's answer (sent)
// and one accepted. Each move is made by its side, so the history shows
// the brand's send and the creator's accept. Entries already there are
// left alone, so it may run again.
func creatorOffers(ctx context.Context, db *store.DB, brand *store.User) error {
	creator, _, err := db.Login(ctx, "creator@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: creator log-in: %w", err)
	}
	// The demo creator shares detailed analytics with brands (the demo brand sees the audience and trends).
	if err := db.SetAnalyticsSharing(ctx, creator, true); err != nil {
		return fmt.Errorf("seed: share the demo creator's analytics: %w", err)
	}
	var creatorID string
	err = db.SQL().GetContext(ctx, &creatorID, `INSERT INTO creators (identity, user_id, name, email, niche, location,
			instagram_handle, instagram_followers, engagement_rate, audience_female, audience_male, audience_other)
		VALUES ('email:creator@example.com', $1, 'Cleo Creator', 'creator@example.com', 'Fitness & Health', 'Berlin',
			$2, 24000, 4.2, 68, 30, 2)
		ON CONFLICT (identity) DO UPDATE SET user_id = excluded.user_id RETURNING id`, creator.ID, demoSocialHandle)
	if err != nil {
		return fmt.Errorf("seed: link the demo creator: %w", err)
	}
	for _, o := range demoCreatorOffers {
		var ids []string
		err := db.SQL().SelectContext(ctx, &ids, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
			SELECT c.id, $2, coalesce((SELECT max(rank) FROM roster_entries WHERE campaign_id = c.id), 0) + 1, 82, '[]', 'instagram', $3
			FROM campaigns c JOIN users u ON u.brand_id = c.brand_id
			WHERE u.email = 'brand@example.com' AND c.name = $1 AND c.status <> 'deleted'
			ON CONFLICT (campaign_id, creator_id) DO NOTHING RETURNING id`, o.campaign, creatorID, o.amount)
		if err != nil {
			return fmt.Errorf("seed: roster entry in %q: %w", o.campaign, err)
		}
		for _, id := range ids {
			if err := seedCreatorMoves(ctx, db, brand, creator, id, o.amount, o.moves, o.addOns); err != nil {
				return fmt.Errorf("seed: offer in %q: %w", o.campaign, err)
			}
		}
	}
	fmt.Printf("  creator@example.com: linked to a network creator, %d offers\n", len(demoCreatorOffers))
	return nil
}

// seedCreatorMoves makes each move of entry id by its side: the brand sends
// (at amount with addOns, or again at the creator's counter), the creator
// answers (a counter asks 10 % more); an acceptance is both sides'
// signatures.
func seedCreatorMoves(ctx context.Context, db *store.DB, brand, creator *store.User, id string, amount float64, moves []string, addOns []store.UsageAddOn) error {
	var campaignID, status string
	if err := db.SQL().QueryRowxContext(ctx, `SELECT e.campaign_id, c.status FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
		WHERE e.id = $1`, id).Scan(&campaignID, &status); err != nil {
		return err
	}
	if status == store.CampaignCompleted {
		// The moves were made while the campaign ran: a completed campaign's offers no longer move.
		if _, err := db.SQL().ExecContext(ctx, `UPDATE campaigns SET status = 'active' WHERE id = $1`, campaignID); err != nil {
			return err
		}
		defer db.SQL().ExecContext(ctx, `UPDATE campaigns SET status = 'completed' WHERE id = $1`, campaignID)
	}
	countered := false
	for _, st := range moves {
		var err error
		switch st {
		case store.OfferSent:
			change := store.OfferChange{EntryID: id, Status: ptr(st), Amount: ptr(store.Number(amount))}
			if !countered && len(addOns) > 0 {
				change.UsageAddOns = &addOns
			}
			_, err = db.UpdateBrandOffers(ctx, brand, store.OfferUpdate{CampaignID: campaignID, Entries: []store.OfferChange{change}}, nil)
		case store.OfferCountered:
			countered = true
			amount = math.Round(amount * 1.1)
			_, err = db.AnswerOffer(ctx, creator, id, st, ptr(store.Number(amount)), ptr("Two stories as well?"), nil)
		case store.OfferAccepted:
			err = demoAccept(ctx, db, id, brand)
		default:
			_, err = db.AnswerOffer(ctx, creator, id, st, nil, nil, nil)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
