package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// DeleteAccount marks the signed-in user deleted with a reason and revokes
// every session. Logging in within RecoveryWindow restores the account. The
// last BRAND_ADMIN of a team with other members is refused (ECONFLICT). A
// subscription that renews gets stop, the task that turns renewal off at the
// provider, in the same transaction.
func (s *DB) DeleteAccount(ctx context.Context, userID, reason string, stop func(userID string) Task) error {
	f := FieldErrors{}
	checkReason(f, reason)
	if err := f.Err(); err != nil {
		return err
	}
	return s.forgotten(s.inTx(ctx, func(tx *sqlx.Tx) error { return s.markDeleted(tx, userID, reason, stop) }), userID)
}

// DeleteAccountWithOTP is the public deletion: it consumes the account-deletion
// code mailed to email and deletes the account like DeleteAccount.
func (s *DB) DeleteAccountWithOTP(ctx context.Context, email, code, reason string, stop func(userID string) Task) error {
	f := FieldErrors{}
	email = strings.TrimSpace(email)
	checkEmail(f, "email", NormalizeEmail(email), MsgDeleteEmail)
	checkCode(f, "otp", code, MsgDeleteOTPRequired, MsgOTPDigits)
	checkReason(f, reason)
	if err := f.Err(); err != nil {
		return err
	}
	var user string
	err := s.withOTP(ctx, email, OTPAccountDeletion, code, true, func(tx *sqlx.Tx, userID string) error {
		user = userID
		return s.markDeleted(tx, userID, reason, stop)
	})
	return s.forgotten(err, user)
}

// MsgLastAdminDeletes refuses the deletion of a brand's last brand admin
// while other members remain.
const MsgLastAdminDeletes = "You are the only brand admin of your team. Make another member a brand admin before deleting your account."

// MsgLastAdminInvites refuses the deletion of a brand's last brand admin
// while invitations to the team are pending: the invitees would join a
// team nobody can manage. Pending invitations never count as admins.
const MsgLastAdminInvites = "You are the only brand admin of your team and invitations are pending. Cancel them, or make another member a brand admin, before deleting your account."

// keepsTeamManaged returns ECONFLICT (MsgLastAdminDeletes) when userID is
// the last BRAND_ADMIN of a brand that has other members: deleting the
// account would leave a team nobody can manage; MsgLastAdminInvites while
// invitations to the brand are pending. The sole member may go.
func keepsTeamManaged(tx *sqlx.Tx, userID string, now time.Time) error {
	var u struct {
		Role    string  `db:"role"`
		BrandID *string `db:"brand_id"`
	}
	if err := tx.Get(&u, `SELECT role, brand_id FROM users WHERE id = $1`, userID); err != nil {
		return translate(err, "User")
	}
	if u.Role != RoleBrandAdmin || u.BrandID == nil || keepsBrandAdmin(tx, *u.BrandID, userID) == nil {
		return nil
	}
	var others int
	if err := tx.Get(&others, `SELECT count(*) FROM users WHERE brand_id = $1 AND id <> $2 AND deleted_at IS NULL`, *u.BrandID, userID); err != nil {
		return fmt.Errorf("count members: %w", err)
	}
	if others > 0 {
		return Errorf(ECONFLICT, MsgLastAdminDeletes)
	}
	var invited int
	if err := tx.Get(&invited, `SELECT count(*) FROM invitations WHERE brand_id = $1 AND accepted_at IS NULL AND expires_at > $2`,
		*u.BrandID, now); err != nil {
		return fmt.Errorf("count invitations: %w", err)
	}
	if invited > 0 {
		return Errorf(ECONFLICT, MsgLastAdminInvites)
	}
	return nil
}

func (s *DB) markDeleted(tx *sqlx.Tx, userID, reason string, stop func(userID string) Task) error {
	now := s.now()
	if err := keepsTeamManaged(tx, userID, now); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE users SET deleted_at = $2, deletion_reason = $3, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL`,
		userID, now, reason); err != nil {
		return fmt.Errorf("delete user: %w", err)
	}
	if _, err := tx.Exec(`DELETE FROM one_time_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("drop codes: %w", err)
	}
	if err := queueStopRenewal(tx, userID, stop); err != nil {
		return err
	}
	return revokeUserSessions(tx, userID, "", "account deleted", now)
}

// PurgeDeletedUsers erases accounts deleted more than RecoveryWindow ago,
// with their sessions, codes, social accounts and platform tokens, and
// brands left without staff. In the same transaction it queues erase's task
// for each erased user with a provider customer (what is left there is
// cancelled, detached and deleted by it). Safe to run twice; returns how
// many accounts were erased.
func (s *DB) PurgeDeletedUsers(ctx context.Context, erase func(BillingLeftovers) Task) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := queueBillingErasure(tx, s.now().Add(-RecoveryWindow), erase); err != nil {
			return err
		}
		var brandIDs []string
		if err := tx.Select(&brandIDs, `SELECT DISTINCT brand_id FROM users WHERE deleted_at < $1 AND brand_id IS NOT NULL`,
			s.now().Add(-RecoveryWindow)); err != nil {
			return fmt.Errorf("find brands: %w", err)
		}
		res, err := tx.Exec(`DELETE FROM users WHERE deleted_at < $1`, s.now().Add(-RecoveryWindow))
		if err != nil {
			return fmt.Errorf("purge users: %w", err)
		}
		rows, _ := res.RowsAffected()
		n = int(rows)
		for _, b := range brandIDs {
			if _, err := tx.Exec(`DELETE FROM brands b WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE brand_id = b.id)`, b); err != nil {
				return fmt.Errorf("purge brand: %w", err)
			}
		}
		return nil
	})
	return n, err
}

// PurgedSocialToken is a platform grant of an account the purge erases.
type PurgedSocialToken struct {
	AccountID string `db:"account_id"`
	Platform  string `db:"platform"`
	SealedTokens
}

// SocialTokensToPurge returns the sealed grants of the accounts of users
// deleted more than RecoveryWindow ago (the next PurgeDeletedUsers erases
// them), so the purge can revoke them at the platforms first.
func (s *DB) SocialTokensToPurge(ctx context.Context) ([]PurgedSocialToken, error) {
	var out []PurgedSocialToken
	err := s.db.SelectContext(ctx, &out, `SELECT a.id AS account_id, a.platform, t.access_token, t.refresh_token, t.scopes,
			t.issued_at, t.expires_at, t.refresh_expires_at
		FROM social_tokens t JOIN social_accounts a ON a.id = t.account_id JOIN users u ON u.id = a.user_id
		WHERE u.deleted_at < $1 ORDER BY a.id`, s.now().Add(-RecoveryWindow))
	if err != nil {
		return nil, fmt.Errorf("social tokens to purge: %w", err)
	}
	return out, nil
}
