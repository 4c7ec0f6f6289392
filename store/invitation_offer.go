package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Outreach rules for invitations, which are cold e-mails to people who
// never signed up: at most one per creator per brand every
// OutreachInterval, at most OutreachDailyCap per brand in any 24 hours, and
// never to an address on the suppression list.
const (
	OutreachInterval = 30 * 24 * time.Hour
	OutreachDailyCap = 50
)

// Outreach messages.
const (
	MsgCannotContactNoEmail       = "This creator cannot be contacted: no e-mail address is known for them"
	MsgCannotContactUnsubscribed  = "This creator cannot be contacted: they unsubscribed from invitations"
	MsgCannotContactUndeliverable = "This creator cannot be contacted: their e-mail address is undeliverable"
	MsgOutreachDailyCap           = "Your brand has sent 50 invitations in the last 24 hours, the most allowed; send more tomorrow"
	MsgClaimInvalid               = "This link is not valid"
	MsgClaimUsed                  = "This link was used already"
	MsgClaimExpired               = "This link expired with the offer"
)

// Suppression reasons.
const (
	SuppressUnsubscribed  = "unsubscribed"
	SuppressUndeliverable = "undeliverable"
)

// OutreachInviteTask makes the outbox task that mails invitation id; the
// task catalogue (package jobs) sets it. Nil: invitations are recorded but
// not mailed.
var OutreachInviteTask func(invitationID string) Task

// inviteForOffer is called when a brand's offer on entryID goes to a
// creator who is not yet on Creator Coach: it records an invitation to the
// imported e-mail (valid until the offer's deadline) and queues its mail,
// keeping the outreach rules. A creator invited by the same brand within
// OutreachInterval gets no new mail (the earlier link opens every offer).
// ECONFLICT when the creator cannot be contacted, ERATELIMITED past the
// daily cap; either refuses the send. key prefixes the error fields.
func (s *DB) inviteForOffer(ctx context.Context, tx *sqlx.Tx, entryID, key string) error {
	var r struct {
		CreatorID  string         `db:"creator_id"`
		BrandID    string         `db:"brand_id"`
		Email      sql.NullString `db:"email"`
		Suppressed sql.NullString `db:"suppressed"`
		Recent     bool           `db:"recent"`
		Today      int            `db:"today"`
	}
	now := s.now()
	err := tx.GetContext(ctx, &r, `SELECT e.creator_id, cp.brand_id, nullif(c.email, '') AS email,
		(SELECT os.reason FROM outreach_suppressions os WHERE os.email = c.email) AS suppressed,
		EXISTS (SELECT 1 FROM outreach_invitations i WHERE i.creator_id = e.creator_id AND i.brand_id = cp.brand_id
			AND i.created_at > $2::timestamptz - $3::interval) AS recent,
		(SELECT count(*) FROM outreach_invitations i WHERE i.brand_id = cp.brand_id AND i.created_at > $2::timestamptz - interval '24 hours') AS today
		FROM roster_entries e JOIN creators c ON c.id = e.creator_id JOIN campaigns cp ON cp.id = e.campaign_id WHERE e.id = $1`,
		entryID, now, fmt.Sprintf("%d seconds", int64(OutreachInterval.Seconds())))
	if err != nil {
		return fmt.Errorf("read invitation: %w", err)
	}
	fail := func(code, msg string) error {
		return &Error{Code: code, Message: msg, Fields: map[string]string{key + "status": msg}}
	}
	switch {
	case !r.Email.Valid:
		return fail(ECONFLICT, MsgCannotContactNoEmail)
	case r.Suppressed.String == SuppressUndeliverable:
		return fail(ECONFLICT, MsgCannotContactUndeliverable)
	case r.Suppressed.Valid:
		return fail(ECONFLICT, MsgCannotContactUnsubscribed)
	case r.Recent:
		return nil
	case r.Today >= OutreachDailyCap:
		return fail(ERATELIMITED, MsgOutreachDailyCap)
	}
	// A brand's invitations are counted under its row's lock, so two sends
	// at once cannot both pass the cap.
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM brands WHERE id = $1 FOR UPDATE`, r.BrandID); err != nil {
		return fmt.Errorf("lock brand: %w", err)
	}
	if err := tx.GetContext(ctx, &r.Today, `SELECT count(*) FROM outreach_invitations WHERE brand_id = $1 AND created_at > $2::timestamptz - interval '24 hours'`,
		r.BrandID, now); err != nil {
		return fmt.Errorf("count invitations: %w", err)
	}
	if r.Today >= OutreachDailyCap {
		return fail(ERATELIMITED, MsgOutreachDailyCap)
	}
	var id string
	if err := tx.GetContext(ctx, &id, `INSERT INTO outreach_invitations (brand_id, creator_id, entry_id, email, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, r.BrandID, r.CreatorID, entryID, r.Email.String, now, now.Add(s.offerTTL())); err != nil {
		return fmt.Errorf("record invitation: %w", err)
	}
	if OutreachInviteTask == nil {
		return nil
	}
	return insertTask(tx, OutreachInviteTask(id))
}

