package seed

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/store"
)

// Captured campaign posts of the demo : what the analytics sync
// would have recorded for the demo brand's campaigns of demoResults: the
// completed "Autumn Lookbook" (its results page and share link) and the
// active "Spring Fitness Push" (Mission Control's performance this month).
// creator@example.com's accepted offer has one tagged Instagram post; each
// campaign has accepted (or, once completed, completed) offers of at least
// its number of creators, each with 1 to 3 tagged posts published since its
// start and up to demoReadingDays daily readings. The figures are the sandbox's
// (sandbox.PostFigures, as the sync reads them from it); a figure the
// platform does not report (YouTube's shares and reach, TikTok's reach) is
// NULL. Ids are seeded, every write an upsert: it may run again.
const demoReadingDays = 14

// demoResults are the campaigns with captured posts: name, the niche their
// added creators come from, and how many creators have posts.
var demoResults = []struct {
	name, niche string
	creators    int
}{
	{"Autumn Lookbook", "Fashion & Style", 10},
	{"Spring Fitness Push", "Fitness & Health", 5},
}

// demoCaptions are the tagged posts' captions; %s is the campaign's tag.
var demoCaptions = []string{
	"Autumn layers, three ways 🍂 #%s",
	"Knit season is officially open. Which look is yours? #%s #ootd",
	"Rainy-day outfit that still feels put together #%s",
	"Behind the scenes of the lookbook shoot ✨ #%s",
	"My capsule wardrobe for October, all in one reel #%s",
}

// reports says which figures each platform reports: views, likes,
// comments, shares, reach.
var reports = map[string][5]bool{
	store.Instagram: {true, true, true, true, true},
	store.YouTube:   {true, true, true, false, false},
	store.TikTok:    {true, true, true, true, false},
	store.LinkedIn:  {true, true, true, true, true},
}

func seedHash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// campaignPosts writes the captured posts of the demo.
func campaignPosts(ctx context.Context, db *store.DB) error {
	for _, r := range demoResults {
		if err := demoCampaignPosts(ctx, db, r.name, r.niche, r.creators); err != nil {
			return err
		}
	}
	return nil
}

// demoCampaignPosts writes the captured posts of the demo brand's campaign name.
func demoCampaignPosts(ctx context.Context, db *store.DB, name, niche string, creators int) error {
	var c struct {
		ID     string    `db:"id"`
		Tag    string    `db:"tracking_tag"`
		Status string    `db:"status"`
		Start  time.Time `db:"start_date"`
		End    time.Time `db:"end_date"`
	}
	err := db.SQL().GetContext(ctx, &c, `SELECT c.id, c.tracking_tag, c.status, c.start_date, c.end_date FROM campaigns c
		JOIN users u ON u.brand_id = c.brand_id WHERE u.email = 'brand@example.com' AND c.name = $1 AND c.status <> 'deleted'`, name)
	if err != nil {
		return fmt.Errorf("seed posts: find %q: %w", name, err)
	}
	if err := resultEntries(ctx, db, c.ID, c.Status, niche, creators); err != nil {
		return err
	}
	var entries []struct {
		ID       string  `db:"id"`
		Identity string  `db:"identity"`
		Platform string  `db:"platform"`
		Handle   string  `db:"handle"`
		Account  *string `db:"account_id"`
	}
	// Every accepted or completed offer of the campaign, with the creator's
	// handle on the entry's platform (and, for a creator with an account,
	// the connected account of that platform).
	err = db.SQL().SelectContext(ctx, &entries, `SELECT e.id, cr.identity, e.platform,
			coalesce(CASE e.platform WHEN 'instagram' THEN cr.instagram_handle WHEN 'youtube' THEN cr.youtube_handle
				WHEN 'tiktok' THEN cr.tiktok_handle ELSE cr.linkedin_handle END, '') AS handle,
			(SELECT a.id FROM social_accounts a WHERE a.user_id = cr.user_id AND a.platform = e.platform AND a.status <> 'disconnected') AS account_id
		FROM roster_entries e JOIN creators cr ON cr.id = e.creator_id
		WHERE e.campaign_id = $1 AND e.offer_status IN ('accepted', 'completed') ORDER BY cr.identity`, c.ID)
	if err != nil {
		return fmt.Errorf("seed posts: entries: %w", err)
	}
	posts := 0
	for _, e := range entries {
		if e.Handle == "" {
			e.Handle = strings.SplitN(strings.TrimPrefix(e.Identity, "email:"), "@", 2)[0]
		}
		h := seedHash("posts", e.Identity)
		n := 1 + int(h%3)
		if e.Identity == "email:creator@example.com" {
			n, e.Handle = 1, demoSocialHandle
		}
		for i := range n {
			if err := seedPost(ctx, db, c.ID, c.Tag, c.Start, c.End, e.ID, e.Account, e.Platform, e.Handle, e.Identity, i); err != nil {
				return err
			}
			posts++
		}
	}
	fmt.Printf("  %s: %d captured posts of %d creators (tag #%s)\n", name, posts, len(entries), c.Tag)
	return nil
}

