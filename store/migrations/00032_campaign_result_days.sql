-- +goose Up
-- A campaign's daily series kept current as readings are stored, so that the
-- results read one row a day instead of every reading of every post.
--
-- The series is cumulative: each day sums, over the posts of the campaign's
-- accepted and completed offers, their last reading on or before that day.
-- It is kept as each reading's change since the post's previous reading
-- (campaign_post_deltas, one row per reading of a counted post) summed by
-- campaign and day (campaign_result_days); the results run the sums forward.
-- A figure's h_ column counts the readings that report it (a day's figure is
-- null until one has). Rows whose readings fell to 0 are left in place and
-- passed by.

CREATE TABLE campaign_result_days (
    campaign_id uuid    NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    day         date    NOT NULL,
    readings    integer NOT NULL DEFAULT 0,
    d_views     bigint  NOT NULL DEFAULT 0,
    h_views     integer NOT NULL DEFAULT 0,
    d_likes     bigint  NOT NULL DEFAULT 0,
    h_likes     integer NOT NULL DEFAULT 0,
    d_comments  bigint  NOT NULL DEFAULT 0,
    h_comments  integer NOT NULL DEFAULT 0,
    d_shares    bigint  NOT NULL DEFAULT 0,
    h_shares    integer NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, day)
);

-- What each reading adds to its campaign's day (no foreign key: the rows of
-- a deleted post are taken back out of the sums by the refresh).
CREATE TABLE campaign_post_deltas (
    post_id     uuid    NOT NULL,
    campaign_id uuid    NOT NULL,
    day         date    NOT NULL,
    d_views     bigint  NOT NULL,
    h_views     integer NOT NULL,
    d_likes     bigint  NOT NULL,
    h_likes     integer NOT NULL,
    d_comments  bigint  NOT NULL,
    h_comments  integer NOT NULL,
    d_shares    bigint  NOT NULL,
    h_shares    integer NOT NULL
);
CREATE INDEX campaign_post_deltas_post_idx ON campaign_post_deltas (post_id);

-- campaign_results_refresh recomputes the deltas of the given posts from
-- their readings as they stand (none when the post is gone or its offer is
-- not accepted or completed) and moves the campaign days by the difference.
-- It recomputes rather than adjusts, so running it twice for one change (an
-- upsert fires the insert and the update triggers) changes nothing more.
-- +goose StatementBegin
CREATE FUNCTION campaign_results_refresh(posts uuid[]) RETURNS void LANGUAGE sql AS $$
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

-- Readings stored, changed or removed (a removed post's readings go with it).
-- +goose StatementBegin
CREATE FUNCTION campaign_post_daily_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_refresh(ARRAY(SELECT DISTINCT post_id FROM new_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_post_daily_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_refresh(ARRAY(SELECT post_id FROM new_rows UNION SELECT post_id FROM old_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE FUNCTION campaign_post_daily_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_refresh(ARRAY(SELECT DISTINCT post_id FROM old_rows));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER campaign_post_daily_ins AFTER INSERT ON campaign_post_daily
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_post_daily_inserted();
CREATE TRIGGER campaign_post_daily_upd AFTER UPDATE ON campaign_post_daily
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_post_daily_updated();
CREATE TRIGGER campaign_post_daily_del AFTER DELETE ON campaign_post_daily
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_post_daily_deleted();

-- A post moved to another offer, and an offer entering or leaving accepted
-- and completed, move its posts' readings in or out of the series.
-- +goose StatementBegin
CREATE FUNCTION campaign_posts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_refresh(ARRAY[NEW.id]);
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER campaign_posts_moved AFTER UPDATE OF entry_id ON campaign_posts
    FOR EACH ROW WHEN (OLD.entry_id IS DISTINCT FROM NEW.entry_id) EXECUTE FUNCTION campaign_posts_moved();
-- +goose StatementBegin
CREATE FUNCTION roster_entries_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM campaign_results_refresh(ARRAY(SELECT id FROM campaign_posts WHERE entry_id = NEW.id));
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER roster_entries_counted AFTER UPDATE OF offer_status, campaign_id ON roster_entries
    FOR EACH ROW WHEN ((OLD.offer_status IN ('accepted', 'completed')) IS DISTINCT FROM (NEW.offer_status IN ('accepted', 'completed'))
        OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id)
    EXECUTE FUNCTION roster_entries_counted();

-- The readings stored so far.
SELECT campaign_results_refresh(ARRAY(SELECT DISTINCT post_id FROM campaign_post_daily));

-- +goose Down
DROP TRIGGER roster_entries_counted ON roster_entries;
DROP FUNCTION roster_entries_counted();
DROP TRIGGER campaign_posts_moved ON campaign_posts;
DROP FUNCTION campaign_posts_moved();
DROP TRIGGER campaign_post_daily_del ON campaign_post_daily;
DROP TRIGGER campaign_post_daily_upd ON campaign_post_daily;
DROP TRIGGER campaign_post_daily_ins ON campaign_post_daily;
DROP FUNCTION campaign_post_daily_deleted();
DROP FUNCTION campaign_post_daily_updated();
DROP FUNCTION campaign_post_daily_inserted();
DROP FUNCTION campaign_results_refresh(uuid[]);
DROP TABLE campaign_post_deltas;
DROP TABLE campaign_result_days;
