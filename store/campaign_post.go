package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// CaptureList is the campaigns a sync target's posts are captured for,
// read as JSON (captureCampaignsSQL).
type CaptureList []CaptureCampaign

// Scan reads the JSON array.
func (l *CaptureList) Scan(src any) error {
	var raw []byte
	switch v := src.(type) {
	case nil:
		*l = nil
		return nil
	case []byte:
		raw = v
	case string:
		raw = []byte(v)
	default:
		return fmt.Errorf("capture list: cannot scan %T", src)
	}
	var out []CaptureCampaign
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("capture list: %w", err)
	}
	*l = out
	return nil
}

// Value writes the list as JSON (tests and benchmarks build targets).
func (l CaptureList) Value() (driver.Value, error) {
	raw, err := json.Marshal([]CaptureCampaign(l))
	return string(raw), err
}

// Range is the span of publication times a sync reads posts of at now:
// from the earliest start of the campaigns (not before the refresh window,
// CaptureRefreshDays back) to the latest end. ok is false when no campaign's
// window reaches into it. The span may lie ahead of now: a platform lists no
// post of the future, but the social sandbox publishes posts at any date
// (campaigns start after today, so tests and demos publish inside their
// future dates), and a post the platform dates a little ahead of our clock is
// not lost.
func (l CaptureList) Range(now time.Time) (from, to time.Time, ok bool) {
	floor := now.UTC().AddDate(0, 0, -CaptureRefreshDays)
	for _, c := range l {
		f, t := c.Window()
		f = maxTime(f, floor)
		if !f.Before(t) {
			continue
		}
		if !ok || f.Before(from) {
			from = f
		}
		if !ok || t.After(to) {
			to = t
		}
		ok = true
	}
	return from, to, ok
}

