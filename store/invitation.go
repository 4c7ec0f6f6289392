package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Invitation messages.
const (
	MsgInviteInvalid  = "This invitation link is not valid. Ask your team admin for a new one."
	MsgInviteExpired  = "This invitation has expired. Ask your team admin for a new one."
	MsgInviteUsed     = "This invitation has already been used. Log in instead."
	MsgInviteNotFound = "Invitation not found"
	MsgEmailTaken     = "An account with this email already exists"
	// MsgInviteAccount refuses an invitation to an address that has an
	// account (in another brand, or a creator's): it could never be
	// accepted. Neutral: it says no more than sign-up would.
	MsgInviteAccount = "This address can't be invited: it already has an account."
)

// InviteInput is a BRAND_ADMIN's invitation of a new member.
type InviteInput struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

// InvitationInfo is what the accept page shows of a valid invitation.
type InvitationInfo struct {
	Email     string `db:"email" json:"email"`
	Role      string `db:"role" json:"role"`
	BrandName string `db:"brand_name" json:"brandName"`
	Name      string `db:"name" json:"name"`
}

// insertInvitation records an invitation and queues its mail (task.Key is
// the request id the worker looks it up by).
func (s *DB) insertInvitation(tx *sqlx.Tx, brandID, email, role, userID, invitedBy string, task Task) (string, error) {
	var id string
	now := s.now()
	err := tx.Get(&id, `INSERT INTO invitations (brand_id, email, role, user_id, invited_by, request_id, created_at, expires_at)
		VALUES ($1, $2, $3, NULLIF($4, '')::uuid, NULLIF($5, '')::uuid, $6, $7, $8) RETURNING id`,
		brandID, email, role, userID, invitedBy, task.Key, now, now.Add(InvitationTTL))
	if ErrorCode(translate(err, "")) == ECONFLICT {
		return "", &Error{Code: ECONFLICT, Message: MsgInvitePending, Fields: map[string]string{"email": MsgInvitePending}}
	}
	if err != nil {
		return "", fmt.Errorf("insert invitation: %w", err)
	}
	return id, insertTask(tx, task)
}

// InviteMember invites email to actor's brand as a BRAND_MANAGER or
// BRAND_VIEWER and queues the invitation mail. EFORBIDDEN unless actor is
// a BRAND_ADMIN; EINVALID for a bad e-mail or role; ECONFLICT when the
// address is already on the team, has an account elsewhere (such an
// invitation could never be accepted; the message is neutral, no more than
// sign-up tells) or has an open invitation.
func (s *DB) InviteMember(ctx context.Context, actor *User, in InviteInput, task Task) (string, error) {
	if err := teamAdmin(actor); err != nil {
		return "", err
	}
	fe := FieldErrors{}
	in.Email = NormalizeEmail(in.Email)
	checkEmail(fe, "email", in.Email, MsgEmailInvalid)
	if in.Role != RoleBrandManager && in.Role != RoleBrandViewer {
		fe.add("role", MsgInviteRole)
	}
	if err := fe.Err(); err != nil {
		return "", err
	}
	var id string
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var member, account bool
		if err := tx.QueryRow(`SELECT coalesce(bool_or(brand_id IS NOT DISTINCT FROM $2), false), count(*) > 0
			FROM users WHERE email = $1`, in.Email, actor.Brand.ID).Scan(&member, &account); err != nil {
			return fmt.Errorf("find member: %w", err)
		}
		if member {
			return &Error{Code: ECONFLICT, Message: MsgInviteMember, Fields: map[string]string{"email": MsgInviteMember}}
		}
		if account {
			return &Error{Code: ECONFLICT, Message: MsgInviteAccount, Fields: map[string]string{"email": MsgInviteAccount}}
		}
		var err error
		id, err = s.insertInvitation(tx, actor.Brand.ID, in.Email, in.Role, "", actor.ID, task)
		return err
	})
	return id, err
}

// ResendInvitation mails an open invitation of actor's brand again with a
// new link (the old one stops working) valid InvitationTTL from now.
// EFORBIDDEN unless actor is a BRAND_ADMIN; ENOTFOUND for another brand's.
func (s *DB) ResendInvitation(ctx context.Context, actor *User, id string, task Task) error {
	if err := teamAdmin(actor); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		now := s.now()
		res, err := tx.Exec(`UPDATE invitations SET request_id = $3, token_hash = NULL, sent_at = NULL, expires_at = $4
			WHERE id::text = $1 AND brand_id = $2 AND accepted_at IS NULL`, id, actor.Brand.ID, task.Key, now.Add(InvitationTTL))
		if err != nil {
			return fmt.Errorf("resend invitation: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return Errorf(ENOTFOUND, MsgInviteNotFound)
		}
		return insertTask(tx, task)
	})
}

