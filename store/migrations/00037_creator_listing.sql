-- +goose Up
-- Creators who join are found, and every offer reaches a person.
--
-- listed: whether brands see the entry (search, rosters, profiles). Imported
-- entries are listed; a creator who signed up is listed only when they say
-- so (creator_listings keeps their answer), and may unlist at once.
ALTER TABLE creators ADD COLUMN listed boolean NOT NULL DEFAULT true;

-- A creator account's answer to "List me in the creator network": absent
-- until they answer.
CREATE TABLE creator_listings (
    user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    listed      boolean NOT NULL,
    answered_at timestamptz NOT NULL
);

-- Invitations mailed to creators who are not yet on Creator Coach when a
-- brand sends them an offer. The claim and unsubscribe tokens are made by
-- the mail task and stored as SHA-256; the claim token works once, until
-- expires_at (the offer's deadline).
CREATE TABLE outreach_invitations (
    id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id          uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    creator_id        uuid NOT NULL REFERENCES creators (id) ON DELETE CASCADE,
    entry_id          uuid REFERENCES roster_entries (id) ON DELETE SET NULL,
    email             text NOT NULL,
    token_hash        bytea UNIQUE,
    unsubscribe_hash  bytea UNIQUE,
    created_at        timestamptz NOT NULL,
    expires_at        timestamptz NOT NULL,
    sent_at           timestamptz,
    opened_at         timestamptz,
    claimed_at        timestamptz,
    claimed_by        uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX outreach_invitations_creator_brand_idx ON outreach_invitations (creator_id, brand_id, created_at DESC);
CREATE INDEX outreach_invitations_brand_day_idx ON outreach_invitations (brand_id, created_at DESC);
CREATE INDEX outreach_invitations_entry_idx ON outreach_invitations (entry_id);

-- Addresses the product never mails an invitation again: unsubscribed from
-- an invitation, or undeliverable.
CREATE TABLE outreach_suppressions (
    email      text PRIMARY KEY,
    reason     text NOT NULL CHECK (reason IN ('unsubscribed', 'undeliverable')),
    created_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE outreach_suppressions;
DROP TABLE outreach_invitations;
DROP TABLE creator_listings;
ALTER TABLE creators DROP COLUMN listed;
