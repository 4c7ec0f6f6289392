package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

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

// Sides of an offer move: who makes it. The administrator may make every
// move (on either side's behalf); the brand (BRAND_ADMIN or BRAND_MANAGER of
// the campaign's brand) sends, answers a counter and withdraws; the creator
// (the USER linked to the entry's network creator) accepts, declines and
// counters; the system expires a sent offer after OFFER_TTL.
const (
	SideAdmin   = "admin"
	SideBrand   = "brand"
	SideCreator = "creator"
	SideSystem  = "system"
)

// OfferMove is one move of the offer state machine.
type OfferMove struct{ From, To string }

// offerMoveTable is the offer state machine: each allowed move and the sides
// that may make it, in the order a state's next moves are listed.
var offerMoveTable = []struct {
	move  OfferMove
	sides []string
}{
	{OfferMove{OfferDraft, OfferSent}, []string{SideAdmin, SideBrand}},
	{OfferMove{OfferSent, OfferAccepted}, []string{SideAdmin, SideCreator}},
	{OfferMove{OfferSent, OfferDeclined}, []string{SideAdmin, SideCreator}},
	{OfferMove{OfferSent, OfferCountered}, []string{SideAdmin, SideCreator}},
	{OfferMove{OfferSent, OfferExpired}, []string{SideAdmin, SideSystem}},
	{OfferMove{OfferSent, OfferWithdrawn}, []string{SideAdmin, SideBrand}},
	{OfferMove{OfferCountered, OfferSent}, []string{SideAdmin, SideBrand}},
	{OfferMove{OfferCountered, OfferDeclined}, []string{SideAdmin}},
	{OfferMove{OfferCountered, OfferAccepted}, []string{SideBrand}},
	{OfferMove{OfferCountered, OfferWithdrawn}, []string{SideBrand}},
	{OfferMove{OfferAccepted, OfferCompleted}, []string{SideAdmin}},
}

// OfferMoveSides is the offer state machine (offerMoveTable as a map). Any
// other move is ECONFLICT "Cannot move an offer from X to Y"; a move of the
// table by a side not listed is ECONFLICT "A <side> cannot move an offer
// from X to Y".
var OfferMoveSides = func() map[OfferMove][]string {
	m := make(map[OfferMove][]string, len(offerMoveTable))
	for _, r := range offerMoveTable {
		m[r.move] = r.sides
	}
	return m
}()

// OfferCounterRounds is how many times an offer may be countered; after
// that the creator may only accept or decline.
const OfferCounterRounds = 3

// MsgOfferCounterCap refuses a counter past OfferCounterRounds.
const MsgOfferCounterCap = "This offer was countered 3 times already: accept or decline it"

// MsgOfferChanged answers a move that lost a race with another one.
const MsgOfferChanged = "This offer has just changed; reload it and try again"

// OfferMoves is the administrator's state machine: the states each state
// may move to (every state is a key), derived from OfferMoveSides.
var OfferMoves = sideMoves(SideAdmin)

// sideMoves lists, for every state, the states side may move it to.
func sideMoves(side string) map[string][]string {
	out := map[string][]string{}
	for _, st := range OfferStates {
		out[st] = []string{}
	}
	for _, r := range offerMoveTable {
		if slices.Contains(r.sides, side) {
			out[r.move.From] = append(out[r.move.From], r.move.To)
		}
	}
	return out
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
	MsgOfferAddOnUsage    = "A paid usage add-on is 30_days or unlimited, each at most once"
	MsgOfferAddOnAmount   = "Add-on amount must be between $1 and $1,000,000"
	MsgOfferAddOnsLocked  = "Paid usage add-ons change only with a send or a new amount"
	// A sent offer's history is append-only: a note travels with a move.
	MsgOfferNoteLocked = "A note can only be added with a move: the offer's history cannot be changed"
	// Offers of a completed campaign no longer move toward an agreement.
	MsgOfferCampaignDone = "This campaign is completed: its offers can no longer be sent, countered or accepted"
	// A sent offer past its deadline cannot be accepted or countered, even
	// before the hourly expiry records it.
	MsgOfferPastDeadline = "This offer's deadline has passed"
)

