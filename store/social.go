package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// JobKindSocialSync is the job kind of an account's analytics sync.
const JobKindSocialSync = "social_sync"

// Social account statuses. An account is "syncing" in answers while its
// sync job runs.
const (
	SocialConnected       = "connected"
	SocialSyncing         = "syncing"
	SocialReconnectNeeded = "reconnect_needed"
	SocialDisconnected    = "disconnected"
)

// oauthStateTTL is how long an authorization may take.
const oauthStateTTL = 15 * time.Minute

// SealedTokens are a platform grant as stored: access and refresh tokens
// sealed by jobs/social.Sealer (never plain).
type SealedTokens struct {
	Access        string     `db:"access_token"`
	Refresh       string     `db:"refresh_token"`
	Scopes        string     `db:"scopes"`
	IssuedAt      time.Time  `db:"issued_at"`
	ExpiresAt     *time.Time `db:"expires_at"`
	RefreshExpiry *time.Time `db:"refresh_expires_at"`
}

// SocialAccount is a connected account as the sync reads it.
type SocialAccount struct {
	ID           string     `db:"id"`
	UserID       string     `db:"user_id"`
	Platform     string     `db:"platform"`
	Username     string     `db:"username"`
	Status       string     `db:"status"`
	LastSyncedAt *time.Time `db:"last_synced_at"`
}

// SaveOAuthState records a pending authorization of platform by userID
// under stateHash (the state's hash; the state itself only travels in URLs)
// with its sealed PKCE verifier.
func (s *DB) SaveOAuthState(ctx context.Context, stateHash, userID, platform, sealedVerifier string) error {
	_, err := s.db.ExecContext(ctx, `WITH gone AS (DELETE FROM social_oauth_states WHERE created_at < $5)
		INSERT INTO social_oauth_states (state_hash, user_id, platform, verifier, created_at) VALUES ($1, $2, $3, $4, $6)`,
		stateHash, userID, platform, sealedVerifier, s.now().Add(-oauthStateTTL), s.now())
	if err != nil {
		return fmt.Errorf("save oauth state: %w", err)
	}
	return nil
}

// TakeOAuthState uses up the pending authorization stateHash of platform
// and returns its user and sealed verifier. When userID is not empty the
// state must belong to that user. A wrong, expired or reused state is
// EINVALID.
func (s *DB) TakeOAuthState(ctx context.Context, stateHash, platform, userID string) (owner, sealedVerifier string, err error) {
	err = s.db.QueryRowxContext(ctx, `DELETE FROM social_oauth_states WHERE state_hash = $1 AND platform = $2
		AND ($3 = '' OR user_id::text = $3) AND created_at >= $4 RETURNING user_id, verifier`,
		stateHash, platform, userID, s.now().Add(-oauthStateTTL)).Scan(&owner, &sealedVerifier)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", &Error{Code: EINVALID, Message: "This authorization link is invalid or was already used. Please connect again.",
			Fields: map[string]string{"state": "Invalid or expired state"}}
	}
	if err != nil {
		return "", "", fmt.Errorf("take oauth state: %w", err)
	}
	return owner, sealedVerifier, nil
}

// SocialConnection is what a completed authorization stores.
type SocialConnection struct {
	UserID, Platform, ExternalID, Username, FullName string
	Tokens                                           SealedTokens
}

// MsgAccountTaken refuses a platform account another creator has connected.
const MsgAccountTaken = "This account is already connected to another profile"

