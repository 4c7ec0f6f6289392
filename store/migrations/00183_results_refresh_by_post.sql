-- +goose Up
-- campaign_results_refresh finds the posts it is given through their keys
-- (the post, then its offer) instead of joining every accepted offer's posts
-- and keeping the ones asked for: its plan started from all the accepted
-- offers whenever the statistics took them for few, so each batch of
-- captured posts, and each offer accepted, read every counted post of every
-- campaign. It is PL/pgSQL so that a session plans its statement once rather
-- than at every call, and a call with no posts returns at once (the insert
-- and update triggers of an upsert call it with none when one side is empty).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION campaign_results_refresh(posts uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(cardinality(posts), 0) = 0 THEN
        RETURN;
    END IF;
    WITH counted AS MATERIALIZED (
        -- The posts asked for whose offer is counted, each found through its
        -- keys: never a walk of every accepted offer.
        SELECT p.id, e.campaign_id FROM campaign_posts p
            CROSS JOIN LATERAL (SELECT e.campaign_id FROM roster_entries e
                WHERE e.id = p.entry_id AND e.offer_status IN ('accepted', 'completed') LIMIT 1) e
        WHERE p.id = ANY (posts)),
    want AS (
        SELECT pd.post_id, c.campaign_id, pd.day,
            coalesce(pd.views, 0) - coalesce(lag(pd.views) OVER w, 0) AS d_views, (pd.views IS NOT NULL)::int AS h_views,
            coalesce(pd.likes, 0) - coalesce(lag(pd.likes) OVER w, 0) AS d_likes, (pd.likes IS NOT NULL)::int AS h_likes,
            coalesce(pd.comments, 0) - coalesce(lag(pd.comments) OVER w, 0) AS d_comments, (pd.comments IS NOT NULL)::int AS h_comments,
            coalesce(pd.shares, 0) - coalesce(lag(pd.shares) OVER w, 0) AS d_shares, (pd.shares IS NOT NULL)::int AS h_shares
        FROM counted c JOIN campaign_post_daily pd ON pd.post_id = c.id
        WINDOW w AS (PARTITION BY pd.post_id ORDER BY pd.day)),
    old AS (DELETE FROM campaign_post_deltas d WHERE d.post_id = ANY (posts) RETURNING d.*),
    ins AS (
        INSERT INTO campaign_post_deltas (post_id, campaign_id, day, d_views, h_views, d_likes, h_likes, d_comments, h_comments,
            d_shares, h_shares)
        SELECT post_id, campaign_id, day, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares FROM want),
    diff AS (
        SELECT campaign_id, day, sum(n)::int AS readings, sum(d_views) AS d_views, sum(h_views)::int AS h_views,
            sum(d_likes) AS d_likes, sum(h_likes)::int AS h_likes, sum(d_comments) AS d_comments, sum(h_comments)::int AS h_comments,
            sum(d_shares) AS d_shares, sum(h_shares)::int AS h_shares
        FROM (
            SELECT campaign_id, day, 1 AS n, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares FROM want
            UNION ALL
            SELECT campaign_id, day, -1, -d_views, -h_views, -d_likes, -h_likes, -d_comments, -h_comments, -d_shares, -h_shares FROM old
        ) x
        GROUP BY campaign_id, day)
    INSERT INTO campaign_result_days AS r (campaign_id, day, readings, d_views, h_views, d_likes, h_likes, d_comments, h_comments,
        d_shares, h_shares)
    SELECT diff.* FROM diff
    WHERE (readings, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
        AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = diff.campaign_id)
    ORDER BY campaign_id, day
    ON CONFLICT (campaign_id, day) DO UPDATE SET readings = r.readings + excluded.readings,
        d_views = r.d_views + excluded.d_views, h_views = r.h_views + excluded.h_views,
        d_likes = r.d_likes + excluded.d_likes, h_likes = r.h_likes + excluded.h_likes,
        d_comments = r.d_comments + excluded.d_comments, h_comments = r.h_comments + excluded.h_comments,
        d_shares = r.d_shares + excluded.d_shares, h_shares = r.h_shares + excluded.h_shares;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION campaign_results_refresh(posts uuid[]) RETURNS void LANGUAGE sql AS $$
    WITH want AS (
        SELECT pd.post_id, e.campaign_id, pd.day,
            coalesce(pd.views, 0) - coalesce(lag(pd.views) OVER w, 0) AS d_views, (pd.views IS NOT NULL)::int AS h_views,
            coalesce(pd.likes, 0) - coalesce(lag(pd.likes) OVER w, 0) AS d_likes, (pd.likes IS NOT NULL)::int AS h_likes,
            coalesce(pd.comments, 0) - coalesce(lag(pd.comments) OVER w, 0) AS d_comments, (pd.comments IS NOT NULL)::int AS h_comments,
            coalesce(pd.shares, 0) - coalesce(lag(pd.shares) OVER w, 0) AS d_shares, (pd.shares IS NOT NULL)::int AS h_shares
        FROM campaign_post_daily pd JOIN campaign_posts p ON p.id = pd.post_id JOIN roster_entries e ON e.id = p.entry_id
        WHERE pd.post_id = ANY (posts) AND e.offer_status IN ('accepted', 'completed')
        WINDOW w AS (PARTITION BY pd.post_id ORDER BY pd.day)),
    old AS (DELETE FROM campaign_post_deltas d WHERE d.post_id = ANY (posts) RETURNING d.*),
    ins AS (
        INSERT INTO campaign_post_deltas (post_id, campaign_id, day, d_views, h_views, d_likes, h_likes, d_comments, h_comments,
            d_shares, h_shares)
        SELECT post_id, campaign_id, day, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares FROM want),
    diff AS (
        SELECT campaign_id, day, sum(n)::int AS readings, sum(d_views) AS d_views, sum(h_views)::int AS h_views,
            sum(d_likes) AS d_likes, sum(h_likes)::int AS h_likes, sum(d_comments) AS d_comments, sum(h_comments)::int AS h_comments,
            sum(d_shares) AS d_shares, sum(h_shares)::int AS h_shares
        FROM (
            SELECT campaign_id, day, 1 AS n, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares FROM want
            UNION ALL
            SELECT campaign_id, day, -1, -d_views, -h_views, -d_likes, -h_likes, -d_comments, -h_comments, -d_shares, -h_shares FROM old
        ) x
        GROUP BY campaign_id, day)
    INSERT INTO campaign_result_days AS r (campaign_id, day, readings, d_views, h_views, d_likes, h_likes, d_comments, h_comments,
        d_shares, h_shares)
    SELECT diff.* FROM diff
    WHERE (readings, d_views, h_views, d_likes, h_likes, d_comments, h_comments, d_shares, h_shares) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
        AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = diff.campaign_id)
    ORDER BY campaign_id, day
    ON CONFLICT (campaign_id, day) DO UPDATE SET readings = r.readings + excluded.readings,
        d_views = r.d_views + excluded.d_views, h_views = r.h_views + excluded.h_views,
        d_likes = r.d_likes + excluded.d_likes, h_likes = r.h_likes + excluded.h_likes,
        d_comments = r.d_comments + excluded.d_comments, h_comments = r.h_comments + excluded.h_comments,
        d_shares = r.d_shares + excluded.d_shares, h_shares = r.h_shares + excluded.h_shares
$$;
-- +goose StatementEnd
