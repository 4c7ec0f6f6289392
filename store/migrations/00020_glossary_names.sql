-- +goose Up
-- The glossary's names: a job kind is its task type with ':' as '_', named for its feature. (The campaign's roster
-- notes keep their column name, roaster, so old and new api processes can run side by side during an upgrade.)
UPDATE jobs SET kind = 'file_purge' WHERE kind = 'files_purge';
UPDATE jobs SET kind = 'creator_import' WHERE kind = 'roster_import';
UPDATE jobs SET kind = 'billing_expire' WHERE kind = 'subscriptions_expire';

-- +goose Down
UPDATE jobs SET kind = 'subscriptions_expire' WHERE kind = 'billing_expire';
UPDATE jobs SET kind = 'roster_import' WHERE kind = 'creator_import';
UPDATE jobs SET kind = 'files_purge' WHERE kind = 'file_purge';
