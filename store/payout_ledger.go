package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Ledger accounts of payouts. Every movement is a set of lines summing to
// zero per currency; a debit is positive. brand_card is what the brand's card
// paid; creator_held what the platform holds for a creator; creator_paid what
// was transferred to creators; refunds what went back to brands;
// platform_fee the platform's fee; provider_fee the provider's fee as
// reported; chargeback_loss what a dispute took after the transfer.
const (
	AccountBrandCard      = "brand_card"
	AccountPlatformFee    = "platform_fee"
	AccountCreatorHeld    = "creator_held"
	AccountCreatorPaid    = "creator_paid"
	AccountRefunds        = "refunds"
	AccountChargebackLoss = "chargeback_loss"
	AccountProviderFee    = "provider_fee"
)

// Movement kinds.
const (
	MoveFunding     = "funding"
	MoveRelease     = "release"
	MoveRefund      = "refund"
	MoveChargeback  = "chargeback"
	MoveProviderFee = "provider_fee"
	MoveReversal    = "reversal"
)

// LedgerLine is one line of a movement.
type LedgerLine struct {
	Account string
	Amount  int64
}

// movement is one movement of an offer's payment: its lines sum to zero.
type movement struct {
	ID       string
	Kind     string
	EntryID  string
	Currency string
	Lines    []LedgerLine
}

// postMovement writes one movement of entry (its lines) unless a movement of
// that id is there already (a retried step posts nothing twice). Lines of
// amount 0 are left out; lines that do not sum to zero are refused.
func postMovement(tx *sqlx.Tx, id, kind, entryID, currency string, at time.Time, lines ...LedgerLine) error {
	return postMovements(context.Background(), tx, at, []movement{{ID: id, Kind: kind, EntryID: entryID, Currency: currency, Lines: lines}})
}

