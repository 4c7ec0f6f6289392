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
	Day         time.Time `db:"day"`
	Followers   int64     `db:"followers"`
	Likes       int64     `db:"likes"`
	Views       int64     `db:"views"`
	Impressions int64     `db:"organic_impressions"`
}

// CoachAudience is one audience share of an account: Dimension age, gender
// or country, Share between 0 and 1.
type CoachAudience struct {
	Dimension string  `db:"dimension"`
	Bucket    string  `db:"bucket"`
	Share     float64 `db:"share"`
}

// CoachAccount is a social account as the coach reads it, its days oldest first.
type CoachAccount struct {
	ID           string     `db:"id"`
	Platform     string     `db:"platform"`
	Username     string     `db:"username"`
	Status       string     `db:"status"`
	ConnectedAt  time.Time  `db:"connected_at"`
	LastSyncedAt *time.Time `db:"last_synced_at"`
	Days         []CoachDay
	Audience     []CoachAudience
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
	Accounts []CoachAccount
}

// LoadCoachInput reads a chat entry and the creator's analytics. ENOTFOUND
// when the entry no longer exists.
func (s *DB) LoadCoachInput(ctx context.Context, entryID string) (*CoachInput, error) {
	if !isUUID(entryID) {
		return nil, Errorf(ENOTFOUND, "Chat entry not found")
	}
	var in CoachInput
	// Every statement of a reply is prepared once: planning them anew cost more than running them.
	err := s.getPrepared(ctx, &in, `SELECT e.id, coalesce(e.job_id::text, '') AS job_id, e.user_id, e.question,
		e.platform, e.status, coalesce(n.name, '') AS niche
		FROM chat_entries e JOIN users u ON u.id = e.user_id LEFT JOIN niches n ON n.id = u.niche_id WHERE e.id = $1`, entryID)
	if err != nil {
		return nil, translate(err, "Chat entry")
	}
	in.Accounts, err = s.CoachAccounts(ctx, in.UserID)
	return &in, err
}

// CoachAccounts reads a creator's social accounts in platform order, with
// their last CoachHistoryDays days and audience shares.
func (s *DB) CoachAccounts(ctx context.Context, userID string) ([]CoachAccount, error) {
	var accounts []CoachAccount
	if err := s.selectPrepared(ctx, &accounts, `SELECT id, platform, username, status, connected_at, last_synced_at
		FROM social_accounts WHERE user_id = $1
		ORDER BY array_position(ARRAY['instagram', 'youtube', 'tiktok', 'linkedin'], platform)`, userID); err != nil {
		return nil, fmt.Errorf("coach accounts: %w", err)
	}
	byID := map[string]*CoachAccount{}
	for i := range accounts {
		byID[accounts[i].ID] = &accounts[i]
	}
	var days []struct {
		AccountID string `db:"account_id"`
		CoachDay
	}
	if err := s.selectPrepared(ctx, &days, `SELECT d.account_id, d.day, d.followers, d.likes, d.views, d.organic_impressions
		FROM social_daily d JOIN social_accounts a ON a.id = d.account_id
		WHERE a.user_id = $1 AND d.day > (SELECT max(day) FROM social_daily m WHERE m.account_id = a.id) - $2::int
		ORDER BY d.account_id, d.day`, userID, CoachHistoryDays); err != nil {
		return nil, fmt.Errorf("coach daily analytics: %w", err)
	}
	for _, d := range days {
		a := byID[d.AccountID]
		a.Days = append(a.Days, d.CoachDay)
	}
	var shares []struct {
		AccountID string `db:"account_id"`
		CoachAudience
	}
	if err := s.selectPrepared(ctx, &shares, `SELECT d.account_id, d.dimension, d.bucket, d.share::float8 AS share
		FROM social_demographics d JOIN social_accounts a ON a.id = d.account_id
		WHERE a.user_id = $1 ORDER BY d.account_id, d.dimension, d.share DESC, d.bucket`, userID); err != nil {
		return nil, fmt.Errorf("coach audience: %w", err)
	}
	for _, d := range shares {
		a := byID[d.AccountID]
		a.Audience = append(a.Audience, d.CoachAudience)
	}
	return accounts, nil
}

// PeerStats describes the engagement rates (percent) of the creator
// network's creators of one niche and tier: how many have one, their median,
// and how many are below a given rate.
type PeerStats struct {
	Count  int     `db:"count"`
	Median float64 `db:"median"`
	Below  int     `db:"below"`
}

// PeerEngagement returns the engagement statistics of the network's
// creators of niche (case-insensitive) and tier, leaving out the creator
// linked to excludeUser, with Below counted against rate.
func (s *DB) PeerEngagement(ctx context.Context, niche, tier string, rate float64, excludeUser string) (PeerStats, error) {
	var p PeerStats
	err := s.getPrepared(ctx, &p, `SELECT count(*) AS count,
		coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY engagement_rate::float8), 0) AS median,
		count(*) FILTER (WHERE engagement_rate::float8 < $3) AS below
		FROM creators WHERE lower(niche) = lower($1) AND tier = $2 AND engagement_rate IS NOT NULL
		AND user_id IS DISTINCT FROM $4::uuid`, niche, tier, rate, nullUUID(excludeUser))
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
}

// saveAnswerSQL answers a pending entry and finishes its job in one
// statement (one round trip: the reply's latency is what creators wait for).
const saveAnswerSQL = `WITH e AS (UPDATE chat_entries SET status = 'answered', answer = $2, facts = $3,
		suggestions = $4, source = $5, answered_at = $6 WHERE id = $1 AND status = 'pending' RETURNING job_id)
	UPDATE jobs SET status = 'succeeded', progress = 100, total = 1, processed = 1, failed = 0, error = '',
		started_at = coalesce(started_at, $6), finished_at = $6 WHERE id = (SELECT job_id FROM e)`

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
	_, err = st.ExecContext(ctx, in.EntryID, a.Answer, facts, suggestions, a.Source, s.now())
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
		UPDATE jobs SET status = 'failed', progress = 100, total = 1, processed = 0, failed = 1, error = $2,
			started_at = coalesce(started_at, $3), finished_at = $3 WHERE id = (SELECT job_id FROM e)`,
		entryID, reason, s.now())
	if err != nil {
		return fmt.Errorf("fail entry: %w", err)
	}
	return nil
}
