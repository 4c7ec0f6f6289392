package main

import (
	"bufio"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// threadFixture is a sent offer with every person around its thread.
type threadFixture struct {
	offerFixture
	manager, viewer, admin, otherBrand, otherCreator string
}

func (e *env) sentThread(domain string) threadFixture {
	e.t.Helper()
	f := threadFixture{offerFixture: e.linkedOffer(domain)}
	e.want(e.brandMove(f.offerFixture, "sent", 500), http.StatusOK)
	f.manager = e.brandAccount("manager@"+domain, store.RoleBrandManager, "Brand "+domain)
	f.viewer = e.brandAccount("viewer@"+domain, store.RoleBrandViewer, "Brand "+domain)
	f.admin = e.account("admin@"+domain, store.RoleAdmin)
	f.otherBrand = e.brandAccount("owner@other."+domain, store.RoleBrandAdmin, "Other "+domain)
	f.otherCreator = e.account("creator@other."+domain, store.RoleUser)
	return f
}

func (e *env) post(f threadFixture, token, body string) resp {
	e.t.Helper()
	return e.call("POST", "/api/threads/"+f.entry+"/messages", token, map[string]any{"body": body})
}

// TestThread_Roles: the creator, the brand's team and ADMINs read the
// thread; the creator, BRAND_ADMIN, BRAND_MANAGER and ADMIN ("Support")
// write; a BRAND_VIEWER's post is a 403; another brand's or creator's
// thread and a draft offer's are 404s.
func TestThread_Roles(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("roles.io")
	draft := e.linkedOffer("draft.io")
	path := "/api/threads/" + f.entry
	for _, tc := range []struct {
		name             string
		token            string
		read, write      int
		wantSide, author string
	}{
		{"creator", f.creator, 200, 201, "creator", ""},
		{"brand admin", f.brand, 200, 201, "brand", ""},
		{"brand manager", f.manager, 200, 201, "brand", ""},
		{"brand viewer", f.viewer, 200, 403, "brand", ""},
		{"admin", f.admin, 200, 201, "support", "Support"},
		{"other brand", f.otherBrand, 404, 404, "", ""},
		{"other creator", f.otherCreator, 404, 404, "", ""},
		{"anonymous", "", 401, 401, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := e.on(t)
			r := e.want(e.call("GET", path, tc.token, nil), tc.read)
			if tc.read == 200 && r.str("data", "thread", "side") != tc.wantSide {
				t.Errorf("side %q, want %q", r.str("data", "thread", "side"), tc.wantSide)
			}
			w := e.want(e.post(f, tc.token, "Hello from "+tc.name), tc.write)
			if tc.write == 201 && tc.author != "" && w.str("data", "message", "author") != tc.author {
				t.Errorf("author %q, want %q", w.str("data", "message", "author"), tc.author)
			}
			if tc.write == 403 && w.str("message") != store.MsgThreadViewer {
				t.Errorf("viewer: %v", w.Body)
			}
		})
	}
	e.want(e.call("GET", "/api/threads/"+draft.entry, draft.creator, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/threads/"+draft.entry, draft.brand, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/threads/not-a-uuid", f.creator, nil), http.StatusNotFound)
}

