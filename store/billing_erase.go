package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// BillingLeftovers are what a purged user leaves at the payment provider:
// their customer, its subscriptions that may still renew, and its cards.
// They carry the provider's ids only.
type BillingLeftovers struct {
	UserID          string         `db:"user_id" json:"userId"`
	CustomerID      string         `db:"customer_id" json:"customerId"`
	SubscriptionIDs pq.StringArray `db:"subscription_ids" json:"subscriptionIds"`
	CardIDs         pq.StringArray `db:"card_ids" json:"cardIds"`
}

// queueStopRenewal queues stop (the task that turns renewal off at the
// provider) when userID has a subscription that renews.
func queueStopRenewal(tx *sqlx.Tx, userID string, stop func(userID string) Task) error {
	if stop == nil {
		return nil
	}
	var renews bool
	if err := tx.Get(&renews, `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND provider_id <> ''
		AND active AND NOT cancel_at_period_end AND expired_at IS NULL)`, userID); err != nil {
		return fmt.Errorf("find renewing subscription: %w", err)
	}
	if !renews {
		return nil
	}
	return insertTask(tx, stop(userID))
}

// StopRenewalOfDeleted turns renewal off at the provider for a user who
// deleted their account (cancel at period end: what was paid for runs to its
// end, and logging in within RecoveryWindow restores the account, whose
// owner may then resume). A user who came back meanwhile, or who has nothing
// renewing, is left as is. Provider errors as they come.
func (s *DB) StopRenewalOfDeleted(ctx context.Context, userID string, p PaymentProvider) error {
	var deleted bool
	if err := s.db.GetContext(ctx, &deleted, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NOT NULL)`, uuidOrNil(userID)); err != nil {
		return fmt.Errorf("find deleted user: %w", err)
	}
	if !deleted {
		return nil
	}
	_, err := s.CancelSubscription(ctx, userID, p)
	if c := ErrorCode(err); c == ENOTFOUND || c == ECONFLICT { // none, or expired
		return nil
	}
	return err
}

// queueBillingErasure queues, for every user the purge is about to erase
// (deleted before cutoff) who has a provider customer, erase's task with
// what the user leaves at the provider.
func queueBillingErasure(tx *sqlx.Tx, cutoff any, erase func(BillingLeftovers) Task) error {
	if erase == nil {
		return nil
	}
	var left []BillingLeftovers
	if err := tx.Select(&left, `SELECT u.id AS user_id, c.provider_id AS customer_id,
			array(SELECT s.provider_id FROM subscriptions s WHERE s.user_id = u.id AND s.provider_id <> '' AND s.expired_at IS NULL) AS subscription_ids,
			array(SELECT k.provider_id FROM cards k WHERE k.user_id = u.id ORDER BY k.created_at) AS card_ids
		FROM users u JOIN billing_customers c ON c.user_id = u.id WHERE u.deleted_at < $1 ORDER BY u.id`, cutoff); err != nil {
		return fmt.Errorf("find billing leftovers: %w", err)
	}
	for _, l := range left {
		if err := insertTask(tx, erase(l)); err != nil {
			return err
		}
	}
	return nil
}
