package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// SocialSyncTarget returns the account and its sealed tokens for a sync, in
// one read (no write, so no commit to wait for; answers show an account
// "syncing" while its sync job runs). A disconnected or deleted account, or
// one without tokens, is ENOTFOUND.
func (s *DB) SocialSyncTarget(ctx context.Context, accountID string) (*SocialAccount, *SealedTokens, error) {
	var row struct {
		SocialAccount
		SealedTokens
	}
	err := s.getPrepared(ctx, &row, `SELECT a.id, a.user_id, a.platform, a.username, a.status, a.last_synced_at,
		t.access_token, t.refresh_token, t.scopes, t.issued_at, t.expires_at, t.refresh_expires_at
		FROM social_accounts a JOIN social_tokens t ON t.account_id = a.id WHERE a.id = $1 AND a.status <> 'disconnected'`, accountID)
	if err != nil {
		return nil, nil, translate(err, "Social account")
	}
	return &row.SocialAccount, &row.SealedTokens, nil
}

// SaveSocialTokens replaces the account's sealed tokens (after a refresh).
func (s *DB) SaveSocialTokens(ctx context.Context, accountID string, t SealedTokens) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return saveTokens(ctx, tx, accountID, t, s.now()) })
}

// SetSocialStatus sets the account's status and reason (a disconnected
// account stays disconnected).
func (s *DB) SetSocialStatus(ctx context.Context, accountID, status, reason string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE social_accounts SET status = $2, status_reason = $3 WHERE id = $1 AND status <> 'disconnected'`,
		accountID, status, reason)
	if err != nil {
		return fmt.Errorf("set social status: %w", err)
	}
	return nil
}

// SocialDay is one day of an account's analytics.
type SocialDay struct {
	Day                                         time.Time
	Followers, Likes, Views, OrganicImpressions int64
}

// SocialShare is one audience bucket: dimension age, gender or country.
type SocialShare struct {
	Dimension, Bucket string
	Share             float64
}

// SocialSnapshot is what a sync stores: profile, days and (when the
// platform shares them, else nil) demographics.
type SocialSnapshot struct {
	Username, FullName, ExternalID string
	Days                           []SocialDay
	Demographics                   []SocialShare
}

// networkColumns are the creator-network columns of each platform: handle and follower count.
var networkColumns = map[string][2]string{
	"instagram": {"instagram_handle", "instagram_followers"}, "youtube": {"youtube_handle", "youtube_subscribers"},
	"tiktok": {"tiktok_handle", "tiktok_followers"}, "linkedin": {"linkedin_handle", "linkedin_followers"},
}

// SaveSocialSnapshot stores a sync's result in one prepared statement (so one
// transaction, one round trip and no planning), committed without waiting for the WAL
// flush (synchronous_commit off for this transaction only): should Postgres
// crash in the next moment, the sync is lost and the next one fetches the
// same days again. One row per (account, day), upserted, so
// the same snapshot twice changes nothing; the demographics replaced when
// the platform sent them; the account's profile, status and last sync time;
// and the creator-network entry linked to the user: handle, follower count,
// engagement rate (average daily likes over the last 30 days per follower,
// in percent, across the user's accounts) and the platform among the ones
// that verified it. A disconnected account stores nothing.
func (s *DB) SaveSocialSnapshot(ctx context.Context, accountID string, snap SocialSnapshot) error {
	n := len(snap.Days)
	days, f, l, v, o := make([]string, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for i, d := range snap.Days {
		days[i], f[i], l[i], v[i], o[i] = d.Day.Format(time.DateOnly), d.Followers, d.Likes, d.Views, d.OrganicImpressions
	}
	m := len(snap.Demographics)
	dims, buckets, shares := make([]string, m), make([]string, m), make([]float64, m)
	for i, sh := range snap.Demographics {
		dims[i], buckets[i], shares[i] = sh.Dimension, sh.Bucket, min(max(sh.Share, 0), 1)
	}
	err := s.execPrepared(ctx, saveSnapshotSQL, accountID, snap.Username, snap.FullName, snap.ExternalID, s.now(),
		pq.Array(days), pq.Array(f), pq.Array(l), pq.Array(v), pq.Array(o),
		snap.Demographics != nil, pq.Array(dims), pq.Array(buckets), pq.Array(shares))
	if err != nil {
		return fmt.Errorf("save social snapshot: %w", err)
	}
	return nil
}

// saveSnapshotSQL is SaveSocialSnapshot's statement. The sub-statements of
// one statement do not see each other's writes, so the network entry is
// computed from the stored days merged with the new ones ($6..$10), and the
// demographics are upserted with the buckets no longer sent deleted.
// $1 account, $2 username, $3 full name, $4 external id, $5 now,
// $6 days, $7 followers, $8 likes, $9 views, $10 impressions,
// $11 demographics sent, $12 dimensions, $13 buckets, $14 shares.
var saveSnapshotSQL = `WITH async AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true)),
	a AS (
		UPDATE social_accounts SET username = coalesce(nullif($2, ''), username), full_name = coalesce(nullif($3, ''), full_name),
			external_id = coalesce(nullif($4, ''), external_id), status = 'connected', status_reason = '', last_synced_at = $5
		FROM async WHERE id = $1 AND status <> 'disconnected' RETURNING id, user_id, platform, username),
	new AS MATERIALIZED (SELECT d::date AS day, f, l, v, o FROM unnest($6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[]) AS t (d, f, l, v, o)),
	upsert_days AS (
		INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
		SELECT a.id, new.day, f, l, v, o FROM a, new
		ON CONFLICT (account_id, day) DO UPDATE SET followers = excluded.followers, likes = excluded.likes, views = excluded.views,
			organic_impressions = excluded.organic_impressions
		WHERE (social_daily.followers, social_daily.likes, social_daily.views, social_daily.organic_impressions)
			IS DISTINCT FROM (excluded.followers, excluded.likes, excluded.views, excluded.organic_impressions)),
	demo AS MATERIALIZED (SELECT dm, b, round(s::numeric, 4) AS s FROM unnest($12::text[], $13::text[], $14::float8[]) AS t (dm, b, s) WHERE $11),
	demo_gone AS (
		DELETE FROM social_demographics sd USING a WHERE $11 AND sd.account_id = a.id
			AND (sd.dimension, sd.bucket) NOT IN (SELECT dm, b FROM demo)),
	demo_put AS (
		INSERT INTO social_demographics (account_id, dimension, bucket, share) SELECT DISTINCT ON (dm, b) a.id, dm, b, s FROM a, demo
		ON CONFLICT (account_id, dimension, bucket) DO UPDATE SET share = excluded.share
		WHERE social_demographics.share IS DISTINCT FROM excluded.share),
	merged AS MATERIALIZED (
		SELECT d.account_id, d.day, d.followers, d.likes FROM a JOIN social_accounts sa ON sa.user_id = a.user_id AND sa.status <> 'disconnected'
			JOIN social_daily d ON d.account_id = sa.id
		WHERE d.account_id <> a.id OR d.day NOT IN (SELECT day FROM new)
		UNION ALL SELECT a.id, new.day, new.f, new.l FROM a, new),
	latest AS (SELECT DISTINCT ON (account_id) account_id, followers FROM merged ORDER BY account_id, day DESC)
	UPDATE creators c SET ` + networkSetSQL() + `,
		engagement_rate = (SELECT least(round(sum(likes)::numeric / 30 / nullif((SELECT sum(followers) FROM latest), 0) * 100, 2), 9999)
			FROM merged WHERE day > $5::date - 30),
		verified_platforms = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest(c.verified_platforms || a.platform) p),
		updated_at = $5
	FROM a WHERE c.user_id = a.user_id`

// networkSetSQL sets the handle and follower count of the account's
// platform in the creator-network entry (networkColumns).
func networkSetSQL() string {
	var sets []string
	for _, p := range SocialPlatforms {
		cols := networkColumns[p.ID]
		sets = append(sets, fmt.Sprintf(`%[1]s = CASE WHEN a.platform = '%[3]s' THEN coalesce(nullif(a.username, ''), c.%[1]s) ELSE c.%[1]s END,
		%[2]s = CASE WHEN a.platform = '%[3]s' THEN (SELECT followers FROM latest WHERE account_id = a.id) ELSE c.%[2]s END`, cols[0], cols[1], p.ID))
	}
	return strings.Join(sets, ",\n\t\t")
}

// EnqueueSocialSyncs writes, in one statement, an outbox task per connected
// account for the interval starting at bucket: its key carries the bucket
// (a second scheduler or a retried tick adds nothing), and each runs at a
// moment of the interval fixed by a hash of the account id, so the syncs
// spread over it. It returns how many tasks it added.
func (s *DB) EnqueueSocialSyncs(ctx context.Context, taskType, queue string, bucket time.Time, interval time.Duration) (int, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO task_outbox (task_key, task_type, queue, payload, process_at)
		SELECT $1 || ':' || a.id || ':' || $3::bigint, $1, $2, convert_to(json_build_object('accountId', a.id)::text, 'UTF8'),
			$4::timestamptz + make_interval(secs => abs(hashtext(a.id::text))::bigint % greatest($5::bigint, 1))
		FROM social_accounts a JOIN social_tokens t ON t.account_id = a.id
		WHERE a.status IN ('connected', 'syncing')
		ON CONFLICT (task_key) DO NOTHING`, taskType, queue, bucket.Unix(), bucket, int64(interval.Seconds()))
	if err != nil {
		return 0, fmt.Errorf("enqueue social syncs: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// engagementQuery answers GET /api/accounts/engagement in one statement.
// $1 user, $2 platform (” = all), $3 today, $4 days.
const engagementQuery = `WITH acc AS (
		SELECT a.id, a.platform, p.name, p.ord FROM social_accounts a
		JOIN (VALUES ('instagram', 'Instagram', 1), ('youtube', 'YouTube', 2), ('tiktok', 'TikTok', 3), ('linkedin', 'LinkedIn', 4)) p (id, name, ord)
			ON p.id = a.platform
		WHERE a.user_id = $1 AND a.status <> 'disconnected' AND (cardinality($2::text[]) = 0 OR a.platform = ANY ($2::text[]))),
	latest AS (SELECT acc.id, coalesce((SELECT followers FROM social_daily d WHERE d.account_id = acc.id ORDER BY day DESC LIMIT 1), 0) AS followers FROM acc),
	demo AS (
		SELECT sd.dimension, sd.bucket, sum(sd.share * greatest(l.followers, 1)) / sum(sum(sd.share * greatest(l.followers, 1))) OVER (PARTITION BY sd.dimension) AS share
		FROM social_demographics sd JOIN latest l ON l.id = sd.account_id GROUP BY sd.dimension, sd.bucket)
	SELECT json_build_object(
		'platform', coalesce((SELECT json_agg(json_build_object('platformName', acc.name, 'platform', acc.platform,
			'data', json_build_array(json_build_object('like', coalesce(h.likes, 0), 'view', coalesce(h.views, 0),
				'organicImpression', coalesce(h.impressions, 0), 'followers', l.followers)),
			'history', coalesce(h.history, '[]')) ORDER BY acc.ord)
			FROM acc JOIN latest l ON l.id = acc.id
			LEFT JOIN LATERAL (SELECT sum(d.likes) AS likes, sum(d.views) AS views, sum(d.organic_impressions) AS impressions,
				json_agg(json_build_object('date', d.day, 'followers', d.followers, 'like', d.likes, 'view', d.views,
					'organicImpression', d.organic_impressions) ORDER BY d.day) AS history
				FROM social_daily d WHERE d.account_id = acc.id AND d.day > $3::date - $4::int AND d.day <= $3::date) h ON true), '[]'),
		'demographics', json_build_object(
			'age', coalesce((SELECT json_agg(json_build_object('range', bucket, 'share', round(share, 4)) ORDER BY bucket) FROM demo WHERE dimension = 'age'), '[]'),
			'gender', coalesce((SELECT json_agg(json_build_object('gender', bucket, 'share', round(share, 4)) ORDER BY share DESC) FROM demo WHERE dimension = 'gender'), '[]'),
			'countries', coalesce((SELECT json_agg(json_build_object('country', bucket, 'share', round(share, 4)) ORDER BY share DESC)
				FROM (SELECT * FROM demo WHERE dimension = 'country' ORDER BY share DESC, bucket LIMIT 5) c), '[]'),
			'platforms', coalesce((SELECT json_agg(json_build_object('platformName', acc.name,
				'shared', EXISTS (SELECT 1 FROM social_demographics sd WHERE sd.account_id = acc.id)) ORDER BY acc.ord) FROM acc), '[]')))`

// SocialEngagement returns the user's engagement (per platform: the
// window's totals and daily history; the audience, weighted by followers)
// over the days ending today, as JSON built by Postgres in one statement.
func (s *DB) SocialEngagement(ctx context.Context, userID, platform string, days int) (json.RawMessage, error) {
	platforms := []string{}
	if platform != "" {
		platforms = append(platforms, platform)
	}
	p, err := s.queryPage(ctx, engagementQuery, []any{uuidOrNil(userID), pq.Array(platforms), s.now().Format(time.DateOnly), days})
	if err != nil {
		return nil, fmt.Errorf("social engagement: %w", err)
	}
	return p.Items, nil
}

// EngagementSQL is the statement behind SocialEngagement, for benchmarks'
// bare handlers ($1 user, $2 platform or ”, $3 today, $4 days).
const EngagementSQL = engagementQuery
