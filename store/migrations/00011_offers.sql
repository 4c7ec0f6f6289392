-- +goose Up
-- A campaign's generated roster: when and by which job it was last made.
CREATE TABLE rosters (
    campaign_id  uuid PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    job_id       uuid REFERENCES jobs (id) ON DELETE SET NULL,
    generated_at timestamptz NOT NULL
);

-- The creators picked for a campaign, each with its score, the score's
-- parts, its reasons, the estimated fee and the offer made to the creator.
-- Regenerating replaces the entries whose offer is still a draft.
CREATE TABLE roster_entries (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id      uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    creator_id       uuid NOT NULL REFERENCES creators (id) ON DELETE CASCADE,
    rank             int NOT NULL,
    score            numeric(5, 1) NOT NULL CHECK (score BETWEEN 0 AND 100),
    parts            jsonb NOT NULL,
    reasons          jsonb NOT NULL DEFAULT '[]',
    platform         text NOT NULL,
    estimated_fee    numeric(12, 2) NOT NULL CHECK (estimated_fee >= 0),
    offer_amount     numeric(12, 2) CHECK (offer_amount > 0),
    offer_status     text NOT NULL DEFAULT 'draft' CHECK (offer_status IN
                     ('draft', 'sent', 'accepted', 'declined', 'countered', 'expired', 'withdrawn', 'completed')),
    offer_note       text NOT NULL DEFAULT '',
    offer_updated_at timestamptz,
    offer_updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (campaign_id, creator_id)
);
CREATE INDEX roster_entries_campaign_idx ON roster_entries (campaign_id, rank);
CREATE INDEX roster_entries_creator_idx ON roster_entries (creator_id);

-- Every change of an offer: who, when, from which status to which, and the amount.
CREATE TABLE offer_history (
    id          bigserial PRIMARY KEY,
    entry_id    uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    at          timestamptz NOT NULL,
    from_status text NOT NULL,
    to_status   text NOT NULL,
    amount      numeric(12, 2),
    note        text NOT NULL DEFAULT ''
);
CREATE INDEX offer_history_entry_idx ON offer_history (entry_id, id);

-- Invitations to join a brand's team. The token is made by the worker's
-- mail task (never in Redis) and stored as SHA-256; request_id names the
-- live mail request, so a resend supersedes the previous link. user_id is
-- set when the account exists already (a brand's first BRAND_ADMIN made by an
-- ADMIN); otherwise accepting creates it.
CREATE TABLE invitations (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id    uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    email       text NOT NULL,
    role        text NOT NULL CHECK (role IN ('BRAND_ADMIN', 'BRAND_MANAGER', 'BRAND_VIEWER')),
    user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
    invited_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    request_id  uuid NOT NULL UNIQUE,
    token_hash  bytea UNIQUE,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    sent_at     timestamptz,
    accepted_at timestamptz
);
CREATE INDEX invitations_brand_idx ON invitations (brand_id, created_at DESC);
-- One open invitation per brand and e-mail.
CREATE UNIQUE INDEX invitations_open_key ON invitations (brand_id, email) WHERE accepted_at IS NULL;

-- +goose Down
DROP TABLE invitations;
DROP TABLE offer_history;
DROP TABLE roster_entries;
DROP TABLE rosters;
