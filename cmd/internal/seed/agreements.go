package seed

import (
	"context"
	"fmt"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// demoAccept accepts a demo offer the only way an offer is accepted: both
// sides sign its current agreement version (brand@ for the brand, the
// creator under the name the agreement prints). The signed PDF's task is
// queued (the worker draws it); no mail goes out.
func demoAccept(ctx context.Context, db *store.DB, entryID string, brand *store.User) error {
	tasks := jobs.AgreementTasks()
	tasks.Mail = nil
	return db.RecordSignedAcceptance(ctx, entryID, brand, tasks)
}

// demoSignatures gives every accepted or completed offer of brand@'s
// campaigns that has no signature yet (results offers written directly) both
// sides' signatures and its PDF's task, so each accepted demo offer carries
// its signed agreement. Running it again finds nothing to sign.
func demoSignatures(ctx context.Context, db *store.DB) error {
	brand, _, err := db.Login(ctx, "brand@example.com", DemoPassword, store.SessionMeta{UserAgent: "api seed"})
	if err != nil {
		return fmt.Errorf("seed: brand log-in: %w", err)
	}
	var ids []string
	if err := db.SQL().SelectContext(ctx, &ids, `SELECT e.id FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
		JOIN users u ON u.brand_id = c.brand_id WHERE u.email = 'brand@example.com' AND e.offer_status IN ('accepted', 'completed')
		AND NOT EXISTS (SELECT 1 FROM agreement_signatures s WHERE s.entry_id = e.id) ORDER BY e.id`); err != nil {
		return fmt.Errorf("seed: unsigned offers: %w", err)
	}
	for _, id := range ids {
		if err := demoAccept(ctx, db, id, brand); err != nil {
			return fmt.Errorf("seed: sign offer %s: %w", id, err)
		}
	}
	fmt.Printf("  agreements: %d accepted offers signed by both sides\n", len(ids))
	return nil
}