// Matches returns the campaigns of l that capture a post (CaptureCampaign.Captures).
func (l CaptureList) Matches(text string, publishedAt time.Time) []CaptureCampaign {
	var out []CaptureCampaign
	for _, c := range l {
		if c.Captures(text, publishedAt) {
			out = append(out, c)
		}
	}
	return out
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// CampaignPost is a post of a campaign's accepted offer, captured by a
// sync: where it is, what it says and its figures as read now (nil for a
// figure the platform does not report).
type CampaignPost struct {
	CampaignID, EntryID, AccountID string
	Platform, ExternalID           string
	URL, Caption                   string
	PublishedAt                    time.Time
	Views, Likes, Comments, Shares *int64
	Reach                          *int64
}

// savePostsSQL upserts the captured posts (one row per campaign, platform
// and post id, however often it is seen) and today's reading of each
// ($15, the last reading of a day wins; a reading equal to the day's stored
// one is left out before the upsert, so that the results' triggers, which
// recount every post a statement writes, do not recount posts whose figures
// did not move). A post whose entry or campaign is
// gone by now is left out. It answers the posts captured for the first time
// (rows inserted, not updated: xmax is 0) with their campaign's name.
const savePostsSQL = `WITH inp AS (
		SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
			$9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[])
			AS t (campaign_id, entry_id, account_id, platform, external_id, url, caption, published_at, views, likes, comments, shares, reach)),
	up AS (
		INSERT INTO campaign_posts AS p (campaign_id, entry_id, account_id, platform, external_id, url, caption, published_at,
			views, likes, comments, shares, reach, captured_at, refreshed_at)
		SELECT inp.campaign_id, inp.entry_id, inp.account_id, inp.platform, inp.external_id, inp.url, inp.caption,
			inp.published_at::timestamptz, inp.views, inp.likes, inp.comments, inp.shares, inp.reach, $14, $14
		FROM inp WHERE EXISTS (SELECT 1 FROM roster_entries e WHERE e.id = inp.entry_id AND e.campaign_id = inp.campaign_id)
		ON CONFLICT (campaign_id, platform, external_id) DO UPDATE SET entry_id = excluded.entry_id, account_id = excluded.account_id,
			url = excluded.url, caption = excluded.caption, published_at = excluded.published_at, views = excluded.views,
			likes = excluded.likes, comments = excluded.comments, shares = excluded.shares, reach = excluded.reach,
			refreshed_at = excluded.refreshed_at
		RETURNING p.id, p.campaign_id, p.entry_id, p.views, p.likes, p.comments, p.shares, p.reach, p.xmax = 0 AS inserted),
	daily AS (
		INSERT INTO campaign_post_daily AS d (post_id, day, views, likes, comments, shares, reach)
		SELECT up.id, $15::date, up.views, up.likes, up.comments, up.shares, up.reach FROM up
		WHERE NOT EXISTS (SELECT 1 FROM campaign_post_daily cur WHERE cur.post_id = up.id AND cur.day = $15::date
			AND (cur.views, cur.likes, cur.comments, cur.shares, cur.reach) IS NOT DISTINCT FROM (up.views, up.likes, up.comments, up.shares, up.reach))
		ON CONFLICT (post_id, day) DO UPDATE SET views = excluded.views, likes = excluded.likes, comments = excluded.comments,
			shares = excluded.shares, reach = excluded.reach)
	SELECT up.id, up.campaign_id, up.entry_id, k.name FROM up JOIN campaigns k ON k.id = up.campaign_id
	WHERE up.inserted ORDER BY up.id`

// NewCapture is a post a sync captured for the first time.
type NewCapture struct {
	PostID       string `db:"id"`
	CampaignID   string `db:"campaign_id"`
	EntryID      string `db:"entry_id"`
	CampaignName string `db:"name"`
}

// CaptureNoticeTask makes the outbox task that tells a brand a creator's
// posts were captured for its campaign (set by the jobs package; nil writes
// no task).
var CaptureNoticeTask func(entryID string, postIDs []string) Task

// saveCampaignPosts writes posts in tx (savePostsSQL, prepared: a sync
// runs it once a batch) at now and returns the posts captured for the first
// time; for each roster entry that got any it writes one CaptureNoticeTask,
// all in one statement.
func (s *DB) saveCampaignPosts(ctx context.Context, tx *sqlx.Tx, posts []CampaignPost, now time.Time) ([]NewCapture, error) {
	if len(posts) == 0 {
		return nil, nil
	}
	var c struct {
		campaigns, entries, accounts              []string
		platforms, ids, urls, captions, published []string
		views, likes, comments, shares, reach     []sql.NullInt64
	}
	seen := map[[3]string]bool{}
	n := func(v *int64) sql.NullInt64 {
		if v == nil {
			return sql.NullInt64{}
		}
		return sql.NullInt64{Int64: *v, Valid: true}
	}
	for _, p := range posts {
		key := [3]string{p.CampaignID, p.Platform, p.ExternalID}
		if seen[key] {
			continue
		}
		seen[key] = true
		c.campaigns, c.entries, c.accounts = append(c.campaigns, p.CampaignID), append(c.entries, p.EntryID), append(c.accounts, p.AccountID)
		c.platforms, c.ids = append(c.platforms, p.Platform), append(c.ids, p.ExternalID)
		c.urls, c.captions = append(c.urls, PostURL(p.Platform, p.URL)), append(c.captions, cleanText(p.Caption))
		c.published = append(c.published, p.PublishedAt.UTC().Format(time.RFC3339Nano))
		c.views, c.likes, c.comments = append(c.views, n(p.Views)), append(c.likes, n(p.Likes)), append(c.comments, n(p.Comments))
		c.shares, c.reach = append(c.shares, n(p.Shares)), append(c.reach, n(p.Reach))
	}
	var fresh []NewCapture
	err := s.txSelect(ctx, tx, &fresh, savePostsSQL, pq.Array(c.campaigns), pq.Array(c.entries), pq.Array(c.accounts),
		pq.Array(c.platforms), pq.Array(c.ids), pq.Array(c.urls), pq.Array(c.captions), pq.Array(c.published),
		pq.Array(c.views), pq.Array(c.likes), pq.Array(c.comments), pq.Array(c.shares), pq.Array(c.reach),
		now, now.UTC().Format(time.DateOnly))
	if err != nil {
		return nil, fmt.Errorf("save campaign posts: %w", err)
	}
	if CaptureNoticeTask != nil {
		byEntry, order := map[string][]string{}, []string{}
		for _, p := range fresh {
			if byEntry[p.EntryID] == nil {
				order = append(order, p.EntryID)
			}
			byEntry[p.EntryID] = append(byEntry[p.EntryID], p.PostID)
		}
		tasks := make([]Task, len(order))
		for i, entry := range order {
			tasks[i] = CaptureNoticeTask(entry, byEntry[entry])
		}
		if err := insertTasks(ctx, tx, tasks); err != nil {
			return nil, err
		}
	}
	return fresh, nil
}

// CaptureCounts sums captures per campaign, in the order campaigns first
// appear: "2 campaign posts captured for Holiday Glow".
func CaptureCounts(list []NewCapture) []CaptureCount {
	out := []CaptureCount{}
	at := map[string]int{}
	for _, p := range list {
		i, ok := at[p.CampaignID]
		if !ok {
			i = len(out)
			at[p.CampaignID] = i
			out = append(out, CaptureCount{CampaignID: p.CampaignID, CampaignName: p.CampaignName})
		}
		out[i].Posts++
	}
	return out
}

// CaptureCount is how many posts a sync captured for one campaign.
type CaptureCount struct {
	CampaignID   string `json:"campaignId"`
	CampaignName string `json:"campaignName"`
	Posts        int    `json:"posts"`
}

// cleanText drops NUL characters (Postgres cannot store them) and keeps at
// most 2,200 characters of a caption (Instagram's own limit).
func cleanText(s string) string {
	out := []rune{}
	for _, r := range s {
		if r != 0 {
			out = append(out, r)
		}
		if len(out) == 2200 {
			break
		}
	}
	return string(out)
}
