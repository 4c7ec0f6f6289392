-- +goose Up
-- A network entry's audience-quality figure: the readings of its creator's
-- connected accounts weighted by their followers (NULL when none has a
-- reading). Kept by the sync that stores the readings; the network sorts
-- and filters on it and rosters may ask for a minimum.
ALTER TABLE creators ADD COLUMN quality_score smallint CHECK (quality_score BETWEEN 0 AND 100);
CREATE INDEX creators_quality_idx ON creators (quality_score DESC NULLS LAST, id);

UPDATE creators c SET quality_score = q.score FROM (
    SELECT a.user_id, round(sum(aq.score * greatest(coalesce(f.followers, 0), 1))::numeric / sum(greatest(coalesce(f.followers, 0), 1)))::smallint AS score
    FROM social_accounts a JOIN audience_quality aq ON aq.account_id = a.id AND aq.score IS NOT NULL
    LEFT JOIN LATERAL (SELECT d.followers FROM social_daily d WHERE d.account_id = a.id ORDER BY d.day DESC LIMIT 1) f ON true
    WHERE a.status <> 'disconnected' GROUP BY a.user_id) q
WHERE c.user_id = q.user_id;

-- +goose Down
DROP INDEX creators_quality_idx;
ALTER TABLE creators DROP COLUMN quality_score;
