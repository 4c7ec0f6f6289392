package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// PaymentActionProvider reads a funding's payment intent so that the
// brand's browser can finish the bank's check (3-D Secure): its client
// secret and its outcome now.
type PaymentActionProvider interface {
	PaymentAction(ctx context.Context, paymentIntentID string) (clientSecret string, r FundingResult, err error)
}

// MsgPayoutNoAction answers a payment that does not wait for the bank's check.
const MsgPayoutNoAction = "This payment does not wait for the bank's check"

// PayoutAuthentication returns entry's payment when it waits for the bank's
// check and actor may finish it: a BRAND_ADMIN or BRAND_MANAGER of its
// brand. ENOTFOUND for another brand's, EFORBIDDEN for other roles,
// ECONFLICT when the payment waits for no check.
func (s *DB) PayoutAuthentication(ctx context.Context, actor *User, entryID string) (*Payout, error) {
	p, err := s.payoutForActor(ctx, s.db, actor, entryID, false)
	if err != nil {
		return nil, err
	}
	if actor.Role != RoleBrandAdmin && actor.Role != RoleBrandManager {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if p.State != PayoutActionRequired || p.PaymentIntentID == "" {
		return nil, &Error{Code: ECONFLICT, Message: MsgPayoutNoAction}
	}
	return p, nil
}

// FinishAuthentication records the outcome of the bank's check that actor
// finished in the browser, as the provider reports it (its webhook reports
// it too: applying it twice changes nothing), and logs who finished it.
// A check not finished yet leaves the payment waiting.
func (s *DB) FinishAuthentication(ctx context.Context, actor *User, entryID string, r FundingResult) (*Payout, error) {
	if err := s.RecordFunding(ctx, entryID, r); err != nil {
		return nil, err
	}
	if err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		return s.payoutAudit(tx, actor.ID, actor.Role, "authentication_finished", entryID, map[string]any{"outcome": r.Status})
	}); err != nil {
		return nil, err
	}
	return s.GetPayout(ctx, entryID)
}
