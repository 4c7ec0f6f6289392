package store

import (
	"context"
	"time"
)

// RecordCreatorPayout applies a payout of a creator's connected account
// (status is the provider's: pending or in_transit while on its way, paid,
// failed, canceled) to the payments transferred to that account up to the
// payout's creation and not yet paid: on its way they are expected in the
// bank on its arrival date; paid, they are paid on it; a failed or cancelled
// payout clears the expected date (the money is back on the account's
// balance and the next payout carries it). It answers how many payments
// changed; an unknown account changes none.
func (db *DB) RecordCreatorPayout(ctx context.Context, account string, created, arrival time.Time, status string) (int64, error) {
	var arrivalAt, paidAt *time.Time
	switch status {
	case "paid":
		arrivalAt, paidAt = &arrival, &arrival
	case "pending", "in_transit":
		arrivalAt = &arrival
	case "failed", "canceled":
	default:
		return 0, nil
	}
	res, err := db.db.ExecContext(ctx, `UPDATE payouts p SET arrival_at = $3, paid_at = $4, updated_at = $5
		FROM roster_entries e JOIN creators cr ON cr.id = e.creator_id JOIN payout_accounts a ON a.user_id = cr.user_id
		WHERE e.id = p.entry_id AND a.provider_id = $1 AND a.provider_id <> '' AND p.state = 'transferred'
			AND p.paid_at IS NULL AND p.transferred_at <= $2`, account, created, arrivalAt, paidAt, db.Now())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
