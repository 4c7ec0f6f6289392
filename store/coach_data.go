package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// CoachHistoryDays is how many days of daily analytics the coach reads per
// account, counted back from the account's latest day.
const CoachHistoryDays = 180

// CoachDay is one day of an account's analytics.
type CoachDay struct {
	Day         time.Time
	Followers   int64
	Likes       int64
	Views       int64
	Impressions int64
}

// CoachAudience is one audience share of an account: Dimension age, gender
// or country, Share between 0 and 1.
type CoachAudience struct {
	Dimension string
	Bucket    string
	Share     float64
}

// CoachAccount is a social account as the coach reads it, its days oldest first.
type CoachAccount struct {
	ID           string          `json:"id"`
	Platform     string          `json:"platform"`
	Username     string          `json:"username"`
	Status       string          `json:"status"`
	ConnectedAt  time.Time       `json:"connectedAt"`
	LastSyncedAt *time.Time      `json:"lastSyncedAt"`
	Days         []CoachDay      `json:"days"`
	Audience     []CoachAudience `json:"audience"`
	// Quality is the account's stored audience-quality reading (nil
	// before its first computation).
	Quality *CoachQuality `json:"quality"`
}

// CoachQuality is an account's audience-quality reading as brands read it:
// the figure and the reading (jobs/quality's JSON), or the reason there is none.
type CoachQuality struct {
	Score   *int            `json:"score"`
	Reason  string          `json:"reason"`
	Reading json.RawMessage `json:"reading"`
}

// CoachInput is everything the coach answers a question from: the entry,
// the creator's niche and every social account they have (any status).
type CoachInput struct {
	EntryID  string `db:"id"`
	JobID    string `db:"job_id"`
	UserID   string `db:"user_id"`
	Question string `db:"question"`
	Platform string `db:"platform"` // "" = all platforms
	Status   string `db:"status"`
	Niche    string `db:"niche"`
	// LastDay is the last day of the windows "last N days" (LastDays): the
	// creator's last synced day, the same the dashboard uses.
	LastDay  time.Time      `db:"last_day"`
	Accounts []CoachAccount `db:"-"`
}

// coachInputQuery reads an entry ($1), the creator's niche, the window's
// last day (today $3, see LastDays) and every social
// account of theirs in platform order, each with its last $2 days (oldest
// first) and audience shares (by dimension, largest first), in one statement:
// the reply's latency is what creators wait for, and on a busy machine every
// round trip waits its turn.
var coachInputQuery = `SELECT e.id, coalesce(e.job_id::text, '') AS job_id, e.user_id, e.question,
	e.platform, e.status, coalesce(n.name, '') AS niche, ` + lastDaySQL("e.user_id", "$3::date") + ` AS last_day,
	coalesce((SELECT json_agg(json_build_object('id', a.id, 'platform', a.platform, 'username', a.username,
			'status', a.status, 'connectedAt', a.connected_at, 'lastSyncedAt', a.last_synced_at,
			'days', (SELECT coalesce(json_agg(json_build_array(d.day, d.followers, d.likes, d.views, d.organic_impressions)
					ORDER BY d.day), '[]')
				FROM social_daily d WHERE d.account_id = a.id
				AND d.day > (SELECT max(day) FROM social_daily m WHERE m.account_id = a.id) - $2::int),
			'audience', (SELECT coalesce(json_agg(json_build_array(s.dimension, s.bucket, s.share::float8)
					ORDER BY s.dimension, s.share DESC, s.bucket), '[]')
				FROM social_demographics s WHERE s.account_id = a.id),
			'quality', (SELECT json_build_object('score', q.score, 'reason', q.reason, 'reading', q.reading)
				FROM audience_quality q WHERE q.account_id = a.id))
		ORDER BY array_position(ARRAY['instagram', 'youtube', 'tiktok', 'linkedin'], a.platform))
		FROM social_accounts a WHERE a.user_id = e.user_id), '[]') AS accounts
	FROM chat_entries e JOIN users u ON u.id = e.user_id LEFT JOIN niches n ON n.id = u.niche_id WHERE e.id = $1`

// LoadCoachInput reads a chat entry and the creator's analytics (every
// account, any status, with its last CoachHistoryDays days and audience
// shares). ENOTFOUND when the entry no longer exists.
func (s *DB) LoadCoachInput(ctx context.Context, entryID string) (*CoachInput, error) {
	if !isUUID(entryID) {
		return nil, Errorf(ENOTFOUND, "Chat entry not found")
	}
	var row struct {
		CoachInput
		Accounts []byte `db:"accounts"`
	}
	// Prepared once: planning it anew cost more than running it.
	if err := s.getPrepared(ctx, &row, coachInputQuery, entryID, CoachHistoryDays, s.now().Format(time.DateOnly)); err != nil {
		return nil, translate(err, "Chat entry")
	}
	in := row.CoachInput
	if err := json.Unmarshal(row.Accounts, &in.Accounts); err != nil {
		return nil, fmt.Errorf("coach accounts: %w", err)
	}
	return &in, nil
}

