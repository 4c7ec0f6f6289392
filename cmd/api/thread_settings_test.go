package main

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
)

// TestThreadSettings_DigestSwitch: the digest mail is on until its person
// turns it off; the switch needs a boolean.
func TestThreadSettings_DigestSwitch(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("digest.io")
	if r := e.want(e.call("GET", "/api/threads/settings", f.creator, nil), http.StatusOK); r.Body["data"].(map[string]any)["digestMail"] != true {
		t.Fatalf("default: %v", r.Body)
	}
	e.want(e.call("PUT", "/api/threads/settings", f.creator, map[string]any{}), http.StatusUnprocessableEntity)
	e.want(e.call("PUT", "/api/threads/settings", f.creator, map[string]any{"digestMail": false}), http.StatusOK)
	if r := e.want(e.call("GET", "/api/threads/settings", f.creator, nil), http.StatusOK); r.Body["data"].(map[string]any)["digestMail"] != false {
		t.Fatalf("after off: %v", r.Body)
	}
	if r := e.want(e.call("GET", "/api/threads/settings", f.brand, nil), http.StatusOK); r.Body["data"].(map[string]any)["digestMail"] != true {
		t.Fatalf("another person's switch moved: %v", r.Body)
	}
}

// TestThreadSettings_DraftApproval: the brand's editors turn approval off or
// change its delay; a BRAND_VIEWER reads but may not write (403); another
// brand's campaign is a 404; a delay out of range a 422. With approval off
// the creator's draft is approved by the system at once.
func TestThreadSettings_DraftApproval(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f, tag := e.acceptedThread("approval.io")
	path := "/api/campaigns/" + f.campaign + "/draft-approval"
	r := e.want(e.call("GET", path, f.viewer, nil), http.StatusOK)
	if d := r.Body["data"].(map[string]any); d["required"] != true || d["autoApproveHours"] != float64(0) || d["defaultHours"] != float64(48) {
		t.Fatalf("default approval: %v", r.Body)
	}
	e.want(e.call("PUT", path, f.viewer, map[string]any{"required": false}), http.StatusForbidden)
	e.want(e.call("PUT", path, f.otherBrand, map[string]any{"required": false}), http.StatusNotFound)
	e.want(e.call("GET", path, f.otherBrand, nil), http.StatusNotFound)
	e.want(e.call("PUT", path, f.manager, map[string]any{"required": true, "autoApproveHours": 721}), http.StatusUnprocessableEntity)
	e.want(e.call("PUT", path, f.manager, map[string]any{"autoApproveHours": 24}), http.StatusUnprocessableEntity)
	r = e.want(e.call("PUT", path, f.manager, map[string]any{"required": true, "autoApproveHours": 24}), http.StatusOK)
	if d := r.Body["data"].(map[string]any); d["autoApproveHours"] != float64(24) {
		t.Fatalf("24 hours: %v", r.Body)
	}
	e.want(e.call("PUT", path, f.brand, map[string]any{"required": false}), http.StatusOK)
	d := e.want(e.draft(f, f.creator, "Morning run #ad #"+tag), http.StatusCreated)
	if st := d.str("data", "draft", "status"); st != "approved" {
		t.Fatalf("with approval off the draft is %q, want approved", st)
	}
}

// TestThreadSeed_Demo: in the demo data brand@ has 2 unread messages from
// creator@ on Spring Fitness Push, and the thread holds a draft sent back
// with a comment and a second version approved; seeding again adds nothing.
func TestThreadSeed_Demo(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	if err := seed.Run(context.Background(), e.db, app.Config{PublicURL: "http://localhost:8080"}); err != nil {
		t.Fatal(err)
	}
	login := func(email string) string {
		r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": seed.DemoPassword}), http.StatusOK)
		return r.str("data", "accessToken")
	}
	brand := login("brand@example.com")
	u := e.want(e.call("GET", "/api/threads/unread", brand, nil), http.StatusOK).Body["data"].(map[string]any)
	if u["total"] != float64(2) || len(u["threads"].([]any)) != 1 {
		t.Fatalf("brand@ unread %v, want 2 in one thread", u)
	}
	offer := u["threads"].([]any)[0].(map[string]any)["offerId"].(string)
	page := e.want(e.call("GET", "/api/threads/"+offer+"?limit=100", brand, nil), http.StatusOK).Body["data"].(map[string]any)
	var kinds []string
	var drafts []map[string]any
	for _, it := range page["items"].([]any) {
		m := it.(map[string]any)
		kinds = append(kinds, m["kind"].(string))
		if m["kind"] == "draft" {
			drafts = append(drafts, m)
		}
	}
	if len(drafts) != 2 || drafts[0]["status"] != "approved" || drafts[1]["status"] != "changes_requested" ||
		drafts[1]["review"].(map[string]any)["comment"] == "" || len(drafts[1]["missing"].([]any)) != 1 || len(drafts[0]["missing"].([]any)) != 0 {
		t.Fatalf("drafts %v", drafts)
	}
	if first := slices.Index(kinds, "message"); first < 0 || first < slices.Index(kinds, "draft")+2 {
		t.Fatalf("time line kinds %v: the drafts come after the messages", kinds)
	}
	creator := login("creator@example.com")
	if r := e.want(e.call("GET", "/api/threads/unread", creator, nil), http.StatusOK); r.Body["data"].(map[string]any)["total"] != float64(0) {
		t.Fatalf("creator@ unread %v", r.Body)
	}
}
