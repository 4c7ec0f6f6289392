-- +goose Up
-- The overview's counters get 32 slots per key instead of 4. Each database
-- session writes the slot of its process id and holds that row until it
-- commits; with 4 slots the worker's 20 concurrent tasks met on them, and
-- the release of due payments (each completing an offer, so moving the
-- offers' counters) waited mostly on these rows. Readers sum the slots.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION overview_move(kinds text[], keys text[], ns bigint[], amounts numeric[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO overview_counts AS o (kind, key, slot, n, amount)
    SELECT kind, key, pg_backend_pid() % 32, sum(n), sum(amount)
    FROM unnest(kinds, keys, ns, amounts) AS t (kind, key, n, amount)
    GROUP BY kind, key HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY kind, key
    ON CONFLICT (kind, key, slot) DO UPDATE SET n = o.n + excluded.n, amount = o.amount + excluded.amount
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION overview_move(kinds text[], keys text[], ns bigint[], amounts numeric[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO overview_counts AS o (kind, key, slot, n, amount)
    SELECT kind, key, pg_backend_pid() % 4, sum(n), sum(amount)
    FROM unnest(kinds, keys, ns, amounts) AS t (kind, key, n, amount)
    GROUP BY kind, key HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY kind, key
    ON CONFLICT (kind, key, slot) DO UPDATE SET n = o.n + excluded.n, amount = o.amount + excluded.amount
$$;
-- +goose StatementEnd
