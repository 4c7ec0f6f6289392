-- +goose Up
-- A campaign's results version: moved on by the same transaction as any row
-- its results read (the campaign and its brand, its offers and their
-- creators, its posts and daily sums), so an api process may answer the
-- results it computed before for as long as the version is unchanged.
CREATE TABLE campaign_results_versions (
    campaign_id uuid PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    version     bigint NOT NULL DEFAULT 1
);

-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump(ids uuid[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO campaign_results_versions AS v (campaign_id)
    SELECT c.id FROM campaigns c WHERE c.id = ANY (ids) ORDER BY c.id
    ON CONFLICT (campaign_id) DO UPDATE SET version = v.version + 1
$$;
-- +goose StatementEnd

-- Rows naming their campaign (campaign_id): offers, posts, daily sums.
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT campaign_id FROM new_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT campaign_id FROM old_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT campaign_id FROM new_rows UNION SELECT campaign_id FROM old_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER results_version_ins AFTER INSERT ON roster_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_new();
CREATE TRIGGER results_version_upd AFTER UPDATE ON roster_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_both();
CREATE TRIGGER results_version_del AFTER DELETE ON roster_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_old();
CREATE TRIGGER results_version_ins AFTER INSERT ON campaign_posts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_new();
CREATE TRIGGER results_version_upd AFTER UPDATE ON campaign_posts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_both();
CREATE TRIGGER results_version_del AFTER DELETE ON campaign_posts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_old();
CREATE TRIGGER results_version_ins AFTER INSERT ON campaign_result_days
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_new();
CREATE TRIGGER results_version_upd AFTER UPDATE ON campaign_result_days
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_both();

-- The campaign itself, its brand, its offers' creators.
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_campaigns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT id FROM new_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_brands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT c.id FROM campaigns c WHERE c.brand_id IN (SELECT id FROM new_rows)));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_results_bump_creators() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT e.campaign_id FROM roster_entries e
        WHERE e.creator_id IN (SELECT id FROM new_rows) AND e.offer_status IN ('accepted', 'completed')));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER results_version_upd AFTER UPDATE ON campaigns
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_campaigns();
CREATE TRIGGER results_version_upd AFTER UPDATE ON brands
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_brands();
CREATE TRIGGER results_version_upd AFTER UPDATE ON creators
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_creators();

-- +goose Down
DROP TRIGGER results_version_upd ON creators;
DROP TRIGGER results_version_upd ON brands;
DROP TRIGGER results_version_upd ON campaigns;
DROP TRIGGER results_version_upd ON campaign_result_days;
DROP TRIGGER results_version_ins ON campaign_result_days;
DROP TRIGGER results_version_del ON campaign_posts;
DROP TRIGGER results_version_upd ON campaign_posts;
DROP TRIGGER results_version_ins ON campaign_posts;
DROP TRIGGER results_version_del ON roster_entries;
DROP TRIGGER results_version_upd ON roster_entries;
DROP TRIGGER results_version_ins ON roster_entries;
DROP FUNCTION campaign_results_bump_creators();
DROP FUNCTION campaign_results_bump_brands();
DROP FUNCTION campaign_results_bump_campaigns();
DROP FUNCTION campaign_results_bump_both();
DROP FUNCTION campaign_results_bump_old();
DROP FUNCTION campaign_results_bump_new();
DROP FUNCTION campaign_results_bump(uuid[]);
DROP TABLE campaign_results_versions;
