package seed

import (
	"context"
	"fmt"

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
	fmt.Println("  brand@example.com: a conversation with creator@ on Spring Fitness Push, 2 unread")
	return nil
}
