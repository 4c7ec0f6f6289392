-- +goose Up
-- Payments by state kept as counters (overview_counts kind 'payouts', key: the
-- state), moved in the same transactions as the payments, so the payments
-- board's totals read a few rows instead of counting every payment in its
-- states. An update moves them only when it changes a payment's state.
-- +goose StatementBegin
CREATE FUNCTION payout_counts_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM overview_move(array_agg('payouts'::text), array_agg(state), array_agg(c), array_agg(0::numeric))
        FROM (SELECT state, count(*) AS c FROM new_rows GROUP BY state) t HAVING count(*) > 0;
    ELSE
        PERFORM overview_move(array_agg('payouts'::text), array_agg(state), array_agg(-c), array_agg(0::numeric))
        FROM (SELECT state, count(*) AS c FROM old_rows GROUP BY state) t HAVING count(*) > 0;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION payout_counts_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(ARRAY['payouts', 'payouts'], ARRAY[OLD.state, NEW.state], ARRAY[-1, 1]::bigint[], ARRAY[0, 0]::numeric[]);
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER payout_counts_ins AFTER INSERT ON payouts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_counts_rows();
CREATE TRIGGER payout_counts_del AFTER DELETE ON payouts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payout_counts_rows();
CREATE TRIGGER payout_counts_upd AFTER UPDATE OF state ON payouts
    FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION payout_counts_state();

INSERT INTO overview_counts (kind, key, slot, n)
SELECT 'payouts', state, 0, count(*) FROM payouts GROUP BY state;

-- +goose Down
DROP TRIGGER payout_counts_upd ON payouts;
DROP TRIGGER payout_counts_del ON payouts;
DROP TRIGGER payout_counts_ins ON payouts;
DROP FUNCTION payout_counts_state();
DROP FUNCTION payout_counts_rows();
DELETE FROM overview_counts WHERE kind = 'payouts';
