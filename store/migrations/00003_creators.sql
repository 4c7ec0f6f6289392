-- +goose Up
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The creator network. identity is the upsert key of roster imports:
-- 'email:<address>' when an e-mail is known, else '<platform>:<handle>' of the
-- first platform with a handle (instagram, youtube, tiktok, linkedin).
-- followers is the largest following; tier is derived from it:
-- Micro < 50,000 <= Mid < 500,000 <= Macro (below 1,000 is still Micro).
CREATE TABLE creators (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    identity            text NOT NULL,
    user_id             uuid REFERENCES users (id) ON DELETE SET NULL,
    name                text NOT NULL,
    email               text,
    niche               text NOT NULL DEFAULT '',
    location            text NOT NULL DEFAULT '',
    instagram_handle    text,
    instagram_followers bigint,
    youtube_handle      text,
    youtube_subscribers bigint,
    tiktok_handle       text,
    tiktok_followers    bigint,
    linkedin_handle     text,
    linkedin_followers  bigint,
    engagement_rate     numeric(6, 2),
    audience_male       numeric(5, 2),
    audience_female     numeric(5, 2),
    audience_other      numeric(5, 2),
    audience_ages       jsonb,
    followers           bigint GENERATED ALWAYS AS (greatest(coalesce(instagram_followers, 0), coalesce(youtube_subscribers, 0),
                            coalesce(tiktok_followers, 0), coalesce(linkedin_followers, 0))) STORED,
    tier                text GENERATED ALWAYS AS (CASE
                            WHEN greatest(coalesce(instagram_followers, 0), coalesce(youtube_subscribers, 0),
                                 coalesce(tiktok_followers, 0), coalesce(linkedin_followers, 0)) >= 500000 THEN 'Macro'
                            WHEN greatest(coalesce(instagram_followers, 0), coalesce(youtube_subscribers, 0),
                                 coalesce(tiktok_followers, 0), coalesce(linkedin_followers, 0)) >= 50000 THEN 'Mid'
                            ELSE 'Micro' END) STORED,
    -- The words of the name, e-mail and handles (split at '@', '.', '_', '-'):
    -- search matches word prefixes through a GIN index, which stays fast at
    -- millions of rows where a trigram index over the same text does not.
    search              tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, lower(translate(name || ' ' ||
                            coalesce(email, '') || ' ' || coalesce(instagram_handle, '') || ' ' || coalesce(youtube_handle, '')
                            || ' ' || coalesce(tiktok_handle, '') || ' ' || coalesce(linkedin_handle, ''), '@._-', '    ')))) STORED,
    upload_job_id       uuid,
    created_job_id      uuid,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX creators_identity_key ON creators (identity);
CREATE UNIQUE INDEX creators_user_id_key ON creators (user_id);
CREATE INDEX creators_email_idx ON creators (email);
CREATE INDEX creators_upload_job_id_idx ON creators (upload_job_id);
CREATE INDEX creators_followers_idx ON creators (followers DESC, id);
CREATE INDEX creators_search_idx ON creators USING gin (search);

-- Row-level problems of a roster import, keyed by (job, row, column) so a
-- retried import replaces them instead of adding duplicates.
CREATE TABLE roster_row_errors (
    job_id      uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    row_number  int NOT NULL,
    column_name text NOT NULL,
    message     text NOT NULL,
    PRIMARY KEY (job_id, row_number, column_name)
);

CREATE INDEX brands_name_trgm_idx ON brands USING gin (lower(name) gin_trgm_ops);

-- +goose Down
DROP INDEX brands_name_trgm_idx;
DROP TABLE roster_row_errors;
DROP TABLE creators;
