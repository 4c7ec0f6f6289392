package main

import (
	"net/http"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestOfferGuards_NoteTravelsWithAMove: the brand cannot rewrite the note
// of an answered offer (the creator's decline reason stays, and no move is
// added to the history); a note still travels with a move.
func TestOfferGuards_NoteTravelsWithAMove(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("note.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/decline", f.creator, map[string]any{"reason": "Booked that month"}), http.StatusOK)
	before := e.count(`SELECT count(*) FROM offer_history WHERE entry_id = '` + f.entry + `'`)
	r := e.call("PATCH", "/api/campaigns/"+f.campaign+"/offers", f.brand, map[string]any{"entries": []any{
		map[string]any{"entryId": f.entry, "note": "Brand accepted"}}})
	if e.want(r, http.StatusConflict); r.str("message") != store.MsgOfferNoteLocked {
		t.Fatalf("note rewrite: %v", r.Body)
	}
	var note string
	if err := e.db.SQL().Get(&note, `SELECT offer_note FROM roster_entries WHERE id = $1`, f.entry); err != nil || note != "Booked that month" {
		t.Fatalf("note %q (%v)", note, err)
	}
	if n := e.count(`SELECT count(*) FROM offer_history WHERE entry_id = '` + f.entry + `'`); n != before {
		t.Fatalf("history grew from %d to %d", before, n)
	}
}

// TestOfferGuards_CompletedCampaign: a completed campaign's offers are not
// sent nor accepted (409 with a message).
func TestOfferGuards_CompletedCampaign(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("done.io")
	g := e.linkedOffer("done2.io")
	e.want(e.brandMove(g, "sent", 500), http.StatusOK)
	if _, err := e.db.SQL().Exec(`UPDATE campaigns SET status = 'completed' WHERE id IN ($1, $2)`, f.campaign, g.campaign); err != nil {
		t.Fatal(err)
	}
	if r := e.want(e.brandMove(f, "sent", 500), http.StatusConflict); r.str("message") != store.MsgOfferCampaignDone {
		t.Fatalf("send: %v", r.Body)
	}
	if r := e.want(e.call("POST", "/api/offers/"+g.entry+"/agreement/code", g.creator, nil), http.StatusConflict); r.str("message") != store.MsgOfferCampaignDone {
		t.Fatalf("accept: %v", r.Body)
	}
}

// TestOfferGuards_PastDeadline: a sent offer past its deadline cannot be
// accepted or countered, before the hourly expiry has run.
func TestOfferGuards_PastDeadline(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("late.io")
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	e.clock.Advance(store.DefaultOfferTTL + time.Minute)
	tok := e.login(f.creatorEmail)
	if r := e.want(e.call("POST", "/api/offers/"+f.entry+"/agreement/code", tok, nil), http.StatusConflict); r.str("message") != store.MsgOfferPastDeadline {
		t.Fatalf("accept: %v", r.Body)
	}
	if r := e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", tok, map[string]any{"amount": 900}), http.StatusConflict); r.str("message") != store.MsgOfferPastDeadline {
		t.Fatalf("counter: %v", r.Body)
	}
	if st := e.offerStatus(f.entry); st != store.OfferSent {
		t.Fatalf("status %s", st)
	}
}
