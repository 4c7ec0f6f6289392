-- +goose Up
-- A creator's choice to share detailed analytics (audience split, daily
-- trends) with brands; off until the creator turns it on.
ALTER TABLE users ADD COLUMN share_analytics boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE users DROP COLUMN share_analytics;
