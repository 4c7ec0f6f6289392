package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/crypto/bcrypt"
)

var errBadLogin = Errorf(EUNAUTHORIZED, "Invalid email or password")

// dummyHash is what a log-in for an unknown e-mail compares against: a hash
// at the configured cost, so that it takes as long as a real one. It is made
// once per DB, on first use (BcryptCost is set after Open).
func (s *DB) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte("dummy-password-for-timing"), s.BcryptCost)
	})
	return s.dummy
}

// Login checks the password and opens a session. A deleted account within
// the recovery window is restored. EUNAUTHORIZED for any wrong pair;
// EUNVERIFIED only when the password is right and the e-mail is unverified.
func (s *DB) Login(ctx context.Context, email, password string, meta SessionMeta) (*User, *Session, error) {
	u, err := getUser(s.db, `u.email = $1`, NormalizeEmail(email))
	if ErrorCode(err) == ENOTFOUND {
		_ = bcrypt.CompareHashAndPassword(s.dummyHash(), []byte(password))
		return nil, nil, errBadLogin
	}
	if err != nil {
		return nil, nil, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil {
		return nil, nil, errBadLogin
	}
	if u.DeletedAt != nil && s.now().Sub(*u.DeletedAt) > RecoveryWindow {
		return nil, nil, errBadLogin
	}
	if !u.Verified {
		return nil, nil, Errorf(EUNVERIFIED, "Please verify your email to continue")
	}
	var sess *Session
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if u.DeletedAt != nil {
			if _, err := tx.Exec(`UPDATE users SET deleted_at = NULL, deletion_reason = NULL, updated_at = $2 WHERE id = $1`, u.ID, s.now()); err != nil {
				return fmt.Errorf("restore user: %w", err)
			}
			u.DeletedAt, u.Restored = nil, true
		}
		sess, err = s.createSession(tx, u.ID, meta)
		return err
	})
	return u, sess, err
}

// VerifyEmail consumes the e-mail verification code, marks the e-mail
// verified and opens a session. EINVALID for a missing, wrong or dead code.
func (s *DB) VerifyEmail(ctx context.Context, email, code string, meta SessionMeta) (*User, *Session, error) {
	f := FieldErrors{}
	checkEmail(f, "email", NormalizeEmail(email), MsgEmailInvalid)
	checkCode(f, "otp", code, MsgVerifyCodeReq, MsgVerifyCodeDigits)
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	var u *User
	var sess *Session
	err := s.withOTP(ctx, email, OTPEmailVerification, code, true, func(tx *sqlx.Tx, userID string) error {
		if _, err := tx.Exec(`UPDATE users SET email_verified_at = coalesce(email_verified_at, $2), updated_at = $2 WHERE id = $1`, userID, s.now()); err != nil {
			return fmt.Errorf("verify email: %w", err)
		}
		var err error
		if sess, err = s.createSession(tx, userID, meta); err != nil {
			return err
		}
		u, err = getUser(tx, `u.id = $1`, userID)
		return err
	})
	return u, sess, err
}

// ResetPassword consumes the password-reset code, sets the new password and
// revokes every session of the user.
func (s *DB) ResetPassword(ctx context.Context, email, code, password string) error {
	f := FieldErrors{}
	checkEmail(f, "email", NormalizeEmail(email), MsgEmailInvalid)
	checkCode(f, "otp", code, MsgOTPRequired, MsgOTPDigits)
	checkPassword(f, "password", password, MsgNewPasswordReq, MsgResetPasswordRule)
	if err := f.Err(); err != nil {
		return err
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	var user string
	err = s.withOTP(ctx, email, OTPPasswordReset, code, true, func(tx *sqlx.Tx, userID string) error {
		user = userID
		// Reading the mailed code proves the address, so a reset also verifies it.
		if _, err := tx.Exec(`UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, $3), updated_at = $3
			WHERE id = $1`, userID, hash, s.now()); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return revokeUserSessions(tx, userID, "", "password reset", s.now())
	})
	return s.forgotten(err, user)
}

// ChangePassword sets a new password after checking the current one, and
// revokes the user's other sessions (keep is the caller's session).
func (s *DB) ChangePassword(ctx context.Context, userID, keep, current, next string) error {
	f := FieldErrors{}
	if current == "" {
		f.add("currentPassword", "Current password is required")
	}
	checkPassword(f, "newPassword", next, MsgNewPasswordReq, MsgPasswordRule)
	if err := f.Err(); err != nil {
		return err
	}
	u, err := getUser(s.db, `u.id = $1 AND u.deleted_at IS NULL`, userID)
	if err != nil {
		return err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
		return FieldErrors{"currentPassword": "Current password is incorrect"}.Err()
	}
	hash, err := s.hashPassword(next)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	return s.forgotten(s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.Exec(`UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, s.now()); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return revokeUserSessions(tx, userID, keep, "password changed", s.now())
	}), userID)
}

// Authenticate returns the user of a live session, EUNAUTHORIZED otherwise
// (revoked, expired, or the account deleted). With CacheSessions on, a
// session answered in the last few seconds is answered from memory.
func (s *DB) Authenticate(ctx context.Context, sessionID string) (*User, error) {
	if !isUUID(sessionID) {
		return nil, Errorf(EUNAUTHORIZED, "Unauthenticated")
	}
	now := s.now()
	if u, ok := s.sessions.get(sessionID, now); ok {
		return u, nil
	}
	gen := s.sessions.generation()
	st, release, err := s.prepared(ctx, AuthenticateSQL)
	if err != nil {
		return nil, fmt.Errorf("prepare authenticate: %w", err)
	}
	defer release()
	var u User
	var expires time.Time
	err = st.QueryRowContext(ctx, sessionID, now).Scan(append([]any{&expires}, u.scanDest()...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, Errorf(EUNAUTHORIZED, "Unauthenticated")
	}
	if err != nil {
		return nil, fmt.Errorf("authenticate: %w", err)
	}
	u.fill()
	s.sessions.put(sessionID, &u, expires, now, gen)
	return &u, nil
}

// AuthenticateSQL is the query every signed-in request runs ($1 session id,
// $2 now) unless its session is kept (see CacheSessions); it is prepared
// once. Benchmarks replay it as their baseline.
const AuthenticateSQL = `SELECT s.expires_at, ` + sessionUserColumns + ` JOIN sessions s ON s.user_id = u.id
	WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.deleted_at IS NULL`
