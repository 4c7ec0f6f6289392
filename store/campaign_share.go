package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Share links: a campaign's results, read-only, without log-in. One live
// link per campaign; its token (32 random bytes, base64url) is shown once
// and stored as its SHA-256, so a leaked database holds no working link.

// Share link rules and messages.
const (
	ShareDaysDefault = 30
	ShareDaysMax     = 90
	MsgShareDays     = "Must be a whole number of days from 1 to 90"
	// MsgShareGone answers an unknown, expired or revoked token alike.
	MsgShareGone = "This share link has expired or was revoked"
	MsgShareNone = "This campaign has no live share link"
)

// shareTokenLen is the length of a token: 32 bytes in unpadded base64url.
const shareTokenLen = 43

// CampaignShare is a campaign's live share link as its brand sees it (the
// token only when just made).
type CampaignShare struct {
	Token     string    `json:"token,omitempty"`
	URL       string    `json:"url,omitempty"`
	ExpiresAt time.Time `json:"expiresAt"`
	ShowFees  bool      `json:"showFees"`
	CreatedAt time.Time `json:"createdAt"`
}

// ShareInput is the body of POST /campaigns/{id}/share.
type ShareInput struct {
	ShowFees      bool `json:"showFees"`
	ExpiresInDays *int `json:"expiresInDays"`
}

// shareEditor checks that actor may make or revoke a campaign's share link
// and returns the brand scope ("" for ADMIN): BRAND_ADMIN and BRAND_MANAGER
// of a brand, ADMIN. EFORBIDDEN otherwise.
func shareEditor(actor *User) (string, error) {
	switch {
	case actor.Role == RoleAdmin:
		return "", nil
	case (actor.Role == RoleBrandAdmin || actor.Role == RoleBrandManager) && actor.Brand != nil:
		return actor.Brand.ID, nil
	}
	return "", Errorf(EFORBIDDEN, "You don't have permission to do this")
}

// hashShareToken is the stored form of a token: SHA-256, hex.
func hashShareToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateShare makes campaign id's share link, replacing (revoking) the live
// one, in one transaction. It returns the link with its token; url is
// publicURL + "/share/" + token. EINVALID (field expiresInDays) outside 1 to
// 90 days; ENOTFOUND for another brand's, a deleted or an unknown campaign;
// EFORBIDDEN for BRAND_VIEWER and other roles.
func (s *DB) CreateShare(ctx context.Context, actor *User, id string, in ShareInput, publicURL string) (*CampaignShare, error) {
	scope, err := shareEditor(actor)
	if err != nil {
		return nil, err
	}
	days := ShareDaysDefault
	if in.ExpiresInDays != nil {
		days = *in.ExpiresInDays
	}
	if days < 1 || days > ShareDaysMax {
		return nil, FieldErrors{"expiresInDays": MsgShareDays}.Err()
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, fmt.Errorf("share token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	sh := &CampaignShare{Token: token, URL: publicURL + "/share/" + token, ShowFees: in.ShowFees,
		ExpiresAt: now.AddDate(0, 0, days).UTC().Truncate(time.Second), CreatedAt: now}
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := getCampaign(tx, id, scope, true); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE campaign_shares SET revoked_at = $2 WHERE campaign_id = $1 AND revoked_at IS NULL`, id, now); err != nil {
			return fmt.Errorf("revoke share: %w", err)
		}
		_, err := tx.Exec(`INSERT INTO campaign_shares (campaign_id, token_hash, show_fees, expires_at, created_by, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, hashShareToken(token), in.ShowFees, sh.ExpiresAt, actor.ID, now)
		if err != nil {
			return fmt.Errorf("insert share: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sh, nil
}

// GetShare returns campaign id's live (unrevoked, unexpired) share link
// without its token, or nil when it has none, for viewer (the campaign's
// brand staff, ADMIN). ENOTFOUND, EFORBIDDEN as CampaignResultsJSON.
func (s *DB) GetShare(ctx context.Context, viewer *User, id string) (*CampaignShare, error) {
	scope, err := campaignScope(viewer)
	if err != nil {
		return nil, err
	}
	if _, err := getCampaign(s.db, id, scope, false); err != nil {
		return nil, err
	}
	var rows []struct {
		ExpiresAt time.Time `db:"expires_at"`
		ShowFees  bool      `db:"show_fees"`
		CreatedAt time.Time `db:"created_at"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT expires_at, show_fees, created_at FROM campaign_shares
		WHERE campaign_id = $1 AND revoked_at IS NULL AND expires_at > $2`, id, s.now()); err != nil {
		return nil, fmt.Errorf("get share: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &CampaignShare{ExpiresAt: rows[0].ExpiresAt, ShowFees: rows[0].ShowFees, CreatedAt: rows[0].CreatedAt}, nil
}

// RevokeShare revokes campaign id's live share link. ENOTFOUND when it has
// none (or the campaign is another brand's, deleted or unknown); EFORBIDDEN
// as CreateShare.
func (s *DB) RevokeShare(ctx context.Context, actor *User, id string) error {
	scope, err := shareEditor(actor)
	if err != nil {
		return err
	}
	if _, err := getCampaign(s.db, id, scope, false); err != nil {
		return err
	}
	now := s.now()
	res, err := s.db.ExecContext(ctx, `UPDATE campaign_shares SET revoked_at = $2
		WHERE campaign_id = $1 AND revoked_at IS NULL AND expires_at > $2`, id, now)
	if err != nil {
		return fmt.Errorf("revoke share: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Errorf(ENOTFOUND, MsgShareNone)
	}
	return nil
}

// SharedResults returns the results behind a share token, fees hidden
// unless the brand chose to show them. ENOTFOUND (MsgShareGone) for an
// unknown, expired or revoked token, or a deleted campaign.
func (s *DB) SharedResults(ctx context.Context, token string) (json.RawMessage, error) {
	gone := Errorf(ENOTFOUND, MsgShareGone)
	if len(token) != shareTokenLen {
		return nil, gone
	}
	if _, err := base64.RawURLEncoding.DecodeString(token); err != nil {
		return nil, gone
	}
	var sh []struct {
		CampaignID string `db:"campaign_id"`
		ShowFees   bool   `db:"show_fees"`
	}
	if err := s.db.SelectContext(ctx, &sh, `SELECT campaign_id, show_fees FROM campaign_shares
		WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`, hashShareToken(token), s.now()); err != nil {
		return nil, fmt.Errorf("find share: %w", err)
	}
	if len(sh) == 0 {
		return nil, gone
	}
	raw, err := s.campaignResults(ctx, sh[0].CampaignID, "", sh[0].ShowFees)
	if ErrorCode(err) == ENOTFOUND {
		return nil, gone
	}
	return raw, err
}
