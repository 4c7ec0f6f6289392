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

// demoSignatures gives every accepted or completed demo offer that has no
// signature yet (offers written directly: the results offers, the media
// kit's past campaign) both sides' signatures and its PDF's task, the
// brand's signed by the first BRAND_ADMIN of the campaign's brand (a demo
// account), so each accepted demo offer carries its signed agreement.
// Running it again finds nothing to sign.
func demoSignatures(ctx context.Context, db *store.DB) error {
	var rows []struct {
		Entry  string `db:"entry"`
		Signer string `db:"signer"`
	}
	if err := db.SQL().SelectContext(ctx, &rows, `SELECT e.id AS entry, (SELECT min(u.email) FROM users u
			WHERE u.brand_id = c.brand_id AND u.role = 'BRAND_ADMIN') AS signer
		FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
		WHERE e.offer_status IN ('accepted', 'completed') AND EXISTS (SELECT 1 FROM users u WHERE u.brand_id = c.brand_id AND u.role = 'BRAND_ADMIN')
			AND NOT EXISTS (SELECT 1 FROM agreement_signatures s WHERE s.entry_id = e.id) ORDER BY e.id`); err != nil {
		return fmt.Errorf("seed: unsigned offers: %w", err)
	}
	signers := map[string]*store.User{}
	for _, r := range rows {
		brand := signers[r.Signer]
		if brand == nil {
			u, _, err := db.Login(ctx, r.Signer, DemoPassword, store.SessionMeta{UserAgent: "api seed"})
			if err != nil {
				return fmt.Errorf("seed: %s log-in: %w", r.Signer, err)
			}
			brand, signers[r.Signer] = u, u
		}
		if err := demoAccept(ctx, db, r.Entry, brand); err != nil {
			return fmt.Errorf("seed: sign offer %s: %w", r.Entry, err)
		}
	}
	fmt.Printf("  agreements: %d accepted offers signed by both sides\n", len(rows))
	return nil
}