// OutreachMail is what the worker needs to mail one invitation: the
// brand, the campaign's brief, the amount, the deadline and the two tokens
// (claim and unsubscribe), made here and stored hashed.
type OutreachMail struct {
	Email            string    `db:"email"`
	BrandName        string    `db:"brand_name"`
	CampaignName     string    `db:"campaign_name"`
	Brief            string    `db:"brief"`
	Deliverables     string    `db:"-"` // "2 Instagram posts by 2026-12-10; …" (deliverableNames)
	DeliverablesJSON []byte    `db:"deliverables"`
	Amount           float64   `db:"amount"`
	Deadline         time.Time `db:"expires_at"`
	ClaimToken       string    `db:"-"`
	UnsubscribeToken string    `db:"-"`
}

// IssueOutreachInvite makes invitation id's tokens, stores their hashes and
// returns the mail; (nil, nil) when there is nothing to send (already
// mailed, claimed, expired, or the address was suppressed since).
func (s *DB) IssueOutreachInvite(ctx context.Context, id string) (*OutreachMail, error) {
	var m OutreachMail
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &m, `SELECT i.email, b.name AS brand_name, cp.name AS campaign_name,
			coalesce(nullif(cp.brief, ''), concat_ws('. ', nullif(array_to_string(cp.goals, ', '), ''), nullif(cp.custom_goal, ''), nullif(array_to_string(cp.content_vibes, ', '), ''))) AS brief,
			cp.deliverables, coalesce(e.offer_amount, e.estimated_fee)::float8 AS amount, i.expires_at
			FROM outreach_invitations i JOIN brands b ON b.id = i.brand_id JOIN roster_entries e ON e.id = i.entry_id
			JOIN campaigns cp ON cp.id = e.campaign_id
			WHERE i.id = $1 AND i.sent_at IS NULL AND i.claimed_at IS NULL AND i.expires_at > $2
				AND NOT EXISTS (SELECT 1 FROM outreach_suppressions os WHERE os.email = i.email) FOR UPDATE OF i`, id, s.now())
		if err != nil {
			return err
		}
		var list []Deliverable
		if err := json.Unmarshal(m.DeliverablesJSON, &list); err != nil {
			return fmt.Errorf("deliverables: %w", err)
		}
		m.Deliverables = deliverableNames(list)
		m.ClaimToken, m.UnsubscribeToken = newToken(), newToken()
		_, err = tx.ExecContext(ctx, `UPDATE outreach_invitations SET token_hash = $2, unsubscribe_hash = $3 WHERE id = $1`,
			id, hashToken(m.ClaimToken), hashToken(m.UnsubscribeToken))
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("issue outreach invitation %s: %w", id, err)
	}
	return &m, nil
}

// MarkOutreachSent records that invitation id's mail went out (the
// brand's "invited" date).
func (s *DB) MarkOutreachSent(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE outreach_invitations SET sent_at = $2 WHERE id = $1`, id, s.now())
	return err
}

// SuppressEmail puts email on the suppression list for reason; it stays
// there for ever.
func (s *DB) SuppressEmail(ctx context.Context, email, reason string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO outreach_suppressions (email, reason, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (email) DO NOTHING`, NormalizeEmail(email), reason, s.now())
	return err
}

