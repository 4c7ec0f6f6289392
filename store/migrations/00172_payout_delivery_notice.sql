-- +goose Up
-- When a campaign ends with nothing of a reserved offer captured, the creator
-- is told once (delivery_notice_at) and the brand may cancel only a
-- DELIVERY_GRACE after that notice. The partial index lists the reserved
-- payments still waiting for their first post and their notice.
ALTER TABLE payouts ADD COLUMN delivery_notice_at timestamptz;
CREATE INDEX payouts_delivery_due_idx ON payouts (entry_id) WHERE state = 'funded' AND captured_at IS NULL AND delivery_notice_at IS NULL;

-- +goose Down
DROP INDEX payouts_delivery_due_idx;
ALTER TABLE payouts DROP COLUMN delivery_notice_at;
