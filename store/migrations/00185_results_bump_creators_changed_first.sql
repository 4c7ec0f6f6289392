-- +goose Up
-- A creator's update finds the creators whose name or handles changed first,
-- and returns at once when there are none: the analytics sync rewrites the
-- followers and audience-quality score of every synced account's creator and
-- changes no name, and each of those updates ran the join of the changed
-- creators to their accepted offers and called campaign_results_bump (an SQL
-- function, planned again at every call) with no campaign. On the capture
-- benchmark that was most of what an account with an accepted offer added to
-- Postgres's work, and it grew with the number of offers.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION campaign_results_bump_creators() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed uuid[];
BEGIN
    SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.instagram_handle, n.youtube_handle, n.tiktok_handle, n.linkedin_handle)
        IS DISTINCT FROM (o.name, o.instagram_handle, o.youtube_handle, o.tiktok_handle, o.linkedin_handle);
    IF changed IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM campaign_results_bump(ARRAY(SELECT DISTINCT e.campaign_id FROM unnest(changed) c(id)
        CROSS JOIN LATERAL (SELECT e.campaign_id FROM roster_entries e
            WHERE e.creator_id = c.id AND e.offer_status IN ('accepted', 'completed')) e));
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- +goose Down
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
