-- +goose Up
-- Every sync rewrites its account's row (last sync time, status, profile) and none of its indexed columns: room left
-- on each page lets Postgres keep the new version on the same page without touching the three indexes (a HOT update).
ALTER TABLE social_accounts SET (fillfactor = 70);

-- +goose Down
ALTER TABLE social_accounts RESET (fillfactor);
