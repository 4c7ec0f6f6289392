package store

import (
	"context"
	"fmt"
	"slices"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// RecordPayoutEvent stores a verified provider event of payouts (account is
// the connected account of a Connect event, "" for the platform's own) and
// queues task (its processing) in the same transaction. A replayed id
// changes nothing and reports false.
func (s *DB) RecordPayoutEvent(ctx context.Context, e PaymentEvent, account string, task Task) (bool, error) {
	var added bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.Exec(`INSERT INTO payout_events (id, type, account, payload, provider_at, received_at) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (id) DO NOTHING`, e.ID, e.Type, account, []byte(e.Payload), e.ProviderAt, s.now())
		if err != nil {
			return fmt.Errorf("record payout event: %w", err)
		}
		n, _ := res.RowsAffected()
		if added = n == 1; !added {
			return nil
		}
		return insertTask(tx, task)
	})
	return added, err
}

// GetPayoutEvent returns a stored payout event; ENOTFOUND when there is none.
func (s *DB) GetPayoutEvent(ctx context.Context, id string) (*PaymentEvent, error) {
	var e PaymentEvent
	err := s.db.GetContext(ctx, &e, `SELECT id, type, payload, provider_at, processed_at, outcome FROM payout_events WHERE id = $1`, id)
	if err != nil {
		return nil, translate(err, "Payout event")
	}
	return &e, nil
}

// MarkPayoutEventProcessed records that a payout event was applied.
func (s *DB) MarkPayoutEventProcessed(ctx context.Context, id, outcome string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE payout_events SET processed_at = $2, outcome = $3 WHERE id = $1 AND processed_at IS NULL`, id, s.now(), outcome)
	if err != nil {
		return fmt.Errorf("mark payout event: %w", err)
	}
	return nil
}

// PendingPayoutRefundEvents returns the ids of the stored refund events
// (charge.refunded) of the payments of entries not applied yet, oldest
// first: a transfer applies them before it sends anything, so money
// refunded at the provider's dashboard never leaves as a transfer.
func (s *DB) PendingPayoutRefundEvents(ctx context.Context, entries ...string) ([]string, error) {
	ids := slices.DeleteFunc(slices.Clone(entries), func(id string) bool { return !isUUID(id) })
	if len(ids) == 0 {
		return nil, nil
	}
	var out []string
	err := s.selectPrepared(ctx, &out, `SELECT e.id FROM payout_events e, payouts p
		WHERE p.entry_id = ANY($1::uuid[]) AND e.type = 'charge.refunded' AND e.processed_at IS NULL
		AND (e.payload->'data'->'object'->>'payment_intent' = p.payment_intent_id
			OR e.payload->'data'->'object'->'metadata'->>'entry_id' = p.entry_id::text
			OR e.payload->'data'->'object'->>'transfer_group' = p.entry_id::text)
		ORDER BY e.provider_at, e.id`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("pending refund events: %w", err)
	}
	return out, nil
}
