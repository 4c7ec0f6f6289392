-- +goose Up
-- A creator's note on a follower spike of their audience-quality reading
-- (at most 280 characters), shown to brands beside the spike; deleted with
-- the account.
CREATE TABLE quality_annotations (
    account_id uuid NOT NULL REFERENCES social_accounts (id) ON DELETE CASCADE,
    day        date NOT NULL,
    note       text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 280),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, day)
);

-- A creator's request that an ADMIN review their reading (the ADMINs are
-- mailed by a task written in the same transaction).
CREATE TABLE quality_reviews (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message      text NOT NULL DEFAULT '' CHECK (char_length(message) <= 1000),
    requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quality_reviews_user_idx ON quality_reviews (user_id, requested_at);

-- +goose Down
DROP TABLE quality_reviews;
DROP TABLE quality_annotations;