// CancelInvitation deletes an open invitation of actor's brand (with the
// account made for it, when it never signed in). EFORBIDDEN unless actor is
// a BRAND_ADMIN; ENOTFOUND for another brand's.
func (s *DB) CancelInvitation(ctx context.Context, actor *User, id string) error {
	if err := teamAdmin(actor); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var userID sql.NullString
		err := tx.Get(&userID, `DELETE FROM invitations WHERE id::text = $1 AND brand_id = $2 AND accepted_at IS NULL
			RETURNING user_id`, id, actor.Brand.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return Errorf(ENOTFOUND, MsgInviteNotFound)
		}
		if err != nil {
			return fmt.Errorf("cancel invitation: %w", err)
		}
		if userID.Valid {
			_, err = tx.Exec(`DELETE FROM users WHERE id = $1 AND password_hash = ''`, userID.String)
		}
		return err
	})
}

// InvitationMail is what the worker needs to mail one invitation.
type InvitationMail struct {
	Email     string `db:"email"`
	Role      string `db:"role"`
	BrandName string `db:"brand_name"`
	InvitedBy string `db:"invited_by"`
	Token     string `db:"-"`
}

// IssueInvitation makes the link token of the invitation request, stores
// its hash and returns the mail to send; (nil, nil) when there is nothing
// to send (superseded by a resend, cancelled, accepted or already mailed).
func (s *DB) IssueInvitation(ctx context.Context, requestID string) (*InvitationMail, error) {
	var m InvitationMail
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.Get(&m, `SELECT i.email, i.role, b.name AS brand_name, coalesce(ib.name, '') AS invited_by
			FROM invitations i JOIN brands b ON b.id = i.brand_id LEFT JOIN users ib ON ib.id = i.invited_by
			WHERE i.request_id::text = $1 AND i.sent_at IS NULL AND i.accepted_at IS NULL FOR UPDATE OF i`, requestID)
		if err != nil {
			return err
		}
		m.Token = newToken()
		_, err = tx.Exec(`UPDATE invitations SET token_hash = $2 WHERE request_id::text = $1`, requestID, hashToken(m.Token))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("issue invitation %s: %w", requestID, err)
	}
	return &m, nil
}

