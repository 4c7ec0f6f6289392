package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// RecordProviderRefund applies a refund made at the provider outside the
// product (charge.refunded): refunded is the charge's whole refunded amount
// so far, in cents. Only what the ledger does not know yet is recorded, so
// a replayed event or a refund the product made itself changes nothing. An
// ADMIN's partial refund on its way (a refund step not recorded yet) is
// left to that step. While the product's own full refund is on its way
// (refunding), the whole charge refunded ends the payment refunded at
// once; a part is recorded as its own movement and the payment stays
// refunding: its refund step then refunds only what is left. The new part
// gives back the held money first, the rest out of the platform's pocket
// (the creator keeps what was transferred). A payment left holding nothing
// is refunded; a partial refund lowers what the transfer will send. It
// reports whether it recorded anything.
func (s *DB) RecordProviderRefund(ctx context.Context, entryID, refundID string, refunded int64) (bool, error) {
	var recorded bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil {
			return err
		}
		ownDone, err := movementExists(tx, "refund:"+entryID)
		if err != nil {
			return err
		}
		due, err := decidedRefundDue(ctx, tx, p)
		if err != nil {
			return err
		}
		b, err := payoutBooks(ctx, tx, entryID)
		if err != nil {
			return err
		}
		if p.State == PayoutRefunding && refunded >= b.Funded && b.Funded > 0 {
			// The whole charge is refunded at the provider while the product's own refund is on its way (made at the
			// dashboard meanwhile, or the product's refund itself): the payment ends refunded now, and the refund
			// step, finding it so, calls nothing and records nothing.
			recorded = true
			return s.endRefunding(ctx, tx, p, s.now(), refundID, "refunded_at_provider")
		}
		if due > 0 {
			return nil // an ADMIN's partial refund is on its way; its step records it
		}
		// Chargebacks are refunds of the dispute, not of the charge.
		var disputed int64
		if err := tx.Get(&disputed, `SELECT coalesce(sum(amount), 0)::bigint FROM payout_ledger
			WHERE entry_id = $1 AND kind = $2 AND account = $3`, entryID, MoveChargeback, AccountRefunds); err != nil {
			return fmt.Errorf("chargebacks: %w", err)
		}
		news := refunded - (b.Refunded - disputed)
		if news <= 0 || b.Funded == 0 {
			return nil
		}
		held := min(news, b.Held)
		movement := "refund:" + entryID
		if ownDone {
			movement = fmt.Sprintf("refund:%s:%d", entryID, refunded)
		}
		now := s.now()
		if err := postMovement(tx, movement, MoveRefund, entryID, p.Currency, now, refundLines(held, news-held)...); err != nil {
			return err
		}
		switch {
		case p.State == PayoutRefunding:
			// Part of the charge refunded at the dashboard while the product's own full refund is on its way: this
			// part is its own movement now, and the refund step asks the provider only for what is left (it would
			// refuse more) and ends the payment refunded. refund_amount is the whole amount already.
			if _, err := tx.Exec(`UPDATE payouts SET refunded_at = $2, updated_at = $2 WHERE entry_id = $1`, entryID, now); err != nil {
				return fmt.Errorf("provider refund while refunding: %w", err)
			}
		case held > 0 && held == b.Held && p.State != PayoutTransferred:
			if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutRefunded, `refunded_at = $4`, now); err != nil {
				return err
			}
		case held > 0:
			if _, err := tx.Exec(`UPDATE payouts SET refund_amount = refund_amount + $2, refunded_at = $3, updated_at = $3
				WHERE entry_id = $1`, entryID, held, now); err != nil {
				return fmt.Errorf("partial provider refund: %w", err)
			}
		default:
			if _, err := tx.Exec(`UPDATE payouts SET refunded_at = $2, updated_at = $2 WHERE entry_id = $1`, entryID, now); err != nil {
				return fmt.Errorf("provider refund: %w", err)
			}
		}
		recorded = true
		return s.payoutAudit(tx, "", SideSystem, "refunded_at_provider", entryID, map[string]any{"amount": news,
			"fromHeld": held, "platformLoss": news - held, "currency": p.Currency, "refund": refundID, "state": p.State})
	})
	return recorded, err
}

// RecordTransferReversal applies a transfer to the creator taken back at the
// provider (transfer.reversed, or transfer.updated with a reversal):
// reversed is the transfer's whole reversed amount so far, in cents. The
// part not recorded yet moves back from paid to held and the payment reads
// reversed. Taken back in whole, its expected-in-bank and paid dates are
// cleared (a later payout of the account does not claim it); taken back in
// part, they stay: they are the dates of the rest, which the creator still
// sees. A replay changes nothing. It reports whether it recorded anything.
func (s *DB) RecordTransferReversal(ctx context.Context, entryID, transferID string, reversed int64) (bool, error) {
	var recorded bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		p, err := getPayout(ctx, tx, entryID, true)
		if err != nil {
			return err
		}
		if p.State != PayoutTransferred && p.State != PayoutReversed {
			return nil
		}
		b, err := payoutBooks(ctx, tx, entryID)
		if err != nil {
			return err
		}
		news := min(reversed-p.ReversedAmount, b.Transferred)
		if news <= 0 {
			return nil
		}
		now := s.now()
		movement := fmt.Sprintf("reversal:%s:%d", entryID, reversed)
		if err := postMovement(tx, movement, MoveReversal, entryID, p.Currency, now, reversalLines(news)...); err != nil {
			return err
		}
		if _, err := s.setPayout(tx, entryID, []string{p.State}, PayoutReversed,
			`reversed_amount = reversed_amount + $4, reversed_at = $5,
			arrival_at = CASE WHEN $6 THEN NULL ELSE arrival_at END, paid_at = CASE WHEN $6 THEN NULL ELSE paid_at END`,
			news, now, news == b.Transferred); err != nil {
			return err
		}
		recorded = true
		return s.payoutAudit(tx, "", SideSystem, "transfer_reversed", entryID, map[string]any{"amount": news,
			"reversedTotal": p.ReversedAmount + news, "currency": p.Currency, "transfer": transferID})
	})
	return recorded, err
}

func movementExists(tx *sqlx.Tx, movement string) (bool, error) {
	var done bool
	if err := tx.Get(&done, `SELECT EXISTS (SELECT 1 FROM payout_ledger WHERE movement = $1)`, movement); err != nil {
		return false, fmt.Errorf("find movement: %w", err)
	}
	return done, nil
}
