-- +goose Up
-- Paid usage add-ons a brand offers on top of the fee: a JSON array of
-- {"usage": "30_days" | "unlimited", "amountCents": n}, at most one per usage.
ALTER TABLE roster_entries ADD COLUMN usage_addons jsonb NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE roster_entries DROP COLUMN usage_addons;