// CheckOfferMove returns ECONFLICT "Cannot move an offer from X to Y" unless
// the state machine lets the administrator move from → to.
func CheckOfferMove(from, to string) error {
	return CheckOfferMoveBy(SideAdmin, from, to)
}

// CheckOfferMoveBy returns nil when side may move an offer from → to, else
// ECONFLICT: "Cannot move an offer from X to Y" for a move outside the state
// machine, "A brand cannot move an offer from X to Y" for a move of another
// side.
func CheckOfferMoveBy(side, from, to string) error {
	sides, ok := OfferMoveSides[OfferMove{from, to}]
	switch {
	case slices.Contains(sides, side):
		return nil
	case ok && side != SideAdmin:
		return Errorf(ECONFLICT, "A "+side+" cannot move an offer from "+from+" to "+to)
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
	// UsageAddOns replaces the paid usage add-ons offered on top of the
	// amount (brand or admin, with a send or a new amount, or on a draft);
	// nil keeps them, an empty list removes them.
	UsageAddOns *[]UsageAddOn `json:"usageAddOns"`
}

// OfferUpdate is the body of a bulk offer update.
type OfferUpdate struct {
	CampaignID string        `json:"campaignId"`
	Entries    []OfferChange `json:"entries"`
	// ConfirmOverBudget confirms moves that leave the campaign over its
	// budget (see checkBudget in offer_budget.go).
	ConfirmOverBudget bool `json:"confirmOverBudget"`
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
		if c.UsageAddOns != nil {
			usages := map[string]bool{}
			for j, a := range *c.UsageAddOns {
				k := key + "usageAddOns." + strconv.Itoa(j) + "."
				if !slices.Contains(UsageAddOnUsages, a.Usage) || usages[a.Usage] {
					fe.add(k+"usage", MsgOfferAddOnUsage)
				}
				usages[a.Usage] = true
				if a.AmountCents < 100 || a.AmountCents > OfferAmountMax*100 {
					fe.add(k+"amountCents", MsgOfferAddOnAmount)
				}
			}
		}
	}
	return fe.Err()
}

type entryState struct {
	Status    string   `db:"offer_status"`
	Amount    *float64 `db:"offer_amount"`
	Fee       float64  `db:"estimated_fee"`
	Note      string   `db:"offer_note"`
	CreatorID string   `db:"creator_id"`
	Linked    bool     `db:"linked"`
	Counters  int      `db:"counters"`
	// CampaignStatus is the campaign's status; SentAt when the offer was
	// last sent (its deadline is SentAt + OFFER_TTL).
	CampaignStatus string     `db:"campaign_status"`
	SentAt         *time.Time `db:"offer_sent_at"`
	AddOns         []byte     `db:"usage_addons"`
}

// OfferMailer makes the outbox task that mails the other side about the
// move recorded as offer history row historyID; nil mails nobody.
type OfferMailer func(historyID int64) Task

// UpdateOffers applies every change of u as one transaction (all or
// nothing) and records each in the offer's history; it answers the updated
// entries (roster entry JSON). A move to sent takes the amount given, else
// the entry's amount, else its estimated fee; a counter and a resend after a
// counter need an amount. ADMIN only (EFORBIDDEN otherwise); ENOTFOUND for
// an unknown campaign or entry; ECONFLICT for a move the state machine
// refuses; EINVALID for a bad amount, note or status. Errors carry the
// field entries.<i>.<field> of the first change at fault. mail makes the
// task mailing the other side of each move.
func (s *DB) UpdateOffers(ctx context.Context, actor *User, u OfferUpdate, mail OfferMailer) ([]byte, error) {
	if actor.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	return s.updateOffers(ctx, actor, SideAdmin, u, mail)
}

