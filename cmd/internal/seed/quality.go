package seed

import (
	"context"
	"fmt"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/store"
)

// demoSpikeCreator is a second connected demo creator, listed in the
// network, whose 90 days show one unexplained follower spike (followers
// jump by 6,000 on one day while reach stays flat).
var demoSpikeCreator = store.AccountSpec{Email: "sam.spike@example.com", Name: "Sam Spike", Role: store.RoleUser, NicheName: "Fitness & Health"}

// qualityDemo seeds demoSpikeCreator's network entry, Instagram account and
// 90 days, and computes its audience-quality reading as the sync does.
// Running it again leaves the same data.
func qualityDemo(ctx context.Context, db *store.DB, cfg app.Config) error {
	a := demoSpikeCreator
	a.Password = DemoPassword
	if _, err := db.SaveAccount(ctx, a); err != nil {
		return fmt.Errorf("seed %s: %w", a.Email, err)
	}
	var acc string
	err := db.SQL().QueryRowContext(ctx, `WITH u AS (SELECT id FROM users WHERE email = $1),
		c AS (INSERT INTO creators (identity, name, email, niche, location, instagram_handle, instagram_followers, user_id)
			SELECT 'email:' || $1, 'Sam Spike', $1, 'Fitness & Health', 'Madrid', 'sam_moves', 42000, id FROM u
			ON CONFLICT (identity) DO UPDATE SET user_id = excluded.user_id)
		INSERT INTO social_accounts (user_id, platform, username, external_id) SELECT id, 'instagram', 'sam_moves', 'demo-sam-spike' FROM u
		ON CONFLICT (user_id, platform) DO UPDATE SET username = excluded.username RETURNING id`, a.Email).Scan(&acc)
	if err != nil {
		return fmt.Errorf("seed %s: account: %w", a.Email, err)
	}
	// 90 days to yesterday: +30 to +34 followers a day with reach about
	// 5,000; on day 60, +6,000 followers with reach flat.
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO social_daily (account_id, day, followers, likes, views, reach, accounts_engaged)
		SELECT $1, current_date - 90 + g, 40000 + g * 32 + (g % 5) + CASE WHEN g >= 60 THEN 6000 ELSE 0 END,
			250 + (g % 7) * 5, 9000 + (g % 7) * 80, 5000 + (g % 7) * 40, 500 + (g % 7) * 4
		FROM generate_series(0, 89) g ON CONFLICT (account_id, day) DO NOTHING`, acc); err != nil {
		return fmt.Errorf("seed %s: days: %w", a.Email, err)
	}
	h := &jobs.Handler{Store: db, Log: cfg.Logger()}
	h.ReadAudienceQuality(ctx, []string{acc})
	fmt.Printf("  %s: Instagram connected, 90 days with an unexplained follower spike\n", a.Email)
	return nil
}
