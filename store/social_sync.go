package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// SyncTarget is an account as a sync reads it, with its sealed tokens.
type SyncTarget struct {
	SocialAccount
	SealedTokens
	// Capture is the campaigns whose tagged posts the sync captures from
	// this account (accepted or completed offers of its owner's network
	// entry on campaigns not ended more than 30 days ago); empty for most accounts,
	// whose syncs then read no posts at all.
	Capture CaptureList `db:"capture"`
}

// SocialSyncTargets returns the accounts of ids that are still connected
// (reconnect_needed included: the sync reports it) and whose owner has not
// deleted their account, with their sealed tokens,
// and the campaigns whose posts it captures (SyncTarget.Capture),
// in one read (no write, so no commit to wait for; answers show an account
// "syncing" while its sync job runs). When notSyncedSince is set, accounts
// synced at or after it are left out: a scheduled sync that is retried, or
// that follows a "sync now", does not fetch them again.
func (s *DB) SocialSyncTargets(ctx context.Context, ids []string, notSyncedSince *time.Time) ([]SyncTarget, error) {
	st, release, err := s.prepared(ctx, `SELECT a.id, a.user_id, a.platform, a.username, a.status, a.last_synced_at,
		t.access_token, t.refresh_token, t.scopes, t.issued_at, t.expires_at, t.refresh_expires_at,
		`+captureCampaignsSQL("a.user_id", "$3")+` AS capture
		FROM social_accounts a JOIN social_tokens t ON t.account_id = a.id JOIN users u ON u.id = a.user_id
		WHERE a.id = ANY ($1::uuid[]) AND a.status <> 'disconnected' AND u.deleted_at IS NULL AND ($2::timestamptz IS NULL OR a.last_synced_at IS NULL OR a.last_synced_at < $2)
		ORDER BY a.id`)
	if err != nil {
		return nil, fmt.Errorf("social sync targets: %w", err)
	}
	defer release()
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !isUUID(id) })
	var out []SyncTarget
	if err := st.SelectContext(ctx, &out, pq.Array(ids), notSyncedSince, s.now().Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("social sync targets: %w", err)
	}
	return out, nil
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
	// What a platform reports of reach (nil where it does not report it):
	// accounts reached, accounts engaged, reach split by followers and non-followers.
	Reach, AccountsEngaged, ReachFollowers, ReachNonFollowers *int64
}

// SocialShare is one audience bucket: dimension age, gender or country.
type SocialShare struct {
	Dimension, Bucket string
	Share             float64
}

// SocialSnapshot is what a sync stores of an account: profile, days and
// (when the platform shares them, else nil) demographics.
type SocialSnapshot struct {
	AccountID                      string
	Username, FullName, ExternalID string
	Days                           []SocialDay
	Demographics                   []SocialShare
	Posts                          []CampaignPost // captured campaign posts (SyncTarget.Capture), nil when none
}

// SaveSocialSnapshots stores the results of syncs, of one account or of a
// batch, in one statement (one transaction, one execution for all):
//   - one row per (account, day), upserted and rewritten only when a figure
//     changed, so the same snapshot twice changes nothing;
//   - the demographics replaced when the platform sent them (buckets no
//     longer sent deleted), kept when it sent none;
//   - each account's profile, status and last sync time;
//   - the campaign posts each sync captured (one row per campaign, platform
//     and post; today's reading in campaign_post_daily), in a second
//     statement of the same transaction, only when there are any;
//   - the creator-network entry linked to each account's user: handle and
//     follower count of the synced platforms, engagement rate (average daily
//     likes over the last 30 days per follower, in percent, across the user's
//     accounts) and the platforms among the ones that verified it.
//
// A disconnected account stores nothing. The statement is prepared and
// planned once, generically (SessionSettings): every table it reads or
// writes is reached through an index for each account, a user or a day
// (= ANY (ARRAY(...)), correlated subqueries), so one plan fits a batch of
// any size; JIT compiling, which would cost more than the statement, is off.
// The commit does not wait for the WAL flush: should Postgres crash in the
// next moment, the syncs are lost and the next ones fetch the same days
// again.
func (s *DB) SaveSocialSnapshots(ctx context.Context, snaps []SocialSnapshot) error {
	_, _, err := s.saveSocialSnapshots(ctx, snaps)
	return err
}

