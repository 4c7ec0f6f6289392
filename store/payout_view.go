package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// PaymentView is an offer's payment as one side sees it: its state with
// dates, and "overdue" when a step is late against its promise. The
// creator does not see the platform's fee nor the books.
type PaymentView struct {
	Payout
	Fee     *int64       `json:"fee"`
	Overdue bool         `json:"overdue"`
	Books   *PayoutBooks `json:"books"`
	// CancelFrom is, while the payment is reserved and no post is captured,
	// when the brand may cancel it and be refunded in full: DELIVERY_GRACE
	// after the creator was told that the campaign ended with nothing
	// captured. Brand roles and ADMIN always see it; the creator once told.
	// Null otherwise.
	CancelFrom *time.Time `json:"cancelFrom"`
	// CancelAllowed is true for brand roles and ADMIN once the creator was
	// told and CancelFrom has passed.
	CancelAllowed bool `json:"cancelAllowed"`
}

// overdueAfter is how late a step may be before it is marked overdue: the
// periodic release runs every five minutes, the provider answers in
// seconds.
const overdueAfter = time.Hour

// Overdue reports whether a step of p is late at now: a funding still
// running, a release past its time not yet decided, a transfer decided and
// not made, or a payout past its expected arrival not yet paid.
func (p *Payout) Overdue(now time.Time) bool {
	late := func(t *time.Time) bool { return t != nil && now.After(t.Add(overdueAfter)) }
	switch p.State {
	case PayoutFunding:
		return late(&p.FundingAt)
	case PayoutFunded:
		return late(p.ReleaseAt)
	case PayoutReleasing:
		return late(p.ReleasedAt)
	case PayoutTransferred:
		return p.PaidAt == nil && p.ArrivalAt != nil && now.After(p.ArrivalAt.Add(24*time.Hour))
	}
	return false
}

// PaymentOf returns entry's payment as actor may see it (ENOTFOUND for an
// offer of another brand or creator, or without a payment).
func (s *DB) PaymentOf(ctx context.Context, actor *User, entryID string) (*PaymentView, error) {
	p, err := s.payoutForActor(ctx, s.db, actor, entryID, false)
	if err != nil {
		return nil, err
	}
	v := &PaymentView{Payout: *p, Overdue: p.Overdue(s.now())}
	if p.State == PayoutFunded && p.CapturedAt == nil && (actor.Role != RoleUser || p.DeliveryNoticeAt != nil) {
		from, err := s.cancelFrom(ctx, s.db, p)
		if err != nil {
			return nil, err
		}
		v.CancelFrom = &from
		v.CancelAllowed = actor.Role != RoleUser && p.DeliveryNoticeAt != nil && !s.now().Before(from)
	}
	if actor.Role != RoleUser {
		fee := p.Fee
		v.Fee = &fee
		b, err := payoutBooks(ctx, s.db, entryID)
		if err != nil {
			return nil, err
		}
		v.Books = &b
	}
	return v, nil
}

// cancelFrom is when a brand may cancel p's undelivered offer: DELIVERY_GRACE
// after the creator was told that nothing was captured by the campaign's
// end (the notice goes out the day after the end; before it, that day is
// assumed).
func (s *DB) cancelFrom(ctx context.Context, q sqlx.QueryerContext, p *Payout) (time.Time, error) {
	var start time.Time
	if err := sqlx.GetContext(ctx, q, &start, `SELECT `+deliveryGraceStartSQL+` FROM payouts p JOIN roster_entries e ON e.id = p.entry_id
		JOIN campaigns k ON k.id = e.campaign_id WHERE p.entry_id = $1`, p.EntryID); err != nil {
		return time.Time{}, fmt.Errorf("campaign end: %w", err)
	}
	return s.Payout.cancelFrom(start), nil
}

// deliveryGraceStartSQL is when DELIVERY_GRACE starts for payment p of
// campaign k: the creator's notice, or the day after the campaign's end
// while none was sent.
const deliveryGraceStartSQL = `greatest((k.end_date + 1)::timestamptz, coalesce(p.delivery_notice_at, '-infinity'::timestamptz))`

// cancelFrom is when the brand may cancel an undelivered offer whose
// DELIVERY_GRACE started at start.
func (p PayoutSettings) cancelFrom(start time.Time) time.Time {
	return start.Add(p.deliveryGrace()).UTC()
}

