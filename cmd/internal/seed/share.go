package seed

import (
	"context"
	"fmt"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// demoShareCampaign is the brand's completed campaign whose results the demo
// shares by link (its posts are the analytics sync's, seeded with it).
const demoShareCampaign = "Autumn Lookbook"

// shareLink gives brand@'s completed "Autumn Lookbook" a live share link
// (fees hidden, 30 days) and prints its address. The token is stored hashed,
// so a second run cannot show the first link again: it makes a new one,
// which replaces it.
func shareLink(ctx context.Context, db *store.DB, cfg app.Config) error {
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	var id string
	if err := db.SQL().GetContext(ctx, &id, `SELECT id FROM campaigns WHERE brand_id = $1 AND name = $2 AND status <> 'deleted'
		ORDER BY created_at LIMIT 1`, brand.Brand.ID, demoShareCampaign); err != nil {
		return fmt.Errorf("seed: the %q campaign: %w", demoShareCampaign, err)
	}
	days := store.ShareDaysDefault
	sh, err := db.CreateShare(ctx, brand, id, store.ShareInput{ExpiresInDays: &days}, cfg.PublicURL)
	if err != nil {
		return fmt.Errorf("seed: share %q: %w", demoShareCampaign, err)
	}
	fmt.Printf("  brand@example.com: %q results shared at %s (fees hidden, until %s)\n", demoShareCampaign, sh.URL,
		sh.ExpiresAt.Format("2 Jan 2006"))
	return nil
}