// postMovements writes movements at at in one statement, as postMovement
// writes one: a movement already there is left out, lines of amount 0 are
// left out, and a movement whose lines do not sum to zero refuses them all.
func postMovements(ctx context.Context, tx *sqlx.Tx, at time.Time, movements []movement) error {
	var ids, kinds, entries, accounts, currencies []string
	var amounts []int64
	for _, m := range movements {
		var sum int64
		for _, l := range m.Lines {
			sum += l.Amount
			if l.Amount != 0 {
				ids, kinds, entries, currencies = append(ids, m.ID), append(kinds, m.Kind), append(entries, m.EntryID), append(currencies, m.Currency)
				accounts, amounts = append(accounts, l.Account), append(amounts, l.Amount)
			}
		}
		if sum != 0 {
			return fmt.Errorf("movement %s does not balance: %d", m.ID, sum)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	// One statement: the lines in their order, but for movements there already.
	if _, err := tx.ExecContext(ctx, `INSERT INTO payout_ledger (movement, kind, entry_id, account, currency, amount, at)
		SELECT l.movement, l.kind, l.entry_id, l.account, l.currency, l.amount, $7
		FROM unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::bigint[]) WITH ORDINALITY AS l (movement, kind, entry_id, account, currency, amount, n)
		WHERE NOT EXISTS (SELECT 1 FROM payout_ledger p WHERE p.movement = l.movement) ORDER BY l.n`,
		pq.Array(ids), pq.Array(kinds), pq.Array(entries), pq.Array(accounts), pq.Array(currencies), pq.Array(amounts), at); err != nil {
		return fmt.Errorf("post movement %s: %w", ids[0], err)
	}
	return nil
}

// fundingLines: the brand's card pays amount+fee; the platform holds amount
// for the creator and keeps fee.
func fundingLines(amount, fee int64) []LedgerLine {
	return []LedgerLine{{AccountBrandCard, -(amount + fee)}, {AccountCreatorHeld, amount}, {AccountPlatformFee, fee}}
}

// releaseLines: paid of the held amount goes to the creator.
func releaseLines(paid int64) []LedgerLine {
	return []LedgerLine{{AccountCreatorHeld, -paid}, {AccountCreatorPaid, paid}}
}

// refundLines: held of the held amount and fee of the platform's fee go back
// to the brand.
func refundLines(held, fee int64) []LedgerLine {
	return []LedgerLine{{AccountCreatorHeld, -held}, {AccountPlatformFee, -fee}, {AccountRefunds, held + fee}}
}

// chargebackLines: a dispute after the transfer gives the brand amount back
// out of the platform's pocket.
func chargebackLines(amount int64) []LedgerLine {
	return []LedgerLine{{AccountChargebackLoss, -amount}, {AccountRefunds, amount}}
}

// reversalLines: amount of what was transferred to the creator is taken
// back and held by the platform again.
func reversalLines(amount int64) []LedgerLine {
	return []LedgerLine{{AccountCreatorPaid, -amount}, {AccountCreatorHeld, amount}}
}

// providerFeeLines: the provider's fee is paid out of the platform's fee.
func providerFeeLines(fee int64) []LedgerLine {
	return []LedgerLine{{AccountPlatformFee, -fee}, {AccountProviderFee, fee}}
}

// PayoutBooks are the ledger's balances of one offer, in cents. Funded is
// what the brand's card paid; Fee is the platform's net (its fee less the
// provider's fee and chargeback losses). Funded = Transferred + Refunded +
// Fee + Held always holds, because every movement sums to zero.
type PayoutBooks struct {
	Funded      int64 `json:"funded"`
	Transferred int64 `json:"transferred"`
	Refunded    int64 `json:"refunded"`
	Fee         int64 `json:"fee"`
	Held        int64 `json:"held"`
	// returned is the part of the held amount refunded to the brand.
	returned int64
}

// Balanced reports whether funded = transferred + refunded + fee + held.
func (b PayoutBooks) Balanced() bool {
	return b.Funded == b.Transferred+b.Refunded+b.Fee+b.Held
}

// payoutBooks reads the balances of entry from the ledger.
func payoutBooks(ctx context.Context, q sqlx.QueryerContext, entryID string) (PayoutBooks, error) {
	var rows []struct {
		Account string `db:"account"`
		Kind    string `db:"kind"`
		Sum     int64  `db:"sum"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, `SELECT account, kind, sum(amount)::bigint AS sum FROM payout_ledger WHERE entry_id = $1 GROUP BY account, kind`, entryID); err != nil {
		return PayoutBooks{}, fmt.Errorf("payout books: %w", err)
	}
	var b PayoutBooks
	for _, r := range rows {
		switch r.Account {
		case AccountBrandCard:
			b.Funded -= r.Sum
		case AccountCreatorPaid:
			b.Transferred += r.Sum
		case AccountRefunds:
			b.Refunded += r.Sum
		case AccountCreatorHeld:
			b.Held += r.Sum
			if r.Kind == MoveRefund {
				b.returned -= r.Sum
			}
		default:
			b.Fee += r.Sum
		}
	}
	return b, nil
}

// PayoutBooks reads the ledger's balances of one offer.
func (s *DB) PayoutBooks(ctx context.Context, entryID string) (PayoutBooks, error) {
	return payoutBooks(ctx, s.db, entryID)
}

// CheckLedger walks the whole ledger and returns every way it does not hold:
// a movement not summing to zero in a currency, an offer whose books do not
// balance, a negative held or transferred balance, or held money that the
// payment's state says is gone (or the reverse). Empty when the books hold.
func (s *DB) CheckLedger(ctx context.Context) ([]string, error) {
	var problems []string
	var unbalanced []struct {
		Movement string `db:"movement"`
		Currency string `db:"currency"`
		Sum      int64  `db:"sum"`
	}
	if err := s.db.SelectContext(ctx, &unbalanced, `SELECT movement, currency, sum(amount)::bigint AS sum FROM payout_ledger
		GROUP BY movement, currency HAVING sum(amount) <> 0`); err != nil {
		return nil, fmt.Errorf("check movements: %w", err)
	}
	for _, u := range unbalanced {
		problems = append(problems, fmt.Sprintf("movement %s in %s sums to %d", u.Movement, u.Currency, u.Sum))
	}
	var pays []struct {
		EntryID string `db:"entry_id"`
		State   string `db:"state"`
		Amount  int64  `db:"amount"`
		Fee     int64  `db:"fee"`
		Refund  int64  `db:"refund_amount"`
	}
	if err := s.db.SelectContext(ctx, &pays, `SELECT entry_id, state, amount, fee, refund_amount FROM payouts`); err != nil {
		return nil, fmt.Errorf("check payouts: %w", err)
	}
	for _, p := range pays {
		b, err := payoutBooks(ctx, s.db, p.EntryID)
		if err != nil {
			return nil, err
		}
		if msg := booksProblem(p.State, p.Amount, p.Fee, p.Refund, b); msg != "" {
			problems = append(problems, "offer "+p.EntryID+": "+msg)
		}
	}
	return problems, nil
}

// booksProblem compares one offer's books with its payment's state.
func booksProblem(state string, amount, fee, refund int64, b PayoutBooks) string {
	switch {
	case !b.Balanced():
		return fmt.Sprintf("books do not balance: %+v", b)
	case b.Held < 0 || b.Transferred < 0 || b.Refunded < 0:
		return fmt.Sprintf("negative balance: %+v", b)
	}
	funded := amount + fee
	switch state {
	case PayoutAwaitingApproval, PayoutFunding, PayoutActionRequired, PayoutFundingFailed, PayoutLapsed:
		if b.Funded != 0 || b.Held != 0 {
			return fmt.Sprintf("%s but the ledger holds %+v", state, b)
		}
	case PayoutFunded, PayoutReleasing, PayoutWaitingDetails, PayoutHeld, PayoutRefunding:
		if b.Funded != funded || b.Held+b.Transferred+b.returned != amount {
			return fmt.Sprintf("%s but the ledger holds %+v", state, b)
		}
	case PayoutReversed:
		if b.Funded != funded || b.Held+b.Transferred+b.returned != amount {
			return fmt.Sprintf("reversed but the ledger holds %+v", b)
		}
	case PayoutTransferred:
		// a partial refund decided with the release may still be on its way
		if b.Funded != funded || b.Held != refund-b.returned || b.Transferred != amount-refund {
			return fmt.Sprintf("transferred but the ledger holds %+v", b)
		}
	case PayoutRefunded:
		if b.Held != 0 || (b.Funded != 0 && b.Transferred == 0 && b.returned != amount) {
			return fmt.Sprintf("refunded but the ledger holds %+v", b)
		}
	}
	return ""
}
