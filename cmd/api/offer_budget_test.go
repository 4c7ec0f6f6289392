package main

import (
	"net/http"
	"testing"
)

// TestOfferBudget_Guard: on a $15,000 campaign a $40,000 counter is not
// accepted silently: the brand's signature accepting it is a 409 "This is $25,000 over the
// remaining budget" naming confirmOverBudget and leaves the offer countered;
// with confirmOverBudget it goes through. A send within the budget needs no
// confirmation; a send over it does, for the ADMIN too.
func TestOfferBudget_Guard(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("budget.io")
	if _, err := e.db.SQL().Exec(`UPDATE campaigns SET budget = 15000 WHERE id = $1`, f.campaign); err != nil {
		t.Fatal(err)
	}
	e.want(e.brandMove(f, "sent", 500), http.StatusOK) // within the budget
	e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", f.creator, map[string]any{"amount": 40000}), http.StatusOK)

	// Accepting is signing: the brand's countersignature commits the money, so it follows the budget rule.
	e.want(e.sign(f.entry, f.creator, nil), http.StatusOK)
	r := e.want(e.sign(f.entry, f.brand, nil), http.StatusConflict)
	if r.str("message") != "This is $25,000 over the remaining budget" || r.field("confirmOverBudget") == "" {
		t.Errorf("unconfirmed accept: %v", r.Body)
	}
	if st := e.offerStatus(f.entry); st != "countered" {
		t.Fatalf("after the refusal: %s", st)
	}
	if a := e.agreementOf(f.entry, f.brand); a["canSign"] != true {
		t.Fatalf("the refused signature was kept: %v", a)
	}
	// A new amount over the budget is refused the same way.
	r = e.want(e.brandMove(f, "sent", 15000.5), http.StatusConflict)
	if r.str("message") != "This is $0.50 over the remaining budget" {
		t.Errorf("unconfirmed resend: %v", r.Body)
	}
	r = e.want(e.sign(f.entry, f.brand, map[string]any{"confirmOverBudget": true}), http.StatusOK)
	if st := e.offerStatus(f.entry); st != "accepted" {
		t.Fatalf("confirmed accept: %s %v", st, r.Body)
	}

	// The ADMIN's update follows the same rule.
	g := e.linkedOffer("budget2.io")
	if _, err := e.db.SQL().Exec(`UPDATE campaigns SET budget = 100 WHERE id = $1`, g.campaign); err != nil {
		t.Fatal(err)
	}
	admin := e.account("admin@budget2.io", "ADMIN")
	ch := []any{map[string]any{"entryId": g.entry, "status": "sent", "amount": 400}}
	e.want(e.call("PATCH", "/api/admins/campaign/update-offer", admin, map[string]any{"campaignId": g.campaign, "entries": ch}), http.StatusConflict)
	if st := e.offerStatus(g.entry); st != "draft" {
		t.Fatalf("admin send refused: %s", st)
	}
	e.want(e.call("PATCH", "/api/admins/campaign/update-offer", admin, map[string]any{"campaignId": g.campaign, "entries": ch, "confirmOverBudget": true}), http.StatusOK)
}
