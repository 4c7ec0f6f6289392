package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Payment states of an accepted offer. The platform charges the brand when
// the offer is accepted (funding → funded, or funding failed / action
// required); once the tagged post is captured the release clock runs, and
// after the window the worker transfers the amount to the creator
// (releasing → transferred), or the payment waits for the creator's payout
// details, or is held by an objection until an ADMIN decides.
const (
	PayoutAwaitingApproval = "awaiting_approval"
	PayoutFunding          = "funding"
	PayoutActionRequired   = "action_required"
	PayoutFundingFailed    = "funding_failed"
	PayoutFunded           = "funded"
	PayoutReleasing        = "releasing"
	PayoutWaitingDetails   = "waiting_details"
	PayoutTransferred      = "transferred"
	PayoutHeld             = "held"
	PayoutRefunding        = "refunding"
	PayoutRefunded         = "refunded"
	PayoutLapsed           = "lapsed"
	PayoutReversed         = "reversed" // the transfer to the creator was taken back at the provider
)

// Defaults of the payout settings.
const (
	DefaultPlatformFeePercent = 10
	DefaultReleaseAfter       = 48 * time.Hour
	DefaultFundingGrace       = 72 * time.Hour
	DefaultDeliveryGrace      = 7 * 24 * time.Hour
)

// PayoutSettings are PLATFORM_FEE_PERCENT, RELEASE_AFTER, FUNDING_GRACE and
// DELIVERY_GRACE; zero values take the defaults (a negative FeePercent is
// no fee).
type PayoutSettings struct {
	FeePercent    int
	ReleaseAfter  time.Duration
	FundingGrace  time.Duration
	DeliveryGrace time.Duration
}

func (p PayoutSettings) feePercent() int64 {
	if p.FeePercent < 0 {
		return 0 // set to none
	}
	if p.FeePercent > 0 {
		return int64(p.FeePercent)
	}
	return DefaultPlatformFeePercent
}

func (p PayoutSettings) releaseAfter() time.Duration {
	if p.ReleaseAfter > 0 {
		return p.ReleaseAfter
	}
	return DefaultReleaseAfter
}

func (p PayoutSettings) fundingGrace() time.Duration {
	if p.FundingGrace > 0 {
		return p.FundingGrace
	}
	return DefaultFundingGrace
}

func (p PayoutSettings) deliveryGrace() time.Duration {
	if p.DeliveryGrace > 0 {
		return p.DeliveryGrace
	}
	return DefaultDeliveryGrace
}

// PaymentTerms is the agreement's payment term under these settings: how the
// money moves through the product, in the words the agreement prints.
func (p PayoutSettings) PaymentTerms() string {
	return fmt.Sprintf("through Creator Coach. When this agreement is accepted, the brand's card is charged the total "+
		"(plus the platform's fee, which the brand pays). The total is transferred to the creator's payout account %s "+
		"after the first tagged post is captured from the creator's account, unless the brand objects within that time, "+
		"in which case Creator Coach decides. If no tagged post is captured by %s after the end date, the brand may "+
		"cancel and is refunded in full. The creator pays no fee", spellDuration(p.releaseAfter()), spellDuration(p.deliveryGrace()))
}

