-- +goose Up
-- content is tracked, brands see measured results.

-- A campaign's tracking tag, lower case and without '#' ("acmewinterwarmup"),
-- made from the brand's and the campaign's names, editable while the campaign
-- is a draft, unique among the brand's campaigns that are not deleted. A post
-- carries it when its caption or title holds '#tag' or 'tag' as a whole word,
-- in any case.
ALTER TABLE campaigns ADD COLUMN tracking_tag text NOT NULL DEFAULT '';
WITH base AS (
    SELECT c.id, c.brand_id, left(lower(regexp_replace(b.name || c.name, '[^a-zA-Z0-9]', '', 'g')), 40) AS tag,
        row_number() OVER (PARTITION BY c.brand_id,
            left(lower(regexp_replace(b.name || c.name, '[^a-zA-Z0-9]', '', 'g')), 40) ORDER BY c.created_at, c.id) AS n
    FROM campaigns c JOIN brands b ON b.id = c.brand_id
)
UPDATE campaigns c SET tracking_tag = CASE WHEN base.n = 1 THEN base.tag ELSE base.tag || base.n END
FROM base WHERE base.id = c.id;
CREATE UNIQUE INDEX campaigns_tracking_tag_idx ON campaigns (brand_id, tracking_tag) WHERE status <> 'deleted' AND tracking_tag <> '';

-- The posts of a campaign's accepted offers that carry its tag, captured by
-- the analytics sync from the creator's connected account. A figure is NULL
-- when the platform does not report it (never 0 for "not reported").
-- Refreshed on each sync for 30 days after publication.
CREATE TABLE campaign_posts (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id  uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    entry_id     uuid NOT NULL REFERENCES roster_entries (id) ON DELETE CASCADE,
    account_id   uuid REFERENCES social_accounts (id) ON DELETE SET NULL,
    platform     text NOT NULL,
    external_id  text NOT NULL,
    url          text NOT NULL DEFAULT '',
    caption      text NOT NULL DEFAULT '',
    published_at timestamptz NOT NULL,
    views        bigint,
    likes        bigint,
    comments     bigint,
    shares       bigint,
    reach        bigint,
    captured_at  timestamptz NOT NULL DEFAULT now(),
    refreshed_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (campaign_id, platform, external_id)
);
CREATE INDEX campaign_posts_entry_idx ON campaign_posts (entry_id, published_at);

-- A post's figures as read on each day (the last reading of the day wins):
-- the results' daily series.
CREATE TABLE campaign_post_daily (
    post_id  uuid NOT NULL REFERENCES campaign_posts (id) ON DELETE CASCADE,
    day      date NOT NULL,
    views    bigint,
    likes    bigint,
    comments bigint,
    shares   bigint,
    reach    bigint,
    PRIMARY KEY (post_id, day)
);

-- A campaign's read-only share link: one live link per campaign; the token is
-- kept as its SHA-256 (hex), so it is shown once, when made.
CREATE TABLE campaign_shares (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    token_hash  text NOT NULL UNIQUE,
    show_fees   boolean NOT NULL DEFAULT false,
    expires_at  timestamptz NOT NULL,
    created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);
CREATE UNIQUE INDEX campaign_shares_live_idx ON campaign_shares (campaign_id) WHERE revoked_at IS NULL;

-- +goose Down
DROP TABLE campaign_shares;
DROP TABLE campaign_post_daily;
DROP TABLE campaign_posts;
DROP INDEX campaigns_tracking_tag_idx;
ALTER TABLE campaigns DROP COLUMN tracking_tag;
