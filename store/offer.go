package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Offer states of a roster entry.
const (
	OfferDraft     = "draft"
	OfferSent      = "sent"
	OfferAccepted  = "accepted"
	OfferDeclined  = "declined"
	OfferCountered = "countered"
	OfferExpired   = "expired"
	OfferWithdrawn = "withdrawn"
	OfferCompleted = "completed"
)

// OfferMoves is the offer state machine: the states each state may move to.
// Any other move is ECONFLICT "Cannot move an offer from X to Y".
var OfferMoves = map[string][]string{
	OfferDraft:     {OfferSent},
	OfferSent:      {OfferAccepted, OfferDeclined, OfferCountered, OfferExpired, OfferWithdrawn},
	OfferCountered: {OfferSent, OfferDeclined},
	OfferAccepted:  {OfferCompleted},
	OfferDeclined:  {},
	OfferExpired:   {},
	OfferWithdrawn: {},
	OfferCompleted: {},
}

// OfferStates lists every state in the order of the pipeline.
var OfferStates = []string{OfferDraft, OfferSent, OfferCountered, OfferAccepted, OfferCompleted, OfferDeclined, OfferExpired, OfferWithdrawn}

// offeredStates count towards a roster's offered total, acceptedStates
// towards its accepted total.
var (
	offeredStates  = []string{OfferSent, OfferCountered, OfferAccepted, OfferCompleted}
	acceptedStates = []string{OfferAccepted, OfferCompleted}
)

// Offer amount bounds and messages.
const (
	OfferAmountMax        = 1_000_000
	OfferNoteMax          = 500
	MsgOfferAmount        = "Amount must be between $1 and $1,000,000"
	MsgOfferNote          = "Note must be at most 500 characters"
	MsgOfferStatus        = "Unknown offer status"
	MsgOfferEntry         = "Roster entry not found"
	MsgOfferDuplicate     = "Each entry may appear once"
	MsgOfferEntries       = "Choose between 1 and 500 entries"
	MsgOfferCounterAmount = "Enter the amount the creator asked for"
	MsgOfferResendAmount  = "Enter the new amount to send"
	MsgOfferAmountLocked  = "Only a draft offer's amount can be changed without a move"
)

// CheckOfferMove returns ECONFLICT "Cannot move an offer from X to Y" unless
// the state machine allows from → to.
func CheckOfferMove(from, to string) error {
	if slices.Contains(OfferMoves[from], to) {
		return nil
	}
	return Errorf(ECONFLICT, "Cannot move an offer from "+from+" to "+to)
}

// OfferChange is one entry's change in a bulk update: a move to Status, a
// new Amount, a Note; absent fields are kept.
type OfferChange struct {
	EntryID string  `json:"entryId"`
	Status  *string `json:"status"`
	Amount  *Number `json:"amount"`
	Note    *string `json:"note"`
}

// OfferUpdate is the body of a bulk offer update.
type OfferUpdate struct {
	CampaignID string        `json:"campaignId"`
	Entries    []OfferChange `json:"entries"`
}

// validate checks the shape of every change; field keys are
// entries.<i>.<field>.
func (u *OfferUpdate) validate() error {
	fe := FieldErrors{}
	if len(u.Entries) < 1 || len(u.Entries) > 500 {
		fe.add("entries", MsgOfferEntries)
	}
	seen := map[string]bool{}
	for i, c := range u.Entries {
		key := "entries." + strconv.Itoa(i) + "."
		if seen[c.EntryID] {
			fe.add(key+"entryId", MsgOfferDuplicate)
		}
		seen[c.EntryID] = true
		if c.Status != nil && OfferMoves[*c.Status] == nil {
			fe.add(key+"status", MsgOfferStatus)
		}
		if c.Amount != nil && (math.IsNaN(float64(*c.Amount)) || *c.Amount < 1 || *c.Amount > OfferAmountMax) {
			fe.add(key+"amount", MsgOfferAmount)
		}
		if c.Note != nil && len([]rune(strings.TrimSpace(*c.Note))) > OfferNoteMax {
			fe.add(key+"note", MsgOfferNote)
		}
	}
	return fe.Err()
}

