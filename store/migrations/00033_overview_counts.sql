-- +goose Up
-- Mission Control's network counts kept as counters, moved in the same
-- transactions as the rows they count, so the overview reads a few dozen rows
-- instead of scanning the creators, the campaigns and the offers.
--
-- kind 'creators' (key: tier), 'brands' (key ''), 'campaigns' (key: status,
-- deleted ones not counted), 'offers' (key: offer status, amount: offered
-- amount else estimated fee; offers of deleted campaigns not counted). A
-- key's count is the sum over its slots: each database session writes the
-- slot of its process id, so concurrent writers rarely wait on one row.
CREATE TABLE overview_counts (
    kind   text    NOT NULL,
    key    text    NOT NULL,
    slot   integer NOT NULL,
    n      bigint  NOT NULL DEFAULT 0,
    amount numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, key, slot)
);

-- overview_move adds the changes (kind, key, n, amount) to the counters.
-- +goose StatementBegin
CREATE FUNCTION overview_move(kinds text[], keys text[], ns bigint[], amounts numeric[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO overview_counts AS o (kind, key, slot, n, amount)
    SELECT kind, key, pg_backend_pid() % 4, sum(n), sum(amount)
    FROM unnest(kinds, keys, ns, amounts) AS t (kind, key, n, amount)
    GROUP BY kind, key HAVING sum(n) <> 0 OR sum(amount) <> 0
    ORDER BY kind, key
    ON CONFLICT (kind, key, slot) DO UPDATE SET n = o.n + excluded.n, amount = o.amount + excluded.amount
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION overview_creators() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_kinds text[]; v_keys text[]; v_ns bigint[]; v_amounts numeric[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg('creators'::text), array_agg(tier), array_agg(c), array_agg(0::numeric) INTO v_kinds, v_keys, v_ns, v_amounts
        FROM (SELECT tier, count(*) AS c FROM new_rows GROUP BY tier) t;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg('creators'::text), array_agg(tier), array_agg(-c), array_agg(0::numeric) INTO v_kinds, v_keys, v_ns, v_amounts
        FROM (SELECT tier, count(*) AS c FROM old_rows GROUP BY tier) t;
    ELSE
        SELECT array_agg('creators'::text), array_agg(tier), array_agg(c), array_agg(0::numeric) INTO v_kinds, v_keys, v_ns, v_amounts
        FROM (SELECT tier, sum(c) AS c FROM (SELECT tier, 1 AS c FROM new_rows UNION ALL SELECT tier, -1 FROM old_rows) x
            GROUP BY tier HAVING sum(c) <> 0) t;
    END IF;
    IF v_kinds IS NOT NULL THEN
        PERFORM overview_move(v_kinds, v_keys, v_ns, v_amounts);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER overview_creators_ins AFTER INSERT ON creators
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_creators();
CREATE TRIGGER overview_creators_upd AFTER UPDATE ON creators
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_creators();
CREATE TRIGGER overview_creators_del AFTER DELETE ON creators
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_creators();

-- +goose StatementBegin
CREATE FUNCTION overview_brands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(ARRAY['brands'], ARRAY[''], ARRAY[CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END]::bigint[], ARRAY[0]::numeric[]);
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER overview_brands AFTER INSERT OR DELETE ON brands FOR EACH ROW EXECUTE FUNCTION overview_brands();

-- Campaigns by status; a campaign entering or leaving 'deleted' takes its
-- offers out of or back into the offer counts. A campaign removed for good
-- takes its offers with it (their own trigger counts them out), so one
-- already deleted gives its offers back first.
-- +goose StatementBegin
CREATE FUNCTION overview_campaigns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_kinds text[]; v_keys text[]; v_ns bigint[]; v_amounts numeric[];
BEGIN
    WITH ch AS (
        SELECT id, status, 1 AS s FROM new_rows WHERE TG_OP <> 'DELETE'
        UNION ALL SELECT id, status, -1 FROM old_rows WHERE TG_OP <> 'INSERT'),
    cs AS (SELECT 'campaigns'::text AS kind, status AS key, sum(s) AS c, 0::numeric AS amount FROM ch WHERE status <> 'deleted' GROUP BY status),
    -- offers of campaigns that left 'deleted' (+1) or entered it (-1)
    moved AS (SELECT id, sum(CASE WHEN status = 'deleted' THEN 0 ELSE s END) AS s FROM ch WHERE TG_OP = 'UPDATE' GROUP BY id
        HAVING sum(CASE WHEN status = 'deleted' THEN 0 ELSE s END) <> 0),
    os AS (SELECT 'offers'::text, e.offer_status, sum(m.s), sum(m.s * coalesce(e.offer_amount, e.estimated_fee))
        FROM moved m JOIN roster_entries e ON e.campaign_id = m.id GROUP BY e.offer_status),
    alls AS (SELECT * FROM cs UNION ALL SELECT * FROM os)
    SELECT array_agg(kind), array_agg(key), array_agg(c), array_agg(amount) INTO v_kinds, v_keys, v_ns, v_amounts FROM alls;
    IF v_kinds IS NOT NULL THEN
        PERFORM overview_move(v_kinds, v_keys, v_ns, v_amounts);
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION overview_campaigns_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(array_agg('campaigns'::text), array_agg(status), array_agg(c), array_agg(0::numeric))
    FROM (SELECT status, count(*) AS c FROM new_rows WHERE status <> 'deleted' GROUP BY status) t HAVING count(*) > 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION overview_campaigns_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(array_agg('campaigns'::text), array_agg(status), array_agg(-c), array_agg(0::numeric))
    FROM (SELECT status, count(*) AS c FROM old_rows WHERE status <> 'deleted' GROUP BY status) t HAVING count(*) > 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION overview_campaign_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.status = 'deleted' THEN
        PERFORM overview_move(array_agg('offers'::text), array_agg(offer_status), array_agg(c), array_agg(amount))
        FROM (SELECT offer_status, count(*) AS c, sum(coalesce(offer_amount, estimated_fee)) AS amount
            FROM roster_entries WHERE campaign_id = OLD.id GROUP BY offer_status) t HAVING count(*) > 0;
    END IF;
    RETURN OLD;
END $$;
-- +goose StatementEnd
CREATE TRIGGER overview_campaigns_ins AFTER INSERT ON campaigns
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_campaigns_ins();
CREATE TRIGGER overview_campaigns_upd AFTER UPDATE ON campaigns
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_campaigns();
CREATE TRIGGER overview_campaigns_del AFTER DELETE ON campaigns
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_campaigns_del();
CREATE TRIGGER overview_campaign_removed BEFORE DELETE ON campaigns FOR EACH ROW EXECUTE FUNCTION overview_campaign_removed();

-- Offers by status and amount, those of deleted campaigns left out (a
-- campaign gone from view is being removed with its offers: they count out).
-- +goose StatementBegin
CREATE FUNCTION overview_offers_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(array_agg('offers'::text), array_agg(offer_status), array_agg(c), array_agg(amount))
    FROM (SELECT offer_status, count(*) AS c, sum(coalesce(offer_amount, estimated_fee)) AS amount FROM new_rows r
        WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id AND c.status = 'deleted') GROUP BY offer_status) t
    HAVING count(*) > 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION overview_offers_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(array_agg('offers'::text), array_agg(offer_status), array_agg(-c), array_agg(-amount))
    FROM (SELECT offer_status, count(*) AS c, sum(coalesce(offer_amount, estimated_fee)) AS amount FROM old_rows r
        WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id AND c.status = 'deleted') GROUP BY offer_status) t
    HAVING count(*) > 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION overview_offers_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM overview_move(array_agg('offers'::text), array_agg(offer_status), array_agg(c), array_agg(amount))
    FROM (SELECT offer_status, sum(s) AS c, sum(s * coalesce(offer_amount, estimated_fee)) AS amount
        FROM (SELECT campaign_id, offer_status, offer_amount, estimated_fee, 1 AS s FROM new_rows
            UNION ALL SELECT campaign_id, offer_status, offer_amount, estimated_fee, -1 FROM old_rows) r
        WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = r.campaign_id AND c.status = 'deleted')
        GROUP BY offer_status HAVING sum(s) <> 0 OR sum(s * coalesce(offer_amount, estimated_fee)) <> 0) t
    HAVING count(*) > 0;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER overview_offers_ins AFTER INSERT ON roster_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_offers_ins();
