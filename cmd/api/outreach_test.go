package main

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"creatorcoach/store"
)

// importedOffer is a brand's campaign with one draft entry whose creator is
// imported only (not yet on Creator Coach), with e-mail email.
func (e *env) importedOffer(domain, email string) offerFixture {
	e.t.Helper()
	f := offerFixture{creatorEmail: email}
	f.brand = e.brandAccount("owner@"+domain, store.RoleBrandAdmin, "Brand "+domain)
	f.campaign = e.createCampaign(f.brand, "Summer "+domain)
	err := e.db.SQL().Get(&f.entry, `WITH c AS (INSERT INTO creators (identity, name, email, niche, instagram_handle, instagram_followers)
			VALUES ('email:' || $1, 'Ivy Imported', nullif($1, ''), 'Travel', 'ivy_' || md5($1), 12000) RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT $2, c.id, 1, 80, '[]', 'instagram', 400 FROM c RETURNING id`, email, f.campaign)
	if err != nil {
		e.t.Fatal(err)
	}
	return f
}

var claimLinkRe = regexp.MustCompile(`/claim/([A-Za-z0-9_-]+)`)
var unsubscribeRe = regexp.MustCompile(`/unsubscribe/([A-Za-z0-9_-]+)`)

// TestOutreach_InviteClaimUnsubscribe: an offer to a creator not yet on
// Creator Coach mails an invitation (brand, amount, claim link, footer);
// the link claims the profile once and opens the offer; the reach shows
// each step; the same brand's next offer within 30 days mails nothing;
// an unsubscribed address is suppressed and Send offer says why.
func TestOutreach_InviteClaimUnsubscribe(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.importedOffer("reach.io", "ivy@reach.io")
	e.want(e.brandMove(f, "sent", 230), http.StatusOK)
	m := e.mail.Wait(t, "ivy@reach.io", 1)
	text := m.Text()
	for _, want := range []string{"Brand reach.io", "$230.00", "Brand reach.io found your profile through Creator Coach", "/unsubscribe/"} {
		if !strings.Contains(text, want) {
			t.Errorf("invitation lacks %q:\n%s", want, text)
		}
	}
	if !regexp.MustCompile(`(?m)^List-Unsubscribe: <[^>]*/unsubscribe/[A-Za-z0-9_-]+>`).Match(m.Raw) {
		t.Errorf("invitation lacks a List-Unsubscribe header:\n%s", m.Raw)
	}
	claim := claimLinkRe.FindStringSubmatch(text)
	unsub := unsubscribeRe.FindStringSubmatch(text)
	if claim == nil || unsub == nil {
		t.Fatalf("links: %s", text)
	}
	var stored int
	if err := e.db.SQL().Get(&stored, `SELECT count(*) FROM outreach_invitations WHERE token_hash = convert_to($1, 'UTF8')`, claim[1]); err != nil || stored != 0 {
		t.Errorf("token stored in clear: %d %v", stored, err)
	}
	got := e.want(e.call("POST", "/api/outreach/claims/check", "", map[string]any{"token": claim[1]}), http.StatusOK)
	if c := got.data()["claim"].(map[string]any); c["email"] != "ivy@reach.io" || c["entryId"] != f.entry {
		t.Errorf("claim: %v", got.Body)
	}
	ivy := e.account("ivy@reach.io", store.RoleUser)
	e.want(e.call("POST", "/api/outreach/claims", ivy, map[string]any{"token": claim[1]}), http.StatusOK)
	e.want(e.call("POST", "/api/outreach/claims", ivy, map[string]any{"token": claim[1]}), http.StatusUnprocessableEntity) // single use
	e.want(e.call("GET", "/api/offers/"+f.entry, ivy, nil), http.StatusOK)
	reach := e.want(e.call("GET", "/api/campaigns/"+f.campaign+"/reach", f.brand, nil), http.StatusOK)
	r0 := reach.data()["reach"].([]any)[0].(map[string]any)
	if r0["invitedAt"] == nil || r0["openedAt"] == nil || r0["claimedAt"] == nil || r0["onCreatorCoach"] != true {
		t.Errorf("reach: %v", reach.Body)
	}

	// Unsubscribe: suppressed for ever, readable by ADMIN, and a new offer says why.
	e.want(e.call("POST", "/api/outreach/unsubscribe", "", map[string]any{"token": unsub[1]}), http.StatusOK)
	admin := e.account("root@reach.io", store.RoleAdmin)
	list := e.want(e.call("GET", "/api/admins/outreach-suppressions", admin, nil), http.StatusOK)
	if !strings.Contains(fmt.Sprint(list.Body), "ivy@reach.io") {
		t.Errorf("suppressions: %s", list.Body)
	}
	g := e.importedOffer("mute.io", "mute@mute.io")
	if _, err := e.db.SQL().Exec(`INSERT INTO outreach_suppressions (email, reason, created_at) VALUES ('mute@mute.io', 'unsubscribed', now())`); err != nil {
		t.Fatal(err)
	}
	res := e.want(e.brandMove(g, "sent", 230), http.StatusConflict)
	if !strings.Contains(fmt.Sprint(res.Body), "cannot be contacted") {
		t.Errorf("suppressed send: %s", res.Body)
	}
	if st := e.offerStatus(g.entry); st != store.OfferDraft {
		t.Errorf("suppressed offer moved to %s", st)
	}
}

