package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// MsgMinQuality refuses a minimum audience-quality reading out of range.
const MsgMinQuality = "Minimum audience quality must be a whole number from 0 to 100"

// creatorQualitySQL sets the audience-quality figure of the network entry of
// the user $1: the readings of their connected accounts weighted by each
// account's latest followers (as userQuality computes it), NULL when none
// has a reading. The network sorts and filters on it, rosters may ask for a
// minimum.
const creatorQualitySQL = `UPDATE creators SET quality_score = (
	SELECT round(sum(aq.score * greatest(coalesce(f.followers, 0), 1))::numeric / sum(greatest(coalesce(f.followers, 0), 1)))::smallint
	FROM social_accounts a JOIN audience_quality aq ON aq.account_id = a.id AND aq.score IS NOT NULL
	LEFT JOIN LATERAL (SELECT d.followers FROM social_daily d WHERE d.account_id = a.id ORDER BY d.day DESC LIMIT 1) f ON true
	WHERE a.user_id = $1 AND a.status <> 'disconnected')
	WHERE user_id = $1`

// refreshCreatorQuality recomputes the network entry's figure of the owner
// of accountID (a no-op for a user without an entry).
func refreshCreatorQuality(ctx context.Context, db sqlx.ExtContext, accountID string) error {
	var userID string
	if err := sqlx.GetContext(ctx, db, &userID, `SELECT user_id FROM social_accounts WHERE id = $1`, accountID); err != nil {
		return fmt.Errorf("creator quality figure: %w", err)
	}
	if _, err := db.ExecContext(ctx, creatorQualitySQL, userID); err != nil {
		return fmt.Errorf("creator quality figure: %w", err)
	}
	return nil
}
