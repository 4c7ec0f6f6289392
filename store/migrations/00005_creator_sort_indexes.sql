-- +goose Up
-- The brand search's other sorts (store.creatorSorts), so that a page of a
-- million creators sorted by engagement, name or recency is read from an
-- index instead of sorting the table; "-followers" walks
-- creators_followers_idx backwards.
CREATE INDEX creators_engagement_idx ON creators (engagement_rate DESC NULLS LAST, id);
CREATE INDEX creators_name_idx ON creators (name, id);
CREATE INDEX creators_recent_idx ON creators (created_at DESC, id);

-- +goose Down
DROP INDEX creators_recent_idx;
DROP INDEX creators_name_idx;
DROP INDEX creators_engagement_idx;
