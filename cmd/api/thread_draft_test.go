package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"creatorcoach/store"
)

// acceptedThread is a sent thread whose offer the creator accepted, with
// the campaign's tracking tag.
func (e *env) acceptedThread(domain string) (threadFixture, string) {
	e.t.Helper()
	f := e.sentThread(domain)
	e.acceptBySigning(f.offerFixture)
	var tag string
	if err := e.db.SQL().Get(&tag, `SELECT tracking_tag FROM campaigns WHERE id = $1`, f.campaign); err != nil || tag == "" {
		e.t.Fatalf("tag %q: %v", tag, err)
	}
	return f, tag
}

func (e *env) draft(f threadFixture, token, caption string) resp {
	e.t.Helper()
	return e.call("POST", "/api/threads/"+f.entry+"/drafts", token, map[string]any{"caption": caption})
}

func (e *env) review(f threadFixture, token string, id any, decision, comment string) resp {
	e.t.Helper()
	return e.call("POST", fmt.Sprintf("/api/threads/%s/drafts/%v/review", f.entry, id), token, map[string]any{"decision": decision, "comment": comment})
}

func draftNumber(r resp) string {
	id := r.str("data", "draft", "_id")
	return id[len("draft-"):]
}

// TestThreadDraft_Loop: drafts start at acceptance; only the creator
// submits, only the brand's writers and support review; a draft sent back
// with a comment is answered by a new version, which the brand approves;
// nothing is submitted after approval; the time line shows both versions.
func TestThreadDraft_Loop(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("draft.io")
	if r := e.want(e.draft(f, f.creator, "Hello #ad"), http.StatusConflict); r.str("message") != store.MsgDraftNotOpen {
		t.Fatalf("before acceptance: %v", r.Body)
	}
	e.acceptBySigning(f.offerFixture)
	var tag string
	if err := e.db.SQL().Get(&tag, `SELECT tracking_tag FROM campaigns WHERE id = $1`, f.campaign); err != nil {
		t.Fatal(err)
	}
	e.want(e.draft(f, f.brand, "Hello #ad"), http.StatusForbidden)
	e.want(e.draft(f, f.otherCreator, "Hello #ad"), http.StatusNotFound)
	if r := e.want(e.draft(f, f.creator, ""), http.StatusUnprocessableEntity); r.str("fields", "caption") != store.MsgDraftCaption {
		t.Errorf("empty caption: %v", r.Body)
	}
	v1 := e.want(e.draft(f, f.creator, "Morning run in the new shoes"), http.StatusCreated)
	if v1.str("data", "draft", "status") != store.DraftSubmitted || fmt.Sprint(v1.data()["draft"].(map[string]any)["missing"]) != "[disclosure #"+tag+"]" {
		t.Fatalf("v1: %v", v1.Body)
	}
	n1 := draftNumber(v1)
	e.want(e.review(f, f.creator, n1, "approve", ""), http.StatusForbidden)
	e.want(e.review(f, f.viewer, n1, "approve", ""), http.StatusForbidden)
	e.want(e.review(f, f.otherBrand, n1, "approve", ""), http.StatusNotFound)
	e.want(e.review(f, f.brand, 999999, "approve", ""), http.StatusNotFound)
	if r := e.want(e.review(f, f.brand, n1, "request_changes", " "), http.StatusUnprocessableEntity); r.str("fields", "comment") != store.MsgDraftComment {
		t.Errorf("no comment: %v", r.Body)
	}
	e.want(e.review(f, f.brand, n1, "maybe", ""), http.StatusUnprocessableEntity)
	back := e.want(e.review(f, f.manager, n1, "request_changes", "Add the disclosure and the tag"), http.StatusOK)
	if back.str("data", "draft", "status") != store.DraftChanges || back.str("data", "draft", "review", "comment") != "Add the disclosure and the tag" ||
		back.str("data", "draft", "review", "side") != "brand" {
		t.Fatalf("changes: %v", back.Body)
	}
	e.want(e.review(f, f.brand, n1, "approve", ""), http.StatusConflict) // reviewed already
	v2 := e.want(e.draft(f, f.creator, "Morning run in the new shoes #ad #"+tag), http.StatusCreated)
	if v2.data()["draft"].(map[string]any)["version"].(float64) != 2 || len(v2.data()["draft"].(map[string]any)["missing"].([]any)) != 0 {
		t.Fatalf("v2: %v", v2.Body)
	}
	ok := e.want(e.review(f, f.brand, draftNumber(v2), "approve", ""), http.StatusOK)
	if ok.str("data", "draft", "status") != store.DraftApproved {
		t.Fatalf("approve: %v", ok.Body)
	}
	if r := e.want(e.draft(f, f.creator, "A third #ad"), http.StatusConflict); r.str("message") != store.MsgDraftApproved {
		t.Errorf("after approval: %v", r.Body)
	}
	page := e.want(e.call("GET", "/api/threads/"+f.entry, f.viewer, nil), http.StatusOK)
	var drafts []string
	for _, it := range page.data()["items"].([]any) {
		if m := it.(map[string]any); m["kind"] == "draft" {
			drafts = append(drafts, fmt.Sprint(m["version"], m["status"]))
		}
	}
	if !slices.Equal(drafts, []string{"2approved", "1changes_requested"}) {
		t.Errorf("time line drafts: %v", drafts)
	}
}