// TestOutreach_OnePerThirtyDays: a brand's second offer to the same
// imported creator within 30 days sends no second invitation.
func TestOutreach_OnePerThirtyDays(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.importedOffer("once.io", "once@once.io")
	second := e.createCampaign(f.brand, "Winter once.io")
	var entry2 string
	if err := e.db.SQL().Get(&entry2, `INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT $1, creator_id, 1, 80, '[]', 'instagram', 400 FROM roster_entries WHERE id = $2 RETURNING id`, second, f.entry); err != nil {
		t.Fatal(err)
	}
	e.want(e.brandMove(f, "sent", 230), http.StatusOK)
	e.want(e.call("PATCH", "/api/campaigns/"+second+"/offers", f.brand,
		map[string]any{"entries": []any{map[string]any{"entryId": entry2, "status": "sent"}}}), http.StatusOK)
	e.settle()
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM outreach_invitations WHERE email = 'once@once.io'`); err != nil || n != 1 {
		t.Errorf("invitations: %d %v", n, err)
	}
}

// TestCreatorListing_SwitchAndMerge: a creator is not listed until they
// say so; yes merges the imported entry with their e-mail (no duplicate)
// and brands find it; no makes it vanish from search and profiles at once.
func TestCreatorListing_SwitchAndMerge(t *testing.T) {
	t.Parallel()
	e := setup(t)
	brand := e.brandAccount("owner@list.io", store.RoleBrandAdmin, "Brand list.io")
	if _, err := e.db.SQL().Exec(`INSERT INTO creators (identity, name, email, niche, tiktok_handle, tiktok_followers)
		VALUES ('email:zed@list.io', 'Zed Imported', 'zed@list.io', 'Travel', 'zedtok', 5000)`); err != nil {
		t.Fatal(err)
	}
	zed := e.account("zed@list.io", store.RoleUser)
	got := e.want(e.call("GET", "/api/creator-listing", zed, nil), http.StatusOK)
	if l := got.data()["listing"].(map[string]any); l["answered"] != false {
		t.Errorf("listing before answer: %v", got.Body)
	}
	e.want(e.call("PUT", "/api/creator-listing", zed, map[string]any{}), http.StatusUnprocessableEntity)
	e.want(e.call("PUT", "/api/creator-listing", brand, map[string]any{"listed": true}), http.StatusForbidden)
	got = e.want(e.call("PUT", "/api/creator-listing", zed, map[string]any{"listed": true, "location": "Berlin"}), http.StatusOK)
	if l := got.data()["listing"].(map[string]any); l["listed"] != true || l["creatorId"] == nil {
		t.Fatalf("listed: %v", got.Body)
	}
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM creators WHERE email = 'zed@list.io'`); err != nil || n != 1 {
		t.Errorf("entries for zed: %d %v", n, err)
	}
	id := got.data()["listing"].(map[string]any)["creatorId"].(string)
	found := e.want(e.call("GET", "/api/creators?search=zedtok", brand, nil), http.StatusOK)
	if !strings.Contains(fmt.Sprint(found.Body), id) || !strings.Contains(fmt.Sprint(found.Body), "onCreatorCoach:true") {
		t.Errorf("search by handle: %s", found.Body)
	}
	e.want(e.call("PUT", "/api/creator-listing", zed, map[string]any{"listed": false}), http.StatusOK)
	found = e.want(e.call("GET", "/api/creators?search=zed", brand, nil), http.StatusOK)
	if strings.Contains(fmt.Sprint(found.Body), id) {
		t.Errorf("unlisted creator still found: %s", found.Body)
	}
	e.want(e.call("GET", "/api/creators/"+id, brand, nil), http.StatusNotFound)
}

// TestCreatorMerge_Admin: an ADMIN merges an imported duplicate into an
// entry; the duplicate's handles and roster entries move, it is gone.
func TestCreatorMerge_Admin(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("root@merge.io", store.RoleAdmin)
	f := e.importedOffer("merge.io", "dup@merge.io")
	var keep, drop string
	if err := e.db.SQL().Get(&drop, `SELECT creator_id FROM roster_entries WHERE id = $1`, f.entry); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SQL().Get(&keep, `INSERT INTO creators (identity, name, youtube_handle, youtube_subscribers)
		VALUES ('youtube:dupyt', 'Dup Tube', 'dupyt', 9000) RETURNING id`); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("POST", "/api/admins/creators/"+keep+"/merge", admin, map[string]any{"sourceId": keep}), http.StatusUnprocessableEntity)
	e.want(e.call("POST", "/api/admins/creators/"+keep+"/merge", f.brand, map[string]any{"sourceId": drop}), http.StatusForbidden)
	got := e.want(e.call("POST", "/api/admins/creators/"+keep+"/merge", admin, map[string]any{"sourceId": drop}), http.StatusOK)
	c := got.data()["creator"].(map[string]any)
	if c["email"] != "dup@merge.io" || c["platforms"].(map[string]any)["instagram"] == nil {
		t.Errorf("merged: %v", got.Body)
	}
	var owner string
	if err := e.db.SQL().Get(&owner, `SELECT creator_id FROM roster_entries WHERE id = $1`, f.entry); err != nil || owner != keep {
		t.Errorf("entry moved to %s %v", owner, err)
	}
}
