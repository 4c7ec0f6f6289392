-- +goose Up
-- One platform account (platform + the platform's id of it) belongs to at most one creator. Where several creators
-- hold one today, the first to connect it keeps it; the others are disconnected (their tokens erased, history kept).
UPDATE social_accounts a SET status = 'disconnected', status_reason = 'This account is already connected to another profile',
    sync_job_id = NULL
WHERE a.external_id <> '' AND a.status <> 'disconnected' AND EXISTS (
    SELECT 1 FROM social_accounts b WHERE b.platform = a.platform AND b.external_id = a.external_id
        AND b.status <> 'disconnected' AND (b.connected_at, b.id) < (a.connected_at, a.id));
DELETE FROM social_tokens t USING social_accounts a WHERE a.id = t.account_id AND a.status = 'disconnected';
CREATE UNIQUE INDEX social_accounts_owner ON social_accounts (platform, external_id)
    WHERE external_id <> '' AND status <> 'disconnected';

-- +goose Down
DROP INDEX social_accounts_owner;
