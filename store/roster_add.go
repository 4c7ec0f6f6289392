package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Messages of adding a creator to a roster.
const (
	MsgRosterAddCreator = "Choose a creator"
	MsgRosterAddStatus  = "Creators can only be added to a draft or active campaign"
	msgRosterAddTwice   = "%s is already on this campaign's roster"
)

// entryByIDSQL is one roster entry ($1) as GetRoster lists it.
var entryByIDSQL = `SELECT ` + entryJSON + `::text FROM roster_entries e JOIN creators c ON c.id = e.creator_id WHERE e.id = $1`

// AddToRoster puts creatorID on campaignID's roster as a draft offer at its
// estimated fee (EstimateCreatorFee), scored against the campaign like a
// generated entry and ranked last; a campaign without a roster gets one. It
// returns the entry as GetRoster lists it. actor is a BRAND_ADMIN or
// BRAND_MANAGER of the campaign's brand (EFORBIDDEN for other roles,
// ENOTFOUND for another brand's campaign); EINVALID without a creator or
// when the campaign is neither draft nor active, ENOTFOUND for an unknown
// creator, ECONFLICT when the creator is already on the roster.
func (s *DB) AddToRoster(ctx context.Context, actor *User, campaignID, creatorID string) ([]byte, error) {
	if err := campaignEditor(actor); err != nil {
		return nil, err
	}
	if creatorID == "" {
		return nil, &Error{Code: EINVALID, Message: MsgRosterAddCreator, Fields: map[string]string{"creatorId": MsgRosterAddCreator}}
	}
	var out []byte
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		b, err := getBrief(tx, campaignID, true) // generation waits for us, as offer changes do
		if err != nil {
			return err
		}
		if b.BrandID != actor.Brand.ID {
			return errCampaignNotFound
		}
		if !isUUID(creatorID) {
			return Errorf(ENOTFOUND, "Creator not found")
		}
		var r candidateRow
		if err := tx.GetContext(ctx, &r, `SELECT `+candidateColumns+` FROM creators WHERE id = $1`, creatorID); err != nil {
			return translate(err, "Creator")
		}
		if b.Status != CampaignDraft && b.Status != CampaignActive {
			return Errorf(EINVALID, MsgRosterAddStatus)
		}
		c := r.candidate()
		brief := RosterBrief{Gender: briefGender(b.Gender), AgeFrom: b.AgeFrom, AgeTo: b.AgeTo, Location: b.Location,
			Budget: b.Budget, Size: 1}
		pick := ScoreCandidates(brief, []Candidate{c})[0]
		return insertEntry(ctx, tx, campaignID, pick, s.now(), &out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// insertEntry adds pick last on campaignID's roster (stamping the roster
// when it has none) and reads it back into out.
func insertEntry(ctx context.Context, tx *sqlx.Tx, campaignID string, pick Pick, now any, out *[]byte) error {
	parts, reasons, err := pickJSON(pick)
	if err != nil {
		return err
	}
	var id string
	err = tx.GetContext(ctx, &id, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, reasons, platform,
			estimated_fee, offer_amount, created_at)
		SELECT $1, $2, coalesce(max(rank), 0) + 1, $3, $4::jsonb, $5::jsonb, $6, $7, $7, $8 FROM roster_entries WHERE campaign_id = $1
		ON CONFLICT (campaign_id, creator_id) DO NOTHING RETURNING id`,
		campaignID, pick.Candidate.ID, pick.Score, parts, reasons, pick.Platform, pick.Fee, now)
	if errors.Is(err, sql.ErrNoRows) {
		return Errorf(ECONFLICT, fmt.Sprintf(msgRosterAddTwice, pick.Candidate.Name))
	}
	if err != nil {
		return fmt.Errorf("add roster entry: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO rosters (campaign_id, generated_at) VALUES ($1, $2)
		ON CONFLICT (campaign_id) DO NOTHING`, campaignID, now); err != nil {
		return fmt.Errorf("stamp roster: %w", err)
	}
	if err := tx.GetContext(ctx, out, entryByIDSQL, id); err != nil {
		return fmt.Errorf("read roster entry: %w", err)
	}
	return nil
}

// pickJSON is a pick's score parts and reasons as stored (reasons never null).
func pickJSON(p Pick) (parts, reasons string, err error) {
	if p.Reasons == nil {
		p.Reasons = []string{}
	}
	pj, err := json.Marshal(p.Parts)
	if err != nil {
		return "", "", err
	}
	rj, err := json.Marshal(p.Reasons)
	return string(pj), string(rj), err
}
