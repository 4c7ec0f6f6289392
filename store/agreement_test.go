package store_test

import (
	"context"
	"crypto/sha256"
	"strings"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// agreementOffer makes a brand, a campaign with a 30-day usage right and a
// sent offer of 400.00 to "Zoë Łukasiewicz", and returns the offer's id.
func agreementOffer(t *testing.T, db *store.DB) string {
	t.Helper()
	var id string
	err := db.SQL().Get(&id, `WITH b AS (INSERT INTO brands (name) VALUES ('Acme GmbH') RETURNING id),
		c AS (INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
			SELECT b.id, 'Autumn', 1500, '2030-09-01', '2030-09-30', 18, 35, 'All', 'exclusive', '30_days', 'acmeautumn' FROM b RETURNING id),
		cr AS (INSERT INTO creators (identity, name) VALUES ('email:zoe@example.com', 'Zoë Łukasiewicz') RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
		SELECT c.id, cr.id, 1, 80, '[]', 'instagram', 400, 400, 'sent' FROM c, cr RETURNING id`)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestAgreementVersions: the first fix makes version 1 with the campaign's
// terms; an unchanged offer makes no new version; a new amount and new
// clauses make version 2 whose diff names exactly those fields; versions
// cannot be changed afterwards; each version is in the audit log.
func TestAgreementVersions(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	entry := agreementOffer(t, db)
	brand := &store.User{ID: "", Name: "Jürgen Brand", Role: store.RoleBrandAdmin}
	meta := store.RequestMeta{IP: "203.0.113.7", UserAgent: "test"}

	v1, err := db.FixAgreement(ctx, entry, brand, meta)
	if err != nil {
		t.Fatal(err)
	}
	if v1.Version != 1 || v1.Terms.AmountCents != 40000 || v1.Terms.ContentUsage != "30_days" || v1.Terms.Exclusivity != "exclusive" ||
		v1.Terms.PaymentTerms != db.Payout.PaymentTerms() || v1.Terms.CreatorName != "Zoë Łukasiewicz" || v1.Terms.BrandSigner != "Jürgen Brand" {
		t.Fatalf("version 1 = %+v", v1.Terms)
	}
	// The payment terms say how the money moves with the default windows.
	for _, want := range []string{"Payment terms: through Creator Coach.", "payout account 48 hours after the first tagged post", "by 7 days after the end date", "The creator pays no fee."} {
		if !strings.Contains(v1.CanonicalText, want) {
			t.Fatalf("agreement text lacks %q:\n%s", want, v1.CanonicalText)
		}
	}
	if sum := sha256.Sum256([]byte(v1.CanonicalText)); string(sum[:]) != string(v1.SHA256) {
		t.Fatal("stored SHA-256 is not the canonical text's")
	}
	for _, want := range []string{"Fee: 400.00 USD", "Paid usage for 30 days", "Zoë Łukasiewicz", "#acmeautumn", "Template version " + store.AgreementTemplateVersion} {
		if !strings.Contains(v1.CanonicalText, want) {
			t.Errorf("text lacks %q:\n%s", want, v1.CanonicalText)
		}
	}
	again, err := db.FixAgreement(ctx, entry, brand, meta)
	if err != nil || again.Version != 1 {
		t.Fatalf("unchanged offer: version %v, %v", again, err)
	}

	db.SQL().MustExec(`UPDATE roster_entries SET offer_amount = 450 WHERE id = $1`, entry)
	db.SQL().MustExec(`UPDATE campaigns SET agreement_clauses = 'No competitor logos.'`)
	v2, err := db.FixAgreement(ctx, entry, brand, meta)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.TermChange{{Field: "amount", Old: "400.00", New: "450.00"}, {Field: "clauses", Old: "", New: "No competitor logos."}}
	if v2.Version != 2 || len(v2.Changes) != len(want) || v2.Changes[0] != want[0] || v2.Changes[1] != want[1] {
		t.Fatalf("version 2 = %d, changes %+v, want %+v", v2.Version, v2.Changes, want)
	}
	vs, err := db.AgreementVersions(ctx, entry)
	if err != nil || len(vs) != 2 || len(vs[0].Changes) != 0 || len(vs[1].Changes) != 2 {
		t.Fatalf("versions = %+v, %v", vs, err)
	}
	if _, err := db.SQL().Exec(`UPDATE agreement_versions SET canonical_text = 'x' WHERE entry_id = $1`, entry); err == nil {
		t.Fatal("a version was changed")
	}
	found, err := db.AgreementBySHA256(ctx, v2.SHA256)
	if err != nil || found.Version != 2 {
		t.Fatalf("by SHA-256: %v, %v", found, err)
	}
	if _, err := db.AgreementBySHA256(ctx, make([]byte, 32)); store.ErrorCode(err) != store.ENOTFOUND {
		t.Fatalf("unknown hash: %v", err)
	}
	evs, err := db.AuditEvents(ctx, "offer:"+entry)
	if err != nil || len(evs) != 2 || evs[1].Action != "agreement.version" || evs[1].IP != "203.0.113.7" {
		t.Fatalf("audit events = %+v, %v", evs, err)
	}
}

// TestAgreementDiff: each field changed alone is named alone, old → new.
func TestAgreementDiff(t *testing.T) {
	t.Parallel()
	base := store.AgreementTerms{AmountCents: 100, ContentUsage: "organic_only", Exclusivity: "no_exclusivity"}
	if d := store.DiffAgreementTerms(base, base); len(d) != 0 {
		t.Fatalf("no change: %+v", d)
	}
	u := base
	u.ContentUsage = "unlimited"
	if d := store.DiffAgreementTerms(base, u); len(d) != 1 || d[0] != (store.TermChange{Field: "contentUsage", Old: "organic_only", New: "unlimited"}) {
		t.Fatalf("usage: %+v", d)
	}
	a := base
	a.AmountCents = 12345
	if d := store.DiffAgreementTerms(base, a); len(d) != 1 || d[0] != (store.TermChange{Field: "amount", Old: "1.00", New: "123.45"}) {
		t.Fatalf("amount: %+v", d)
	}
}