type entryState struct {
	Status string   `db:"offer_status"`
	Amount *float64 `db:"offer_amount"`
	Fee    float64  `db:"estimated_fee"`
	Note   string   `db:"offer_note"`
}

// UpdateOffers applies every change of u as one transaction (all or
// nothing) and records each in the offer's history; it answers the updated
// entries (roster entry JSON). A move to sent takes the amount given, else
// the entry's amount, else its estimated fee; a counter and a resend after a
// counter need an amount. ADMIN only (EFORBIDDEN otherwise); ENOTFOUND for
// an unknown campaign or entry; ECONFLICT for a move the state machine
// refuses; EINVALID for a bad amount, note or status. Errors carry the
// field entries.<i>.<field> of the first change at fault.
func (s *DB) UpdateOffers(ctx context.Context, actor *User, u OfferUpdate) ([]byte, error) {
	if actor.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if err := u.validate(); err != nil {
		return nil, err
	}
	var out []byte
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := getBrief(tx, u.CampaignID, true); err != nil {
			return err
		}
		ids := make([]string, len(u.Entries))
		for i, c := range u.Entries {
			if err := s.applyOffer(ctx, tx, actor, u.CampaignID, i, c); err != nil {
				return err
			}
			ids[i] = c.EntryID
		}
		q := `SELECT coalesce(json_agg(` + entryJSON + ` ORDER BY e.rank), '[]')::text FROM roster_entries e
			JOIN creators c ON c.id = e.creator_id WHERE e.id::text = ANY($1)`
		return tx.GetContext(ctx, &out, q, pq.Array(ids))
	})
	return out, err
}

func (s *DB) applyOffer(ctx context.Context, tx *sqlx.Tx, actor *User, campaignID string, i int, c OfferChange) error {
	key := "entries." + strconv.Itoa(i) + "."
	fail := func(code, field, msg string) error {
		return &Error{Code: code, Message: msg, Fields: map[string]string{key + field: msg}}
	}
	var cur entryState
	if !isUUID(c.EntryID) {
		return fail(ENOTFOUND, "entryId", MsgOfferEntry)
	}
	err := tx.GetContext(ctx, &cur, `SELECT offer_status, offer_amount::float8 AS offer_amount, estimated_fee::float8 AS estimated_fee,
		offer_note FROM roster_entries WHERE id = $1 AND campaign_id = $2 FOR UPDATE`, c.EntryID, campaignID)
	if ErrorCode(translate(err, "")) == ENOTFOUND {
		return fail(ENOTFOUND, "entryId", MsgOfferEntry)
	}
	if err != nil {
		return fmt.Errorf("find entry: %w", err)
	}
	next, amount, note := cur.Status, cur.Amount, cur.Note
	if c.Amount != nil {
		a := math.Round(float64(*c.Amount)*100) / 100
		amount = &a
	}
	if c.Note != nil {
		note = strings.TrimSpace(*c.Note)
	}
	if c.Status != nil {
		next = *c.Status
		if err := CheckOfferMove(cur.Status, next); err != nil {
			return fail(ECONFLICT, "status", err.Error())
		}
		switch {
		case next == OfferCountered && c.Amount == nil:
			return fail(EINVALID, "amount", MsgOfferCounterAmount)
		case next == OfferSent && cur.Status == OfferCountered && c.Amount == nil:
			return fail(EINVALID, "amount", MsgOfferResendAmount)
		case next == OfferSent && amount == nil:
			amount = &cur.Fee
		}
	} else if c.Amount != nil && cur.Status != OfferDraft {
		return fail(ECONFLICT, "amount", MsgOfferAmountLocked)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE roster_entries SET offer_status = $2, offer_amount = $3, offer_note = $4,
		offer_updated_at = $5, offer_updated_by = $6 WHERE id = $1`, c.EntryID, next, amount, note, s.now(), actor.ID); err != nil {
		return fmt.Errorf("update offer: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO offer_history (entry_id, actor_id, at, from_status, to_status, amount, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, c.EntryID, actor.ID, s.now(), cur.Status, next, amount, note); err != nil {
		return fmt.Errorf("record offer history: %w", err)
	}
	return nil
}
