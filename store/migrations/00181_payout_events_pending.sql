-- +goose Up
-- The refund events not applied yet: every transfer and refund step reads
-- them before it sends anything, and the events table keeps every event the
-- provider sent, so they are found through a small partial index instead of
-- a scan of all events.
CREATE INDEX payout_events_pending_refunds_idx ON payout_events (provider_at, id)
    WHERE processed_at IS NULL AND type = 'charge.refunded';

-- +goose Down
DROP INDEX payout_events_pending_refunds_idx;