// MarkInvitationSent records that the request's mail went out, so a retried
// task does not mail again.
func (s *DB) MarkInvitationSent(ctx context.Context, requestID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE invitations SET sent_at = $2 WHERE request_id::text = $1`, requestID, s.now())
	return err
}

type invitationRow struct {
	ID         string         `db:"id"`
	BrandID    string         `db:"brand_id"`
	Email      string         `db:"email"`
	Role       string         `db:"role"`
	UserID     sql.NullString `db:"user_id"`
	ExpiresAt  time.Time      `db:"expires_at"`
	AcceptedAt sql.NullTime   `db:"accepted_at"`
	BrandName  string         `db:"brand_name"`
	Name       string         `db:"name"`
}

// findInvitation looks a link token up; EINVALID for an unknown token,
// ECONFLICT for a used or expired one, each with its own message.
func (s *DB) findInvitation(q sqlx.Queryer, token string, lock bool) (*invitationRow, error) {
	query := `SELECT i.id, i.brand_id, i.email, i.role, i.user_id, i.expires_at, i.accepted_at, b.name AS brand_name,
		coalesce(u.name, '') AS name FROM invitations i JOIN brands b ON b.id = i.brand_id LEFT JOIN users u ON u.id = i.user_id
		WHERE i.token_hash = $1`
	if lock {
		query += ` FOR UPDATE OF i`
	}
	var r invitationRow
	err := sqlx.Get(q, &r, query, hashToken(strings.TrimSpace(token)))
	switch {
	case errors.Is(err, sql.ErrNoRows) || token == "":
		return nil, Errorf(EINVALID, MsgInviteInvalid)
	case err != nil:
		return nil, fmt.Errorf("find invitation: %w", err)
	case r.AcceptedAt.Valid:
		return nil, Errorf(ECONFLICT, MsgInviteUsed)
	case !s.now().Before(r.ExpiresAt):
		return nil, Errorf(ECONFLICT, MsgInviteExpired)
	}
	return &r, nil
}

// CheckInvitation returns what the accept page shows of a valid link
// token; errors as AcceptInvitation's.
func (s *DB) CheckInvitation(ctx context.Context, token string) (*InvitationInfo, error) {
	r, err := s.findInvitation(s.db, token, false)
	if err != nil {
		return nil, err
	}
	return &InvitationInfo{Email: r.Email, Role: r.Role, BrandName: r.BrandName, Name: r.Name}, nil
}

// AcceptInput is the accept page's form.
type AcceptInput struct {
	Token    string `json:"token"`
	Name     string `json:"name"`
	Password string `json:"password"`
}

// AcceptInvitation uses a link token once: it sets the invitee's name and
// password (creating the account, or completing the one an ADMIN made),
// marks the e-mail verified (the link came by mail) and opens a session.
// EINVALID with field errors (the sign-up name and password rules) or for an
// unknown link; ECONFLICT for a used or expired link, or when the e-mail
// has an account already.
func (s *DB) AcceptInvitation(ctx context.Context, in AcceptInput, meta SessionMeta) (*User, *Session, error) {
	fe := FieldErrors{}
	checkName(fe, "name", in.Name, MsgFullNameRequired)
	checkPassword(fe, "password", in.Password, MsgPasswordRequired, MsgPasswordRule)
	if err := fe.Err(); err != nil {
		return nil, nil, err
	}
	hash, err := s.hashPassword(in.Password)
	if err != nil {
		return nil, nil, fmt.Errorf("hash password: %w", err)
	}
	var u *User
	var sess *Session
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		r, err := s.findInvitation(tx, in.Token, true)
		if err != nil {
			return err
		}
		now, name := s.now(), strings.TrimSpace(in.Name)
		var id string
		if r.UserID.Valid {
			err = tx.Get(&id, `UPDATE users SET name = $2, password_hash = $3, email_verified_at = coalesce(email_verified_at, $4),
				updated_at = $4 WHERE id = $1 RETURNING id`, r.UserID.String, name, hash, now)
		} else {
			err = tx.Get(&id, `INSERT INTO users (email, name, password_hash, role, brand_id, email_verified_at)
				VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, r.Email, name, hash, r.Role, r.BrandID, now)
		}
		if ErrorCode(translate(err, "")) == ECONFLICT {
			return Errorf(ECONFLICT, MsgEmailTaken)
		}
		if err != nil {
			return fmt.Errorf("save invitee: %w", err)
		}
		if _, err := tx.Exec(`UPDATE invitations SET accepted_at = $2, user_id = $3 WHERE id = $1`, r.ID, now, id); err != nil {
			return fmt.Errorf("use invitation: %w", err)
		}
		// A password set for an existing account ends whatever sessions it had.
		if err := revokeUserSessions(tx, id, "", "password set", now); err != nil {
			return err
		}
		if sess, err = s.createSession(tx, id, meta); err != nil {
			return err
		}
		u, err = getUser(tx, `u.id = $1`, id)
		return err
	})
	return u, sess, err
}

// BrandInput is an ADMIN's new brand and its first BRAND_ADMIN.
type BrandInput struct {
	BrandName string `json:"brandName"`
	Name      string `json:"name"`
	Email     string `json:"email"`
}

// CreateBrand creates a brand and its BRAND_ADMIN (without a password) and
// queues the invitation mail with which they set one. EFORBIDDEN unless
// actor is an ADMIN; EINVALID with field errors (the brand sign-up
// rules); ECONFLICT when the e-mail has an account.
func (s *DB) CreateBrand(ctx context.Context, actor *User, in BrandInput, task Task) (*Brand, error) {
	if actor.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	fe := FieldErrors{}
	in.Email = NormalizeEmail(in.Email)
	checkName(fe, "brandName", in.BrandName, MsgBrandNameRequired)
	checkName(fe, "name", in.Name, MsgCompanyRequired)
	checkEmail(fe, "email", in.Email, MsgEmailInvalid)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	b := &Brand{Name: strings.TrimSpace(in.BrandName)}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.Get(&b.ID, `INSERT INTO brands (name, created_at) VALUES ($1, $2) RETURNING id`, b.Name, s.now()); err != nil {
			return fmt.Errorf("insert brand: %w", err)
		}
		var userID string
		err := tx.Get(&userID, `INSERT INTO users (email, name, password_hash, role, brand_id) VALUES ($1, $2, '', $3, $4) RETURNING id`,
			in.Email, strings.TrimSpace(in.Name), RoleBrandAdmin, b.ID)
		if ErrorCode(translate(err, "")) == ECONFLICT {
			return &Error{Code: ECONFLICT, Message: MsgEmailTaken, Fields: map[string]string{"email": MsgEmailTaken}}
		}
		if err != nil {
			return fmt.Errorf("insert brand admin: %w", err)
		}
		_, err = s.insertInvitation(tx, b.ID, in.Email, RoleBrandAdmin, userID, actor.ID, task)
		return err
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}
