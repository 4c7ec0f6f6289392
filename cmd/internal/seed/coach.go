package seed

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/lib/pq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/coach"
	"creatorcoach/store"
)

// demoQuestions are the questions seeded per demo creator: creator@ keeps
// 3 of its store.FreeQuestions (5); pro@ (subscribed) has asked more.
var demoQuestions = map[string][]string{
	"creator@example.com": {"How am I doing?", "Why did my views drop?"},
	"pro@example.com": {"How am I doing?", "Which platform is doing best?",
		"How does my engagement compare to similar creators?", "When will I reach my next follower milestone?"},
}

// Coach gives the demo creators their chats, answered by the real
// built-in coach from their analytics. It runs after the analytics seed;
// a demo creator left without any social account gets a demo history
// (Instagram and YouTube, 180 days) so the coach has data. A creator who
// asked anything already is left as is, so seeding again changes nothing.
// pro@example.com is seeded only once the billing seed has created it.
func Coach(ctx context.Context, db *store.DB) error {
	for _, email := range []string{"creator@example.com", "pro@example.com"} {
		var userID string
		err := db.SQL().GetContext(ctx, &userID, `SELECT id FROM users WHERE email = $1 AND role = 'USER'`, email)
		if err != nil {
			continue // not seeded (yet)
		}
		var asked int
		if err := db.SQL().GetContext(ctx, &asked, `SELECT count(*) FROM chat_entries WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("seed coach: %w", err)
		}
		if asked > 0 {
			continue
		}
		if err := seedDemoHistory(ctx, db, userID, email == "pro@example.com"); err != nil {
			return fmt.Errorf("seed coach history for %s: %w", email, err)
		}
		for _, q := range demoQuestions[email] {
			if err := seedAnswer(ctx, db, userID, q); err != nil {
				return fmt.Errorf("seed coach answer for %s: %w", email, err)
			}
		}
		fmt.Printf("  coach chat for %s: %d answered questions\n", email, len(demoQuestions[email]))
	}
	return nil
}

// seedAnswer asks q as the creator would and answers it with the built-in coach.
func seedAnswer(ctx context.Context, db *store.DB, userID, q string) error {
	raw, err := db.Ask(ctx, userID, store.ChatQuestion{Question: q}, 0, jobs.NewCoachReplyTask)
	if err != nil {
		return err
	}
	var entryID string
	if err := db.SQL().GetContext(ctx, &entryID, `SELECT $1::jsonb ->> '_id'`, string(raw)); err != nil {
		return err
	}
	in, err := db.LoadCoachInput(ctx, entryID)
	if err != nil {
		return err
	}
	r, err := coach.Answer(ctx, in, db)
	if err != nil {
		return err
	}
	return db.SaveCoachAnswer(ctx, in, store.CoachAnswer{Answer: r.Answer, Facts: r.Facts, Suggestions: r.Suggestions, Source: "builtin", Free: r.NoData})
}

// seedDemoHistory writes 180 days of Instagram and YouTube analytics (pro:
// Instagram and TikTok) ending yesterday, unless the creator has a social
// account already. Instagram grows steadily with a weekly rhythm; the
// second platform has a two-week spike in views a month ago.
func seedDemoHistory(ctx context.Context, db *store.DB, userID string, pro bool) error {
	var n int
	if err := db.SQL().GetContext(ctx, &n, `SELECT count(*) FROM social_accounts WHERE user_id = $1`, userID); err != nil || n > 0 {
		return err
	}
	end := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	second, scale := store.YouTube, 1.0
	if pro {
		second, scale = store.TikTok, 4.0
	}
	for _, p := range []string{store.Instagram, second} {
		var days []string
		var followers, likes, views, impressions []int64
		for i := range 180 {
			d := end.AddDate(0, 0, i-179)
			week := 1 + 0.15*math.Sin(float64(d.Weekday())*2*math.Pi/7)
			f, v := 12000+55*i, (2400+12*float64(i))*week
			if p != store.Instagram {
				f, v = 8000+20*i, 1800*week
				if i >= 140 && i < 154 {
					v *= 3.5
				}
			}
			days = append(days, d.Format("2006-01-02"))
			followers = append(followers, int64(float64(f)*scale))
			views = append(views, int64(v*scale))
			likes = append(likes, int64(v*scale*0.052))
			if store.NotReported(p, store.FigureImpressions) == "" {
				impressions = append(impressions, int64(v*scale*1.8))
			} else { // YouTube and TikTok do not report organic impressions: their connectors store 0
				impressions = append(impressions, 0)
			}
		}
		var accountID string
		if err := db.SQL().GetContext(ctx, &accountID, `INSERT INTO social_accounts (user_id, platform, username, full_name, status,
			connected_at, last_synced_at) VALUES ($1, $2, $3, 'Demo Creator', 'connected', $4, $5)
			ON CONFLICT (user_id, platform) DO UPDATE SET status = 'connected' RETURNING id`,
			userID, p, "demo_"+p, end.AddDate(0, 0, -180), end); err != nil {
			return err
		}
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
			SELECT $1, unnest($2::date[]), unnest($3::bigint[]), unnest($4::bigint[]), unnest($5::bigint[]), unnest($6::bigint[])
			ON CONFLICT DO NOTHING`, accountID, pq.Array(days), pq.Array(followers), pq.Array(likes), pq.Array(views),
			pq.Array(impressions)); err != nil {
			return err
		}
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO social_demographics (account_id, dimension, bucket, share)
			VALUES ($1, 'age', '18-24', 0.38), ($1, 'age', '25-34', 0.34), ($1, 'gender', 'female', 0.64),
			($1, 'gender', 'male', 0.34), ($1, 'gender', 'other', 0.02), ($1, 'country', 'US', 0.41), ($1, 'country', 'GB', 0.14)
			ON CONFLICT DO NOTHING`, accountID); err != nil {
			return err
		}
	}
	return nil
}