// Claim is what the claim page shows of a valid link: who invited whom
// to what, and the offer it opens.
type Claim struct {
	Email        string       `db:"email" json:"email"`
	BrandName    string       `db:"brand_name" json:"brandName"`
	CampaignName string       `db:"campaign_name" json:"campaignName"`
	Amount       float64      `db:"amount" json:"amount"`
	Deadline     time.Time    `db:"expires_at" json:"deadline"`
	EntryID      string       `db:"entry_id" json:"entryId"`
	CreatorID    string       `db:"creator_id" json:"creatorId"`
	HasAccount   bool         `db:"has_account" json:"hasAccount"`
	ID           string       `db:"id" json:"-"`
	ClaimedAt    sql.NullTime `db:"claimed_at" json:"-"`
}

func (s *DB) findClaim(ctx context.Context, q sqlx.QueryerContext, token string, lock bool) (*Claim, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, Errorf(EINVALID, MsgClaimInvalid)
	}
	query := `SELECT i.id, i.email, b.name AS brand_name, cp.name AS campaign_name,
		coalesce(e.offer_amount, e.estimated_fee)::float8 AS amount, i.expires_at, e.id AS entry_id, i.creator_id, i.claimed_at,
		EXISTS (SELECT 1 FROM users u WHERE u.email = i.email AND u.deleted_at IS NULL) AS has_account
		FROM outreach_invitations i JOIN brands b ON b.id = i.brand_id JOIN roster_entries e ON e.id = i.entry_id
		JOIN campaigns cp ON cp.id = e.campaign_id WHERE i.token_hash = $1`
	if lock {
		query += ` FOR UPDATE OF i`
	}
	var c Claim
	err := sqlx.GetContext(ctx, q, &c, query, hashToken(token))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, Errorf(EINVALID, MsgClaimInvalid)
	case err != nil:
		return nil, fmt.Errorf("find claim: %w", err)
	case c.ClaimedAt.Valid:
		return nil, Errorf(ECONFLICT, MsgClaimUsed)
	case !s.now().Before(c.Deadline):
		return nil, Errorf(ECONFLICT, MsgClaimExpired)
	}
	return &c, nil
}

// CheckClaim returns what the claim page shows of a link and records that
// the invitation was opened. EINVALID for an unknown link; ECONFLICT for a
// used or expired one.
func (s *DB) CheckClaim(ctx context.Context, token string) (*Claim, error) {
	c, err := s.findClaim(ctx, s.db, token, false)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE outreach_invitations SET opened_at = $2 WHERE id = $1 AND opened_at IS NULL`,
		c.ID, s.now()); err != nil {
		return nil, fmt.Errorf("record opening: %w", err)
	}
	return c, nil
}

// ClaimProfile uses a claim link once, for the signed-in creator actor:
// the invitation's network entry is linked to their account (merged into
// the entry they have already, if any), so the offer is theirs. It answers
// the claim (the entry to open). EFORBIDDEN for anyone but a creator; the
// errors of CheckClaim; ECONFLICT when the entry belongs to another account.
func (s *DB) ClaimProfile(ctx context.Context, actor *User, token string) (*Claim, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "Only a creator can claim a profile")
	}
	var out *Claim
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		c, err := s.findClaim(ctx, tx, token, true)
		if err != nil {
			return err
		}
		var owner sql.NullString
		if err := tx.GetContext(ctx, &owner, `SELECT user_id FROM creators WHERE id = $1 FOR UPDATE`, c.CreatorID); err != nil {
			return translate(err, "Creator")
		}
		switch {
		case owner.Valid && owner.String != actor.ID:
			return Errorf(ECONFLICT, "This profile belongs to another account")
		case !owner.Valid:
			var own string
			err := tx.GetContext(ctx, &own, `SELECT id FROM creators WHERE user_id = $1`, actor.ID)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				if _, err := tx.ExecContext(ctx, `UPDATE creators SET user_id = $2, updated_at = now() WHERE id = $1`, c.CreatorID, actor.ID); err != nil {
					return fmt.Errorf("link entry: %w", err)
				}
			case err != nil:
				return fmt.Errorf("find own entry: %w", err)
			default:
				if err := mergeCreators(ctx, tx, own, c.CreatorID); err != nil {
					return err
				}
				c.CreatorID = own
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outreach_invitations SET claimed_at = $2, claimed_by = $3, token_hash = NULL,
			opened_at = coalesce(opened_at, $2) WHERE id = $1`, c.ID, s.now(), actor.ID); err != nil {
			return fmt.Errorf("record claim: %w", err)
		}
		out = c
		return nil
	})
	return out, err
}