// SaveSocialSnapshot stores one account's sync as SaveSocialSnapshots does
// and returns how many of its days were new (not stored before).
func (s *DB) SaveSocialSnapshot(ctx context.Context, snap SocialSnapshot) (newDays int, err error) {
	n, _, err := s.saveSocialSnapshots(ctx, []SocialSnapshot{snap})
	return n[snap.AccountID], err
}

// SaveSocialSnapshotCaptures is SaveSocialSnapshot that also answers the
// campaign posts captured for the first time by this sync.
func (s *DB) SaveSocialSnapshotCaptures(ctx context.Context, snap SocialSnapshot) (newDays int, captured []NewCapture, err error) {
	n, captured, err := s.saveSocialSnapshots(ctx, []SocialSnapshot{snap})
	return n[snap.AccountID], captured, err
}

// saveSocialSnapshots is SaveSocialSnapshots, returning the number of new
// days of each account that got any and the posts captured for the first time.
func (s *DB) saveSocialSnapshots(ctx context.Context, snaps []SocialSnapshot) (map[string]int, []NewCapture, error) {
	newDays := map[string]int{}
	var captured []NewCapture
	if len(snaps) == 0 {
		return newDays, nil, nil
	}
	var acct struct { // the columns of the statement's arrays
		ids, usernames, fullNames, externalIDs []string
		demoSent                               []bool
	}
	var days struct {
		accounts, days []string
		f, l, v, o     []int64
		r, e, rf, rn   []sql.NullInt64
	}
	var demo struct {
		accounts, dims, buckets []string
		shares                  []float64
	}
	var posts []CampaignPost
	for _, sn := range snaps {
		posts = append(posts, sn.Posts...)
		acct.ids = append(acct.ids, sn.AccountID)
		acct.usernames = append(acct.usernames, sn.Username)
		acct.fullNames = append(acct.fullNames, sn.FullName)
		acct.externalIDs = append(acct.externalIDs, sn.ExternalID)
		acct.demoSent = append(acct.demoSent, sn.Demographics != nil)
		for _, d := range sn.Days {
			days.accounts = append(days.accounts, sn.AccountID)
			days.days = append(days.days, d.Day.Format(time.DateOnly))
			days.f, days.l = append(days.f, d.Followers), append(days.l, d.Likes)
			days.v, days.o = append(days.v, d.Views), append(days.o, d.OrganicImpressions)
			days.r, days.e = append(days.r, nullInt(d.Reach)), append(days.e, nullInt(d.AccountsEngaged))
			days.rf, days.rn = append(days.rf, nullInt(d.ReachFollowers)), append(days.rn, nullInt(d.ReachNonFollowers))
		}
		for _, sh := range sn.Demographics {
			demo.accounts = append(demo.accounts, sn.AccountID)
			demo.dims, demo.buckets = append(demo.dims, sh.Dimension), append(demo.buckets, sh.Bucket)
			demo.shares = append(demo.shares, min(max(sh.Share, 0), 1))
		}
	}
	// Prepared before the transaction: preparing inside it would take a
	// second connection while the transaction holds one (see txStmt).
	st, release, err := s.prepared(ctx, saveSnapshotsSQL)
	if err != nil {
		return nil, nil, fmt.Errorf("save social snapshots: %w", err)
	}
	defer release()
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit = off; SET LOCAL jit = off`); err != nil {
			return err
		}
		rows, err := tx.StmtxContext(ctx, st).QueryContext(ctx, s.now(),
			pq.Array(acct.ids), pq.Array(acct.usernames), pq.Array(acct.fullNames), pq.Array(acct.externalIDs), pq.Array(acct.demoSent),
			pq.Array(days.accounts), pq.Array(days.days), pq.Array(days.f), pq.Array(days.l), pq.Array(days.v), pq.Array(days.o),
			pq.Array(demo.accounts), pq.Array(demo.dims), pq.Array(demo.buckets), pq.Array(demo.shares),
			pq.Array(days.r), pq.Array(days.e), pq.Array(days.rf), pq.Array(days.rn))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				return err
			}
			newDays[id] = n
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		captured, err = s.saveCampaignPosts(ctx, tx, posts, s.now())
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("save social snapshots: %w", err)
	}
	return newDays, captured, nil
}

// saveSnapshotsSQL is SaveSocialSnapshots's statement. The sub-statements
// of one statement do not see each other's writes, so the network entries
// are computed from the stored days merged with the new ones. Days and
// audience buckets that did not change are left out before the upserts: ON
// CONFLICT DO UPDATE locks every conflicting row, even one its WHERE then
// leaves alone, and a lock is a write (a sync fetches the last days again,
// most of them unchanged).
// $1 now; accounts: $2 ids, $3 usernames, $4 full names, $5 external ids,
// $6 demographics sent; days: $7 accounts, $8 days, $9 followers, $10 likes,
// $11 views, $12 impressions; demographics: $13 accounts, $14 dimensions,
// $15 buckets, $16 shares; reach (NULL where not reported): $17 reach, $18
// accounts engaged, $19 reach of followers, $20 of non-followers. It answers each account's number of new days
// (rows inserted, not rewritten: xmax is 0 only in a row version this
// statement inserted).
var saveSnapshotsSQL = `WITH inp AS MATERIALIZED (
		SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::bool[]) AS t (id, username, full_name, external_id, demo_sent)),
	a AS (
		UPDATE social_accounts sa SET username = coalesce(nullif(inp.username, ''), sa.username),
			full_name = coalesce(nullif(inp.full_name, ''), sa.full_name), external_id = coalesce(nullif(inp.external_id, ''), sa.external_id),
			status = 'connected', status_reason = '', last_synced_at = $1
		FROM inp WHERE sa.id = inp.id AND sa.status <> 'disconnected' RETURNING sa.id, sa.user_id, sa.platform, sa.username, inp.demo_sent),
	new AS MATERIALIZED (
		SELECT acct, d::date AS day, f, l, v, o, r, e, rf, rn FROM unnest($7::uuid[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[],
			$17::bigint[], $18::bigint[], $19::bigint[], $20::bigint[]) AS t (acct, d, f, l, v, o, r, e, rf, rn)),
	upsert_days AS (
		INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions, reach, accounts_engaged, reach_followers, reach_non_followers)
		SELECT a.id, new.day, f, l, v, o, r, e, rf, rn FROM a JOIN new ON new.acct = a.id
		WHERE NOT EXISTS (SELECT 1 FROM social_daily d WHERE d.account_id = new.acct AND d.day = new.day
			AND (d.followers, d.likes, d.views, d.organic_impressions, d.reach, d.accounts_engaged, d.reach_followers, d.reach_non_followers)
				IS NOT DISTINCT FROM (new.f, new.l, new.v, new.o, new.r, new.e, new.rf, new.rn))
		ON CONFLICT (account_id, day) DO UPDATE SET followers = excluded.followers, likes = excluded.likes, views = excluded.views,
			organic_impressions = excluded.organic_impressions, reach = excluded.reach, accounts_engaged = excluded.accounts_engaged,
			reach_followers = excluded.reach_followers, reach_non_followers = excluded.reach_non_followers
		WHERE (social_daily.followers, social_daily.likes, social_daily.views, social_daily.organic_impressions,
				social_daily.reach, social_daily.accounts_engaged, social_daily.reach_followers, social_daily.reach_non_followers)
			IS DISTINCT FROM (excluded.followers, excluded.likes, excluded.views, excluded.organic_impressions,
				excluded.reach, excluded.accounts_engaged, excluded.reach_followers, excluded.reach_non_followers)
		RETURNING account_id, xmax = 0 AS inserted),
	demo AS MATERIALIZED (
		SELECT acct, dm, b, round(s::numeric, 4) AS s FROM unnest($13::uuid[], $14::text[], $15::text[], $16::float8[]) AS t (acct, dm, b, s)),
	demo_gone AS (
		DELETE FROM social_demographics sd WHERE sd.account_id = ANY (ARRAY(SELECT id FROM a WHERE demo_sent))
			AND NOT EXISTS (SELECT 1 FROM demo WHERE demo.acct = sd.account_id AND demo.dm = sd.dimension AND demo.b = sd.bucket)),
	demo_put AS (
		INSERT INTO social_demographics (account_id, dimension, bucket, share)
		SELECT DISTINCT ON (demo.acct, dm, b) demo.acct, dm, b, s FROM a JOIN demo ON demo.acct = a.id WHERE a.demo_sent
			AND NOT EXISTS (SELECT 1 FROM social_demographics sd WHERE sd.account_id = demo.acct AND sd.dimension = demo.dm
				AND sd.bucket = demo.b AND sd.share = demo.s)
		ON CONFLICT (account_id, dimension, bucket) DO UPDATE SET share = excluded.share
		WHERE social_demographics.share IS DISTINCT FROM excluded.share),
	accts AS MATERIALIZED (
		SELECT sa.id, sa.user_id, sa.platform, a.id IS NOT NULL AS synced, a.username,
			(SELECT x.followers FROM (SELECT n.day, n.f AS followers, 1 AS fresh FROM new n WHERE n.acct = sa.id
				UNION ALL (SELECT d.day, d.followers, 0 FROM social_daily d WHERE d.account_id = sa.id ORDER BY d.day DESC LIMIT 1)) x
			ORDER BY x.day DESC, x.fresh DESC LIMIT 1) AS followers
		FROM social_accounts sa LEFT JOIN a ON a.id = sa.id
		WHERE sa.user_id = ANY (ARRAY(SELECT user_id FROM a)) AND sa.status <> 'disconnected'),
	likes AS (
		SELECT accts.user_id, sum(x.likes) AS likes FROM accts CROSS JOIN LATERAL (
			SELECT n.l AS likes FROM new n WHERE n.acct = accts.id AND n.day > $1::date - 30
			UNION ALL
			SELECT d.likes FROM social_daily d WHERE d.account_id = accts.id AND d.day > $1::date - 30
				AND NOT EXISTS (SELECT 1 FROM new n WHERE n.acct = d.account_id AND n.day = d.day)) x
		GROUP BY accts.user_id),
	net AS (
		SELECT user_id, sum(followers) AS followers, array_agg(platform) FILTER (WHERE synced) AS platforms, ` + networkPivotSQL() + `
		FROM accts GROUP BY user_id),
	-- The audience by gender, blended over the accounts weighted by followers
	-- as the profile and the creator's dashboard blend it (engagementQuery):
	-- the shares just sent where an account sent them, else the stored ones.
	gender AS (
		SELECT accts.user_id, x.b, sum(x.s * greatest(coalesce(accts.followers, 0), 1)) AS w
		FROM accts LEFT JOIN a sent ON sent.id = accts.id AND sent.demo_sent
		CROSS JOIN LATERAL (
			SELECT demo.b, demo.s::float8 AS s FROM demo WHERE sent.id IS NOT NULL AND demo.acct = accts.id AND demo.dm = 'gender'
			UNION ALL
			SELECT sd.bucket, sd.share::float8 FROM social_demographics sd
			WHERE sent.id IS NULL AND sd.account_id = accts.id AND sd.dimension = 'gender') x
		GROUP BY accts.user_id, x.b),
	aud AS (
		SELECT user_id, round((sum(w) FILTER (WHERE b = 'male') * 100 / nullif(sum(w), 0))::numeric, 2) AS male,
			round((sum(w) FILTER (WHERE b = 'female') * 100 / nullif(sum(w), 0))::numeric, 2) AS female,
			round((sum(w) FILTER (WHERE b = 'other') * 100 / nullif(sum(w), 0))::numeric, 2) AS other
		FROM gender GROUP BY user_id),
	-- The network entries are locked in id order first: the batches of one
	-- interval (one per platform) run at once and share their users' entries,
	-- and two updates locking them in different orders would deadlock.
	locked AS MATERIALIZED (
		SELECT c.id FROM creators c WHERE c.user_id = ANY (ARRAY(SELECT user_id FROM a)) ORDER BY c.id FOR NO KEY UPDATE),
	network AS (
	UPDATE creators c SET ` + networkSetSQL() + `,
		engagement_rate = least(round(likes.likes::numeric / 30 / nullif(net.followers, 0) * 100, 2), 9999),
		verified_platforms = (SELECT array_agg(DISTINCT p ORDER BY p) FROM unnest(c.verified_platforms || net.platforms) p),
		audience_male = CASE WHEN aud.user_id IS NOT NULL THEN aud.male ELSE c.audience_male END,
		audience_female = CASE WHEN aud.user_id IS NOT NULL THEN aud.female ELSE c.audience_female END,
		audience_other = CASE WHEN aud.user_id IS NOT NULL THEN aud.other ELSE c.audience_other END,
		updated_at = $1
	FROM net LEFT JOIN likes ON likes.user_id = net.user_id LEFT JOIN aud ON aud.user_id = net.user_id
	WHERE c.user_id = net.user_id AND c.id IN (SELECT id FROM locked))
	SELECT account_id::text, count(*) FROM upsert_days WHERE inserted GROUP BY account_id`

// networkPivotSQL turns a user's accounts (accts) into one row: per
// platform, whether it was synced, its handle and its follower count.
func networkPivotSQL() string {
	var cols []string
	for _, p := range Platforms {
		cols = append(cols, fmt.Sprintf(`bool_or(synced AND platform = '%[1]s') AS %[1]s_synced,
			max(nullif(username, '')) FILTER (WHERE synced AND platform = '%[1]s') AS %[1]s_handle,
			max(followers) FILTER (WHERE synced AND platform = '%[1]s') AS %[1]s_followers`, p))
	}
	return strings.Join(cols, ",\n\t\t\t")
}

// networkSetSQL sets the handle and follower count of each synced platform
// in the creator-network entry (HandleColumn, FollowersColumn), from networkPivotSQL's row.
func networkSetSQL() string {
	var sets []string
	for _, p := range Platforms {
		cols := [2]string{HandleColumn(p), FollowersColumn(p)}
		sets = append(sets, fmt.Sprintf(`%[1]s = CASE WHEN net.%[3]s_synced THEN coalesce(net.%[3]s_handle, c.%[1]s) ELSE c.%[1]s END,
		%[2]s = CASE WHEN net.%[3]s_synced THEN net.%[3]s_followers ELSE c.%[2]s END`, cols[0], cols[1], p))
	}
	return strings.Join(sets, ",\n\t\t")
}

// EnqueueSocialSyncs writes, in one statement, the outbox tasks that sync
// every connected account in the interval starting at bucket: the accounts
// of each platform in batches of at most batch, of even sizes (one task, one
// read and one write for many accounts; even, so that tasks started together
// end together). The accounts are ranked by a hash of their id and cut into
// consecutive runs, so an account keeps its batch from one interval to the
// next unless many accounts come or go. A batch's key carries the platform,
// the bucket and the batch (a second scheduler or a retried tick adds
// nothing), its payload the account ids and the bucket (accounts synced
// since then are not fetched again), and it runs at a moment of the interval
// fixed by its number, so the batches spread over it. It returns how many
// tasks it added.
func (s *DB) EnqueueSocialSyncs(ctx context.Context, taskType, queue string, bucket time.Time, interval time.Duration, batch int) (int, error) {
	res, err := s.db.ExecContext(ctx, `WITH acc AS (
			SELECT a.id, a.platform, row_number() OVER (PARTITION BY a.platform ORDER BY hashtext(a.id::text), a.id) - 1 AS rank,
				count(*) OVER (PARTITION BY a.platform) AS accounts
			FROM social_accounts a JOIN social_tokens t ON t.account_id = a.id JOIN users u ON u.id = a.user_id
			WHERE a.status IN ('connected', 'syncing') AND u.deleted_at IS NULL),
		sized AS (SELECT id, platform, rank, accounts, ceil(accounts / $6::numeric)::bigint AS batches FROM acc),
		numbered AS (SELECT id, platform, batches, rank * batches / accounts AS n FROM sized)
		INSERT INTO task_outbox (task_key, task_type, queue, payload, process_at)
		SELECT $1 || ':' || platform || ':' || $3::bigint || ':' || n || '/' || batches, $1, $2,
			convert_to(json_build_object('accountIds', array_agg(id ORDER BY id), 'since', $4::timestamptz)::text, 'UTF8'),
			$4::timestamptz + make_interval(secs => (n * $5::bigint / batches)::float8)
		FROM numbered GROUP BY platform, batches, n
		ON CONFLICT (task_key) DO NOTHING`, taskType, queue, bucket.Unix(), bucket, int64(interval.Seconds()), max(batch, 1))
	if err != nil {
		return 0, fmt.Errorf("enqueue social syncs: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// engagementQuery answers GET /api/accounts/engagement in one statement:
// the window (LastDays, ending on the creator's last synced day), per
// platform the window's totals (null for a figure the platform does not
// report, with the reason in notReported) and daily history, and the
// audience: blended over the platforms, weighted by followers, and each
// platform's own shares.
// $1 user, $2 platform (” = all), $3 today, $4 days.
var engagementQuery = `WITH win AS (SELECT ` + lastDaySQL("$1::uuid", "$3::date") + ` AS last),
	acc AS (
		SELECT a.id, a.platform, p.name, p.ord FROM social_accounts a
		JOIN ` + platformTableSQL + `
			ON p.id = a.platform
		WHERE a.user_id = $1 AND a.status <> 'disconnected' AND (cardinality($2::text[]) = 0 OR a.platform = ANY ($2::text[]))),
	latest AS (SELECT acc.id, coalesce((SELECT followers FROM social_daily d WHERE d.account_id = acc.id ORDER BY day DESC LIMIT 1), 0) AS followers FROM acc),
	demo AS (
		SELECT sd.dimension, sd.bucket, sum(sd.share * greatest(l.followers, 1)) / sum(sum(sd.share * greatest(l.followers, 1))) OVER (PARTITION BY sd.dimension) AS share
		FROM social_demographics sd JOIN latest l ON l.id = sd.account_id GROUP BY sd.dimension, sd.bucket)
	SELECT json_build_object(
		'window', (SELECT json_build_object('from', win.last - $4::int + 1, 'to', win.last, 'days', $4::int) FROM win),
		'platform', coalesce((SELECT json_agg(json_build_object('platformName', acc.name, 'platform', acc.platform,
			'data', json_build_array(json_build_object('like', ` + figureSQL("acc.platform", FigureLikes, "coalesce(h.likes, 0)") + `,
				'view', ` + figureSQL("acc.platform", FigureViews, "coalesce(h.views, 0)") + `,
				'organicImpression', ` + figureSQL("acc.platform", FigureImpressions, "coalesce(h.impressions, 0)") + `, 'followers', l.followers)),
			'notReported', ` + notReportedSQL("acc.platform") + `,
			'history', coalesce(h.history, '[]')) ORDER BY acc.ord)
			FROM acc JOIN latest l ON l.id = acc.id
			LEFT JOIN LATERAL (SELECT sum(d.likes) AS likes, sum(d.views) AS views, sum(d.organic_impressions) AS impressions,
				json_agg(json_build_object('date', d.day, 'followers', d.followers,
					'like', ` + figureSQL("acc.platform", FigureLikes, "d.likes") + `, 'view', ` + figureSQL("acc.platform", FigureViews, "d.views") + `,
					'organicImpression', ` + figureSQL("acc.platform", FigureImpressions, "d.organic_impressions") + `) ORDER BY d.day) AS history
				FROM social_daily d, win WHERE d.account_id = acc.id AND ` + inLastDaysSQL("d.day", "win.last", "$4::int") + `) h ON true), '[]'),
		'demographics', json_build_object(
			'age', coalesce((SELECT json_agg(json_build_object('range', bucket, 'share', round(share, 4)) ORDER BY bucket) FROM demo WHERE dimension = 'age'), '[]'),
			'gender', coalesce((SELECT json_agg(json_build_object('gender', bucket, 'share', round(share, 4)) ORDER BY share DESC) FROM demo WHERE dimension = 'gender'), '[]'),
			'countries', coalesce((SELECT json_agg(json_build_object('country', bucket, 'share', round(share, 4)) ORDER BY share DESC)
				FROM (SELECT * FROM demo WHERE dimension = 'country' ORDER BY share DESC, bucket LIMIT 5) c), '[]'),
			'platforms', coalesce((SELECT json_agg(json_build_object('platformName', acc.name, 'platform', acc.platform,
				'shared', EXISTS (SELECT 1 FROM social_demographics sd WHERE sd.account_id = acc.id),
				'age', coalesce((SELECT json_agg(json_build_object('range', sd.bucket, 'share', sd.share) ORDER BY sd.bucket)
					FROM social_demographics sd WHERE sd.account_id = acc.id AND sd.dimension = 'age'), '[]'),
				'gender', coalesce((SELECT json_agg(json_build_object('gender', sd.bucket, 'share', sd.share) ORDER BY sd.share DESC, sd.bucket)
					FROM social_demographics sd WHERE sd.account_id = acc.id AND sd.dimension = 'gender'), '[]'),
				'countries', coalesce((SELECT json_agg(json_build_object('country', c.bucket, 'share', c.share) ORDER BY c.share DESC, c.bucket)
					FROM (SELECT sd.bucket, sd.share FROM social_demographics sd WHERE sd.account_id = acc.id AND sd.dimension = 'country'
						ORDER BY sd.share DESC, sd.bucket LIMIT 5) c), '[]')) ORDER BY acc.ord) FROM acc), '[]')))`

// SocialEngagement returns the user's engagement over the last days days
// (the window of LastDays ending on their last synced day; per platform the
// window's totals and daily history; the audience) as JSON built by
// Postgres in one statement.
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
var EngagementSQL = engagementQuery

// nullInt is a reported figure, or NULL where the platform does not report it.
func nullInt(p *int64) sql.NullInt64 {
	if p == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *p, Valid: true}
}