// ConnectSocialAccount stores (or reconnects) the user's account of the
// platform with its sealed tokens and, in the same transaction, queues its
// first sync job (task builds the outbox task from the account and job ids).
// A platform account (platform and ExternalID) connected by another creator
// is ECONFLICT (MsgAccountTaken).
func (s *DB) ConnectSocialAccount(ctx context.Context, c SocialConnection, task func(accountID, jobID string) Task) (*Job, error) {
	var job Job
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var taken bool
		if err := tx.GetContext(ctx, &taken, `SELECT EXISTS (SELECT 1 FROM social_accounts WHERE platform = $1 AND external_id = $2
			AND external_id <> '' AND status <> 'disconnected' AND user_id <> $3)`, c.Platform, c.ExternalID, c.UserID); err != nil {
			return fmt.Errorf("find account owner: %w", err)
		}
		if taken {
			return Errorf(ECONFLICT, MsgAccountTaken)
		}
		var id string
		err := tx.GetContext(ctx, &id, `INSERT INTO social_accounts (user_id, platform, external_id, username, full_name, status, connected_at, created_at)
			VALUES ($1, $2, $3, $4, $5, 'connected', $6, $6)
			ON CONFLICT (user_id, platform) DO UPDATE SET external_id = excluded.external_id, username = excluded.username,
				full_name = excluded.full_name, status = 'connected', status_reason = '',
				connected_at = CASE WHEN social_accounts.status = 'disconnected' THEN excluded.connected_at ELSE social_accounts.connected_at END,
				disconnected_at = NULL
			RETURNING id`, c.UserID, c.Platform, c.ExternalID, c.Username, c.FullName, s.now())
		if isUniqueViolation(err, "social_accounts_owner") { // connected by another creator meanwhile
			return Errorf(ECONFLICT, MsgAccountTaken)
		}
		if err != nil {
			return fmt.Errorf("save social account: %w", err)
		}
		if err := saveTokens(ctx, tx, id, c.Tokens, s.now()); err != nil {
			return err
		}
		return s.createSyncJob(ctx, tx, id, c.UserID, &job, task)
	})
	return &job, err
}

func saveTokens(ctx context.Context, tx *sqlx.Tx, accountID string, t SealedTokens, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO social_tokens (account_id, access_token, refresh_token, scopes, issued_at, expires_at, refresh_expires_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (account_id) DO UPDATE SET access_token = excluded.access_token, refresh_token = excluded.refresh_token,
			scopes = excluded.scopes, issued_at = excluded.issued_at, expires_at = excluded.expires_at,
			refresh_expires_at = excluded.refresh_expires_at, updated_at = excluded.updated_at`,
		accountID, t.Access, t.Refresh, t.Scopes, t.IssuedAt, t.ExpiresAt, t.RefreshExpiry, now)
	if err != nil {
		return fmt.Errorf("save social tokens: %w", err)
	}
	return nil
}

// createSyncJob queues a sync job of account owned by userID and remembers it on the account.
func (s *DB) createSyncJob(ctx context.Context, tx *sqlx.Tx, accountID, userID string, job *Job, task func(accountID, jobID string) Task) error {
	if err := tx.GetContext(ctx, job, insertJobSQL("DEFAULT", "$1", "$2", "$3")+` RETURNING `+jobColumns,
		JobKindSocialSync, userID, s.now()); err != nil {
		return fmt.Errorf("insert sync job: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE social_accounts SET sync_job_id = $2 WHERE id = $1`, accountID, job.ID); err != nil {
		return fmt.Errorf("remember sync job: %w", err)
	}
	return insertTask(tx, task(accountID, job.ID))
}

// StartSocialSync queues a sync of the user's account now, unless one is
// queued or running: then it returns that job (at most one per account).
// Another user's account, or a disconnected one, is ENOTFOUND; an account
// that needs reconnecting is ECONFLICT.
func (s *DB) StartSocialSync(ctx context.Context, userID, accountID string, task func(accountID, jobID string) Task) (*Job, error) {
	if !isUUID(accountID) {
		return nil, Errorf(ENOTFOUND, "Social account not found")
	}
	var job Job
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var a struct {
			Status string  `db:"status"`
			JobID  *string `db:"sync_job_id"`
		}
		err := tx.GetContext(ctx, &a, `SELECT status, sync_job_id FROM social_accounts WHERE id = $1 AND user_id = $2
			AND status <> 'disconnected' FOR UPDATE`, accountID, userID)
		if err != nil {
			return translate(err, "Social account")
		}
		if a.Status == SocialReconnectNeeded {
			return Errorf(ECONFLICT, "This account needs to be connected again before it can sync.")
		}
		if a.JobID != nil {
			err := tx.GetContext(ctx, &job, `SELECT `+jobColumns+` FROM jobs WHERE id = $1 AND status IN ('queued', 'running')`, *a.JobID)
			if err == nil {
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("find sync job: %w", err)
			}
		}
		return s.createSyncJob(ctx, tx, accountID, userID, &job, task)
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}

