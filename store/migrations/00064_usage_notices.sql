-- +goose Up
-- One row per captured post and paid-usage end date whose brand was told
-- that the usage right ends: the primary key makes the notice once only,
-- whatever the number of schedulers or runs.
CREATE TABLE usage_notices (
    post_id    uuid NOT NULL REFERENCES campaign_posts (id) ON DELETE CASCADE,
    ends_on    date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, ends_on)
);

-- +goose Down
DROP TABLE usage_notices;
