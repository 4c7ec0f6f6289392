package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
)

// offerFixture is a brand's campaign with one draft roster entry whose
// network creator is linked to a creator account.
type offerFixture struct {
	brand, creator, campaign, entry string
	creatorEmail                    string
}

// linkedOffer makes an offerFixture under domain.
func (e *env) linkedOffer(domain string) offerFixture {
	e.t.Helper()
	f := offerFixture{creatorEmail: "creator@" + domain}
	f.brand = e.brandAccount("owner@"+domain, store.RoleBrandAdmin, "Brand "+domain)
	f.campaign = e.createCampaign(f.brand, "Summer "+domain)
	f.creator = e.account(f.creatorEmail, store.RoleUser)
	err := e.db.SQL().Get(&f.entry, `WITH c AS (INSERT INTO creators (identity, name, email, niche, instagram_handle, instagram_followers, user_id)
			SELECT 'email:' || $1, 'Ann Creator', $1, 'Travel', 'ann_' || md5($1), 12000, id FROM users WHERE email = $1 RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT $2, c.id, 1, 80, '[]', 'instagram', 400 FROM c RETURNING id`, f.creatorEmail, f.campaign)
	if err != nil {
		e.t.Fatal(err)
	}
	return f
}

// brandMove is the brand's PATCH of one entry.
func (e *env) brandMove(f offerFixture, status string, amount any) resp {
	ch := map[string]any{"entryId": f.entry, "status": status}
	if amount != nil {
		ch["amount"] = amount
	}
	return e.call("PATCH", "/api/campaigns/"+f.campaign+"/offers", f.brand, map[string]any{"entries": []any{ch}})
}

func (e *env) offerStatus(entry string) string {
	e.t.Helper()
	var st string
	if err := e.db.SQL().Get(&st, `SELECT offer_status FROM roster_entries WHERE id = $1`, entry); err != nil {
		e.t.Fatal(err)
	}
	return st
}