// UnmarshalJSON reads a day as coachInputQuery writes it: [day, followers, likes, views, impressions].
func (d *CoachDay) UnmarshalJSON(b []byte) error {
	var day string
	if err := json.Unmarshal(b, &[]any{&day, &d.Followers, &d.Likes, &d.Views, &d.Impressions}); err != nil {
		return err
	}
	t, err := time.Parse(time.DateOnly, day)
	d.Day = t
	return err
}

// UnmarshalJSON reads a share as coachInputQuery writes it: [dimension, bucket, share].
func (a *CoachAudience) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[]any{&a.Dimension, &a.Bucket, &a.Share})
}

// PeerStats describes the engagement rates (percent, the glossary's
// engagement rate: per follower, as the network shows it) of the creator
// network's creators of one niche and tier: how many have one, their
// median, the creator's own (Mine, their network entry's; nil when they
// have none) and how many are below it.
type PeerStats struct {
	Count  int      `db:"count"`
	Median float64  `db:"median"`
	Below  int      `db:"below"`
	Mine   *float64 `db:"mine"`
}

// PeerEngagement returns the engagement rate statistics of the network's
// creators of niche (case-insensitive) and tier, leaving out the creator
// linked to user, with Below counted against that creator's own engagement
// rate (their network entry's, the figure the network and their profile
// show): one definition on both sides of the comparison.
func (s *DB) PeerEngagement(ctx context.Context, niche, tier, user string) (PeerStats, error) {
	var p PeerStats
	err := s.getPrepared(ctx, &p, `WITH me AS (SELECT (SELECT engagement_rate::float8 FROM creators
			WHERE user_id = $3::uuid AND engagement_rate IS NOT NULL ORDER BY updated_at DESC LIMIT 1) AS r)
		SELECT count(*) AS count,
		coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY engagement_rate::float8), 0) AS median,
		count(*) FILTER (WHERE engagement_rate::float8 < (SELECT r FROM me)) AS below, (SELECT r FROM me) AS mine
		FROM creators WHERE lower(niche) = lower($1) AND tier = $2 AND engagement_rate IS NOT NULL
		AND user_id IS DISTINCT FROM $3::uuid`, niche, tier, nullUUID(user))
	if err != nil {
		return p, fmt.Errorf("peer engagement: %w", err)
	}
	return p, nil
}

func nullUUID(id string) any {
	if id == "" {
		return nil
	}
	return id
}

// CoachAnswer is the coach's reply to one entry.
type CoachAnswer struct {
	Answer      string
	Facts       any // JSON array of facts
	Suggestions []string
	Source      string // builtin or llm
	// Free: the creator's data could not answer the question (no platform
	// connected, the one asked about not connected, no analytics yet), so
	// it spends no question.
	Free bool
}

// saveAnswerSQL answers a pending entry and finishes its job in one
// statement (one round trip: the reply's latency is what creators wait for).
var saveAnswerSQL = `WITH e AS (UPDATE chat_entries SET status = 'answered', answer = $2, facts = $3,
		suggestions = $4, source = $5, answered_at = $6, free = $7 WHERE id = $1 AND status = 'pending' RETURNING job_id)
	` + finishJobSQL("(SELECT job_id FROM e)", "'"+JobSucceeded+"'", "1", "1", "0", "result", "''", "$6")

// SaveCoachAnswer records the answer of a pending entry and finishes its
// job, in one transaction. An entry answered already (a retried task) or
// deleted since is left as it is.
func (s *DB) SaveCoachAnswer(ctx context.Context, in *CoachInput, a CoachAnswer) error {
	facts, err := json.Marshal(a.Facts)
	if err != nil {
		return fmt.Errorf("marshal facts: %w", err)
	}
	suggestions, _ := json.Marshal(append([]string{}, a.Suggestions...))
	st, release, err := s.prepared(ctx, saveAnswerSQL)
	if err != nil {
		return err
	}
	defer release()
	_, err = st.ExecContext(ctx, in.EntryID, a.Answer, facts, suggestions, a.Source, s.now(), a.Free)
	if err != nil {
		return fmt.Errorf("save answer: %w", err)
	}
	return nil
}

// FailCoachEntry marks a pending entry failed with reason (shown to the
// creator) and fails its job, in one statement.
func (s *DB) FailCoachEntry(ctx context.Context, entryID, reason string) error {
	_, err := s.db.ExecContext(ctx, `WITH e AS (UPDATE chat_entries SET status = 'failed', reason = $2, answered_at = $3
			WHERE id = $1 AND status = 'pending' RETURNING job_id)
		`+finishJobSQL("(SELECT job_id FROM e)", "'"+JobFailed+"'", "1", "0", "1", "result", "$2", "$3"),
		entryID, reason, s.now())
	if err != nil {
		return fmt.Errorf("fail entry: %w", err)
	}
	return nil
}
