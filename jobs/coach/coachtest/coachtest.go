// Package coachtest builds the fixed analytics histories the coach is
// tested and benchmarked on, and writes them straight into the social
// analytics tables (social_accounts, social_daily, social_demographics) and
// the creator network, as the analytics sync and creator imports would.
package coachtest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
)

// End is the last day of every fixed history.
var End = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

// Days is the length of every fixed history.
const Days = 120

// History is one social account and its analytics.
type History struct {
	Platform string
	Status   string // connected when empty
	Username string
	Days     []store.CoachDay
	Audience []store.CoachAudience
}

// series builds Days days ending at End from f(i), i = 0 oldest.
func series(f func(i int) store.CoachDay) []store.CoachDay {
	out := make([]store.CoachDay, Days)
	for i := range out {
		d := f(i)
		d.Day = End.AddDate(0, 0, i-Days+1)
		out[i] = d
	}
	return out
}

// SteadyGrower gains 40 followers a day from 10,000; views grow by 10 a day
// from 2,000 and likes are one in 20 views (a 5% engagement rate).
func SteadyGrower() []store.CoachDay {
	return series(func(i int) store.CoachDay {
		v := int64(2000 + 10*i)
		return store.CoachDay{Followers: int64(10000 + 40*i), Views: v, Likes: v / 20, Impressions: 3 * v}
	})
}

// Spike days of DropAfterSpike: views jump on day SpikeFrom and fall back on
// day SpikeTo (indexes into the history).
const (
	SpikeFrom = 75
	SpikeTo   = 85
)

// DropAfterSpike has 1,000 views a day, 5,000 from day SpikeFrom to the day
// before SpikeTo, then 1,000 again; likes are a tenth of views; followers
// grow 10 a day from 5,000; no organic impressions are reported.
func DropAfterSpike() []store.CoachDay {
	return series(func(i int) store.CoachDay {
		v := int64(1000)
		if i >= SpikeFrom && i < SpikeTo {
			v = 5000
		}
		return store.CoachDay{Followers: int64(5000 + 10*i), Views: v, Likes: v / 10}
	})
}

// Audience is a fixed audience split.
var Audience = []store.CoachAudience{
	{Dimension: "age", Bucket: "18-24", Share: 0.41}, {Dimension: "age", Bucket: "25-34", Share: 0.33},
	{Dimension: "gender", Bucket: "female", Share: 0.62}, {Dimension: "gender", Bucket: "male", Share: 0.36},
	{Dimension: "gender", Bucket: "other", Share: 0.02}, {Dimension: "country", Bucket: "US", Share: 0.45},
	{Dimension: "country", Bucket: "GB", Share: 0.12},
}

// Creator creates a verified creator of niche and returns their user id.
func Creator(t testing.TB, db *store.DB, email, niche string) string {
	t.Helper()
	u, err := db.SaveAccount(context.Background(), store.AccountSpec{Email: email, Password: "Str0ng!pass",
		Role: store.RoleUser, Name: "Coach Fixture", NicheName: niche})
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// Insert writes h as an account of userID and returns the account id.
func Insert(t testing.TB, db *store.DB, userID string, h History) string {
	t.Helper()
	id, err := InsertHistory(context.Background(), db, userID, h)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// InsertHistory writes h as an account of userID (benchmarks and seeds use it too).
func InsertHistory(ctx context.Context, db *store.DB, userID string, h History) (string, error) {
	if h.Status == "" {
		h.Status = "connected"
	}
	var id string
	if err := db.SQL().GetContext(ctx, &id, `INSERT INTO social_accounts (user_id, platform, username, status, connected_at, last_synced_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, userID, h.Platform, h.Username, h.Status,
		End.AddDate(0, 0, -Days), End); err != nil {
		return "", fmt.Errorf("insert account: %w", err)
	}
	var days []time.Time
	var f, l, v, im []int64
	for _, d := range h.Days {
		days, f, l, v, im = append(days, d.Day), append(f, d.Followers), append(l, d.Likes), append(v, d.Views), append(im, d.Impressions)
	}
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
		SELECT $1, unnest($2::date[]), unnest($3::bigint[]), unnest($4::bigint[]), unnest($5::bigint[]), unnest($6::bigint[])`,
		id, pq.Array(dates(days)), pq.Array(f), pq.Array(l), pq.Array(v), pq.Array(im)); err != nil {
		return "", fmt.Errorf("insert daily: %w", err)
	}
	for _, a := range h.Audience {
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO social_demographics (account_id, dimension, bucket, share)
			VALUES ($1, $2, $3, $4)`, id, a.Dimension, a.Bucket, a.Share); err != nil {
			return "", fmt.Errorf("insert audience: %w", err)
		}
	}
	return id, nil
}

func dates(ts []time.Time) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Format("2006-01-02")
	}
	return out
}

// Peer adds a creator of the network with an Instagram following and an
// engagement rate (percent).
func Peer(t testing.TB, db *store.DB, name, niche string, followers int64, rate float64) {
	t.Helper()
	if _, err := db.SQL().Exec(`INSERT INTO creators (identity, name, niche, instagram_handle, instagram_followers, engagement_rate)
		VALUES ($1, $2, $3, $1, $4, $5)`, "instagram:"+name, name, niche, followers, rate); err != nil {
		t.Fatal(err)
	}
}

// Subscribe gives userID a subscription (replacing any): active or
// cancelled, running until endedAt.
func Subscribe(t testing.TB, db *store.DB, userID string, active bool, endedAt time.Time) {
	t.Helper()
	_, err := db.SQL().Exec(`INSERT INTO subscriptions (user_id, plan_id, active, ended_at)
		SELECT $1, id, $2, $3 FROM plans ORDER BY interval, amount LIMIT 1 -- a plan the migrations seed
		ON CONFLICT (user_id) DO UPDATE SET active = EXCLUDED.active, ended_at = EXCLUDED.ended_at`, userID, active, endedAt)
	if err != nil {
		t.Fatal(err)
	}
}
