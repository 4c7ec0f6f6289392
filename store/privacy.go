package store

import (
	"context"
	"fmt"
)

// AnalyticsSharing tells whether the creator userID shares detailed
// analytics (audience split and daily trends) with brands: false until the
// creator turns it on.
func (s *DB) AnalyticsSharing(ctx context.Context, userID string) (bool, error) {
	var on bool
	if err := s.db.GetContext(ctx, &on, `SELECT share_analytics FROM users WHERE id = $1`, userID); err != nil {
		return false, translate(err, "User")
	}
	return on, nil
}

// SetAnalyticsSharing records the creator's choice to share detailed
// analytics with brands. EFORBIDDEN for anyone but a creator (USER).
func (s *DB) SetAnalyticsSharing(ctx context.Context, u *User, on bool) error {
	if u.Role != RoleUser {
		return Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE users SET share_analytics = $2 WHERE id = $1`, u.ID, on); err != nil {
		return fmt.Errorf("set analytics sharing: %w", err)
	}
	return nil
}
