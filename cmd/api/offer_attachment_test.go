package main

import (
	"net/http"
	"strings"
	"testing"

	"creatorcoach/store"
)

// TestOfferAttachment_Link: the creator the offer was sent to gets a signed
// link to the campaign's reference content and downloads the file; a draft
// offer, another creator, another brand and a file the campaign does not
// list are 404s; the campaign's brand gets the link too.
func TestOfferAttachment_Link(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.linkedOffer("files.io")
	other := e.account("other@files.io", store.RoleUser)
	stranger := e.brandAccount("owner@elsewhere.io", store.RoleBrandAdmin, "Elsewhere")
	key := e.want(e.upload("/api/files/upload", f.brand, "moodboard.pdf", strings.NewReader("%PDF-1.4 mood")), http.StatusCreated).str("data", "key")
	loose := e.want(e.upload("/api/files/upload", f.brand, "private.pdf", strings.NewReader("%PDF-1.4 private")), http.StatusCreated).str("data", "key")
	e.want(e.call("PATCH", "/api/campaigns/update-campaign/"+f.campaign, f.brand,
		map[string]any{"referenceContent": []map[string]any{{"key": key, "type": "application/pdf"}}}), http.StatusOK)
	link := "/api/offers/" + f.entry + "/attachments/" + key

	e.want(e.call("GET", link, f.creator, nil), http.StatusNotFound) // a draft is not the creator's yet
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)

	offer := e.want(e.call("GET", "/api/offers/"+f.entry, f.creator, nil), http.StatusOK)
	atts := offer.data()["offer"].(map[string]any)["campaign"].(map[string]any)["attachments"].([]any)
	if len(atts) != 1 || atts[0].(map[string]any)["key"] != key || atts[0].(map[string]any)["name"] != "moodboard.pdf" {
		t.Fatalf("attachments: %v", atts)
	}
	r := e.want(e.call("GET", link, f.creator, nil), http.StatusOK)
	if r.str("data", "file", "name") != "moodboard.pdf" {
		t.Fatalf("link: %v", r.Body)
	}
	if status, _, got := e.fetch(r.str("data", "file", "url")); status != http.StatusOK || string(got) != "%PDF-1.4 mood" {
		t.Fatalf("download: %d %q", status, got)
	}

	e.want(e.call("GET", link, other, nil), http.StatusNotFound)
	e.want(e.call("GET", link, stranger, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/offers/"+f.entry+"/attachments/"+loose, f.creator, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/offers/"+f.entry+"/attachments/not-a-key", f.creator, nil), http.StatusNotFound)
	e.want(e.call("GET", link, f.brand, nil), http.StatusOK)
}
