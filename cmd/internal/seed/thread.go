package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
)

// demoThread is the conversation of creator@'s offer on "Spring Fitness
// Push": side ("brand" or "creator") and text, oldest first. The creator
// writes last, so brand@ has 2 unread messages.
var demoThread = []struct{ side, body string }{
	{"creator", "Hi! Thanks for the offer. Is one Reel plus three Stories OK, or do you need a feed post too?"},
	{"brand", "Hi Cleo, a Reel and three Stories is perfect. Please keep #ad and the campaign tag in the caption."},
	{"creator", "Great. I can film on Wednesday and post on Thursday morning, does that work?"},
	{"creator", "Also: can you send the product guide as a PDF here? See https://example.com/spring-guide for what I have."},
}

// thread posts demoThread in creator@'s offer on "Spring Fitness Push",
// once (a thread with messages is left alone).
func thread(ctx context.Context, db *store.DB) error {
	people := map[string]*store.User{}
	for side, email := range map[string]string{"brand": "brand@example.com", "creator": "creator@example.com"} {
		u, _, err := db.Login(ctx, email, DemoPassword, store.SessionMeta{UserAgent: "api seed"})
		if err != nil {
			return fmt.Errorf("seed: thread log-in %s: %w", email, err)
		}
		people[side] = u
	}
	var entry string
	err := db.SQL().GetContext(ctx, &entry, `SELECT e.id FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id
		JOIN creators c ON c.id = e.creator_id WHERE k.name = 'Spring Fitness Push' AND c.user_id = $1 AND e.offer_status <> 'draft'`,
		people["creator"].ID)
	if err != nil {
		return fmt.Errorf("seed: thread offer: %w", err)
	}
	var n int
	if err := db.SQL().GetContext(ctx, &n, `SELECT count(*) FROM thread_messages WHERE entry_id = $1`, entry); err != nil || n > 0 {
		return err
	}
	for _, m := range demoThread {
		if _, _, err := db.PostMessage(ctx, people[m.side], entry, store.ThreadMessageIn{Body: m.body}); err != nil {
			return fmt.Errorf("seed: thread message: %w", err)
		}
	}
	if err := threadDrafts(ctx, db, entry, people["brand"], people["creator"]); err != nil {
		return err
	}
	fmt.Println("  brand@example.com: a conversation with creator@ on Spring Fitness Push, 2 unread, a draft sent back and one approved")
	return nil
}

// threadDrafts spreads the demo messages over the last hours and adds two
// drafts of the post after them: version 1 lacking the paid-partnership
// word, sent back by brand@ with a comment; version 2 with it and the
// campaign's tag, approved. Written directly (the offer itself is left as
// the offers' demo needs it).
func threadDrafts(ctx context.Context, db *store.DB, entry string, brand, creator *store.User) error {
	now := time.Now().UTC()
	if _, err := db.SQL().ExecContext(ctx, `UPDATE thread_messages m SET created_at = $2::timestamptz - (x.n * interval '50 minutes')
		FROM (SELECT id, row_number() OVER (ORDER BY id DESC) + 2 AS n FROM thread_messages WHERE entry_id = $1) x
		WHERE m.id = x.id`, entry, now); err != nil {
		return fmt.Errorf("seed: thread times: %w", err)
	}
	var tag string
	if err := db.SQL().GetContext(ctx, &tag, `SELECT k.tracking_tag FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id WHERE e.id = $1`, entry); err != nil {
		return fmt.Errorf("seed: thread tag: %w", err)
	}
	hashTag := ""
	if tag = store.NormalizeTrackingTag(tag); tag != "" {
		hashTag = " #" + tag
	}
	drafts := []struct {
		caption, status, comment string
		at, reviewed             time.Duration
	}{
		{"Morning routine with the new Spring kit: 20 minutes, no excuses." + hashTag, store.DraftChanges,
			"Love it! Please add #ad at the start so the partnership is disclosed.", 110 * time.Minute, 100 * time.Minute},
		{"#ad Morning routine with the new Spring kit: 20 minutes, no excuses." + hashTag, store.DraftApproved, "", 60 * time.Minute, 45 * time.Minute},
	}
	for i, d := range drafts {
		missing := store.DisclosureMissing(store.Instagram, d.caption, tag)
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO thread_drafts (entry_id, version, author_id, platform, caption, missing, status,
				review_side, reviewer_id, review_comment, created_at, reviewed_at)
			VALUES ($1, $2, $3, 'instagram', $4, $5, $6, 'brand', $7, $8, $9, $10) ON CONFLICT (entry_id, version) DO NOTHING`,
			entry, i+1, creator.ID, d.caption, pq.Array(missing), d.status, brand.ID, d.comment, now.Add(-d.at), now.Add(-d.reviewed)); err != nil {
			return fmt.Errorf("seed: thread draft: %w", err)
		}
	}
	return nil
}
