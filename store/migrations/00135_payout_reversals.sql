-- +goose Up
-- A transfer to the creator taken back at the provider: the payment reads
-- "reversed" with the amount taken back, and no longer claims it is paid.
ALTER TABLE payouts DROP CONSTRAINT payouts_state_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_state_check CHECK (state IN ('awaiting_approval', 'funding', 'action_required',
    'funding_failed', 'funded', 'releasing', 'waiting_details', 'transferred', 'held', 'refunding', 'refunded', 'lapsed',
    'reversed'));
ALTER TABLE payouts ADD COLUMN reversed_amount bigint NOT NULL DEFAULT 0 CHECK (reversed_amount >= 0);
ALTER TABLE payouts ADD COLUMN reversed_at timestamptz;

-- +goose Down
ALTER TABLE payouts DROP COLUMN reversed_at;
ALTER TABLE payouts DROP COLUMN reversed_amount;
UPDATE payouts SET state = 'transferred' WHERE state = 'reversed';
ALTER TABLE payouts DROP CONSTRAINT payouts_state_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_state_check CHECK (state IN ('awaiting_approval', 'funding', 'action_required',
    'funding_failed', 'funded', 'releasing', 'waiting_details', 'transferred', 'held', 'refunding', 'refunded', 'lapsed'));
