-- +goose Up
-- When an account was disconnected (its history stays): GET /api/accounts lists it as "Disconnected on DATE".
ALTER TABLE social_accounts ADD COLUMN disconnected_at timestamptz;
UPDATE social_accounts SET disconnected_at = coalesce(last_synced_at, connected_at) WHERE status = 'disconnected';

-- +goose Down
ALTER TABLE social_accounts DROP COLUMN disconnected_at;