// TestThreadDraft_Disclosure: the check answers what a caption lacks per
// platform (paid-partnership words and the campaign's tag) without storing.
func TestThreadDraft_Disclosure(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f, tag := e.acceptedThread("disclose.io")
	check := func(platform, caption string) string {
		r := e.want(e.call("POST", "/api/threads/"+f.entry+"/drafts/check", f.creator, map[string]any{"caption": caption, "platform": platform}), http.StatusOK)
		return fmt.Sprint(r.data()["missing"])
	}
	for _, tc := range []struct{ platform, caption, want string }{
		{"instagram", "New shoes!", "[disclosure #" + tag + "]"},
		{"instagram", "New shoes! #Werbung #" + tag, "[]"},
		{"tiktok", "New shoes, #ad.", "[#" + tag + "]"},
		{"youtube", "#" + tag + " #paidpromotion", "[]"},
		{"youtube", "#adidas #" + tag, "[disclosure]"}, // #adidas is no #ad
		{"", "#sponsored #" + tag, "[]"},
	} {
		if got := check(tc.platform, tc.caption); got != tc.want {
			t.Errorf("%s %q: %s, want %s", tc.platform, tc.caption, got, tc.want)
		}
	}
	e.want(e.call("POST", "/api/threads/"+f.entry+"/drafts/check", f.creator, map[string]any{"caption": "x", "platform": "myspace"}), http.StatusUnprocessableEntity)
	e.want(e.call("POST", "/api/threads/"+f.entry+"/drafts/check", f.otherBrand, map[string]any{"caption": "x"}), http.StatusNotFound)
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM thread_drafts`); err != nil || n != 0 {
		t.Errorf("check stored %d drafts: %v", n, err)
	}
}

// TestThreadDraft_AutoApprove: a draft nobody reviews is approved by the
// system after AUTO_APPROVE_AFTER, once, with two runs at once; a
// campaign's own delay and approval turned off are honoured.
func TestThreadDraft_AutoApprove(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f, tag := e.acceptedThread("auto.io")
	g, _ := e.acceptedThread("auto2.io")
	d := e.want(e.draft(f, f.creator, "Run #ad #"+tag), http.StatusCreated)
	if _, err := e.db.SQL().Exec(`INSERT INTO thread_approval (campaign_id, auto_seconds) VALUES ($1, 3600)`, g.campaign); err != nil {
		t.Fatal(err)
	}
	e.want(e.draft(g, g.creator, "Ride #ad"), http.StatusCreated)
	ctx := context.Background()
	run := func() {
		var wg sync.WaitGroup
		for range 2 { // two schedulers' tasks at once
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := e.jobs.HandleThreadAutoApprove(ctx, nil); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	status := func(entry string) string {
		var st string
		if err := e.db.SQL().Get(&st, `SELECT status || '/' || coalesce(review_side, '') FROM thread_drafts WHERE entry_id = $1 ORDER BY version DESC LIMIT 1`, entry); err != nil {
			t.Fatal(err)
		}
		return st
	}
	e.clock.Advance(2 * time.Hour)
	run()
	if status(f.entry) != "submitted/" || status(g.entry) != "approved/system" {
		t.Fatalf("after 2 h: %s %s", status(f.entry), status(g.entry))
	}
	e.clock.Advance(store.DefaultAutoApproveAfter)
	run()
	run()
	if status(f.entry) != "approved/system" {
		t.Fatalf("after 48 h: %s", status(f.entry))
	}
	var reviews int
	if err := e.db.SQL().Get(&reviews, `SELECT count(*) FROM thread_events WHERE kind = 'review' AND entry_id IN ($1, $2)`, f.entry, g.entry); err != nil || reviews != 2 {
		t.Errorf("review events %d, want 2: %v", reviews, err)
	}
	var approvedID string
	if err := e.db.SQL().Get(&approvedID, `SELECT id::text FROM thread_drafts WHERE entry_id = $1 AND status = 'approved' AND review_side = 'system'`, f.entry); err != nil || approvedID != draftNumber(d) {
		t.Errorf("approved %s, want %s: %v", approvedID, draftNumber(d), err)
	}
	// Approval turned off: the system approves at submission.
	h, _ := e.acceptedThread("off.io")
	if _, err := e.db.SQL().Exec(`INSERT INTO thread_approval (campaign_id, required) VALUES ($1, false)`, h.campaign); err != nil {
		t.Fatal(err)
	}
	if r := e.want(e.draft(h, h.creator, "Swim #ad"), http.StatusCreated); r.str("data", "draft", "status") != store.DraftApproved {
		t.Errorf("approval off: %v", r.Body)
	}
}

// TestThreadDraft_PostDiffers: a captured post is compared with the
// approved draft: the same caption is not flagged; a changed one without
// the disclosure is, with the difference.
func TestThreadDraft_PostDiffers(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f, tag := e.acceptedThread("differ.io")
	caption := "Morning run in the new shoes, light and fast #ad #" + tag
	d := e.want(e.draft(f, f.creator, caption), http.StatusCreated)
	e.want(e.review(f, f.brand, draftNumber(d), "approve", ""), http.StatusOK)
	for i, c := range []string{caption, "Evening walk with my dog #" + tag} {
		if _, err := e.db.SQL().Exec(`INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, caption, published_at)
			VALUES ($1, $2, 'instagram', $3, $4, $5)`, f.campaign, f.entry, fmt.Sprint("p", i), c, e.clock.Now().Add(time.Duration(i+1)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	page := e.want(e.call("GET", "/api/threads/"+f.entry, f.brand, nil), http.StatusOK)
	items := page.data()["items"].([]any)
	same, other := items[1].(map[string]any), items[0].(map[string]any)
	sd, od := same["differs"].(map[string]any), other["differs"].(map[string]any)
	if sd["differs"] != false || sd["similarity"].(float64) != 1 {
		t.Errorf("same caption: %v", sd)
	}
	if od["differs"] != true || fmt.Sprint(od["missing"]) != "[disclosure]" || !slices.Contains(od["removed"].([]any), any("#ad")) ||
		!slices.Contains(od["added"].([]any), any("dog")) || od["similarity"].(float64) >= store.PostSimilarityMin {
		t.Errorf("changed caption: %v", od)
	}
}
