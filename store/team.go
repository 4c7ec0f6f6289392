package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"
)

// Team messages.
const (
	MsgTeamRole       = "Role must be Brand admin, Brand manager or Brand viewer"
	MsgInviteRole     = "Role must be Brand manager or Brand viewer"
	MsgLastBrandAdmin = "A brand must keep at least one Brand admin"
	MsgMemberNotFound = "Member not found"
	MsgInviteMember   = "This person is already on your team"
	MsgInvitePending  = "An invitation to this email is already pending"
)

var brandRoles = []string{RoleBrandAdmin, RoleBrandManager, RoleBrandViewer}

// teamAdmin checks that actor is a BRAND_ADMIN of a brand; EFORBIDDEN otherwise.
func teamAdmin(actor *User) error {
	if actor.Role != RoleBrandAdmin || actor.Brand == nil {
		return Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	return nil
}

// memberJSON and invitationJSON are the team list's entries.
const (
	memberJSON = `json_build_object('_id', u.id, 'name', u.name, 'email', u.email, 'role', u.role,
		'profileImage', u.profile_image, 'createdAt', u.created_at, 'you', u.id::text = $2)`
	invitationJSON = `json_build_object('_id', i.id, 'email', i.email, 'role', i.role, 'invitedBy', ib.name,
		'createdAt', i.created_at, 'expiresAt', i.expires_at, 'sentAt', i.sent_at, 'expired', i.expires_at <= $3)`
)

// ListMembers returns viewer's brand team as JSON: {"members": [...],
// "invitations": [...]}, members being the brand's live accounts (oldest
// first) and invitations the ones not accepted yet (newest first).
// EFORBIDDEN for non-brand roles.
func (s *DB) ListMembers(ctx context.Context, viewer *User) (json.RawMessage, error) {
	if !viewer.IsBrand() || viewer.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	var out []byte
	err := s.db.GetContext(ctx, &out, `SELECT json_build_object(
		'members', (SELECT coalesce(json_agg(`+memberJSON+` ORDER BY u.created_at, u.id), '[]') FROM users u
			WHERE u.brand_id = $1 AND u.deleted_at IS NULL AND u.password_hash <> ''),
		'invitations', (SELECT coalesce(json_agg(`+invitationJSON+` ORDER BY i.created_at DESC, i.id), '[]')
			FROM invitations i LEFT JOIN users ib ON ib.id = i.invited_by WHERE i.brand_id = $1 AND i.accepted_at IS NULL))::text`,
		viewer.Brand.ID, viewer.ID, s.now())
	if err != nil {
		return nil, fmt.Errorf("list members: %w", err)
	}
	return out, nil
}

// lockMember reads a member of brandID for update; ENOTFOUND for anyone else.
func lockMember(tx *sqlx.Tx, brandID, memberID string) (string, error) {
	if !isUUID(memberID) {
		return "", Errorf(ENOTFOUND, MsgMemberNotFound)
	}
	var role string
	err := tx.Get(&role, `SELECT role FROM users WHERE id = $1 AND brand_id = $2 AND deleted_at IS NULL FOR UPDATE`, memberID, brandID)
	if ErrorCode(translate(err, "")) == ENOTFOUND {
		return "", Errorf(ENOTFOUND, MsgMemberNotFound)
	}
	return role, err
}

// keepsBrandAdmin returns ECONFLICT unless brandID has a BRAND_ADMIN with a
// password besides memberID. The brand's admins are locked first, so two
// demotions at once cannot both pass.
func keepsBrandAdmin(tx *sqlx.Tx, brandID, memberID string) error {
	var others []string
	if err := tx.Select(&others, `SELECT id FROM users WHERE brand_id = $1 AND role = 'BRAND_ADMIN' AND deleted_at IS NULL
		AND password_hash <> '' ORDER BY id FOR UPDATE`, brandID); err != nil {
		return fmt.Errorf("brand admins: %w", err)
	}
	if !slices.ContainsFunc(others, func(id string) bool { return id != memberID }) {
		return Errorf(ECONFLICT, MsgLastBrandAdmin)
	}
	return nil
}

// ChangeMemberRole gives a member of actor's brand another brand role; the
// member's sessions are revoked, so they sign in again under it. A brand always keeps one
// BRAND_ADMIN (ECONFLICT). EFORBIDDEN unless actor is a BRAND_ADMIN;
// ENOTFOUND for another brand's account; EINVALID for a bad role.
func (s *DB) ChangeMemberRole(ctx context.Context, actor *User, memberID, role string) error {
	if err := teamAdmin(actor); err != nil {
		return err
	}
	if !slices.Contains(brandRoles, role) {
		return FieldErrors{"role": MsgTeamRole}.Err()
	}
	return s.forgotten(s.inTx(ctx, func(tx *sqlx.Tx) error {
		cur, err := lockMember(tx, actor.Brand.ID, memberID)
		if err != nil {
			return err
		}
		if cur == RoleBrandAdmin && role != RoleBrandAdmin {
			if err := keepsBrandAdmin(tx, actor.Brand.ID, memberID); err != nil {
				return err
			}
		}
		if cur == role {
			return nil
		}
		if _, err := tx.Exec(`UPDATE users SET role = $2, updated_at = $3 WHERE id = $1`, memberID, role, s.now()); err != nil {
			return fmt.Errorf("change role: %w", err)
		}
		// The member signs in again under the new role.
		return revokeUserSessions(tx, memberID, "", "role changed", s.now())
	}), memberID)
}

// RemoveMember deletes a member of actor's brand: the account, its
// sessions (so its tokens stop working at once) and its open invitations.
// Its campaigns and offers stay, no longer naming it. ECONFLICT when it is
// the brand's last BRAND_ADMIN; EFORBIDDEN unless actor is a BRAND_ADMIN;
// ENOTFOUND for another brand's account.
func (s *DB) RemoveMember(ctx context.Context, actor *User, memberID string) error {
	if err := teamAdmin(actor); err != nil {
		return err
	}
	return s.forgotten(s.inTx(ctx, func(tx *sqlx.Tx) error {
		cur, err := lockMember(tx, actor.Brand.ID, memberID)
		if err != nil {
			return err
		}
		if cur == RoleBrandAdmin {
			if err := keepsBrandAdmin(tx, actor.Brand.ID, memberID); err != nil {
				return err
			}
		}
		if err := revokeUserSessions(tx, memberID, "", "removed from team", s.now()); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM users WHERE id = $1`, memberID); err != nil {
			return fmt.Errorf("remove member: %w", err)
		}
		return nil
	}), memberID)
}

// InvitationTTL is how long an invitation link works after it was mailed.
const InvitationTTL = 7 * 24 * time.Hour
