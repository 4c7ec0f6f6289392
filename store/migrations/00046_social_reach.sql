-- +goose Up
-- What the platforms report of reach per day (NULL where a platform does
-- not report a metric, never 0): accounts reached, accounts engaged and, where
-- a platform splits reach, followers vs non-followers.
ALTER TABLE social_daily
    ADD COLUMN reach               bigint,
    ADD COLUMN accounts_engaged    bigint,
    ADD COLUMN reach_followers     bigint,
    ADD COLUMN reach_non_followers bigint;

-- The audience-quality reading of each connected account (jobs/quality),
-- computed after its sync: the figure and its components, or the reason
-- there is none (reading NULL).
CREATE TABLE audience_quality (
    account_id  uuid PRIMARY KEY REFERENCES social_accounts (id) ON DELETE CASCADE,
    score       int CHECK (score BETWEEN 0 AND 100),
    reading     jsonb,
    reason      text NOT NULL DEFAULT '',
    unexplained boolean NOT NULL DEFAULT false,
    computed_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE audience_quality;
ALTER TABLE social_daily DROP COLUMN reach, DROP COLUMN accounts_engaged, DROP COLUMN reach_followers, DROP COLUMN reach_non_followers;