// UpdateBrandOffers is UpdateOffers for the campaign's brand: a BRAND_ADMIN
// or BRAND_MANAGER of its brand makes the brand's moves (send, accept a
// counter, send a new amount, withdraw). ENOTFOUND for another brand's
// campaign, EFORBIDDEN for other roles.
func (s *DB) UpdateBrandOffers(ctx context.Context, actor *User, u OfferUpdate, mail OfferMailer) ([]byte, error) {
	if err := campaignEditor(actor); err != nil {
		return nil, err
	}
	b, err := getBrief(s.db, u.CampaignID, false)
	if err != nil {
		return nil, err
	}
	if b.BrandID != actor.Brand.ID {
		return nil, errCampaignNotFound
	}
	return s.updateOffers(ctx, actor, SideBrand, u, mail)
}

func (s *DB) updateOffers(ctx context.Context, actor *User, side string, u OfferUpdate, mail OfferMailer) ([]byte, error) {
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
			m := offerMove{actorID: actor.ID, side: side, key: "entries." + strconv.Itoa(i) + ".", change: c, mail: mail,
				scope: `e.campaign_id = $2`, scopeArg: u.CampaignID}
			if err := s.applyOffer(ctx, tx, m); err != nil {
				return err
			}
			ids[i] = c.EntryID
		}
		if err := checkBudget(ctx, tx, u); err != nil {
			return err
		}
		q := `SELECT coalesce(json_agg(` + entryJSON + ` ORDER BY e.rank), '[]')::text FROM roster_entries e
			JOIN creators c ON c.id = e.creator_id WHERE e.id::text = ANY($1)`
		return tx.GetContext(ctx, &out, q, pq.Array(ids))
	})
	return out, err
}

// offerMove is one change of one entry by one side: the entry must match
// scope (a condition on roster_entries e with scopeArg as $2); key prefixes
// the error fields.
type offerMove struct {
	actorID, side, key string
	change             OfferChange
	scope              string
	scopeArg           any
	mail               OfferMailer
	// signed marks the move to accepted that the last required signature
	// makes (agreement_sign.go): accepting is signing, so it is the only
	// way to accepted.
	signed bool
}