// DisconnectSocialAccount deletes the account's tokens and marks it
// disconnected now (its history stays; GET /api/accounts lists it under
// disconnected with the date). It returns the sealed tokens so the
// caller can revoke them at the platform. Another user's account is ENOTFOUND.
func (s *DB) DisconnectSocialAccount(ctx context.Context, userID, accountID string) (platform string, tokens *SealedTokens, err error) {
	if !isUUID(accountID) {
		return "", nil, Errorf(ENOTFOUND, "Social account not found")
	}
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.GetContext(ctx, &platform, `UPDATE social_accounts SET status = 'disconnected', status_reason = '', sync_job_id = NULL,
			disconnected_at = $3 WHERE id = $1 AND user_id = $2 AND status <> 'disconnected' RETURNING platform`, accountID, userID, s.now()); err != nil {
			return translate(err, "Social account")
		}
		var t SealedTokens
		err := tx.GetContext(ctx, &t, `DELETE FROM social_tokens WHERE account_id = $1
			RETURNING access_token, refresh_token, scopes, issued_at, expires_at, refresh_expires_at`, accountID)
		if err == nil {
			tokens = &t
		} else if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("delete social tokens: %w", err)
		}
		return refreshCreatorQuality(ctx, tx, accountID) // the account's reading no longer counts
	})
	return platform, tokens, err
}

// uuidOrNil is id, or the nil UUID (nobody's) when id is not a UUID.
func uuidOrNil(id string) string {
	if !isUUID(id) {
		return "00000000-0000-0000-0000-000000000000"
	}
	return id
}

// accountsQuery builds the user's accounts as the API answers them: the
// connected ones (any status but disconnected), then the disconnected ones
// (platform, handle and when), each in platform order.
var accountsQuery = `SELECT (SELECT coalesce(json_agg(json_build_object(
		'_id', a.id, 'platform', a.platform, 'platformName', p.name, 'fullName', a.full_name,
		'firstName', split_part(a.full_name, ' ', 1), 'username', a.username, 'createdAt', a.connected_at,
		'status', CASE WHEN a.status = 'reconnect_needed' THEN 'reconnect_needed'
			WHEN a.status = 'syncing' OR j.status IN ('queued', 'running') THEN 'syncing' ELSE 'connected' END,
		'statusReason', a.status_reason, 'lastSyncedAt', a.last_synced_at,
		'syncJobId', CASE WHEN j.status IN ('queued', 'running') THEN j.id END,
		'analytics', CASE WHEN a.platform = 'youtube' THEN json_build_object('subscribers', coalesce(l.followers, 0))
			ELSE json_build_object('followers', coalesce(l.followers, 0)) END)
		ORDER BY p.ord), '[]')
	FROM social_accounts a
	JOIN ` + platformTableSQL + `
		ON p.id = a.platform
	LEFT JOIN jobs j ON j.id = a.sync_job_id
	LEFT JOIN LATERAL (SELECT followers FROM social_daily d WHERE d.account_id = a.id ORDER BY day DESC LIMIT 1) l ON true
	WHERE a.user_id = $1 AND a.status <> 'disconnected'),
	(SELECT coalesce(json_agg(json_build_object('_id', a.id, 'platform', a.platform, 'platformName', p.name,
			'username', a.username, 'status', 'disconnected', 'disconnectedAt', a.disconnected_at) ORDER BY p.ord), '[]')
		FROM social_accounts a
		JOIN ` + platformTableSQL + `
			ON p.id = a.platform
		WHERE a.user_id = $1 AND a.status = 'disconnected')`

// ListSocialAccounts returns the user's connected accounts and their
// disconnected ones (each with disconnectedAt) as two JSON arrays built by
// Postgres in one statement.
func (s *DB) ListSocialAccounts(ctx context.Context, userID string) (accounts, disconnected json.RawMessage, err error) {
	var gone []byte
	p, err := s.queryPage(ctx, accountsQuery, []any{uuidOrNil(userID)}, &gone)
	if err != nil {
		return nil, nil, fmt.Errorf("list social accounts: %w", err)
	}
	return p.Items, gone, nil
}

// isUniqueViolation reports whether err is Postgres's unique violation of index.
func isUniqueViolation(err error, index string) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23505" && pqErr.Constraint == index
}