// TestThread_TimelineOrder: messages and the offer's moves in one time
// line, newest first, paged by item id without gaps or repeats.
func TestThread_TimelineOrder(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("order.io")
	var want []string
	want = append(want, "move:sent")
	for i := 1; i <= 3; i++ {
		e.clock.Advance(time.Minute)
		e.want(e.post(f, f.creator, fmt.Sprintf("question %d", i)), http.StatusCreated)
		want = append(want, fmt.Sprintf("message:question %d", i))
	}
	e.clock.Advance(time.Minute)
	e.want(e.call("POST", "/api/offers/"+f.entry+"/counter", f.creator, map[string]any{"amount": 650}), http.StatusOK)
	want = append(want, "move:countered")
	e.clock.Advance(time.Minute)
	e.want(e.post(f, f.brand, "ok, sending 600"), http.StatusCreated)
	want = append(want, "message:ok, sending 600")
	slices.Reverse(want)

	var got []string
	before := ""
	for pages := 0; pages < 10; pages++ {
		q := "/api/threads/" + f.entry + "?limit=2"
		if before != "" {
			q += "&before=" + before
		}
		r := e.want(e.call("GET", q, f.brand, nil), http.StatusOK)
		for _, it := range r.data()["items"].([]any) {
			m := it.(map[string]any)
			switch m["kind"] {
			case "message":
				got = append(got, "message:"+m["body"].(string))
			case "move":
				got = append(got, "move:"+m["to"].(string))
			}
		}
		if before = r.str("data", "nextBefore"); before == "" {
			break
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("time line\n got %v\nwant %v", got, want)
	}
	e.want(e.call("GET", "/api/threads/"+f.entry+"?before=bogus", f.brand, nil), http.StatusUnprocessableEntity)
}

// TestThread_Unread: messages of others count until read, per person; the
// author's own do not; the counts answer per thread and in total.
func TestThread_Unread(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("unread.io")
	unread := func(token string) (int, string) {
		r := e.want(e.call("GET", "/api/threads/unread", token, nil), http.StatusOK)
		threads := r.data()["threads"].([]any)
		rows := ""
		for _, th := range threads {
			m := th.(map[string]any)
			rows += fmt.Sprintf("%s=%v ", m["offerId"], m["unread"])
		}
		return int(r.data()["total"].(float64)), strings.TrimSpace(rows)
	}
	e.want(e.post(f, f.creator, "one"), http.StatusCreated)
	e.want(e.post(f, f.creator, "two"), http.StatusCreated)
	if n, rows := unread(f.brand); n != 2 || rows != f.entry+"=2" {
		t.Errorf("brand unread %d %q", n, rows)
	}
	if n, _ := unread(f.manager); n != 2 {
		t.Errorf("manager unread %d", n)
	}
	if n, _ := unread(f.creator); n != 0 {
		t.Errorf("creator's own messages counted: %d", n)
	}
	if n, _ := unread(f.otherBrand); n != 0 {
		t.Errorf("other brand sees %d", n)
	}
	r := e.want(e.call("POST", "/api/threads/"+f.entry+"/read", f.brand, nil), http.StatusOK)
	if r.data()["unread"].(float64) != 0 {
		t.Errorf("after read: %v", r.Body)
	}
	if n, _ := unread(f.brand); n != 0 {
		t.Errorf("brand unread after read %d", n)
	}
	if n, _ := unread(f.manager); n != 2 {
		t.Errorf("manager's count follows the admin's read: %d", n)
	}
	e.want(e.post(f, f.manager, "reply"), http.StatusCreated)
	if n, _ := unread(f.brand); n != 1 {
		t.Errorf("brand admin after the manager's reply %d", n)
	}
	if n, _ := unread(f.creator); n != 1 {
		t.Errorf("creator after the reply %d", n)
	}
}

// TestThread_Safety: the off-platform notice, the text limits, reports,
// the rate limit and the thread closing 30 days after a withdrawal.
func TestThread_Safety(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("safety.io")
	r := e.want(e.post(f, f.creator, "Easier if you pay me on PayPal, or WhatsApp me at +44 20 7946 0958"), http.StatusCreated)
	if got := fmt.Sprint(r.data()["message"].(map[string]any)["offPlatform"]); got != "[PayPal WhatsApp phone number]" {
		t.Errorf("off-platform words: %s", got)
	}
	if got := fmt.Sprint(e.want(e.post(f, f.creator, "Posting on the 12th at 10:30, 2 reels"), 201).data()["message"].(map[string]any)["offPlatform"]); got != "[]" {
		t.Errorf("plain message flagged: %s", got)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("a", store.ThreadBodyMax+1)} {
		if r := e.want(e.post(f, f.creator, bad), http.StatusUnprocessableEntity); r.field("body") != store.MsgThreadBody {
			t.Errorf("body %d chars: %v", len(bad), r.Body)
		}
	}
	e.want(e.post(f, f.creator, strings.Repeat("é", store.ThreadBodyMax)), http.StatusCreated)
	// Attachments: only the author's own uploads, at most 5.
	six := make([]map[string]any, 6)
	for i := range six {
		six[i] = map[string]any{"key": "nope"}
	}
	e.want(e.call("POST", "/api/threads/"+f.entry+"/messages", f.creator, map[string]any{"body": "files", "attachments": six}), http.StatusUnprocessableEntity)

	var mid int64
	if err := e.db.SQL().Get(&mid, `SELECT min(id) FROM thread_messages WHERE entry_id = $1`, f.entry); err != nil {
		t.Fatal(err)
	}
	report := fmt.Sprintf("/api/threads/%s/messages/%d/report", f.entry, mid)
	e.want(e.call("POST", report, f.viewer, map[string]any{"reason": ""}), http.StatusUnprocessableEntity)
	e.want(e.call("POST", report, f.viewer, map[string]any{"reason": "Asks to pay off the platform"}), http.StatusOK)
	e.want(e.call("POST", report, f.viewer, map[string]any{"reason": "again"}), http.StatusConflict)
	e.want(e.call("POST", report, f.otherBrand, map[string]any{"reason": "x"}), http.StatusNotFound)
	e.want(e.call("POST", fmt.Sprintf("/api/threads/%s/messages/%d/report", f.entry, mid+1000), f.brand, map[string]any{"reason": "x"}), http.StatusNotFound)

	// 30 messages a minute per person: they go on until the first 429, which must not come before the 30th (the
	// limit refills a message every 2 s, which a loaded machine lets pass).
	sent := 0
	for ; sent < 90; sent++ {
		if r := e.post(f, f.manager, fmt.Sprintf("m%d", sent)); r.Status == http.StatusTooManyRequests {
			break
		}
	}
	if sent < 30 || sent == 90 {
		t.Errorf("limited after %d messages, want from the 31st", sent)
	}

	// Withdrawn: open for 30 days, then read-only for everyone.
	e.want(e.brandMove(f.offerFixture, "withdrawn", nil), http.StatusOK)
	e.want(e.post(f, f.creator, "Sorry to see it go"), http.StatusCreated)
	e.clock.Advance(store.ThreadClosedAfter + time.Hour)
	creator, brand := e.login(f.creatorEmail), e.login("owner@safety.io")
	if r := e.want(e.post(f, creator, "still there?"), http.StatusConflict); r.str("message") != store.MsgThreadReadOnly {
		t.Errorf("closed thread: %v", r.Body)
	}
	if r := e.want(e.call("GET", "/api/threads/"+f.entry, brand, nil), http.StatusOK); r.data()["thread"].(map[string]any)["readOnly"] != true {
		t.Errorf("thread head: %v", r.data()["thread"])
	}
}

// TestEvents_Stream: the stream needs a single-use ticket; a message
// reaches an open stream of the other side (not another brand's); a
// reconnect with Last-Event-ID replays what it missed.
func TestEvents_Stream(t *testing.T) {
	t.Parallel()
	e := setup(t)
	f := e.sentThread("events.io")
	e.want(e.call("GET", "/api/events?ticket=nope", "", nil), http.StatusUnauthorized)
	ticket := func(token string) string {
		return e.want(e.call("POST", "/api/events/ticket", token, nil), http.StatusCreated).str("data", "ticket")
	}
	open := func(tk, lastID string) (*bufio.Reader, func()) {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/events?ticket="+tk, nil)
		if lastID != "" {
			req.Header.Set("Last-Event-ID", lastID)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("stream: %v %v", err, res)
		}
		return bufio.NewReader(res.Body), func() { res.Body.Close() }
	}
	// next reads the stream up to the next event of kind and answers its id and data.
	next := func(rd *bufio.Reader, kind string) (string, string) {
		var id, ev string
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				t.Fatalf("stream ended: %v", err)
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "id: "):
				id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev = line[7:]
			case strings.HasPrefix(line, "data: ") && ev == kind:
				return id, line[6:]
			}
		}
	}
	tk := ticket(f.brand)
	brandStream, closeBrand := open(tk, "")
	readyID, _ := next(brandStream, "ready")
	e.want(e.call("GET", "/api/events?ticket="+tk, "", nil), http.StatusUnauthorized) // single use
	other, closeOther := open(ticket(f.otherBrand), "")
	defer closeOther()
	next(other, "ready")

	e.want(e.post(f, f.creator, "live one"), http.StatusCreated)
	id1, data := next(brandStream, "thread")
	if !strings.Contains(data, `"kind":"message"`) || !strings.Contains(data, f.entry) || strings.Contains(data, "live one") {
		t.Errorf("event data %s", data)
	}
	closeBrand()
	// Missed while away: a message and the offer's move.
	e.want(e.post(f, f.creator, "while away"), http.StatusCreated)
	e.acceptBySigning(f.offerFixture)
	again, closeAgain := open(ticket(f.brand), id1)
	defer closeAgain()
	_, d2 := next(again, "thread")
	_, d3 := next(again, "thread")
	if !strings.Contains(d2, `"kind":"message"`) || !strings.Contains(d3, `"kind":"move"`) {
		t.Errorf("replay: %s / %s", d2, d3)
	}
	if readyID == "" || readyID >= id1 && len(readyID) == len(id1) {
		t.Errorf("ready id %q, first event %q", readyID, id1)
	}
	// The other brand's stream got none of it: its next event is the heartbeat-free close.
	done := make(chan string, 1)
	go func() {
		for {
			line, err := other.ReadString('\n')
			if err != nil || strings.TrimSpace(line) != "" {
				done <- line
				return
			}
		}
	}()
	select {
	case line := <-done:
		if line == "" {
			break // closed at the test's end
		}
		t.Errorf("other brand's stream got %q", line)
	case <-time.After(3 * time.Second):
	}
}
