-- +goose Up
-- What an offer needs from the campaign form: the deliverables (posts per
-- platform, each due by a date inside the campaign), the niches and the
-- follower floor a roster starts from, and the brief a creator reads.
ALTER TABLE campaigns
    ADD COLUMN deliverables  jsonb NOT NULL DEFAULT '[]',
    ADD COLUMN niche_ids     text[] NOT NULL DEFAULT '{}',
    ADD COLUMN min_followers int NOT NULL DEFAULT 0,
    ADD COLUMN brief         text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE campaigns
    DROP COLUMN deliverables,
    DROP COLUMN niche_ids,
    DROP COLUMN min_followers,
    DROP COLUMN brief;