// applyOffer locks the entry, checks the move against the state machine and
// the counter cap, updates the entry only if its status is still the one
// read (a move racing another one gets ECONFLICT MsgOfferChanged), records
// the move in the history and queues the mail to the other side.
func (s *DB) applyOffer(ctx context.Context, tx *sqlx.Tx, m offerMove) error {
	c := m.change
	fail := func(code, field, msg string) error {
		return &Error{Code: code, Message: msg, Fields: map[string]string{m.key + field: msg}}
	}
	var cur entryState
	if !isUUID(c.EntryID) {
		return fail(ENOTFOUND, "entryId", MsgOfferEntry)
	}
	err := tx.GetContext(ctx, &cur, `SELECT e.offer_status, e.offer_amount::float8 AS offer_amount,
		e.estimated_fee::float8 AS estimated_fee, e.offer_note, e.creator_id,
		EXISTS (SELECT 1 FROM creators c WHERE c.id = e.creator_id AND c.user_id IS NOT NULL) AS linked,
		(SELECT count(*) FROM offer_history h WHERE h.entry_id = e.id AND h.to_status = 'countered') AS counters,
		(SELECT cp.status FROM campaigns cp WHERE cp.id = e.campaign_id) AS campaign_status, e.offer_sent_at,
		e.usage_addons
		FROM roster_entries e WHERE e.id = $1 AND `+m.scope+` FOR UPDATE OF e`, c.EntryID, m.scopeArg)
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
		_, known := OfferMoveSides[OfferMove{cur.Status, next}]
		switch {
		case next == OfferAccepted && known && !m.signed:
			return fail(ECONFLICT, "status", MsgAgreementSignToAccept)
		case next == OfferAccepted && known: // every signature is in: whoever signed last completes it
		default:
			if err := CheckOfferMoveBy(m.side, cur.Status, next); err != nil {
				return fail(ECONFLICT, "status", err.Error())
			}
		}
		switch {
		case next == OfferCountered && cur.Counters >= OfferCounterRounds:
			return fail(ECONFLICT, "status", MsgOfferCounterCap)
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
	if c.UsageAddOns != nil && (m.side == SideCreator || !(next == OfferSent || (next == cur.Status && cur.Status == OfferDraft))) {
		return fail(ECONFLICT, "usageAddOns", MsgOfferAddOnsLocked)
	}
	addOns := cur.AddOns
	if c.UsageAddOns != nil {
		b, _ := json.Marshal(*c.UsageAddOns)
		if len(*c.UsageAddOns) == 0 {
			b = []byte("[]")
		}
		addOns = b
	}
	now := s.now()
	switch {
	case next == cur.Status && cur.Status != OfferDraft && c.Note != nil && note != cur.Note:
		return fail(ECONFLICT, "note", MsgOfferNoteLocked)
	case next != cur.Status && cur.CampaignStatus == CampaignCompleted && slices.Contains([]string{OfferSent, OfferCountered, OfferAccepted}, next):
		return fail(ECONFLICT, "status", MsgOfferCampaignDone)
	case cur.Status == OfferSent && cur.SentAt != nil && !now.Before(cur.SentAt.Add(s.offerTTL())) &&
		(next == OfferAccepted || next == OfferCountered):
		return fail(ECONFLICT, "status", MsgOfferPastDeadline)
	}
	var actor *string
	if m.actorID != "" {
		actor = &m.actorID
	}
	res, err := tx.ExecContext(ctx, `UPDATE roster_entries SET offer_status = $2, offer_amount = $3, offer_note = $4,
		offer_updated_at = $5, offer_updated_by = $6,
		offer_sent_at = CASE WHEN $2 = 'sent' AND offer_status <> 'sent' THEN $5 ELSE offer_sent_at END,
		usage_addons = $8
		WHERE id = $1 AND offer_status = $7`, c.EntryID, next, amount, note, now, actor, cur.Status, string(addOns))
	if err != nil {
		return fmt.Errorf("update offer: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fail(ECONFLICT, "status", MsgOfferChanged)
	}
	var hid int64
	if err := tx.GetContext(ctx, &hid, `INSERT INTO offer_history (entry_id, actor_id, actor_side, at, from_status, to_status, amount, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, c.EntryID, actor, m.side, now, cur.Status, next, amount, note); err != nil {
		return fmt.Errorf("record offer history: %w", err)
	}
	if err := s.agreementOnMove(tx, c.EntryID, m.actorID, m.side, next); err != nil {
		return err
	}
	if err := s.payoutOnMove(tx, c.EntryID, m.actorID, m.side, cur.Status, next); err != nil {
		return err
	}
	if next == OfferSent && !cur.Linked && m.side != SideSystem && cur.Status != next {
		if err := s.inviteForOffer(ctx, tx, c.EntryID, m.key); err != nil {
			return err // not yet on Creator Coach: the invitation carries the offer
		}
	}
	if m.mail == nil || next == cur.Status {
		return nil
	}
	to := OfferMailTo(cur.Status, next)
	if !cur.Linked && !slices.Contains(to, SideBrand) {
		return nil // nobody to mail: the creator has no account
	}
	return insertTask(tx, m.mail(hid))
}

// OfferMailTo is who hears of a move from → to: the creator of a brand's
// move (a send, an accepted counter, a withdrawal) and of a completion; the
// brand of the creator's answers (accept, decline, counter); both of an
// expiry.
func OfferMailTo(from, to string) []string {
	switch {
	case to == OfferExpired:
		return []string{SideCreator, SideBrand}
	case to == OfferSent, to == OfferWithdrawn, to == OfferCompleted, to == OfferAccepted && from == OfferCountered:
		return []string{SideCreator}
	case to == OfferDraft:
		return nil
	}
	return []string{SideBrand}
}