// BoardRow is one payment on the ADMIN's payments board.
type BoardRow struct {
	EntryID         string    `db:"entry_id" json:"entryId"`
	State           string    `db:"state" json:"state"`
	Amount          int64     `db:"amount" json:"amount"`
	Fee             int64     `db:"fee" json:"fee"`
	Currency        string    `db:"currency" json:"currency"`
	BrandName       string    `db:"brand_name" json:"brandName"`
	CreatorName     string    `db:"creator_name" json:"creatorName"`
	CampaignName    string    `db:"campaign_name" json:"campaignName"`
	Failure         string    `db:"failure" json:"failure"`
	ObjectionReason string    `db:"objection_reason" json:"objectionReason"`
	UpdatedAt       time.Time `db:"updated_at" json:"updatedAt"`
}

// Mismatch is a difference the reconciliation found.
type Mismatch struct {
	ID         int64     `db:"id" json:"id"`
	Day        time.Time `db:"day" json:"day"`
	Kind       string    `db:"kind" json:"kind"`
	ProviderID string    `db:"provider_id" json:"providerId"`
	Detail     string    `db:"detail" json:"detail"`
	FoundAt    time.Time `db:"found_at" json:"foundAt"`
}

// BoardStates are the states the payments board lists: those an ADMIN may
// have to act on.
var BoardStates = []string{PayoutFundingFailed, PayoutActionRequired, PayoutHeld, PayoutWaitingDetails, PayoutAwaitingApproval}

// PaymentsBoard lists the payments that need attention (state one of
// BoardStates, or every one of them when state is ""), most recently
// changed first, one page at a time, with the open reconciliation
// mismatches. ADMIN only.
func (s *DB) PaymentsBoard(ctx context.Context, actor *User, state string, page, limit int) ([]BoardRow, int, []Mismatch, error) {
	if actor.Role != RoleAdmin {
		return nil, 0, nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	fe := FieldErrors{}
	CheckPaging(fe, &page, &limit)
	states := BoardStates
	if state != "" {
		found := false
		for _, st := range BoardStates {
			found = found || st == state
		}
		if !found {
			fe.add("state", "Unknown board state")
		}
		states = []string{state}
	}
	if err := fe.Err(); err != nil {
		return nil, 0, nil, err
	}
	rows := []BoardRow{}
	// Prepared statements, planned once (planning cost more than running
	// them). The names are looked up per row of the page: joined, a generic
	// plan (which does not know the LIMIT) hashes every offer of the table.
	// The states (from BoardStates only) and the page size (at most
	// MaxPageLimit) are written into the statements. Named, the states let
	// the plan use the board's partial index (payouts_board_updated_idx),
	// which "state = ANY($1)" cannot prove it may. As a parameter, the LIMIT
	// made the generic plan guess a tenth of the table per page, with the
	// three name lookups on each of those rows; that estimate passed
	// jit_above_cost, and every page paid 30-70 ms of JIT compiling for a
	// 1 ms query.
	quoted := make([]string, len(states))
	for i, st := range states {
		quoted[i] = pq.QuoteLiteral(st)
	}
	in := `state IN (` + strings.Join(quoted, ", ") + `)`
	err := s.selectPrepared(ctx, &rows, `SELECT p.entry_id, p.state, p.amount, p.fee, p.currency,
		COALESCE((SELECT b.name FROM brands b WHERE b.id = p.brand_id), '') AS brand_name,
		COALESCE((SELECT c.name FROM roster_entries e JOIN creators c ON c.id = e.creator_id WHERE e.id = p.entry_id), '') AS creator_name,
		COALESCE((SELECT k.name FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = p.entry_id), '') AS campaign_name,
		p.failure, p.objection_reason, p.updated_at
		FROM (SELECT * FROM payouts WHERE `+in+` ORDER BY updated_at DESC, entry_id LIMIT `+strconv.Itoa(limit)+` OFFSET $1) p
		ORDER BY p.updated_at DESC, p.entry_id`, (page-1)*limit)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("payments board: %w", err)
	}
	// The total comes from the payments' counters by state (kept by
	// triggers in the payments' own transactions), not from a count of the
	// board's payments.
	var total int
	if err := s.getPrepared(ctx, &total, `SELECT coalesce(sum(n), 0) FROM overview_counts WHERE kind = 'payouts' AND key IN (`+
		strings.Join(quoted, ", ")+`)`); err != nil {
		return nil, 0, nil, err
	}
	mism := []Mismatch{}
	if err := s.selectPrepared(ctx, &mism, `SELECT id, day, kind, provider_id, detail, found_at FROM payout_mismatches
		WHERE resolved_at IS NULL ORDER BY found_at DESC LIMIT 100`); err != nil {
		return nil, 0, nil, err
	}
	return rows, total, mism, nil
}
