package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// PaymentEvent is a provider webhook event, kept once per id.
type PaymentEvent struct {
	ID          string          `db:"id"`
	Type        string          `db:"type"`
	Payload     json.RawMessage `db:"payload"`
	ProviderAt  time.Time       `db:"provider_at"`
	ProcessedAt *time.Time      `db:"processed_at"`
	Outcome     string          `db:"outcome"`
}

// RecordPaymentEvent stores a verified webhook event and queues task (its
// processing) in the same transaction. A replayed id changes nothing and
// reports false.
func (s *DB) RecordPaymentEvent(ctx context.Context, e PaymentEvent, task Task) (bool, error) {
	var added bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.Exec(`INSERT INTO payment_events (id, type, payload, provider_at, received_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (id) DO NOTHING`, e.ID, e.Type, []byte(e.Payload), e.ProviderAt, s.now())
		if err != nil {
			return fmt.Errorf("record payment event: %w", err)
		}
		n, _ := res.RowsAffected()
		if added = n == 1; !added {
			return nil
		}
		return insertTask(tx, task)
	})
	return added, err
}

// GetPaymentEvent returns a stored event; ENOTFOUND when there is none.
func (s *DB) GetPaymentEvent(ctx context.Context, id string) (*PaymentEvent, error) {
	var e PaymentEvent
	err := s.db.GetContext(ctx, &e, `SELECT id, type, payload, provider_at, processed_at, outcome FROM payment_events WHERE id = $1`, id)
	if err != nil {
		return nil, translate(err, "Payment event")
	}
	return &e, nil
}

// SubscriptionChange is what a provider event says about a subscription.
type SubscriptionChange struct {
	EventID           string
	ProviderID        string    // the provider's subscription id
	At                time.Time // when the provider made the event
	Status            string    // customer.subscription.updated: the provider status
	CancelAtPeriodEnd bool
	PeriodEnd         time.Time // zero when not given
}

// Outcomes of applying an event.
const (
	OutcomeApplied = "applied"
	OutcomeStale   = "stale"   // older than the last event applied to the subscription
	OutcomeUnknown = "unknown" // no subscription of ours has the provider id
	OutcomeIgnored = "ignored" // an event type we do not act on
)

// ApplyPaymentEvent applies a stored event's change in one transaction with
// marking it processed; an event processed before is left alone. kind is the
// event type. invoice.paid extends endedAt to the paid period's end (never
// shortening it) and makes a renewing subscription active;
// customer.subscription.updated sets renewal and period end;
// customer.subscription.deleted ends it now (inactive, endedAt no later than
// the event). Subscription events older than the last applied one are stale
// and change nothing, so delivery order does not matter. mail, when set, is
// queued with the change (the payment-failed notice).
func (s *DB) ApplyPaymentEvent(ctx context.Context, kind string, c SubscriptionChange, mail *Task) (string, error) {
	var outcome string
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var processed sql.NullTime
		if err := tx.Get(&processed, `SELECT processed_at FROM payment_events WHERE id = $1 FOR UPDATE`, c.EventID); err != nil {
			return translate(err, "Payment event")
		}
		if processed.Valid {
			return tx.Get(&outcome, `SELECT outcome FROM payment_events WHERE id = $1`, c.EventID)
		}
		var err error
		if outcome, err = applyChange(tx, kind, c, s.now()); err != nil {
			return err
		}
		if mail != nil && outcome == OutcomeApplied {
			if err := insertTask(tx, *mail); err != nil {
				return err
			}
		}
		_, err = tx.Exec(`UPDATE payment_events SET processed_at = $2, outcome = $3 WHERE id = $1`, c.EventID, s.now(), outcome)
		return err
	})
	return outcome, err
}

