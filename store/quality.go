package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/lib/pq"
)

// QualityDay is one stored day of an account for its audience-quality
// reading; the reach figures are nil where the platform does not report them.
type QualityDay struct {
	Day                  time.Time
	Followers, Likes     int64
	Views, Reach, Engage *int64
}

// AudienceQualityDaysSQL reads the last 90 stored days of accounts $1 (uuid[]).
const AudienceQualityDaysSQL = `SELECT d.account_id, d.day, d.followers, d.likes, d.views, d.reach, d.accounts_engaged
		FROM social_daily d WHERE d.account_id = ANY ($1::uuid[])
		AND d.day > (SELECT max(m.day) FROM social_daily m WHERE m.account_id = d.account_id) - 90
		ORDER BY d.account_id, d.day`

// AudienceQualityDays loads the last 90 days of each account, oldest first.
func (s *DB) AudienceQualityDays(ctx context.Context, ids []string) (map[string][]QualityDay, error) {
	rows, err := s.db.QueryContext(ctx, AudienceQualityDaysSQL, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("audience quality days: %w", err)
	}
	defer rows.Close()
	out := map[string][]QualityDay{}
	for rows.Next() {
		var id string
		var d QualityDay
		var views int64
		var reach, eng sql.NullInt64
		if err := rows.Scan(&id, &d.Day, &d.Followers, &d.Likes, &views, &reach, &eng); err != nil {
			return nil, err
		}
		d.Views = &views
		if reach.Valid {
			d.Reach = &reach.Int64
		}
		if eng.Valid {
			d.Engage = &eng.Int64
		}
		out[id] = append(out[id], d)
	}
	return out, rows.Err()
}

// SaveAudienceQuality stores an account's reading (nil with the reason when there is none).
func (s *DB) SaveAudienceQuality(ctx context.Context, accountID string, score int, reading any, unexplained bool, reason string) error {
	var body, sc any
	if reading != nil {
		b, err := json.Marshal(reading)
		if err != nil {
			return err
		}
		body, sc = string(b), score
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO audience_quality (account_id, score, reading, reason, unexplained, computed_at)
		VALUES ($1, $2, $3::jsonb, $4, $5, $6) ON CONFLICT (account_id) DO UPDATE SET score = excluded.score, reading = excluded.reading,
		reason = excluded.reason, unexplained = excluded.unexplained, computed_at = excluded.computed_at`,
		accountID, sc, body, reason, unexplained, s.now())
	if err != nil {
		return fmt.Errorf("save audience quality: %w", err)
	}
	return refreshCreatorQuality(ctx, s.db, accountID)
}

// QualityGroup is an account's peer group: its platform and its creator's
// niche and tier (empty when the account has no network entry).
type QualityGroup struct {
	Platform string `db:"platform"`
	Niche    string `db:"niche"`
	Tier     string `db:"tier"`
}

// AudienceQualityGroups returns the peer group of each account.
func (s *DB) AudienceQualityGroups(ctx context.Context, ids []string) (map[string]QualityGroup, error) {
	var rows []struct {
		ID string `db:"id"`
		QualityGroup
	}
	err := s.db.SelectContext(ctx, &rows, `SELECT a.id, a.platform, lower(COALESCE(c.niche, '')) AS niche, COALESCE(c.tier, '') AS tier
		FROM social_accounts a LEFT JOIN creators c ON c.user_id = a.user_id WHERE a.id = ANY ($1::uuid[])`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("audience quality groups: %w", err)
	}
	out := make(map[string]QualityGroup, len(rows))
	for _, r := range rows {
		out[r.ID] = r.QualityGroup
	}
	return out, nil
}

// QualityPeer is one measured account's figures over its last 30 days:
// average daily reach (views where reach is not reported) ÷ followers, and
// likes per view (nil without views).
type QualityPeer struct {
	LiveRate float64  `db:"live_rate"`
	EPV      *float64 `db:"epv"`
}

// AudienceQualityPeers returns the measured accounts of g (an empty niche or
// tier widens the group to every niche or tier of the platform) with at
// least 20 of their last 30 days stored.
func (s *DB) AudienceQualityPeers(ctx context.Context, g QualityGroup) ([]QualityPeer, error) {
	var out []QualityPeer
	err := s.db.SelectContext(ctx, &out, `SELECT avg(COALESCE(d.reach, d.views))::float8 / max(d.followers) AS live_rate,
		sum(d.likes)::float8 / NULLIF(sum(d.views), 0) AS epv
		FROM social_accounts a JOIN creators c ON c.user_id = a.user_id
		JOIN social_daily d ON d.account_id = a.id AND d.day > $4::date - 30
		WHERE a.platform = $1 AND a.status <> 'disconnected' AND ($2 = '' OR lower(c.niche) = $2) AND ($3 = '' OR c.tier = $3)
		GROUP BY a.id HAVING count(*) >= 20 AND max(d.followers) > 0`, g.Platform, g.Niche, g.Tier, s.now())
	if err != nil {
		return nil, fmt.Errorf("audience quality peers: %w", err)
	}
	return out, nil
}

// QualityAudience is an account's audience split (shares 0–1 by country
// code and by age band) and its creator's stated country (alpha-2, "" when
// unknown), for the audience-fit component.
type QualityAudience struct {
	Countries map[string]float64
	Ages      map[string]float64
	Country   string
}

// AudienceQualityAudiences returns the audience split of each account that
// has one, with the stated country of its creator's network entry.
func (s *DB) AudienceQualityAudiences(ctx context.Context, ids []string) (map[string]QualityAudience, error) {
	var rows []struct {
		ID        string  `db:"account_id"`
		Dimension string  `db:"dimension"`
		Bucket    string  `db:"bucket"`
		Share     float64 `db:"share"`
		Country   string  `db:"country"`
	}
	err := s.db.SelectContext(ctx, &rows, `SELECT d.account_id, d.dimension, d.bucket, d.share::float8 AS share,
		COALESCE((SELECT c.country FROM creators c WHERE c.user_id = a.user_id LIMIT 1), '') AS country
		FROM social_demographics d JOIN social_accounts a ON a.id = d.account_id
		WHERE d.account_id = ANY ($1::uuid[]) AND d.dimension IN ('country', 'age')`, pq.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("audience quality audiences: %w", err)
	}
	out := map[string]QualityAudience{}
	for _, r := range rows {
		a, ok := out[r.ID]
		if !ok {
			a = QualityAudience{Countries: map[string]float64{}, Ages: map[string]float64{}, Country: r.Country}
		}
		if r.Dimension == "country" {
			a.Countries[strings.ToUpper(r.Bucket)] = r.Share
		} else {
			a.Ages[r.Bucket] = r.Share
		}
		out[r.ID] = a
	}
	return out, nil
}