// TestCreatorOffers_Loop: the brand sends, the creator is mailed and sees
// the offer with its brief and deadline, counters up to the cap, the brand
// answers, every move is in the history with its side; another creator's
// offer is a 404 and the wrong side's moves are 409s.
func TestCreatorOffers_Loop(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("loop.io")
	other := e.account("other@loop.io", store.RoleUser)
	offer := "/api/offers/" + f.entry

	e.want(e.call("GET", offer, f.creator, nil), http.StatusNotFound) // a draft is not the creator's yet
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	if m := e.mail.Wait(t, f.creatorEmail, 1); !strings.Contains(m.Subject, "New offer from Brand loop.io") || !strings.Contains(m.Text(), "$500.00") {
		t.Errorf("mail on sent: %q\n%s", m.Subject, m.Text())
	}
	list := e.want(e.call("GET", "/api/offers?status=sent", f.creator, nil), http.StatusOK)
	offers, _ := list.data()["offers"].([]any)
	if len(offers) != 1 || list.data()["total"].(float64) != 1 {
		t.Fatalf("list: %v", list.Body)
	}
	o := offers[0].(map[string]any)
	sent, _ := time.Parse(time.RFC3339Nano, o["sentAt"].(string))
	deadline, _ := time.Parse(time.RFC3339Nano, o["deadline"].(string))
	camp := o["campaign"].(map[string]any)
	if o["amount"].(float64) != 500 || o["brand"].(map[string]any)["name"] != "Brand loop.io" || deadline.Sub(sent) != store.DefaultOfferTTL ||
		camp["deliverables"] != "Show the product in daylight." || camp["exclusivity"] != "exclusive" || camp["usageRights"] != "30_days" {
		t.Errorf("offer: %v", o)
	}
	for _, path := range []string{offer, offer + "/accept"} {
		method := map[bool]string{true: "GET", false: "POST"}[path == offer]
		e.want(e.call(method, path, other, nil), http.StatusNotFound)
	}
	if r := e.want(e.brandMove(f, "accepted", nil), http.StatusConflict); r.str("message") != store.MsgAgreementSignToAccept {
		t.Errorf("brand accept: %v", r.Body)
	}
	e.want(e.call("POST", offer+"/decline", f.creator, map[string]any{"reason": ""}), http.StatusUnprocessableEntity)
	e.want(e.call("POST", offer+"/counter", f.creator, map[string]any{"message": "More"}), http.StatusUnprocessableEntity)
	for round := 1; round <= 3; round++ {
		r := e.want(e.call("POST", offer+"/counter", f.creator, map[string]any{"amount": 600 + round, "message": "Two reels"}), http.StatusOK)
		if r.str("data", "offer", "status") != "countered" {
			t.Fatalf("counter %d: %v", round, r.Body)
		}
		e.mail.Wait(t, "owner@loop.io", round)
		e.want(e.brandMove(f, "sent", nil), http.StatusUnprocessableEntity) // a resend needs the new amount
		e.want(e.brandMove(f, "sent", 550+round), http.StatusOK)
	}
	if r := e.want(e.call("POST", offer+"/counter", f.creator, map[string]any{"amount": 700}), http.StatusConflict); r.str("message") != store.MsgOfferCounterCap {
		t.Errorf("fourth counter: %v", r.Body)
	}
	if next := e.want(e.call("GET", offer, f.creator, nil), http.StatusOK).data()["offer"].(map[string]any)["next"]; fmt.Sprint(next) != "[accepted declined]" {
		t.Errorf("moves after the cap: %v", next)
	}
	// Accepting is signing: a plain accept is refused; both sides sign the last version.
	e.want(e.call("POST", offer+"/accept", f.creator, nil), http.StatusConflict)
	e.acceptBySigning(f)
	e.mail.Wait(t, "owner@loop.io", 5) // three counters, the brand's signing code, the acceptance
	e.want(e.call("POST", offer+"/decline", f.creator, map[string]any{"reason": "Changed my mind"}), http.StatusConflict)
	r := e.want(e.call("GET", offer, f.creator, nil), http.StatusOK)
	var sides []string
	for _, h := range r.data()["offer"].(map[string]any)["history"].([]any) {
		h := h.(map[string]any)
		sides = append(sides, h["side"].(string)+":"+h["to"].(string))
	}
	want := "brand:sent creator:countered brand:sent creator:countered brand:sent creator:countered brand:sent creator:accepted"
	if strings.Join(sides, " ") != want {
		t.Errorf("history: %v", sides)
	}
	if r.data()["offer"].(map[string]any)["amount"].(float64) != 553 {
		t.Errorf("accepted amount: %v", r.data()["offer"])
	}
}

// TestCreatorOffers_BrandAnswersCounter: the brand accepts a counter at the
// creator's amount, the creator is mailed; a withdrawn offer takes no answer;
// a BRAND_VIEWER may not move offers.
func TestCreatorOffers_BrandAnswersCounter(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("answer.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", f.creator, map[string]any{"amount": 650}), http.StatusOK)
	viewer := e.brandAccount("viewer@answer.io", store.RoleBrandViewer, "Brand answer.io")
	e.want(e.call("PATCH", "/api/campaigns/"+f.campaign+"/offers", viewer, map[string]any{
		"entries": []any{map[string]any{"entryId": f.entry, "status": "accepted"}}}), http.StatusForbidden)
	e.want(e.brandMove(f, "accepted", nil), http.StatusConflict) // accepting is signing
	// The creator signs its counter, the brand countersigns: that accepts it.
	e.want(e.sign(f.entry, f.creator, nil), http.StatusOK)
	e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
	o := e.want(e.call("GET", "/api/offers/"+f.entry, f.creator, nil), http.StatusOK).data()["offer"].(map[string]any)
	if o["status"] != "accepted" || o["amount"].(float64) != 650 {
		t.Errorf("accepted counter: %v", o)
	}
	// The offer's mail, the signing code and this one run as separate tasks: any may arrive first.
	e.mail.Wait(t, f.creatorEmail, 3)
	var subjects []string
	for _, m := range e.mail.Messages() {
		if slices.ContainsFunc(m.To, func(to string) bool { return strings.Contains(strings.ToLower(to), strings.ToLower(f.creatorEmail)) }) {
			subjects = append(subjects, m.Subject)
		}
	}
	if !slices.ContainsFunc(subjects, func(s string) bool { return strings.Contains(s, "accepted your counter") }) {
		t.Errorf("mails to the creator: %q", subjects)
	}
	e.want(e.brandMove(f, "withdrawn", nil), http.StatusConflict)
	e.want(e.brandMove(f, "completed", nil), http.StatusConflict) // the administrator's move
}

