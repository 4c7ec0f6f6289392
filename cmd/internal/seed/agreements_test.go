package seed

import (
	"context"
	"strings"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/store/storetest"
)

// TestSeedAgreements: after seeding twice, every accepted or completed demo
// offer carries both sides' signatures of its last agreement version;
// creator@'s Autumn Lookbook agreement is signed with its PDF's task queued,
// and its Spring Fitness Push offer has two versions and no signature yet,
// the second the countered $935 with the 30 days of paid usage for $150.
func TestSeedAgreements(t *testing.T) {
	t.Parallel()
	db := setup(t)
	for range 2 {
		if err := Run(context.Background(), db, app.Config{}); err != nil {
			t.Fatal(err)
		}
	}
	var unsigned int
	if err := db.SQL().Get(&unsigned, `SELECT count(*) FROM roster_entries e WHERE e.offer_status IN ('accepted', 'completed')
		AND (SELECT count(*) FROM agreement_signatures s WHERE s.version_id = (SELECT v.id FROM agreement_versions v
			WHERE v.entry_id = e.id ORDER BY v.version DESC LIMIT 1)) <> 2`); err != nil || unsigned != 0 {
		t.Fatalf("accepted offers without both signatures: %d (%v)", unsigned, err)
	}
	creatorOffer := func(campaign string) string {
		var id string
		if err := db.SQL().Get(&id, `SELECT e.id FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id
			JOIN creators cr ON cr.id = e.creator_id JOIN users u ON u.id = cr.user_id
			WHERE c.name = $1 AND u.email = 'creator@example.com'`, campaign); err != nil {
			t.Fatal(err)
		}
		return id
	}
	autumn := creatorOffer("Autumn Lookbook")
	var sides []string
	if err := db.SQL().Select(&sides, `SELECT side || ':' || full_name || ':' || (user_id IS NOT NULL)::text FROM agreement_signatures
		WHERE entry_id = $1 ORDER BY side`, autumn); err != nil || len(sides) != 2 || sides[1] != "creator:Cleo Creator:true" {
		t.Fatalf("Autumn Lookbook signatures: %v %v", sides, err)
	}
	storetest.RequireInserted(t, db, jobs.TypeAgreementPDF, map[string]any{"entryId": autumn})
	spring := creatorOffer("Spring Fitness Push")
	var versions, signatures int
	if err := db.SQL().QueryRow(`SELECT (SELECT count(*) FROM agreement_versions WHERE entry_id = $1),
		(SELECT count(*) FROM agreement_signatures WHERE entry_id = $1)`, spring).Scan(&versions, &signatures); err != nil ||
		versions != 2 || signatures != 0 {
		t.Fatalf("Spring Fitness Push: %d versions, %d signatures (%v)", versions, signatures, err)
	}
	var addOns, total, changed string
	if err := db.SQL().QueryRow(`SELECT v.terms->'addOns', (SELECT e.usage_addons FROM roster_entries e WHERE e.id = v.entry_id)::text,
		v.canonical_text FROM agreement_versions v WHERE v.entry_id = $1 AND v.version = 2`, spring).Scan(&addOns, &total, &changed); err != nil {
		t.Fatal(err)
	}
	if addOns != `[{"usage": "30_days", "amountCents": 15000}]` || total != addOns {
		t.Fatalf("Spring Fitness Push version 2 add-ons %s, offer %s", addOns, total)
	}
	for _, line := range []string{"Fee: 935.00 USD.", "Paid usage for 30 days (add-on): 150.00 USD.", "Total: 1085.00 USD."} {
		if !strings.Contains(changed, line) {
			t.Fatalf("Spring Fitness Push version 2 lacks %q:\n%s", line, changed)
		}
	}
	if n, br, err := db.VerifyAudit(context.Background()); err != nil || br != nil || n == 0 {
		t.Fatalf("audit chain: %d rows, %v, %v", n, br, err)
	}
}
