-- +goose Up
-- A search with a niche walks the list of its word in that niche only
-- (store.wordWalkSQL), in the followers order: "mia chen" in Travel reads
-- the few Travel creators named Mia instead of every Mia, checking the
-- niche of each.
CREATE INDEX creator_words_niche_idx ON creator_words (word, niche, followers DESC, id) INCLUDE (sig);

-- +goose Down
DROP INDEX creator_words_niche_idx;
