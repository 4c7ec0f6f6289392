package main

import (
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestOutreach_DailyCap: a brand that sent OutreachDailyCap invitations in
// the last 24 hours is refused the next one (429, the cap's message, the
// offer stays a draft, no invitation written); invitations older than 24
// hours do not count.
func TestOutreach_DailyCap(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.importedOffer("cap.io", "next@cap.io")
	// OutreachDailyCap earlier invitations of the brand, to another imported creator, an hour ago.
	if _, err := e.db.SQL().Exec(`WITH c AS (INSERT INTO creators (identity, name, email, niche) VALUES ('email:old@cap.io', 'Old', 'old@cap.io', 'Travel') RETURNING id)
		INSERT INTO outreach_invitations (brand_id, creator_id, email, created_at, expires_at)
		SELECT k.brand_id, c.id, 'old@cap.io', now() - interval '1 hour', now() + interval '6 days'
		FROM c, campaigns k, generate_series(1, $2) WHERE k.id = $1`, f.campaign, store.OutreachDailyCap); err != nil {
		t.Fatal(err)
	}
	r := e.want(e.brandMove(f, "sent", 230), http.StatusTooManyRequests)
	if r.str("message") != store.MsgOutreachDailyCap {
		t.Errorf("over the cap: %v", r.Body)
	}
	if st := e.offerStatus(f.entry); st != store.OfferDraft {
		t.Errorf("offer over the cap moved to %s", st)
	}
	if n := e.count(`SELECT count(*) FROM outreach_invitations WHERE email = 'next@cap.io'`); n != 0 {
		t.Errorf("%d invitations written over the cap", n)
	}
	e.db.SQL().MustExec(`UPDATE outreach_invitations SET created_at = now() - interval '25 hours' WHERE email = 'old@cap.io'`)
	e.want(e.brandMove(f, "sent", 230), http.StatusOK)
	if n := e.count(`SELECT count(*) FROM outreach_invitations WHERE email = 'next@cap.io'`); n != 1 {
		t.Errorf("%d invitations once the day passed, want 1", n)
	}
}

// TestOutreach_Undeliverable: an address on the suppression list as
// undeliverable cannot be contacted, and Send offer says so (409, the
// offer stays a draft).
func TestOutreach_Undeliverable(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	f := e.importedOffer("bounce.io", "gone@bounce.io")
	e.db.SQL().MustExec(`INSERT INTO outreach_suppressions (email, reason, created_at) VALUES ('gone@bounce.io', $1, now())`, store.SuppressUndeliverable)
	r := e.want(e.brandMove(f, "sent", 230), http.StatusConflict)
	if r.str("message") != store.MsgCannotContactUndeliverable {
		t.Errorf("undeliverable: %v", r.Body)
	}
	if st := e.offerStatus(f.entry); st != store.OfferDraft {
		t.Errorf("offer to an undeliverable address moved to %s", st)
	}
}
