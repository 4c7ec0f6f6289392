package seed

import (
	"context"
	"fmt"

	"creatorcoach/store"
)

// DemoOnCreatorCoach is how many of the demo network's creators are on
// Creator Coach: linked to a creator account (password DemoPassword), listed,
// with a connected Instagram whose last 30 days are measured. The rest are
// imported only.
const DemoOnCreatorCoach = 300

// DemoMeasuredDays is the measured history of each of those accounts.
const DemoMeasuredDays = 30

// networkMembers links DemoOnCreatorCoach demo network creators to
// accounts in bulk SQL (one statement, not hundreds of sign-ups): a
// verified USER account with the entry's e-mail, the listing answer "yes",
// an Instagram account synced today (it holds no tokens, so the worker never
// syncs it) with DemoMeasuredDays days of followers and likes matching the
// entry's engagement rate, and the entry Verified on Instagram. One other,
// imported-only creator unsubscribed from invitations (on the suppression
// list). It only adds what is missing, so it may run again.
func networkMembers(ctx context.Context, db *store.DB) error {
	var linked int
	err := db.SQL().GetContext(ctx, &linked, `WITH pick AS MATERIALIZED (
			SELECT c.id, c.email, c.name, c.instagram_handle AS handle, c.instagram_followers AS followers,
				coalesce(c.engagement_rate, 2) AS er, n.id AS niche_id
			FROM creators c LEFT JOIN niches n ON n.name = c.niche
			WHERE c.email LIKE 'demo.%@creators.example' AND c.user_id IS NULL AND c.instagram_handle IS NOT NULL
				AND c.instagram_followers IS NOT NULL
				AND NOT EXISTS (SELECT 1 FROM outreach_suppressions s WHERE s.email = c.email)
			ORDER BY c.email
			LIMIT greatest(0, $1 - (SELECT count(*) FROM creators WHERE email LIKE 'demo.%@creators.example' AND user_id IS NOT NULL))),
		u AS (
			INSERT INTO users (email, name, password_hash, role, niche_id, email_verified_at)
			SELECT p.email, p.name, (SELECT password_hash FROM users WHERE email = 'creator@example.com'), 'USER', p.niche_id, now()
			FROM pick p ON CONFLICT (email) DO NOTHING RETURNING id, email),
		link AS (
			UPDATE creators c SET user_id = u.id, listed = true, verified_platforms = ARRAY['instagram'], updated_at = now()
			FROM u WHERE c.email = u.email RETURNING c.id),
		answer AS (
			INSERT INTO creator_listings (user_id, listed, answered_at) SELECT id, true, now() FROM u ON CONFLICT (user_id) DO NOTHING),
		acct AS (
			INSERT INTO social_accounts (user_id, platform, username, full_name, status, last_synced_at)
			SELECT u.id, 'instagram', p.handle, p.name, 'connected', now() FROM u JOIN pick p ON p.email = u.email
			ON CONFLICT (user_id, platform) DO NOTHING RETURNING id, user_id),
		days AS (
			INSERT INTO social_daily (account_id, day, followers, likes, views, organic_impressions)
			SELECT a.id, current_date - g, greatest(p.followers - g * p.followers / 1000, 1),
				round(p.followers * p.er / 100)::bigint, p.followers / 3, p.followers / 2
			FROM acct a JOIN u ON u.id = a.user_id JOIN pick p ON p.email = u.email, generate_series(0, $2 - 1) g
			ON CONFLICT (account_id, day) DO NOTHING)
		SELECT (SELECT count(*) FROM link) + (SELECT count(*) FROM creators WHERE email LIKE 'demo.%@creators.example' AND user_id IS NOT NULL)`,
		DemoOnCreatorCoach, DemoMeasuredDays)
	if err != nil {
		return fmt.Errorf("seed network members: %w", err)
	}
	var unsubscribed string
	if err := db.SQL().GetContext(ctx, &unsubscribed, `WITH s AS (
			INSERT INTO outreach_suppressions (email, reason, created_at)
			SELECT email, 'unsubscribed', now() FROM creators WHERE email LIKE 'demo.%@creators.example' AND user_id IS NULL
			ORDER BY email DESC LIMIT 1 ON CONFLICT (email) DO NOTHING RETURNING email)
		SELECT c.name FROM creators c WHERE c.email = coalesce((SELECT email FROM s), (SELECT os.email FROM outreach_suppressions os
			WHERE os.email LIKE 'demo.%@creators.example' ORDER BY os.email DESC LIMIT 1))`); err != nil {
		return fmt.Errorf("seed unsubscribed creator: %w", err)
	}
	fmt.Printf("Demo network: %d creators on Creator Coach (listed, measured), %d imported only; %s unsubscribed from invitations\n",
		linked, DemoCreators-linked, unsubscribed)
	return nil
}