// Unsubscribe puts the address of the invitation whose unsubscribe token
// is token on the suppression list (for ever). EINVALID for an unknown
// token. It answers the address.
func (s *DB) Unsubscribe(ctx context.Context, token string) (string, error) {
	var email string
	err := s.db.GetContext(ctx, &email, `SELECT email FROM outreach_invitations WHERE unsubscribe_hash = $1`, hashToken(strings.TrimSpace(token)))
	if errors.Is(err, sql.ErrNoRows) || strings.TrimSpace(token) == "" {
		return "", Errorf(EINVALID, MsgClaimInvalid)
	}
	if err != nil {
		return "", fmt.Errorf("find unsubscribe: %w", err)
	}
	return email, s.SuppressEmail(ctx, email, SuppressUnsubscribed)
}

// ListSuppressions returns a page of the suppression list, newest first
// (ADMIN only): {email, reason, createdAt}.
func (s *DB) ListSuppressions(ctx context.Context, actor *User, page, limit int) (Page, error) {
	if actor.Role != RoleAdmin {
		return Page{}, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	fe := FieldErrors{}
	CheckPaging(fe, &page, &limit)
	if err := fe.Err(); err != nil {
		return Page{}, err
	}
	var row struct {
		Items []byte `db:"items"`
		Total int    `db:"total"`
	}
	err := s.db.GetContext(ctx, &row, `SELECT coalesce((SELECT json_agg(json_build_object('email', email, 'reason', reason,
		'createdAt', created_at) ORDER BY created_at DESC, email) FROM (SELECT * FROM outreach_suppressions
		ORDER BY created_at DESC, email LIMIT $1 OFFSET $2) t), '[]')::text AS items,
		(SELECT count(*) FROM outreach_suppressions) AS total`, limit, (page-1)*limit)
	if err != nil {
		return Page{}, fmt.Errorf("list suppressions: %w", err)
	}
	return Page{Items: json.RawMessage(row.Items), Total: row.Total}, nil
}

// CampaignReach returns each roster entry's reach for the campaign's brand
// (or ADMIN): when its creator was invited (the brand's last invitation to
// them, if any), opened the invitation, claimed the profile and answered
// the offer. ENOTFOUND for a campaign the actor cannot see.
func (s *DB) CampaignReach(ctx context.Context, actor *User, campaignID string) ([]byte, error) {
	if actor.Role != RoleAdmin && !actor.IsBrand() {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	b, err := getBrief(s.db, campaignID, false)
	if err != nil {
		return nil, err
	}
	if actor.Role != RoleAdmin && b.BrandID != actor.Brand.ID {
		return nil, errCampaignNotFound
	}
	var out []byte
	err = s.db.GetContext(ctx, &out, `SELECT coalesce(json_agg(json_build_object('entryId', e.id,
		'onCreatorCoach', c.user_id IS NOT NULL, 'invitedAt', i.sent_at, 'openedAt', i.opened_at, 'claimedAt', i.claimed_at,
		'answeredAt', (SELECT min(h.at) FROM offer_history h WHERE h.entry_id = e.id AND h.actor_side = 'creator')) ORDER BY e.rank), '[]')::text
		FROM roster_entries e JOIN creators c ON c.id = e.creator_id
		LEFT JOIN LATERAL (SELECT * FROM outreach_invitations oi WHERE oi.creator_id = e.creator_id AND oi.brand_id = $2
			ORDER BY oi.created_at DESC LIMIT 1) i ON true
		WHERE e.campaign_id = $1`, campaignID, b.BrandID)
	if err != nil {
		return nil, fmt.Errorf("campaign reach: %w", err)
	}
	return out, nil
}
