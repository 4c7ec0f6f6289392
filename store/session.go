package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

const (
	// SessionTTL is how long a session lives without a refresh.
	SessionTTL = 30 * 24 * time.Hour
	// DefaultSessionMaxAge is the absolute lifetime of a session unless
	// DB.SessionMaxAge says otherwise.
	DefaultSessionMaxAge = 90 * 24 * time.Hour
	// RefreshReuseGrace is how long a rotated refresh token may still be used
	// (two tabs refreshing at once); after it, a reuse revokes the session.
	RefreshReuseGrace = 10 * time.Second
)

// SessionMeta describes the client that opens a session.
type SessionMeta struct {
	UserAgent string
	IP        string
}

// Session is a signed-in session: the access token carries its ID and the
// refresh token (returned once, stored hashed) renews it.
type Session struct {
	ID           string
	UserID       string
	RefreshToken string
}

func hashToken(t string) []byte {
	h := sha256.Sum256([]byte(t))
	return h[:]
}

func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b)
}

func isUUID(s string) bool { return uuid.Validate(s) == nil }

// sessionExpiry is when a session started at created ends if not refreshed
// again after now: SessionTTL from now, but never past SessionMaxAge from
// its start.
func (s *DB) sessionExpiry(created, now time.Time) time.Time {
	maxAge := s.SessionMaxAge
	if maxAge <= 0 {
		maxAge = DefaultSessionMaxAge
	}
	if end := created.Add(maxAge); end.Before(now.Add(SessionTTL)) {
		return end
	}
	return now.Add(SessionTTL)
}

// createSession opens a session for userID inside tx and issues its first refresh token.
func (s *DB) createSession(tx *sqlx.Tx, userID string, meta SessionMeta) (*Session, error) {
	now := s.now()
	sess := &Session{ID: uuid.NewString(), UserID: userID, RefreshToken: newToken()}
	if _, err := tx.Exec(`INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
		sess.ID, userID, now, s.sessionExpiry(now, now), truncate(meta.UserAgent, 300), meta.IP); err != nil {
		return nil, fmt.Errorf("insert session: %w", err)
	}
	if err := insertRefreshToken(tx, sess.ID, sess.RefreshToken, now); err != nil {
		return nil, err
	}
	return sess, nil
}

func insertRefreshToken(tx *sqlx.Tx, sessionID, token string, now time.Time) error {
	_, err := tx.Exec(`INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
		hashToken(token), sessionID, now)
	if err != nil {
		return fmt.Errorf("insert refresh token: %w", err)
	}
	return nil
}

var errBadRefresh = Errorf(EUNAUTHORIZED, "Session expired. Please log in again.")

// Refresh rotates a refresh token: the presented token is marked used and a
// new one is returned; the session lives SessionTTL longer, but never past
// SessionMaxAge from its start. A token used again within RefreshReuseGrace gets a new
// token too; after that the reuse revokes the whole session. EUNAUTHORIZED
// for unknown, expired or revoked tokens.
func (s *DB) Refresh(ctx context.Context, token string) (*Session, error) {
	if token == "" {
		return nil, errBadRefresh
	}
	var out *Session
	var reused string // the session revoked for a reused token
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var row struct {
			SessionID string       `db:"session_id"`
			UserID    string       `db:"user_id"`
			RotatedAt sql.NullTime `db:"rotated_at"`
			CreatedAt time.Time    `db:"created_at"`
			ExpiresAt time.Time    `db:"expires_at"`
			Revoked   bool         `db:"revoked"`
			Deleted   bool         `db:"deleted"`
		}
		err := tx.GetContext(ctx, &row, `SELECT rt.session_id, s.user_id, rt.rotated_at, s.created_at, s.expires_at,
				s.revoked_at IS NOT NULL AS revoked, u.deleted_at IS NOT NULL AS deleted
			FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id JOIN users u ON u.id = s.user_id
			WHERE rt.token_hash = $1 FOR UPDATE OF rt, s`, hashToken(token))
		if errors.Is(err, sql.ErrNoRows) {
			return errBadRefresh
		}
		if err != nil {
			return fmt.Errorf("find refresh token: %w", err)
		}
		now := s.now()
		if row.Revoked || row.Deleted || now.After(row.ExpiresAt) {
			return errBadRefresh
		}
		if row.RotatedAt.Valid && now.Sub(row.RotatedAt.Time) > RefreshReuseGrace {
			reused = row.SessionID
			return revokeSession(tx, row.SessionID, "refresh token reuse", now)
		}
		if !row.RotatedAt.Valid {
			if _, err := tx.Exec(`UPDATE refresh_tokens SET rotated_at = $2 WHERE token_hash = $1`, hashToken(token), now); err != nil {
				return fmt.Errorf("rotate refresh token: %w", err)
			}
		}
		if _, err := tx.Exec(`UPDATE sessions SET expires_at = $2 WHERE id = $1`, row.SessionID, s.sessionExpiry(row.CreatedAt, now)); err != nil {
			return fmt.Errorf("extend session: %w", err)
		}
		out = &Session{ID: row.SessionID, UserID: row.UserID, RefreshToken: newToken()}
		return insertRefreshToken(tx, out.ID, out.RefreshToken, now)
	})
	if err == nil && reused != "" {
		s.sessions.forgetSession(reused)
		return nil, errBadRefresh
	}
	return out, err
}

// Logout revokes the session; revoking it twice is not an error.
func (s *DB) Logout(ctx context.Context, sessionID string) error {
	err := s.inTx(ctx, func(tx *sqlx.Tx) error { return revokeSession(tx, sessionID, "logout", s.now()) })
	if err == nil {
		s.sessions.forgetSession(sessionID)
	}
	return err
}

func revokeSession(tx *sqlx.Tx, sessionID, reason string, now time.Time) error {
	_, err := tx.Exec(`UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL`,
		sessionID, now, reason)
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// revokeUserSessions revokes every live session of the user except keep (may be empty).
func revokeUserSessions(tx *sqlx.Tx, userID, keep, reason string, now time.Time) error {
	_, err := tx.Exec(`UPDATE sessions SET revoked_at = $2, revoke_reason = $3
		WHERE user_id = $1 AND revoked_at IS NULL AND id::text <> $4`, userID, now, reason, keep)
	if err != nil {
		return fmt.Errorf("revoke sessions: %w", err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
