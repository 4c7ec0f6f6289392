-- +goose Up
-- Issue 26's glossary: a job kind is its task type with ':' as '_', named for its feature; the campaign form's free
-- JSON field (wire name "roaster") is the campaign's roster notes.
UPDATE jobs SET kind = 'file_purge' WHERE kind = 'files_purge';
UPDATE jobs SET kind = 'creator_import' WHERE kind = 'roster_import';
UPDATE jobs SET kind = 'billing_expire' WHERE kind = 'subscriptions_expire';
ALTER TABLE campaigns RENAME COLUMN roaster TO roster_notes;

-- +goose Down
ALTER TABLE campaigns RENAME COLUMN roster_notes TO roaster;
UPDATE jobs SET kind = 'subscriptions_expire' WHERE kind = 'billing_expire';
UPDATE jobs SET kind = 'roster_import' WHERE kind = 'creator_import';
UPDATE jobs SET kind = 'files_purge' WHERE kind = 'file_purge';