CREATE TRIGGER overview_offers_upd AFTER UPDATE ON roster_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_offers_upd();
CREATE TRIGGER overview_offers_del AFTER DELETE ON roster_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_offers_del();

-- The campaign summary's "waiting on the brand" (countered offers, oldest
-- first) reads the few countered offers instead of every offer.
CREATE INDEX roster_entries_countered_idx ON roster_entries (offer_updated_at, id) WHERE offer_status = 'countered';

-- The counts so far.
INSERT INTO overview_counts (kind, key, slot, n, amount)
SELECT 'creators', tier, 0, count(*), 0 FROM creators GROUP BY tier
UNION ALL SELECT 'brands', '', 0, count(*), 0 FROM brands
UNION ALL SELECT 'campaigns', status, 0, count(*), 0 FROM campaigns WHERE status <> 'deleted' GROUP BY status
UNION ALL SELECT 'offers', e.offer_status, 0, count(*), sum(coalesce(e.offer_amount, e.estimated_fee))
    FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id WHERE c.status <> 'deleted' GROUP BY e.offer_status;

-- +goose Down
DROP INDEX roster_entries_countered_idx;
DROP TRIGGER overview_offers_del ON roster_entries;
DROP TRIGGER overview_offers_upd ON roster_entries;
DROP TRIGGER overview_offers_ins ON roster_entries;
DROP FUNCTION overview_offers_upd();
DROP FUNCTION overview_offers_del();
DROP FUNCTION overview_offers_ins();
DROP TRIGGER overview_campaign_removed ON campaigns;
DROP TRIGGER overview_campaigns_del ON campaigns;
DROP TRIGGER overview_campaigns_upd ON campaigns;
DROP TRIGGER overview_campaigns_ins ON campaigns;
DROP FUNCTION overview_campaign_removed();
DROP FUNCTION overview_campaigns_del();
DROP FUNCTION overview_campaigns_ins();
DROP FUNCTION overview_campaigns();
DROP TRIGGER overview_brands ON brands;
DROP FUNCTION overview_brands();
DROP TRIGGER overview_creators_del ON creators;
DROP TRIGGER overview_creators_upd ON creators;
DROP TRIGGER overview_creators_ins ON creators;
DROP FUNCTION overview_creators();
DROP FUNCTION overview_move(text[], text[], bigint[], numeric[]);
DROP TABLE overview_counts;