func applyChange(tx *sqlx.Tx, kind string, c SubscriptionChange, now time.Time) (string, error) {
	var id string
	var last sql.NullTime
	err := tx.QueryRow(`SELECT id, provider_event_at FROM subscriptions WHERE provider_id = $1 AND provider_id <> '' FOR UPDATE`,
		c.ProviderID).Scan(&id, &last)
	if err == sql.ErrNoRows {
		return OutcomeUnknown, nil
	}
	if err != nil {
		return "", fmt.Errorf("find subscription: %w", err)
	}
	var q string
	args := []any{id, now}
	switch kind {
	case "invoice.paid":
		if c.PeriodEnd.IsZero() {
			return OutcomeIgnored, nil
		}
		if last.Valid && !c.At.After(last.Time) {
			return OutcomeStale, nil // a later subscription event (such as its deletion) already decided
		}
		q = `UPDATE subscriptions SET ended_at = greatest(ended_at, $3), active = NOT cancel_at_period_end,
			expired_at = CASE WHEN greatest(ended_at, $3) >= $2 THEN NULL ELSE expired_at END,
			expiry_mailed_at = CASE WHEN greatest(ended_at, $3) >= $2 THEN NULL ELSE expiry_mailed_at END, updated_at = $2 WHERE id = $1`
		args = append(args, c.PeriodEnd)
	case "invoice.payment_failed":
		return OutcomeApplied, nil // the renewal was not paid: the subscription runs out at endedAt unless a retry succeeds
	case "customer.subscription.updated":
		if last.Valid && !c.At.After(last.Time) {
			return OutcomeStale, nil
		}
		running := c.Status == "active" || c.Status == "trialing" || c.Status == "past_due"
		q = `UPDATE subscriptions SET cancel_at_period_end = $3, active = $4, ended_at = coalesce($5, ended_at),
			provider_event_at = $6, updated_at = $2 WHERE id = $1`
		var end *time.Time
		if !c.PeriodEnd.IsZero() {
			end = &c.PeriodEnd
		}
		args = append(args, c.CancelAtPeriodEnd, running && !c.CancelAtPeriodEnd, end, c.At)
	case "customer.subscription.deleted":
		if last.Valid && !c.At.After(last.Time) {
			return OutcomeStale, nil
		}
		q = `UPDATE subscriptions SET active = false, cancel_at_period_end = false, ended_at = least(ended_at, $3),
			provider_event_at = $3, updated_at = $2 WHERE id = $1`
		args = append(args, c.At)
	default:
		return OutcomeIgnored, nil
	}
	if _, err := tx.Exec(q, args...); err != nil {
		return "", fmt.Errorf("apply %s: %w", kind, err)
	}
	return OutcomeApplied, nil
}

// MarkPaymentEventProcessed records the outcome of an event that changed nothing.
func (s *DB) MarkPaymentEventProcessed(ctx context.Context, id, outcome string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE payment_events SET processed_at = coalesce(processed_at, $2), outcome = $3 WHERE id = $1`,
		id, s.now(), outcome)
	return err
}

// ExpireSubscriptions marks every subscription past its endedAt and not yet
// expired as expired (inactive), queueing mail(id) for each in the same
// transaction. Running it again finds nothing. Returns how many expired.
func (s *DB) ExpireSubscriptions(ctx context.Context, mail func(subscriptionID string) Task) (int, error) {
	var ids []string
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		now := s.now()
		if err := tx.Select(&ids, `UPDATE subscriptions SET active = false, expired_at = $1, updated_at = $1
			WHERE ended_at < $1 AND expired_at IS NULL RETURNING id`, now); err != nil {
			return fmt.Errorf("expire subscriptions: %w", err)
		}
		for _, id := range ids {
			if err := insertTask(tx, mail(id)); err != nil {
				return err
			}
		}
		return nil
	})
	return len(ids), err
}

// BillingNotice is what a billing e-mail says.
type BillingNotice struct {
	SubscriptionID string    `db:"id"`
	Email          string    `db:"email"`
	Name           string    `db:"name"`
	PlanName       string    `db:"plan_name"`
	EndedAt        time.Time `db:"ended_at"`
	Expired        bool      `db:"expired"`
	Mailed         bool      `db:"mailed"`
}

// GetBillingNotice reads what the e-mail about a subscription needs; nil
// when the subscription or its user is gone.
func (s *DB) GetBillingNotice(ctx context.Context, subscriptionID string) (*BillingNotice, error) {
	var n BillingNotice
	err := s.db.GetContext(ctx, &n, `SELECT s.id, u.email, u.name, p.name AS plan_name, s.ended_at,
		s.expired_at IS NOT NULL AS expired, s.expiry_mailed_at IS NOT NULL AS mailed
		FROM subscriptions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL JOIN plans p ON p.id = s.plan_id
		WHERE s.id = $1`, subscriptionID)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find billing notice: %w", err)
	}
	return &n, nil
}

// MarkExpiryMailed records that the expiry e-mail went out.
func (s *DB) MarkExpiryMailed(ctx context.Context, subscriptionID string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE subscriptions SET expiry_mailed_at = $2 WHERE id = $1 AND expiry_mailed_at IS NULL`,
		subscriptionID, s.now())
	return err
}

// SubscriptionIDByProvider returns our id of a provider subscription ("" when unknown).
func (s *DB) SubscriptionIDByProvider(ctx context.Context, providerID string) (string, error) {
	var id string
	err := s.db.GetContext(ctx, &id, `SELECT id FROM subscriptions WHERE provider_id = $1 AND provider_id <> ''`, providerID)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return id, err
}
