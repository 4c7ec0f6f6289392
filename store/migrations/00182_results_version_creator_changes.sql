-- +goose Up
-- A creator's update moves on the results version of their campaigns only
-- when it changes what the results show of them: the name and the platforms'
-- handles. The analytics sync rewrites creators' followers, engagement and
-- audience-quality score on every run, and each rewrite moved on the version
-- of every campaign the creator works on: a big campaign's version row was
-- rewritten thousands of times a sync, and every results answer kept by the
-- api processes was dropped. The campaigns are found from the changed
-- creators through the offers' creator index.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION campaign_results_bump_creators() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT x.campaign_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (SELECT e.campaign_id FROM roster_entries e
            WHERE e.creator_id = n.id AND e.offer_status IN ('accepted', 'completed')) x
        WHERE (n.name, n.instagram_handle, n.youtube_handle, n.tiktok_handle, n.linkedin_handle)
            IS DISTINCT FROM (o.name, o.instagram_handle, o.youtube_handle, o.tiktok_handle, o.linkedin_handle)));
    RETURN NULL;
END $$;
-- +goose StatementEnd
DROP TRIGGER results_version_upd ON creators;
CREATE TRIGGER results_version_upd AFTER UPDATE ON creators
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_creators();

-- +goose Down
DROP TRIGGER results_version_upd ON creators;
CREATE TRIGGER results_version_upd AFTER UPDATE ON creators
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_results_bump_creators();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION campaign_results_bump_creators() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT e.campaign_id FROM roster_entries e
        WHERE e.creator_id IN (SELECT id FROM new_rows) AND e.offer_status IN ('accepted', 'completed')));
    RETURN NULL;
END $$;
-- +goose StatementEnd
