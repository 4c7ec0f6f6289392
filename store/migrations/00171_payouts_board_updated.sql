-- +goose Up
-- The payments board names its states in its statements (see
-- store.PaymentsBoard), so its pages walk the board's payments alone, newest
-- first, instead of every payment: a deep page reads its offset of board
-- rows, not five times as many.
CREATE INDEX payouts_board_updated_idx ON payouts (updated_at DESC, entry_id)
    WHERE state IN ('funding_failed', 'action_required', 'held', 'waiting_details', 'awaiting_approval');

-- +goose Down
DROP INDEX payouts_board_updated_idx;