// spellDuration says d in the largest whole unit that fits, in hours up to
// two days as people say them (48 hours, 7 days).
func spellDuration(d time.Duration) string {
	n, unit := int64(d/time.Second), "second"
	switch {
	case d > 48*time.Hour && d%(24*time.Hour) == 0:
		n, unit = int64(d/(24*time.Hour)), "day"
	case d >= time.Hour && d%time.Hour == 0:
		n, unit = int64(d/time.Hour), "hour"
	case d >= time.Minute && d%time.Minute == 0:
		n, unit = int64(d/time.Minute), "minute"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// PlatformFee is the platform's fee on amount cents (rounded half up).
func (p PayoutSettings) PlatformFee(amount int64) int64 {
	return (amount*p.feePercent() + 50) / 100
}

// Payout steps, each handed to the worker through the outbox.
const (
	PayoutStepFund     = "fund"
	PayoutStepTransfer = "transfer"
	PayoutStepRefund   = "refund"
)

// PayoutTask makes the outbox task of one step of an offer's payment; key is
// unique per step and attempt and is also the provider's idempotency key.
// Set by package jobs.
var PayoutTask func(step, entryID string, attempt int) Task

// PayoutTransfersTask makes the outbox task that transfers a batch of
// released payments (the periodic release's; see releaseTasks). Set by
// package jobs.
var PayoutTransfersTask func(entryIDs []string) Task

// PayoutMailTask makes the outbox task of one payment mail (kind names what
// happened; key makes it unique). Set by package jobs.
var PayoutMailTask func(entryID, kind, key string) Task

// Payment mails.
const (
	PayoutMailFundingFailed = "funding_failed"  // to the brand
	PayoutMailLapsed        = "lapsed"          // to the creator
	PayoutMailTransferred   = "transferred"     // to both
	PayoutMailRefunded      = "refunded"        // to the brand
	PayoutMailWaiting       = "waiting_details" // to the creator
	PayoutMailDeliveryDue   = "delivery_due"    // to the creator: the campaign ended, nothing captured
	PayoutMailCancelled     = "cancelled"       // to the creator: the brand cancelled the undelivered offer
)

// Payout messages.
const (
	MsgPayoutNotFound     = "Payment not found"
	MsgPayoutObjection    = "Give a reason between 3 and 500 characters"
	MsgPayoutNotObjecting = "This payment can no longer be objected to"
	MsgPayoutNotHeld      = "Only a held payment can be decided"
	MsgPayoutDecision     = "Choose release, partial_refund or refund"
	MsgPayoutRefundAmount = "The refund must be more than $0 and less than what is left of the amount"
	MsgPayoutReason       = "Give a reason between 3 and 500 characters"
	MsgPayoutNotApproving = "This payment does not wait for an approval"
	MsgPayoutNotRetrying  = "Only a failed payment can be tried again"
	MsgPayoutNotCancel    = "The brand may cancel only when nothing was delivered by the campaign's end plus the grace period"
)

// Payout is one accepted offer's payment.
type Payout struct {
	EntryID         string     `db:"entry_id" json:"entryId"`
	BrandID         string     `db:"brand_id" json:"-"`
	CommittedBy     *string    `db:"committed_by" json:"-"`
	CommittedRole   string     `db:"committed_role" json:"-"`
	Currency        string     `db:"currency" json:"currency"`
	Amount          int64      `db:"amount" json:"amount"`
	Fee             int64      `db:"fee" json:"fee"`
	State           string     `db:"state" json:"state"`
	Attempt         int        `db:"attempt" json:"-"`
	PaymentIntentID string     `db:"payment_intent_id" json:"-"`
	ChargeID        string     `db:"charge_id" json:"-"`
	TransferID      string     `db:"transfer_id" json:"-"`
	RefundAmount    int64      `db:"refund_amount" json:"refundAmount"`
	Failure         string     `db:"failure" json:"failure"`
	ObjectionReason string     `db:"objection_reason" json:"objectionReason"`
	ObjectedBy      *string    `db:"objected_by" json:"-"`
	ObjectedAt      *time.Time `db:"objected_at" json:"objectedAt"`
	DisputedAt      *time.Time `db:"disputed_at" json:"disputedAt"`
	FundingAt       time.Time  `db:"funding_at" json:"fundingAt"`
	FundedAt        *time.Time `db:"funded_at" json:"fundedAt"`
	FailedAt        *time.Time `db:"failed_at" json:"failedAt"`
	CapturedAt      *time.Time `db:"captured_at" json:"capturedAt"`
	ReleaseAt       *time.Time `db:"release_at" json:"releaseAt"`
	ReleasedAt      *time.Time `db:"released_at" json:"releasedAt"`
	TransferredAt   *time.Time `db:"transferred_at" json:"transferredAt"`
	ArrivalAt       *time.Time `db:"arrival_at" json:"arrivalAt"`
	PaidAt          *time.Time `db:"paid_at" json:"paidAt"`
	RefundedAt      *time.Time `db:"refunded_at" json:"refundedAt"`
	ReversedAmount  int64      `db:"reversed_amount" json:"reversedAmount"`
	ReversedAt      *time.Time `db:"reversed_at" json:"reversedAt"`
	// DeliveryNoticeAt is when the creator was told that the campaign ended
	// with nothing of theirs captured: the brand may cancel a DELIVERY_GRACE
	// later.
	DeliveryNoticeAt *time.Time `db:"delivery_notice_at" json:"deliveryNoticeAt"`
	UpdatedAt        time.Time  `db:"updated_at" json:"updatedAt"`
}

const payoutCols = `entry_id, brand_id, committed_by, committed_role, currency, amount, fee, state, attempt, payment_intent_id,
	charge_id, transfer_id, refund_amount, failure, objection_reason, objected_by, objected_at, disputed_at, funding_at, funded_at,
	failed_at, captured_at, release_at, released_at, transferred_at, arrival_at, paid_at, refunded_at, reversed_amount, reversed_at, delivery_notice_at, updated_at`

// getPayout reads entry's payment (locked with FOR UPDATE when lock);
// ENOTFOUND when the offer has none.
func getPayout(ctx context.Context, q sqlx.QueryerContext, entryID string, lock bool) (*Payout, error) {
	if !isUUID(entryID) {
		return nil, Errorf(ENOTFOUND, MsgPayoutNotFound)
	}
	query := `SELECT ` + payoutCols + ` FROM payouts WHERE entry_id = $1`
	if lock {
		query += ` FOR UPDATE`
	}
	var p Payout
	if err := sqlx.GetContext(ctx, q, &p, query, entryID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, Errorf(ENOTFOUND, MsgPayoutNotFound)
		}
		return nil, fmt.Errorf("get payout: %w", err)
	}
	return &p, nil
}

// GetPayout reads an offer's payment without any role check (the worker's).
func (s *DB) GetPayout(ctx context.Context, entryID string) (*Payout, error) {
	return getPayout(ctx, s.db, entryID, false)
}

// payoutAudit records a money event of entry (or of subject "user:<id>" or
// "brand:<id>") in the audit log.
func (s *DB) payoutAudit(tx *sqlx.Tx, actorID, actorRole, action, entryID string, after any) error {
	b, err := json.Marshal(after)
	if err != nil {
		return err
	}
	subject := "offer:" + entryID
	if strings.HasPrefix(entryID, "user:") || strings.HasPrefix(entryID, "brand:") {
		subject = entryID
	}
	e := &AuditEvent{ActorRole: actorRole, Action: "payout." + action, Subject: subject, After: b}
	if actorID != "" {
		e.ActorID = &actorID
	}
	return s.appendAudit(tx, e)
}

// payoutStep queues one step of entry's payment.
func payoutStep(tx *sqlx.Tx, step, entryID string, attempt int) error {
	if PayoutTask == nil {
		return nil
	}
	return insertTask(tx, PayoutTask(step, entryID, attempt))
}

// payoutMail queues one payment mail.
func payoutMail(tx *sqlx.Tx, entryID, kind, key string) error {
	if PayoutMailTask == nil {
		return nil
	}
	return insertTask(tx, PayoutMailTask(entryID, kind, key))
}

// setPayout moves entry's payment from one of from to state, with the
// extra SET clauses of set (whose arguments follow as $4...). It reports
// whether the payment was in one of from.
func (s *DB) setPayout(tx *sqlx.Tx, entryID string, from []string, state, set string, args ...any) (bool, error) {
	q := `UPDATE payouts SET state = $2, updated_at = $3`
	if set != "" {
		q += `, ` + set
	}
	q += ` WHERE entry_id = $1 AND state = ANY($` + fmt.Sprint(4+len(args)) + `)`
	all := append([]any{entryID, state, s.now()}, args...)
	all = append(all, pq.Array(from))
	res, err := tx.Exec(q, all...)
	if err != nil {
		return false, fmt.Errorf("move payout to %s: %w", state, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// payoutOnMove is the offer state machine's one hook into payments, called
// in the move's transaction. An offer that becomes accepted is funded: its
// payment is created (funding, or awaiting an approval) and the charge is
// queued. An offer declined, withdrawn or expired after funding is refunded
// at once; one not yet charged lapses.
func (s *DB) payoutOnMove(tx *sqlx.Tx, entryID, actorID, side, from, to string) error {
	switch to {
	case OfferAccepted:
		if from != OfferAccepted {
			return s.openPayout(tx, entryID, actorID, side)
		}
	case OfferDeclined, OfferWithdrawn, OfferExpired:
		return s.cancelPayout(tx, entryID, "", side, "offer "+to)
	}
	return nil
}

// openPayout creates entry's payment at acceptance. The one who committed
// the money is the brand member who accepted (a counter) or last sent the
// offer. A BRAND_MANAGER's commitment above the brand's monthly manager
// limit, and any funding of a brand flagged by a chargeback, waits for an
// approval.
func (s *DB) openPayout(tx *sqlx.Tx, entryID, actorID, side string) error {
	var o struct {
		BrandID   string         `db:"brand_id"`
		Amount    int64          `db:"amount"`
		Committer sql.NullString `db:"committer"`
		Role      sql.NullString `db:"role"`
		Limit     sql.NullInt64  `db:"manager_monthly_limit"`
		Flagged   sql.NullBool   `db:"needs_admin_approval"`
	}
	committer := ""
	if side == SideBrand {
		committer = actorID
	}
	err := tx.Get(&o, `SELECT c.brand_id, round(coalesce(e.offer_amount, e.estimated_fee) * 100)::bigint + `+usageAddOnTotalSQL+` AS amount,
		coalesce(nullif($2, '')::uuid, (SELECT h.actor_id FROM offer_history h WHERE h.entry_id = e.id AND h.to_status = 'sent'
			AND h.actor_side = 'brand' ORDER BY h.id DESC LIMIT 1))::text AS committer,
		(SELECT u.role FROM users u WHERE u.id = coalesce(nullif($2, '')::uuid, (SELECT h.actor_id FROM offer_history h WHERE h.entry_id = e.id
			AND h.to_status = 'sent' AND h.actor_side = 'brand' ORDER BY h.id DESC LIMIT 1))) AS role,
		st.manager_monthly_limit, st.needs_admin_approval
		FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
		LEFT JOIN payout_brand_settings st ON st.brand_id = c.brand_id WHERE e.id = $1`, entryID, committer)
	if err != nil {
		return fmt.Errorf("read accepted offer: %w", err)
	}
	fee := s.Payout.PlatformFee(o.Amount)
	state := PayoutFunding
	if o.Flagged.Bool {
		state = PayoutAwaitingApproval
	} else if o.Role.String == RoleBrandManager && o.Limit.Valid {
		now := s.now()
		month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
		var used int64
		if err := tx.Get(&used, `SELECT coalesce(sum(amount + fee), 0)::bigint FROM payouts WHERE brand_id = $1 AND committed_role = 'BRAND_MANAGER'
			AND funding_at >= $2 AND state NOT IN ('refunded', 'lapsed', 'awaiting_approval')`, o.BrandID, month); err != nil {
			return fmt.Errorf("manager commitments: %w", err)
		}
		if used+o.Amount+fee > o.Limit.Int64 {
			state = PayoutAwaitingApproval
		}
	}
	res, err := tx.Exec(`INSERT INTO payouts (entry_id, brand_id, committed_by, committed_role, amount, fee, state, funding_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (entry_id) DO NOTHING`,
		entryID, o.BrandID, o.Committer, o.Role.String, o.Amount, fee, state, s.now())
	if err != nil {
		return fmt.Errorf("open payout: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if err := s.payoutAudit(tx, o.Committer.String, o.Role.String, "opened", entryID,
		map[string]any{"amount": o.Amount, "fee": fee, "currency": "usd", "state": state}); err != nil {
		return err
	}
	if state == PayoutFunding {
		return payoutStep(tx, PayoutStepFund, entryID, 1)
	}
	return nil
}

// cancelPayout ends the payment of an offer that will not go ahead: money
// charged is refunded in full (refunding, with its task), a charge not made
// lapses. A payment already transferred or ended is left alone.
func (s *DB) cancelPayout(tx *sqlx.Tx, entryID, actorID, actorRole, reason string) error {
	p, err := getPayout(context.Background(), tx, entryID, true)
	if ErrorCode(err) == ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	switch p.State {
	case PayoutFunded, PayoutWaitingDetails, PayoutHeld:
		if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutRefunding, `refund_amount = amount`); err != nil {
			return err
		}
		if err := payoutStep(tx, PayoutStepRefund, entryID, p.Attempt); err != nil {
			return err
		}
	case PayoutAwaitingApproval, PayoutFunding, PayoutActionRequired, PayoutFundingFailed:
		if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutLapsed, ``); err != nil {
			return err
		}
	default:
		return nil
	}
	return s.payoutAudit(tx, actorID, actorRole, "cancelled", entryID, map[string]any{"from": p.State, "reason": reason})
}

// FundingOrder is what the worker charges for one funding attempt.
type FundingOrder struct {
	EntryID         string
	Attempt         int
	Amount          int64 // amount + fee, what the card is charged
	Currency        string
	CustomerID      string // "" when the brand has no card
	PaymentMethodID string
}

// PayoutFundingOrder returns the charge of entry's funding attempt, or nil
// when the payment is no longer funding under that attempt (a repeated or
// stale task).
func (s *DB) PayoutFundingOrder(ctx context.Context, entryID string, attempt int) (*FundingOrder, error) {
	var o FundingOrder
	err := s.db.GetContext(ctx, &o, `SELECT p.entry_id AS "entryid", p.attempt AS "attempt", p.amount + p.fee AS "amount", p.currency AS "currency",
		coalesce(bc.provider_id, '') AS "customerid", coalesce(card.provider_id, '') AS "paymentmethodid"
		FROM payouts p LEFT JOIN payout_brand_customers bc ON bc.brand_id = p.brand_id
		LEFT JOIN payout_brand_cards card ON card.brand_id = p.brand_id AND card.is_default
		WHERE p.entry_id = $1 AND p.state = 'funding' AND p.attempt = $2`, entryID, attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("funding order: %w", err)
	}
	return &o, nil
}

// Funding outcomes as the provider reports them.
const (
	FundingSucceeded      = "succeeded"
	FundingRequiresAction = "requires_action"
	FundingFailed         = "failed"
	FundingProcessing     = "processing"
)

// FundingResult is the provider's answer to a funding charge (or a
// payment_intent.* event).
type FundingResult struct {
	Status          string
	PaymentIntentID string
	ChargeID        string
	Failure         string // the provider's message of a decline
}

// RecordFunding applies the outcome of entry's funding: succeeded posts the
// funding movement (the card paid amount+fee; amount held for the creator,
// fee to the platform) and makes it funded; requires_action waits for the
// brand (3-D Secure); failed mails the brand (the offer lapses after
// FUNDING_GRACE); processing changes nothing but the payment intent's id.
// Applying an outcome twice changes nothing.
func (s *DB) RecordFunding(ctx context.Context, entryID string, r FundingResult) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil {
			return err
		}
		open := []string{PayoutFunding, PayoutActionRequired, PayoutFundingFailed}
		if !slices.Contains(open, p.State) {
			return nil
		}
		now := s.now()
		switch r.Status {
		case FundingSucceeded:
			if _, err := s.setPayout(tx, entryID, open, PayoutFunded, `funded_at = $4, payment_intent_id = $5, charge_id = $6, failure = ''`,
				now, r.PaymentIntentID, r.ChargeID); err != nil {
				return err
			}
			if err := postMovement(tx, "funding:"+entryID, MoveFunding, entryID, p.Currency, now, fundingLines(p.Amount, p.Fee)...); err != nil {
				return err
			}
			if err := s.startClock(tx, entryID); err != nil {
				return err
			}
		case FundingRequiresAction:
			if _, err := s.setPayout(tx, entryID, open, PayoutActionRequired, `payment_intent_id = $4`, r.PaymentIntentID); err != nil {
				return err
			}
		case FundingFailed:
			if p.State == PayoutFundingFailed {
				return nil
			}
			if _, err := s.setPayout(tx, entryID, open, PayoutFundingFailed, `failed_at = $4, failure = $5, payment_intent_id = $6`,
				now, r.Failure, r.PaymentIntentID); err != nil {
				return err
			}
			if err := payoutMail(tx, entryID, PayoutMailFundingFailed, fmt.Sprintf("%s-%d", PayoutMailFundingFailed, p.Attempt)); err != nil {
				return err
			}
		default:
			if r.PaymentIntentID != "" {
				_, err := tx.Exec(`UPDATE payouts SET payment_intent_id = $2 WHERE entry_id = $1`, entryID, r.PaymentIntentID)
				return err
			}
			return nil
		}
		return s.payoutAudit(tx, "", SideSystem, "funding_"+r.Status, entryID,
			map[string]any{"amount": p.Amount + p.Fee, "currency": p.Currency, "paymentIntent": r.PaymentIntentID, "failure": r.Failure})
	})
}

