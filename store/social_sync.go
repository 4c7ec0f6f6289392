package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// SocialSyncTarget returns the account and its sealed tokens for a sync. A
// disconnected or deleted account, or one without tokens, is ENOTFOUND.
func (s *DB) SocialSyncTarget(ctx context.Context, accountID string) (*SocialAccount, *SealedTokens, error) {
	var row struct {
		SocialAccount
		SealedTokens
	}
	err := s.db.GetContext(ctx, &row, `SELECT a.id, a.user_id, a.platform, a.username, a.status, a.last_synced_at,
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

// SaveSocialSnapshot stores a sync's result in one transaction: one row per
// (account, day), upserted, so the same snapshot twice changes nothing; the
// demographics replaced when the platform sent them; the account's profile,
// status and last sync time; and the creator-network entry linked to the
// user: handle, follower count, engagement rate (average daily likes over
// the last 30 days per follower, in percent, across the user's accounts)
// and the platform among the ones that verified it.
func (s *DB) SaveSocialSnapshot(ctx context.Context, accountID string, snap SocialSnapshot) error {
	n := len(snap.Days)
	days, f, l, v, o := make([]string, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for i, d := range snap.Days {
		days[i], f[i], l[i], v[i], o[i] = d.Day.Format(time.DateOnly), d.Followers, d.Likes, d.Views, d.OrganicImpressions
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var a SocialAccount
		err := tx.GetContext(ctx, &a, `UPDATE social_accounts SET username = coalesce(nullif($2, ''), username),
			full_name = coalesce(nullif($3, ''), full_name), external_id = coalesce(nullif($4, ''), external_id),
			status = 'connected', status_reason = '', last_synced_at = $5
			WHERE id = $1 AND status <> 'disconnected' RETURNING id, user_id, platform, username, status, last_synced_at`,
			accountID, snap.Username, snap.FullName, snap.ExternalID, s.now())
		if errors.Is(err, sql.ErrNoRows) {
			return nil // disconnected meanwhile: nothing to store
		}
		if err != nil {
			return fmt.Errorf("update social account: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
			SELECT $1, d::date, f, l, v, o FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) AS t (d, f, l, v, o)
			ON CONFLICT (account_id, day) DO UPDATE SET followers = excluded.followers, likes = excluded.likes, views = excluded.views,
				organic_impressions = excluded.organic_impressions
			WHERE (social_daily.followers, social_daily.likes, social_daily.views, social_daily.organic_impressions)
				IS DISTINCT FROM (excluded.followers, excluded.likes, excluded.views, excluded.organic_impressions)`,
			accountID, pq.Array(days), pq.Array(f), pq.Array(l), pq.Array(v), pq.Array(o)); err != nil {
			return fmt.Errorf("upsert social days: %w", err)
		}
		if snap.Demographics != nil {
			if err := saveDemographics(ctx, tx, accountID, snap.Demographics); err != nil {
				return err
			}
		}
		return updateNetworkEntry(ctx, tx, a, s.now())
	})
}

func saveDemographics(ctx context.Context, tx *sqlx.Tx, accountID string, shares []SocialShare) error {
	dims, buckets, vals := make([]string, len(shares)), make([]string, len(shares)), make([]float64, len(shares))
	for i, sh := range shares {
		dims[i], buckets[i], vals[i] = sh.Dimension, sh.Bucket, min(max(sh.Share, 0), 1)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM social_demographics WHERE account_id = $1`, accountID); err != nil {
		return fmt.Errorf("clear demographics: %w", err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO social_demographics (account_id, dimension, bucket, share)
		SELECT $1, d, b, round(s::numeric, 4) FROM unnest($2::text[], $3::text[], $4::float8[]) AS t (d, b, s)
		ON CONFLICT DO NOTHING`, accountID, pq.Array(dims), pq.Array(buckets), pq.Array(vals))
	if err != nil {
		return fmt.Errorf("save demographics: %w", err)
	}
	return nil
}

// updateNetworkEntry copies the account's figures to the creator-network
// entry linked to its user, when there is one.
func updateNetworkEntry(ctx context.Context, tx *sqlx.Tx, a SocialAccount, now time.Time) error {
	cols := networkColumns[a.Platform]
	_, err := tx.ExecContext(ctx, fmt.Sprintf(`WITH latest AS (
			SELECT DISTINCT ON (d.account_id) d.account_id, d.followers FROM social_daily d JOIN social_accounts sa ON sa.id = d.account_id
			WHERE sa.user_id = $1 AND sa.status <> 'disconnected' ORDER BY d.account_id, d.day DESC),
		likes AS (SELECT sum(d.likes) AS likes FROM social_daily d JOIN social_accounts sa ON sa.id = d.account_id
			WHERE sa.user_id = $1 AND sa.status <> 'disconnected' AND d.day > $4::date - 30)
		UPDATE creators SET %s = coalesce(nullif($2, ''), %s),
			%s = (SELECT followers FROM latest WHERE account_id = $3),
			engagement_rate = (SELECT least(round(likes::numeric / 30 / nullif((SELECT sum(followers) FROM latest), 0) * 100, 2), 9999) FROM likes),
			verified_platforms = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest(verified_platforms || $5::text) p),
			updated_at = $4
		WHERE user_id = $1`, cols[0], cols[0], cols[1]), a.UserID, a.Username, a.ID, now, a.Platform)
	if err != nil {
		return fmt.Errorf("update creator network entry: %w", err)
	}
	return nil
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