// resultEntries gives the campaign accepted or completed offers from at
// least creators creators: network creators of niche not on its roster yet,
// picked in a fixed order, their history as the brand sent, the creator
// accepted and (for most, once the campaign is completed) the brand
// completed.
func resultEntries(ctx context.Context, db *store.DB, campaignID, status, niche string, creators int) error {
	var have int
	if err := db.SQL().GetContext(ctx, &have, `SELECT count(*) FROM roster_entries WHERE campaign_id = $1
		AND offer_status IN ('accepted', 'completed')`, campaignID); err != nil {
		return err
	}
	if have >= creators {
		return nil
	}
	platforms := []string{store.Instagram, store.TikTok, store.YouTube, store.Instagram, store.LinkedIn}
	_, err := db.SQL().ExecContext(ctx, `WITH picked AS (
			SELECT cr.id, row_number() OVER (ORDER BY cr.identity) AS n, cr.instagram_handle, cr.tiktok_handle, cr.youtube_handle,
				cr.linkedin_handle, coalesce(cr.instagram_followers, 20000) AS followers
			FROM creators cr WHERE cr.niche = $4 AND cr.user_id IS NULL
				AND NOT EXISTS (SELECT 1 FROM roster_entries e WHERE e.campaign_id = $1 AND e.creator_id = cr.id)
			ORDER BY cr.identity LIMIT $2),
		plat AS (
			SELECT p.*, coalesce((SELECT x FROM unnest($3::text[]) WITH ORDINALITY u (x, o)
				WHERE (x = 'tiktok' AND p.tiktok_handle IS NOT NULL AND p.tiktok_handle <> '')
					OR (x = 'youtube' AND p.youtube_handle IS NOT NULL AND p.youtube_handle <> '')
					OR (x = 'linkedin' AND p.linkedin_handle IS NOT NULL AND p.linkedin_handle <> '')
				ORDER BY (o + p.n) % 5 LIMIT 1), 'instagram') AS platform FROM picked p),
		ins AS (
			INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status,
				offer_updated_at, created_at)
			SELECT $1, plat.id, 100 + plat.n, 70 + plat.n, '[]', CASE WHEN plat.n % 3 = 0 THEN 'instagram' ELSE plat.platform END,
				greatest(150, round(plat.followers / 40.0, 2)), greatest(150, round(plat.followers / 40.0, 2)),
				CASE WHEN plat.n % 4 = 0 OR c.status <> 'completed' THEN 'accepted' ELSE 'completed' END,
				least(c.end_date::timestamptz, now()), c.start_date::timestamptz - interval '10 days'
			FROM plat JOIN campaigns c ON c.id = $1
			ON CONFLICT (campaign_id, creator_id) DO NOTHING
			RETURNING id, offer_status, offer_amount, created_at)
		INSERT INTO offer_history (entry_id, at, from_status, to_status, amount, actor_side)
		SELECT ins.id, ins.created_at + m.after, m.from_status, m.to_status, ins.offer_amount, m.side FROM ins
		CROSS JOIN (VALUES ('draft', 'sent', 'brand', interval '1 day'), ('sent', 'accepted', 'creator', interval '3 days'),
			('accepted', 'completed', 'brand', interval '50 days')) AS m (from_status, to_status, side, after)
		WHERE m.to_status <> 'completed' OR ins.offer_status = 'completed'`, campaignID, creators-have+1, platforms, niche)
	if err != nil {
		return fmt.Errorf("seed posts: offers of %s: %w", status, err)
	}
	return nil
}

