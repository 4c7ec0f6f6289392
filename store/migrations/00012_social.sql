-- +goose Up
-- Social accounts a creator connected, and their analytics, one row per account and day.
-- Contract shared by the analytics sync (jobs/social) and the coach (jobs/coach).
CREATE TABLE social_accounts (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    platform       text NOT NULL CHECK (platform IN ('instagram', 'youtube', 'tiktok', 'linkedin')),
    external_id    text NOT NULL DEFAULT '',
    username       text NOT NULL DEFAULT '',
    full_name      text NOT NULL DEFAULT '',
    status         text NOT NULL DEFAULT 'connected'
                   CHECK (status IN ('connected', 'syncing', 'reconnect_needed', 'disconnected')),
    status_reason  text NOT NULL DEFAULT '',
    connected_at   timestamptz NOT NULL DEFAULT now(),
    last_synced_at timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    sync_job_id    uuid,
    UNIQUE (user_id, platform)
);
CREATE INDEX social_accounts_platform_idx ON social_accounts (platform, id) WHERE status <> 'disconnected';

-- The platform's tokens of an account, sealed with AES-256-GCM under SOCIAL_TOKEN_KEY
-- ('<key id>:<base64 nonce+ciphertext>'); deleted on disconnect.
CREATE TABLE social_tokens (
    account_id         uuid PRIMARY KEY REFERENCES social_accounts (id) ON DELETE CASCADE,
    access_token       text NOT NULL,
    refresh_token      text NOT NULL DEFAULT '',
    scopes             text NOT NULL DEFAULT '',
    issued_at          timestamptz NOT NULL,
    expires_at         timestamptz,
    refresh_expires_at timestamptz,
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Pending OAuth authorizations: the state handed to the platform, bound to the
-- user and platform, used once; the PKCE verifier is sealed like the tokens.
CREATE TABLE social_oauth_states (
    state_hash  text PRIMARY KEY,
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    platform    text NOT NULL,
    verifier    text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE social_daily (
    account_id          uuid NOT NULL REFERENCES social_accounts (id) ON DELETE CASCADE,
    day                 date NOT NULL,
    followers           bigint NOT NULL DEFAULT 0,
    likes               bigint NOT NULL DEFAULT 0,
    views               bigint NOT NULL DEFAULT 0,
    organic_impressions bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, day)
);

-- Audience shares per account: dimension age (bucket '18-24'), gender (female|male|other) or country (ISO code).
CREATE TABLE social_demographics (
    account_id uuid NOT NULL REFERENCES social_accounts (id) ON DELETE CASCADE,
    dimension  text NOT NULL CHECK (dimension IN ('age', 'gender', 'country')),
    bucket     text NOT NULL,
    share      numeric(6, 4) NOT NULL CHECK (share BETWEEN 0 AND 1),
    PRIMARY KEY (account_id, dimension, bucket)
);

-- Tasks may wait for a moment (the analytics tick spreads its syncs over the interval).
ALTER TABLE task_outbox ADD COLUMN process_at timestamptz;

-- Which platforms vouched for a creator-network entry's follower counts (set by the analytics sync).
ALTER TABLE creators ADD COLUMN verified_platforms text[] NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE creators DROP COLUMN verified_platforms;
ALTER TABLE task_outbox DROP COLUMN process_at;
DROP TABLE social_oauth_states;
DROP TABLE social_tokens;
DROP TABLE social_demographics;
DROP TABLE social_daily;
DROP TABLE social_accounts;
