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
    UNIQUE (user_id, platform)
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

-- +goose Down
DROP TABLE social_demographics;
DROP TABLE social_daily;
DROP TABLE social_accounts;