// seedPost writes post i of an entry: published in the campaign's first
// fortnight (of its days gone by, for a running campaign), read once a day for demoReadingDays days (not past the refresh
// window), its figures the sandbox's at each reading.
func seedPost(ctx context.Context, db *store.DB, campaignID, tag string, start, end time.Time, entryID string, account *string,
	platform, handle, identity string, i int) error {
	h := seedHash("post", identity, fmt.Sprint(i))
	span := max(1, int(end.Sub(start).Hours()/24)-demoReadingDays)
	if gone := int(time.Since(start).Hours()/24) - 1; gone < span {
		span = max(1, gone) // a running campaign: posts of the days gone by
	}
	at := start.Add(time.Duration(int(h%uint64(span))*24+8+int(h>>8%12))*time.Hour + time.Duration(h>>16%3600)*time.Second)
	if !at.Before(end.AddDate(0, 0, 1)) {
		at = end.Add(12 * time.Hour)
	}
	id, url := demoPostID(platform, handle, h)
	text := fmt.Sprintf(demoCaptions[(h>>24)%uint64(len(demoCaptions))], tag)
	rep := reports[platform]
	val := func(ok bool, v int64) *int64 {
		if !ok {
			return nil
		}
		return &v
	}
	var postID string
	last := at
	readings := make([]sandbox.Figures, 0, demoReadingDays)
	days := make([]time.Time, 0, demoReadingDays)
	for d := 0; d < demoReadingDays; d++ {
		day := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, d)
		read := day.Add(22 * time.Hour) // the day's last sync
		if read.Before(at) {
			read = at.Add(time.Hour)
		}
		if read.After(time.Now()) {
			break
		}
		readings = append(readings, sandbox.PostFigures(platform, handle, id, at, read))
		days, last = append(days, day), read
	}
	if len(readings) == 0 {
		return nil
	}
	f := readings[len(readings)-1]
	err := db.SQL().GetContext(ctx, &postID, `INSERT INTO campaign_posts (campaign_id, entry_id, account_id, platform, external_id, url,
			caption, published_at, views, likes, comments, shares, reach, captured_at, refreshed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
		ON CONFLICT (campaign_id, platform, external_id) DO UPDATE SET views = excluded.views, likes = excluded.likes,
			comments = excluded.comments, shares = excluded.shares, reach = excluded.reach, refreshed_at = excluded.refreshed_at
		RETURNING id`, campaignID, entryID, account, platform, id, url, text, at,
		val(rep[0], f.Views), val(rep[1], f.Likes), val(rep[2], f.Comments), val(rep[3], f.Shares), val(rep[4], f.Reach),
		at.Add(5*time.Hour), last)
	if err != nil {
		return fmt.Errorf("seed post %s: %w", id, err)
	}
	for k, r := range readings {
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO campaign_post_daily (post_id, day, views, likes, comments, shares, reach)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (post_id, day) DO UPDATE SET views = excluded.views, likes = excluded.likes,
			comments = excluded.comments, shares = excluded.shares, reach = excluded.reach`, postID, days[k].Format(time.DateOnly),
			val(rep[0], r.Views), val(rep[1], r.Likes), val(rep[2], r.Comments), val(rep[3], r.Shares), val(rep[4], r.Reach)); err != nil {
			return fmt.Errorf("seed post %s day %d: %w", id, k, err)
		}
	}
	return nil
}

// demoPostID is a seeded post id in the platform's format, and its link.
func demoPostID(platform, handle string, h uint64) (id, url string) {
	switch platform {
	case store.YouTube:
		id = fmt.Sprintf("d%010x", h%0x10000000000)
		return id, "https://www.youtube.com/watch?v=" + id
	case store.TikTok:
		id = fmt.Sprintf("74%017d", h%1e17)
		return id, "https://www.tiktok.com/@" + handle + "/video/" + id
	case store.LinkedIn:
		id = fmt.Sprintf("urn:li:share:9%018d", h%1e18)
		return id, "https://www.linkedin.com/feed/update/" + id + "/"
	}
	id = fmt.Sprintf("17%015d", h%1e15)
	return id, "https://www.instagram.com/p/" + id[len(id)-11:] + "/"
}