// PayoutEntryByPaymentIntent finds the offer whose funding is the payment
// intent id; "" when none.
func (s *DB) PayoutEntryByPaymentIntent(ctx context.Context, id string) (string, error) {
	var entry string
	err := s.db.GetContext(ctx, &entry, `SELECT entry_id FROM payouts WHERE payment_intent_id = $1 LIMIT 1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return entry, err
}

// startClock starts entry's release clock when a post of the offer with
// the campaign's tag was captured within the campaign's dates: the payment
// is released RELEASE_AFTER after the first such capture.
func (s *DB) startClock(tx *sqlx.Tx, entryID string) error {
	_, err := tx.Exec(`UPDATE payouts p SET captured_at = f.first, release_at = f.first + $2 * interval '1 microsecond', updated_at = $3
		FROM (SELECT min(cp.captured_at) AS first FROM campaign_posts cp JOIN campaigns c ON c.id = cp.campaign_id
			WHERE cp.entry_id = $1 AND cp.published_at::date BETWEEN c.start_date AND c.end_date) f
		WHERE p.entry_id = $1 AND p.state = 'funded' AND p.captured_at IS NULL AND f.first IS NOT NULL`,
		entryID, s.Payout.releaseAfter().Microseconds(), s.now())
	if err != nil {
		return fmt.Errorf("start release clock: %w", err)
	}
	return nil
}

// PayoutTickResult counts what one run of the periodic payout task did.
type PayoutTickResult struct {
	ClocksStarted   int `json:"clocksStarted"`
	Released        int `json:"released"`
	Waiting         int `json:"waiting"`
	Lapsed          int `json:"lapsed"`
	DeliveryNotices int `json:"deliveryNotices"`
}

// PayoutTick is the periodic release: it starts the clocks of funded
// payments whose posts were captured, decides the transfers due (funded,
// clock past, no objection) in the database and hands each to the worker
// through the outbox (releasing), or parks it as waiting for the creator's
// payout details; it also sends on waiting payments whose creator is ready
// now, and lapses fundings that failed FUNDING_GRACE ago. Each part is set
// based, at most limit payments at a time.
func (s *DB) PayoutTick(ctx context.Context, limit int) (PayoutTickResult, error) {
	var r PayoutTickResult
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, `UPDATE payouts p SET captured_at = f.first, release_at = f.first + $1 * interval '1 microsecond', updated_at = $2
			FROM (SELECT cp.entry_id, min(cp.captured_at) AS first FROM campaign_posts cp JOIN campaigns c ON c.id = cp.campaign_id
				JOIN payouts q ON q.entry_id = cp.entry_id AND q.state IN ('funded', 'held') AND q.captured_at IS NULL
				WHERE cp.published_at::date BETWEEN c.start_date AND c.end_date GROUP BY cp.entry_id) f
			WHERE p.entry_id = f.entry_id AND p.state IN ('funded', 'held') AND p.captured_at IS NULL`, s.Payout.releaseAfter().Microseconds(), now)
		if err != nil {
			return fmt.Errorf("start clocks: %w", err)
		}
		n, _ := res.RowsAffected()
		r.ClocksStarted = int(n)
		var due []struct {
			EntryID string `db:"entry_id"`
			Attempt int    `db:"attempt"`
			Ready   bool   `db:"ready"`
		}
		if err := tx.SelectContext(ctx, &due, `SELECT p.entry_id, p.attempt, coalesce(a.state = 'ready', false) AS ready
			FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN creators c ON c.id = e.creator_id
			LEFT JOIN payout_accounts a ON a.user_id = c.user_id
			WHERE (p.state = 'funded' AND p.release_at <= $1) OR (p.state = 'waiting_details' AND a.state = 'ready')
			ORDER BY p.release_at LIMIT $2 FOR UPDATE OF p SKIP LOCKED`, now, limit); err != nil {
			return fmt.Errorf("due payouts: %w", err)
		}
		var ready, waiting []string
		for _, d := range due {
			if d.Ready {
				ready = append(ready, d.EntryID)
			} else {
				waiting = append(waiting, d.EntryID)
			}
		}
		if len(ready) > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE payouts SET state = 'releasing', released_at = $2, updated_at = $2 WHERE entry_id = ANY($1)`,
				pq.Array(ready), now); err != nil {
				return fmt.Errorf("release: %w", err)
			}
			if err := s.releaseTasks(ctx, tx, ready); err != nil {
				return err
			}
		}
		if len(waiting) > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE payouts SET state = 'waiting_details', updated_at = $2 WHERE entry_id = ANY($1) AND state = 'funded'`,
				pq.Array(waiting), now); err != nil {
				return fmt.Errorf("park payouts: %w", err)
			}
			for _, id := range waiting {
				if err := payoutMail(tx, id, PayoutMailWaiting, PayoutMailWaiting); err != nil {
					return err
				}
			}
		}
		r.Released, r.Waiting = len(ready), len(waiting)
		var lapsed []string
		if err := tx.SelectContext(ctx, &lapsed, `UPDATE payouts SET state = 'lapsed', updated_at = $1
			WHERE entry_id IN (SELECT entry_id FROM payouts WHERE state IN ('funding_failed', 'action_required') AND funding_at <= $2
				ORDER BY funding_at LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING entry_id`, now, now.Add(-s.Payout.fundingGrace()), limit); err != nil {
			return fmt.Errorf("lapse fundings: %w", err)
		}
		for _, id := range lapsed {
			if err := payoutMail(tx, id, PayoutMailLapsed, PayoutMailLapsed); err != nil {
				return err
			}
			if err := s.payoutAudit(tx, "", SideSystem, "lapsed", id, map[string]any{"reason": "not funded within the grace period"}); err != nil {
				return err
			}
		}
		r.Lapsed = len(lapsed)
		r.DeliveryNotices, err = s.deliveryNotices(ctx, tx, now, limit)
		return err
	})
	return r, err
}

// PayoutDeliveryNotices runs the delivery notices of PayoutTick alone (at
// most limit), for the demo data: the rest of the tick would release what
// is due.
func (s *DB) PayoutDeliveryNotices(ctx context.Context, limit int) (n int, err error) {
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		n, err = s.deliveryNotices(ctx, tx, s.now(), limit)
		return err
	})
	return n, err
}

// deliveryNotices tells the creators of reserved payments whose campaign
// ended with nothing of theirs captured, once each: the brand may cancel a
// DELIVERY_GRACE after the notice, and the creator can post or answer
// meanwhile.
func (s *DB) deliveryNotices(ctx context.Context, tx *sqlx.Tx, now time.Time, limit int) (int, error) {
	var due []string
	if err := tx.SelectContext(ctx, &due, `UPDATE payouts SET delivery_notice_at = $1
		WHERE entry_id IN (SELECT p.entry_id FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns c ON c.id = e.campaign_id
			WHERE p.state = 'funded' AND p.captured_at IS NULL AND p.delivery_notice_at IS NULL AND (c.end_date + 1)::timestamptz <= $1
			ORDER BY c.end_date LIMIT $2 FOR UPDATE OF p SKIP LOCKED) RETURNING entry_id`, now, limit); err != nil {
		return 0, fmt.Errorf("delivery notices: %w", err)
	}
	for _, id := range due {
		if err := payoutMail(tx, id, PayoutMailDeliveryDue, PayoutMailDeliveryDue); err != nil {
			return 0, err
		}
		if err := s.payoutAudit(tx, "", SideSystem, "delivery_due", id, map[string]any{"cancelFrom": now.Add(s.Payout.deliveryGrace())}); err != nil {
			return 0, err
		}
	}
	return len(due), nil
}

// Transfer batches: the periodic release hands its payments to the worker
// in batches, each a task that calls the provider for its payments one after
// another and records them in one transaction (see RecordTransfers). A batch
// holds payments of one campaign only, so that two batches recorded at once
// never take the campaigns' shared result rows in opposite orders. A small
// release is spread over at least transferSpread tasks (the worker runs
// about that many at once), so that it is not made one call at a time.
const (
	transferBatchMax = 25
	transferSpread   = 20
)

// releaseTasks queues the transfers of released payments in batches and
// records each release in the audit log.
func (s *DB) releaseTasks(ctx context.Context, tx *sqlx.Tx, entries []string) error {
	if len(entries) == 0 {
		return nil
	}
	var rows []struct {
		ID       string `db:"id"`
		Campaign string `db:"campaign_id"`
	}
	if err := tx.SelectContext(ctx, &rows, `SELECT id, campaign_id FROM roster_entries WHERE id = ANY($1) ORDER BY campaign_id, id`,
		pq.Array(entries)); err != nil {
		return fmt.Errorf("released payments' campaigns: %w", err)
	}
	size := min(transferBatchMax, max(1, (len(rows)+transferSpread-1)/transferSpread))
	var tasks []Task
	events := make([]*AuditEvent, 0, len(rows))
	for i := 0; i < len(rows); {
		batch := []string{}
		for ; i < len(rows) && len(batch) < size && (len(batch) == 0 || rows[i].Campaign == rows[i-1].Campaign); i++ {
			batch = append(batch, rows[i].ID)
		}
		if PayoutTransfersTask != nil {
			tasks = append(tasks, PayoutTransfersTask(batch))
		}
	}
	for _, r := range rows {
		events = append(events, &AuditEvent{ActorRole: SideSystem, Action: "payout.released", Subject: "offer:" + r.ID,
			After: json.RawMessage(`{"decision":"transfer"}`)})
	}
	if err := insertTasks(ctx, tx, tasks); err != nil {
		return err
	}
	return s.appendAudits(tx, events)
}

// TransferOrder is what the worker transfers for one released payment.
type TransferOrder struct {
	EntryID     string `db:"entry_id"`
	Amount      int64  `db:"amount"`
	Currency    string `db:"currency"`
	Destination string `db:"destination"`
}

// PayoutTransferOrders returns the transfers of the releasing payments
// among entries, in entries' order; the others (done already, or never
// decided) are left out.
func (s *DB) PayoutTransferOrders(ctx context.Context, entries []string) ([]TransferOrder, error) {
	ids := slices.DeleteFunc(slices.Clone(entries), func(id string) bool { return !isUUID(id) })
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []struct {
		TransferOrder
		State string `db:"state"`
	}
	// The state is checked here, not in the statement: planned generically,
	// "state = 'releasing'" chose the state index (few payments release at
	// ANALYZE time) and each task walked every releasing payment, thousands
	// while a release runs, instead of reading its own by its key.
	if err := s.selectPrepared(ctx, &rows, `SELECT p.entry_id, p.amount - p.refund_amount AS amount, p.currency, coalesce(a.provider_id, '') AS destination,
		p.state FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN creators c ON c.id = e.creator_id
		LEFT JOIN payout_accounts a ON a.user_id = c.user_id WHERE p.entry_id = ANY($1::uuid[])`, pq.Array(ids)); err != nil {
		return nil, fmt.Errorf("transfer orders: %w", err)
	}
	byID := map[string]TransferOrder{}
	for _, r := range rows {
		if r.State == PayoutReleasing {
			byID[r.EntryID] = r.TransferOrder
		}
	}
	var out []TransferOrder
	for _, id := range ids {
		if o, ok := byID[id]; ok {
			out = append(out, o)
			delete(byID, id)
		}
	}
	return out, nil
}

// PayoutTransferOrder returns the transfer of a releasing payment, or nil
// when it is not releasing (done already, or never decided).
func (s *DB) PayoutTransferOrder(ctx context.Context, entryID string) (*TransferOrder, error) {
	orders, err := s.PayoutTransferOrders(ctx, []string{entryID})
	if err != nil || len(orders) == 0 {
		return nil, err
	}
	return &orders[0], nil
}

// TransferMade is a transfer the provider made for a released payment.
type TransferMade struct {
	EntryID    string
	TransferID string
}

// RecordTransfer records the transfer the provider made for a releasing
// payment (see RecordTransfers).
func (s *DB) RecordTransfer(ctx context.Context, entryID, transferID string) error {
	return s.RecordTransfers(ctx, []TransferMade{{EntryID: entryID, TransferID: transferID}})
}

// RecordTransfers records, in one transaction, the transfers the provider
// made for releasing payments: for each, the release movement, the payment
// transferred, the offer completed by the system, both sides mailed, the
// audit entry. A payment no longer releasing (recorded already) is left
// as it is, so recording twice changes nothing. Its statements are set
// based and prepared: a release records thousands of transfers.
func (s *DB) RecordTransfers(ctx context.Context, made []TransferMade) error {
	ids, tids := make([]string, 0, len(made)), make([]string, 0, len(made))
	for _, m := range made {
		if isUUID(m.EntryID) {
			ids, tids = append(ids, m.EntryID), append(tids, m.TransferID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		now := s.now()
		var moved []struct {
			EntryID    string `db:"entry_id"`
			Paid       int64  `db:"paid"`
			Currency   string `db:"currency"`
			TransferID string `db:"transfer_id"`
		}
		if err := s.txSelect(ctx, tx, &moved, `UPDATE payouts p SET state = 'transferred', updated_at = $3, transferred_at = $3, transfer_id = d.transfer_id
			FROM (SELECT * FROM unnest($1::uuid[], $2::text[]) AS d (entry_id, transfer_id) ORDER BY entry_id) d
			WHERE p.entry_id = d.entry_id AND p.state = 'releasing'
			RETURNING p.entry_id, p.amount - p.refund_amount AS paid, p.currency, p.transfer_id`, pq.Array(ids), pq.Array(tids), now); err != nil {
			return fmt.Errorf("move payouts to transferred: %w", err)
		}
		if len(moved) == 0 {
			return nil
		}
		done := make([]string, len(moved))
		movements := make([]movement, len(moved))
		mails := make([]Task, 0, len(moved))
		events := make([]*AuditEvent, len(moved))
		for i, m := range moved {
			done[i] = m.EntryID
			movements[i] = movement{ID: "release:" + m.EntryID, Kind: MoveRelease, EntryID: m.EntryID, Currency: m.Currency, Lines: releaseLines(m.Paid)}
			if PayoutMailTask != nil {
				mails = append(mails, PayoutMailTask(m.EntryID, PayoutMailTransferred, PayoutMailTransferred))
			}
			after, err := json.Marshal(map[string]any{"amount": m.Paid, "currency": m.Currency, "transfer": m.TransferID})
			if err != nil {
				return err
			}
			events[i] = &AuditEvent{ActorRole: SideSystem, Action: "payout.transferred", Subject: "offer:" + m.EntryID, After: after}
		}
		if err := postMovements(ctx, tx, now, movements); err != nil {
			return err
		}
		if err := insertTasks(ctx, tx, mails); err != nil {
			return err
		}
		// Last: completing the offers moves shared rows (their campaign's
		// results version, the overview's counters) and the audit entries
		// take the audit log's lock, each held until the commit, so
		// concurrent releases wait on them as little as possible.
		if _, err := s.txExec(ctx, tx, `WITH done AS (UPDATE roster_entries SET offer_status = 'completed', offer_updated_at = $2, offer_updated_by = NULL
				WHERE id = ANY($1::uuid[]) AND offer_status = 'accepted' RETURNING id, offer_amount)
			INSERT INTO offer_history (entry_id, actor_id, actor_side, at, from_status, to_status, amount, note)
			SELECT id, NULL, 'system', $2, 'accepted', 'completed', offer_amount, 'Paid after the post was captured' FROM done ORDER BY id`,
			pq.Array(done), now); err != nil {
			return fmt.Errorf("complete offers: %w", err)
		}
		return s.appendAudits(tx, events)
	})
}

// RefundOrder is what the worker refunds to the brand.
type RefundOrder struct {
	EntryID         string
	Amount          int64
	PaymentIntentID string
}

// PayoutRefundOrder returns the refund due on entry: what is left of the
// charge when refunding (all of it, unless part was refunded at the
// provider's dashboard), the partial refund of a decision while releasing, nil
// when nothing is due (or it is recorded already).
func (s *DB) PayoutRefundOrder(ctx context.Context, entryID string) (*RefundOrder, error) {
	p, err := getPayout(ctx, s.db, entryID, false)
	if err != nil {
		return nil, err
	}
	if p.State == PayoutRefunding {
		b, err := payoutBooks(ctx, s.db, entryID)
		if err != nil || b.Funded-b.Refunded <= 0 {
			return nil, err
		}
		return &RefundOrder{EntryID: entryID, Amount: b.Funded - b.Refunded, PaymentIntentID: p.PaymentIntentID}, nil
	}
	due, err := decidedRefundDue(ctx, s.db, p)
	if err != nil || due <= 0 {
		return nil, err
	}
	return &RefundOrder{EntryID: entryID, Amount: due, PaymentIntentID: p.PaymentIntentID}, nil
}

// decidedRefundDue is the part of an ADMIN's partial refund not given back
// yet: refund_amount counts every refund out of the held money (made at the
// provider's dashboard or decided), the ledger what was given back so far.
func decidedRefundDue(ctx context.Context, q sqlx.QueryerContext, p *Payout) (int64, error) {
	if p.RefundAmount <= 0 || !slices.Contains([]string{PayoutReleasing, PayoutTransferred, PayoutWaitingDetails}, p.State) {
		return 0, nil
	}
	var given int64
	if err := sqlx.GetContext(ctx, q, &given, `SELECT coalesce(-sum(amount), 0)::bigint FROM payout_ledger
		WHERE entry_id = $1 AND kind = $2 AND account = $3`, p.EntryID, MoveRefund, AccountCreatorHeld); err != nil {
		return 0, fmt.Errorf("refunded so far: %w", err)
	}
	return p.RefundAmount - given, nil
}

// RecordRefund records the refund the provider made: a full refund gives
// back the held amount and the fee and ends the payment (refunded); a
// partial refund (an ADMIN's decision) gives back part of the held amount
// while the rest is released. Recording it twice changes nothing.
func (s *DB) RecordRefund(ctx context.Context, entryID, refundID string) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil {
			return err
		}
		now := s.now()
		if p.State == PayoutRefunding {
			return s.endRefunding(ctx, tx, p, now, refundID, "refunded")
		}
		due, err := decidedRefundDue(ctx, tx, p)
		if err != nil || due <= 0 {
			return err
		}
		if _, err := tx.Exec(`UPDATE payouts SET refunded_at = $2 WHERE entry_id = $1`, entryID, now); err != nil {
			return err
		}
		return s.postRefund(tx, p, now, "refund:"+entryID, fmt.Sprintf("refund:%s:decided:%d", entryID, p.RefundAmount),
			refundLines(due, 0), refundID, "refunded")
	})
}

// endRefunding records that everything of a refunding payment not refunded
// yet went back to the brand (the held money first, then the fee): the
// payment is refunded and the brand mailed. The product's refund step and a
// full refund made at the provider's dashboard meanwhile both end it here,
// under the same movement, so whichever comes second changes nothing.
func (s *DB) endRefunding(ctx context.Context, tx *sqlx.Tx, p *Payout, now time.Time, refundID, action string) error {
	b, err := payoutBooks(ctx, tx, p.EntryID)
	if err != nil {
		return err
	}
	left := b.Funded - b.Refunded
	if _, err := s.setPayout(tx, p.EntryID, []string{PayoutRefunding}, PayoutRefunded, `refunded_at = $4`, now); err != nil {
		return err
	}
	if err := payoutMail(tx, p.EntryID, PayoutMailRefunded, PayoutMailRefunded); err != nil {
		return err
	}
	return s.postRefund(tx, p, now, "refund:"+p.EntryID, "refund:"+p.EntryID+":rest", refundLines(min(b.Held, left), max(0, left-b.Held)),
		refundID, action)
}

// postRefund posts a refund movement (named alt when the plain one was
// taken by a refund at the provider's dashboard) and its audit entry.
func (s *DB) postRefund(tx *sqlx.Tx, p *Payout, now time.Time, movement, alt string, lines []LedgerLine, refundID, action string) error {
	var taken bool
	if err := tx.Get(&taken, `SELECT EXISTS (SELECT 1 FROM payout_ledger WHERE movement = $1)`, movement); err != nil {
		return err
	}
	if taken {
		movement = alt
	}
	if err := postMovement(tx, movement, MoveRefund, p.EntryID, p.Currency, now, lines...); err != nil {
		return err
	}
	return s.payoutAudit(tx, "", SideSystem, action, p.EntryID, map[string]any{"amount": -lines[0].Amount - lines[1].Amount,
		"currency": p.Currency, "refund": refundID})
}

// payoutForActor reads entry's payment as actor may see it: an ADMIN any,
// a brand member their brand's, a creator their own offer's; ENOTFOUND for
// the rest.
func (s *DB) payoutForActor(ctx context.Context, q sqlx.QueryerContext, actor *User, entryID string, lock bool) (*Payout, error) {
	p, err := getPayout(ctx, q, entryID, lock)
	if err != nil {
		return nil, err
	}
	switch actor.Role {
	case RoleAdmin:
		return p, nil
	case RoleBrandAdmin, RoleBrandManager, RoleBrandViewer:
		if actor.Brand != nil && actor.Brand.ID == p.BrandID {
			return p, nil
		}
	case RoleUser:
		var mine bool
		if err := sqlx.GetContext(ctx, q, &mine, `SELECT EXISTS (SELECT 1 FROM roster_entries e JOIN creators c ON c.id = e.creator_id
			WHERE e.id = $1 AND c.user_id = $2)`, entryID, actor.ID); err != nil {
			return nil, err
		}
		if mine {
			return p, nil
		}
	}
	return nil, Errorf(ENOTFOUND, MsgPayoutNotFound)
}

// ObjectPayout holds a funded payment on an objection of a BRAND_ADMIN or
// BRAND_MANAGER of its brand, before the release: an ADMIN decides it.
// EINVALID on reason, ECONFLICT once released, refunded or already held.
func (s *DB) ObjectPayout(ctx context.Context, actor *User, entryID, reason string) (*Payout, error) {
	reason = strings.TrimSpace(reason)
	if n := len([]rune(reason)); n < 3 || n > 500 {
		return nil, FieldErrors{"reason": MsgPayoutObjection}.Err()
	}
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.payoutForActor(ctx, tx, actor, entryID, true)
		if err != nil {
			return err
		}
		if actor.Role != RoleBrandAdmin && actor.Role != RoleBrandManager {
			return Errorf(EFORBIDDEN, "You don't have permission to do this")
		}
		if p.State != PayoutFunded && p.State != PayoutWaitingDetails {
			return &Error{Code: ECONFLICT, Message: MsgPayoutNotObjecting}
		}
		if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutHeld, `objection_reason = $4, objected_by = $5, objected_at = $6`,
			reason, actor.ID, s.now()); err != nil {
			return err
		}
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "objected", entryID, map[string]any{"reason": reason}); err != nil {
			return err
		}
		out, err = getPayout(ctx, tx, entryID, false)
		return err
	})
	return out, err
}

// Decisions an ADMIN makes on a held payment.
const (
	DecisionRelease       = "release"
	DecisionPartialRefund = "partial_refund"
	DecisionRefund        = "refund"
)

// PayoutDecision is an ADMIN's decision on a held payment.
type PayoutDecision struct {
	Decision     string `json:"decision"`
	RefundAmount int64  `json:"refundAmount"`
	Reason       string `json:"reason"`
}

// DecidePayout applies an ADMIN's decision on a held payment: release (the
// transfer is queued, or waits for the creator's payout details), a
// partial refund with the rest released, or a full refund. Each decision
// has a reason and is in the audit log. ECONFLICT unless held.
func (s *DB) DecidePayout(ctx context.Context, actor *User, entryID string, d PayoutDecision) (*Payout, error) {
	if actor.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	fe := FieldErrors{}
	d.Reason = strings.TrimSpace(d.Reason)
	if n := len([]rune(d.Reason)); n < 3 || n > 500 {
		fe.add("reason", MsgPayoutReason)
	}
	if !slices.Contains([]string{DecisionRelease, DecisionPartialRefund, DecisionRefund}, d.Decision) {
		fe.add("decision", MsgPayoutDecision)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil {
			return err
		}
		if p.State != PayoutHeld {
			return &Error{Code: ECONFLICT, Message: MsgPayoutNotHeld}
		}
		if d.Decision == DecisionPartialRefund && (d.RefundAmount <= 0 || d.RefundAmount >= p.Amount-p.RefundAmount) {
			return FieldErrors{"refundAmount": MsgPayoutRefundAmount}.Err()
		}
		switch d.Decision {
		case DecisionRefund:
			if _, err := s.setPayout(tx, entryID, []string{PayoutHeld}, PayoutRefunding, `refund_amount = amount`); err != nil {
				return err
			}
			if err := payoutStep(tx, PayoutStepRefund, entryID, p.Attempt); err != nil {
				return err
			}
		default:
			refund := int64(0)
			if d.Decision == DecisionPartialRefund {
				refund = d.RefundAmount
				if err := payoutStep(tx, PayoutStepRefund, entryID, p.Attempt); err != nil {
					return err
				}
			}
			ready, err := creatorReady(tx, entryID)
			if err != nil {
				return err
			}
			next := PayoutWaitingDetails
			if ready {
				next = PayoutReleasing
			}
			if _, err := s.setPayout(tx, entryID, []string{PayoutHeld}, next, `refund_amount = refund_amount + $4, released_at = $5`, refund, s.now()); err != nil {
				return err
			}
			if ready {
				if err := payoutStep(tx, PayoutStepTransfer, entryID, 1); err != nil {
					return err
				}
			}
		}
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "decided", entryID,
			map[string]any{"decision": d.Decision, "refundAmount": d.RefundAmount, "reason": d.Reason}); err != nil {
			return err
		}
		out, err = getPayout(ctx, tx, entryID, false)
		return err
	})
	return out, err
}

// creatorReady reports whether the creator of entry has a ready payout account.
func creatorReady(tx *sqlx.Tx, entryID string) (bool, error) {
	var ready bool
	err := tx.Get(&ready, `SELECT EXISTS (SELECT 1 FROM roster_entries e JOIN creators c ON c.id = e.creator_id
		JOIN payout_accounts a ON a.user_id = c.user_id WHERE e.id = $1 AND a.state = 'ready')`, entryID)
	return ready, err
}

// ApprovePayout lets a payment waiting for an approval be charged: a
// BRAND_ADMIN of its brand approves a manager's commitment over the limit;
// a brand flagged by a chargeback needs an ADMIN. ECONFLICT unless waiting.
func (s *DB) ApprovePayout(ctx context.Context, actor *User, entryID string) (*Payout, error) {
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.payoutForActor(ctx, tx, actor, entryID, true)
		if err != nil {
			return err
		}
		var flagged bool
		if err := tx.Get(&flagged, `SELECT coalesce((SELECT needs_admin_approval FROM payout_brand_settings WHERE brand_id = $1), false)`, p.BrandID); err != nil {
			return err
		}
		if actor.Role != RoleAdmin && (actor.Role != RoleBrandAdmin || flagged) {
			return Errorf(EFORBIDDEN, "You don't have permission to do this")
		}
		if p.State != PayoutAwaitingApproval {
			return &Error{Code: ECONFLICT, Message: MsgPayoutNotApproving}
		}
		if _, err := s.setPayout(tx, entryID, []string{PayoutAwaitingApproval}, PayoutFunding, `funding_at = $4`, s.now()); err != nil {
			return err
		}
		if err := payoutStep(tx, PayoutStepFund, entryID, p.Attempt); err != nil {
			return err
		}
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "approved", entryID, map[string]any{"amount": p.Amount + p.Fee}); err != nil {
			return err
		}
		out, err = getPayout(ctx, tx, entryID, false)
		return err
	})
	return out, err
}

// RetryFunding charges a failed funding again (the brand added a card, or
// finished 3-D Secure elsewhere): a BRAND_ADMIN of its brand or an ADMIN.
func (s *DB) RetryFunding(ctx context.Context, actor *User, entryID string) (*Payout, error) {
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.payoutForActor(ctx, tx, actor, entryID, true)
		if err != nil {
			return err
		}
		if actor.Role != RoleAdmin && actor.Role != RoleBrandAdmin {
			return Errorf(EFORBIDDEN, "You don't have permission to do this")
		}
		if p.State != PayoutFundingFailed {
			return &Error{Code: ECONFLICT, Message: MsgPayoutNotRetrying}
		}
		if _, err := s.setPayout(tx, entryID, []string{PayoutFundingFailed}, PayoutFunding, `attempt = attempt + 1, failure = ''`); err != nil {
			return err
		}
		if err := payoutStep(tx, PayoutStepFund, entryID, p.Attempt+1); err != nil {
			return err
		}
		if err := s.payoutAudit(tx, actor.ID, actor.Role, "funding_retried", entryID, map[string]any{"attempt": p.Attempt + 1}); err != nil {
			return err
		}
		out, err = getPayout(ctx, tx, entryID, false)
		return err
	})
	return out, err
}

// CancelUndelivered refunds the brand in full when nothing was captured by
// the campaign's end and the creator, told so, did not post within
// DELIVERY_GRACE: a BRAND_ADMIN or BRAND_MANAGER of its brand, or an ADMIN.
// The creator is mailed. ECONFLICT before then or once a post is captured.
func (s *DB) CancelUndelivered(ctx context.Context, actor *User, entryID string) (*Payout, error) {
	var out *Payout
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := s.payoutForActor(ctx, tx, actor, entryID, true)
		if err != nil {
			return err
		}
		if actor.Role == RoleBrandViewer || actor.Role == RoleUser {
			return Errorf(EFORBIDDEN, "You don't have permission to do this")
		}
		from, err := s.cancelFrom(ctx, tx, p)
		if err != nil {
			return err
		}
		if p.State != PayoutFunded || p.CapturedAt != nil || p.DeliveryNoticeAt == nil || s.now().Before(from) {
			return &Error{Code: ECONFLICT, Message: MsgPayoutNotCancel}
		}
		if err := s.cancelPayout(tx, entryID, actor.ID, actor.Role, "not delivered"); err != nil {
			return err
		}
		if err := payoutMail(tx, entryID, PayoutMailCancelled, PayoutMailCancelled); err != nil {
			return err
		}
		out, err = getPayout(ctx, tx, entryID, false)
		return err
	})
	return out, err
}

// RecordDispute applies a chargeback on the funding charge of entry: a
// payment not yet transferred is held for an ADMIN; one transferred
// already is recorded as the platform's loss. Either way the brand's
// further fundings need an ADMIN's approval. Applying it twice changes
// nothing.
func (s *DB) RecordDispute(ctx context.Context, entryID string, amount int64) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil || p.DisputedAt != nil {
			return err
		}
		now := s.now()
		if _, err := tx.Exec(`UPDATE payouts SET disputed_at = $2 WHERE entry_id = $1`, entryID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO payout_brand_settings (brand_id, needs_admin_approval, updated_at) VALUES ($1, true, $2)
			ON CONFLICT (brand_id) DO UPDATE SET needs_admin_approval = true, updated_at = $2`, p.BrandID, now); err != nil {
			return err
		}
		switch p.State {
		case PayoutFunded, PayoutWaitingDetails, PayoutReleasing:
			if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutHeld, `objection_reason = 'chargeback', objected_at = $4`, now); err != nil {
				return err
			}
		case PayoutTransferred:
			if amount <= 0 || amount > p.Amount+p.Fee {
				amount = p.Amount + p.Fee
			}
			if err := postMovement(tx, "chargeback:"+entryID, MoveChargeback, entryID, p.Currency, now, chargebackLines(amount)...); err != nil {
				return err
			}
		}
		return s.payoutAudit(tx, "", SideSystem, "disputed", entryID, map[string]any{"amount": amount, "state": p.State})
	})
}

// RecordProviderFee records the provider's fee of a funding charge as it
// reported it, paid out of the platform's fee (once per offer).
func (s *DB) RecordProviderFee(ctx context.Context, entryID string, fee int64) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil || fee <= 0 {
			return err
		}
		return postMovement(tx, "provider_fee:"+entryID, MoveProviderFee, entryID, p.Currency, s.now(), providerFeeLines(fee)...)
	})
}
