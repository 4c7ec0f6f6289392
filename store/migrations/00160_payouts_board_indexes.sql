-- +goose Up
-- The payments board runs as a prepared statement with a generic plan
-- (store.SessionSettings): "state = ANY($1)" cannot use the partial
-- payouts_board_idx, whose predicate the plan cannot prove, so over 100,000
-- payouts every page read and sorted the whole table. The list walks
-- updated_at newest first and stops at its page; the count reads the state
-- index alone.
CREATE INDEX payouts_updated_idx ON payouts (updated_at DESC, entry_id);
CREATE INDEX payouts_state_idx ON payouts (state);

-- +goose Down
DROP INDEX payouts_state_idx;
DROP INDEX payouts_updated_idx;
