package store_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// TestAgreementUsageAddOns: a brand sends an offer with two paid usage
// add-ons; the agreement version (template 2) carries the base fee and each
// add-on as lines with their total, prints them, and the PDF reads them back;
// bad add-ons are 422s on their field; changing an add-on makes a version
// whose diff names that line and the total; the budget check and the
// payment's funding amount count the add-ons.
func TestAgreementUsageAddOns(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 1)
	entry := w.entries[0]
	w.db.SQL().MustExec(`UPDATE roster_entries SET offer_status = 'draft' WHERE id = $1`, entry)
	sent := store.OfferSent
	send := func(addOns []store.UsageAddOn, confirm bool) error {
		amount := store.Number(400)
		_, err := w.db.UpdateBrandOffers(w.ctx, w.manager, store.OfferUpdate{CampaignID: w.campaign, ConfirmOverBudget: confirm,
			Entries: []store.OfferChange{{EntryID: entry, Status: &sent, Amount: &amount, UsageAddOns: &addOns}}}, nil)
		return err
	}
	for name, bad := range map[string][]store.UsageAddOn{
		"organic":   {{Usage: "organic_only", AmountCents: 5000}},
		"twice":     {{Usage: "30_days", AmountCents: 5000}, {Usage: "30_days", AmountCents: 6000}},
		"under $1":  {{Usage: "unlimited", AmountCents: 99}},
		"too large": {{Usage: "unlimited", AmountCents: 100_000_001}},
	} {
		err := send(bad, false)
		var se *store.Error
		if store.ErrorCode(err) != store.EINVALID || !errors.As(err, &se) || len(se.Fields) != 1 {
			t.Errorf("%s: %v", name, err)
		}
		for f := range se.Fields {
			if !strings.HasPrefix(f, "entries.0.usageAddOns.") {
				t.Errorf("%s: field %s", name, f)
			}
		}
	}

	// Over budget counts the add-ons: 400 + 50 + 120 is over a 500 budget.
	w.db.SQL().MustExec(`UPDATE campaigns SET budget = 500 WHERE id = $1`, w.campaign)
	addOns := []store.UsageAddOn{{Usage: "30_days", AmountCents: 5000}, {Usage: "unlimited", AmountCents: 12000}}
	if err := send(addOns, false); store.ErrorCode(err) != store.ECONFLICT || !strings.Contains(err.Error(), "$70 "+store.MsgOverBudget) {
		t.Fatalf("over budget with add-ons: %v", err)
	}
	w.db.SQL().MustExec(`UPDATE campaigns SET budget = 10000000 WHERE id = $1`, w.campaign)
	if err := send(addOns, false); err != nil {
		t.Fatal(err)
	}
	vs, err := w.db.AgreementVersions(w.ctx, entry)
	if err != nil || len(vs) != 1 {
		t.Fatalf("versions = %+v, %v", vs, err)
	}
	v1 := vs[0]
	lines := v1.Terms.Lines()
	if v1.TemplateVersion != "2" || len(lines) != 3 || lines[0].Kind != "fee" || lines[0].AmountCents != 40000 ||
		lines[1].Usage != "30_days" || lines[1].AmountCents != 5000 || lines[2].Usage != "unlimited" || lines[2].AmountCents != 12000 ||
		v1.Terms.TotalCents() != 57000 {
		t.Fatalf("version 1: template %s, lines %+v", v1.TemplateVersion, lines)
	}
	printed := []string{"Fee: 400.00 USD.", "Paid usage for 30 days (add-on): 50.00 USD.", "Unlimited paid usage (add-on): 120.00 USD.",
		"Total: 570.00 USD.", "Template version 2"}
	for _, want := range printed {
		if !strings.Contains(v1.CanonicalText, want) {
			t.Errorf("text lacks %q:\n%s", want, v1.CanonicalText)
		}
	}
	pdf, err := agreementpdf.Render(agreementpdf.Document{OfferID: entry, Version: 1, TemplateVersion: v1.TemplateVersion,
		Text: v1.CanonicalText, SHA256: fmt.Sprintf("%x", v1.SHA256), SignedAt: time.Date(2030, 9, 10, 12, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	text, err := pdffont.Text(pdf)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range printed {
		if !strings.Contains(flat, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}

	// Changing one add-on's price makes a new version naming that line and the total.
	w.db.SQL().MustExec(`UPDATE roster_entries SET usage_addons = '[{"usage":"30_days","amountCents":5000},{"usage":"unlimited","amountCents":15000}]' WHERE id = $1`, entry)
	v2, err := w.db.FixAgreement(w.ctx, entry, w.manager, store.RequestMeta{})
	if err != nil {
		t.Fatal(err)
	}
	want := []store.TermChange{{Field: "addOn.unlimited", Old: "120.00", New: "150.00"}, {Field: "total", Old: "570.00", New: "600.00"}}
	if v2.Version != 2 || fmt.Sprint(v2.Changes) != fmt.Sprint(want) {
		t.Fatalf("version 2 = %d, changes %+v, want %+v", v2.Version, v2.Changes, want)
	}

	// Accepting funds the fee and every add-on, plus the platform fee on the total.
	w.accept(0)
	p := w.payout(0)
	if p.Amount != 60000 || p.Fee != 6000 {
		t.Fatalf("payout = %d + fee %d, want 60000 + 6000", p.Amount, p.Fee)
	}
	order, err := w.db.PayoutFundingOrder(w.ctx, entry, 1)
	if err != nil || order == nil || order.Amount != 66000 {
		t.Fatalf("funding order = %+v, %v", order, err)
	}
}

// TestAgreementDiffAddOns: adding an add-on names its line and the total;
// terms without add-ons compare as they always did.
func TestAgreementDiffAddOns(t *testing.T) {
	t.Parallel()
	base := store.AgreementTerms{AmountCents: 10000}
	with := base
	with.AddOns = []store.UsageAddOn{{Usage: "30_days", AmountCents: 2500}}
	d := store.DiffAgreementTerms(base, with)
	want := []store.TermChange{{Field: "addOn.30_days", Old: "", New: "25.00"}, {Field: "total", Old: "", New: "125.00"}}
	if fmt.Sprint(d) != fmt.Sprint(want) {
		t.Fatalf("diff = %+v, want %+v", d, want)
	}
	if d := store.DiffAgreementTerms(base, base); len(d) != 0 {
		t.Fatalf("no change: %+v", d)
	}
	v1, err := store.CanonicalAgreementTextWith("1", with, 1)
	if err != nil || !strings.Contains(v1, "Fee: 100.00") || strings.Contains(v1, "add-on") {
		t.Fatalf("template 1 prints %q, %v", v1, err)
	}
}