// TestCreatorOffers_Expire: a sent offer expires OFFER_TTL after it was
// sent, by the system, recorded as an offer_expire job; a second run does
// nothing; an offer sent later stays.
func TestCreatorOffers_Expire(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("expire.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	ctx := context.Background()
	e.clock.Advance(store.DefaultOfferTTL - time.Minute)
	if err := e.jobs.HandleOfferExpire(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if st := e.offerStatus(f.entry); st != "sent" {
		t.Fatalf("before the TTL: %s", st)
	}
	e.clock.Advance(2 * time.Minute)
	for range 2 {
		if err := e.jobs.HandleOfferExpire(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if st := e.offerStatus(f.entry); st != "expired" {
		t.Fatalf("after the TTL: %s", st)
	}
	var results []string
	if err := e.db.SQL().Select(&results, `SELECT result::text FROM jobs WHERE kind = 'offer_expire' ORDER BY created_at, id`); err != nil {
		t.Fatal(err)
	}
	if len(results) != 3 || !strings.Contains(strings.Join(results, " "), `"expired": 1`) || strings.Count(strings.Join(results, " "), `"expired": 0`) != 2 {
		t.Errorf("jobs: %v", results)
	}
	var side string
	if err := e.db.SQL().Get(&side, `SELECT actor_side FROM offer_history WHERE entry_id = $1 AND to_status = 'expired'`, f.entry); err != nil || side != "system" {
		t.Errorf("history: %q %v", side, err)
	}
	e.mail.Wait(t, f.creatorEmail, 2)
	e.mail.Wait(t, "owner@expire.io", 1)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/accept", e.login(f.creatorEmail), nil), http.StatusConflict)
}

// TestCreatorOffers_Race: two moves racing on one offer (the creator's
// accept and the brand's withdrawal, then an accept and a decline): one
// wins, the other is a 409, and the history has one answer each time.
func TestCreatorOffers_Race(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var ids []string
	for round := range 3 {
		// The creator's signature (the last one: accepting) races the brand's withdrawal, then the creator's decline.
		f := e.linkedOffer(fmt.Sprintf("race%d.io", round))
		ids = append(ids, f.entry)
		e.want(e.brandMove(f, "sent", 500), http.StatusOK)
		e.want(e.sign(f.entry, f.brand, nil), http.StatusOK)
		sign := map[string]any{"versionId": e.currentVersion(f.entry), "fullName": "Ann Creator", "consent": true, "code": e.signingCode(f.entry, f.creator)}
		var wg sync.WaitGroup
		codes := make([]int, 2)
		calls := []func() resp{
			func() resp { return e.call("POST", "/api/offers/"+f.entry+"/agreement/sign", f.creator, sign) },
			func() resp { return e.brandMove(f, "withdrawn", nil) },
		}
		if round > 0 {
			calls[1] = func() resp {
				return e.call("POST", "/api/offers/"+f.entry+"/decline", f.creator, map[string]any{"reason": "No"})
			}
		}
		for i, call := range calls {
			wg.Add(1)
			go func() { defer wg.Done(); codes[i] = call().Status }()
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409) && !(codes[0] == 409 && codes[1] == 200) {
			t.Errorf("round %d: %v", round, codes)
		}
	}
	var answers int
	if err := e.db.SQL().Get(&answers, `SELECT count(*) FROM offer_history WHERE entry_id = ANY($1) AND from_status = 'sent' AND to_status <> 'sent'`, pq.Array(ids)); err != nil || answers != 3 {
		t.Errorf("answers in history: %d %v", answers, err)
	}
}
