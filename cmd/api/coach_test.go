package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"creatorcoach/jobs"
	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
)

const noCredits = "You have used your 5 free questions. Subscribe to keep asking."

// creator makes a creator with an Instagram history and returns their token and id.
func (e *env) creator(email string) (token, id string) {
	e.t.Helper()
	token = e.account(email, store.RoleUser)
	id = e.want(e.call("GET", "/api/users/me", token, nil), 200).str("data", "user", "_id")
	coachtest.Insert(e.t, e.db, id, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower()})
	return token, id
}

// chats reads GET /api/chats with query q and returns data.chats.
func (e *env) chats(token, q string) []any {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/chats"+q, token, nil), http.StatusOK)
	list, _ := r.data()["chats"].([]any)
	return list
}

// chatEntries is the data of the first chat (the browser's credit count reads it).
func chatEntries(chats []any) []any {
	if len(chats) == 0 {
		return nil
	}
	d, _ := chats[0].(map[string]any)["data"].([]any)
	return d
}

func ask(e *env, token, question, platform string) resp {
	body := map[string]any{"question": question}
	if platform != "" {
		body["platform"] = platform
	}
	return e.call("POST", "/api/chats", token, body)
}

// TestChats_AskAndAnswer: a question is answered by the worker's coach:reply
// task; the entry then carries the answer, labelled facts and suggestions.
func TestChats_AskAndAnswer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token, _ := e.creator("asker@chats.io")
	r := e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	entry, _ := r.data()["entry"].(map[string]any)
	if entry["status"] != "pending" || entry["question"] != "How am I doing?" || entry["_id"] == "" || entry["createdAt"] == nil {
		t.Fatalf("entry %v", entry)
	}
	if _, ok := entry["platform"]; !ok {
		t.Errorf("entry lacks platform: %v", entry)
	}
	answered := waitAnswered(t, e, token, 1)
	if answered["answer"] == "" || answered["answeredAt"] == nil || len(answered["suggestions"].([]any)) == 0 {
		t.Fatalf("answered entry %v", answered)
	}
	facts, _ := answered["facts"].([]any)
	if len(facts) == 0 {
		t.Fatal("no facts")
	}
	for _, f := range facts {
		fm := f.(map[string]any)
		if k := fm["kind"]; k != "measured" && k != "derived" && k != "estimated" {
			t.Errorf("fact kind %v", k)
		}
		for _, key := range []string{"label", "value", "period"} {
			if _, ok := fm[key]; !ok {
				t.Errorf("fact lacks %s: %v", key, fm)
			}
		}
	}
	job := e.want(e.call("GET", "/api/jobs/"+entry["jobId"].(string), token, nil), http.StatusOK)
	if job.str("data", "job", "status") != "succeeded" {
		t.Errorf("reply job %v", job.Body)
	}

	// The platform filter scopes the chat list: a YouTube question is listed under youtube only.
	e.want(ask(e, token, "How am I doing?", "youtube"), http.StatusCreated)
	waitAnswered(t, e, token, 2)
	if n := len(chatEntries(e.chats(token, "?platform=youtube"))); n != 1 {
		t.Errorf("%d entries under youtube, want 1", n)
	}
	if got := e.chats(token, "?platform=instagram"); len(got) != 0 {
		t.Errorf("chats under instagram: %v", got)
	}
	yt := chatEntries(e.chats(token, "?platform=youtube"))[0].(map[string]any)
	if !strings.Contains(yt["answer"].(string), "YouTube account is not connected") {
		t.Errorf("youtube answer %q", yt["answer"])
	}
}

// waitAnswered polls GET /api/chats until the n-th entry is no longer pending.
func waitAnswered(t *testing.T, e *env, token string, n int) map[string]any {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		list := chatEntries(e.chats(token, ""))
		if len(list) >= n {
			last := list[n-1].(map[string]any)
			if last["status"] == "answered" {
				return last
			}
			if last["status"] == "failed" {
				t.Fatalf("entry failed: %v", last)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("entry %d not answered: %v", n, list)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestChats_Credits: 5 free questions, then 402; the browser's count (5
// minus the first chat's entries) matches; a running subscription, even a
// cancelled one, lifts the limit; an expired one brings it back.
func TestChats_Credits(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token, id := e.creator("credits@chats.io")
	for i := range store.FreeQuestions {
		e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
		if left := store.FreeQuestions - len(chatEntries(e.chats(token, ""))); left != store.FreeQuestions-1-i {
			t.Fatalf("after %d questions the browser counts %d left", i+1, left)
		}
	}
	r := e.want(ask(e, token, "How am I doing?", ""), http.StatusPaymentRequired)
	if r.str("message") != noCredits || r.str("error_code") != "payment_required" {
		t.Fatalf("sixth question: %v", r.Body)
	}
	now := e.clock.Now()
	coachtest.Subscribe(t, e.db, id, true, now.AddDate(0, 1, 0))
	e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	coachtest.Subscribe(t, e.db, id, false, now.Add(time.Hour)) // cancelled, still running
	e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	coachtest.Subscribe(t, e.db, id, false, now.Add(-time.Minute)) // expired
	r = e.want(ask(e, token, "How am I doing?", ""), http.StatusPaymentRequired)
	if r.str("message") != noCredits {
		t.Fatalf("expired: %v", r.Body)
	}
	if n := len(chatEntries(e.chats(token, ""))); n != 7 {
		t.Errorf("%d entries, want 7 (nothing saved for a refused question)", n)
	}
}

// TestChats_Concurrent: questions sent at the same moment never spend more
// than the credits left.
func TestChats_Concurrent(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token, _ := e.creator("race@chats.io")
	e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	const n = 9 // with the first, 10: the questions a minute allows
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses <- ask(e, token, "What should I do next?", "").Status
		}()
	}
	close(start)
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	if count[http.StatusCreated] != 4 || count[http.StatusPaymentRequired] != n-4 {
		t.Fatalf("statuses %v, want 4 created and %d refused", count, n-4)
	}
	var saved int
	if err := e.db.SQL().Get(&saved, `SELECT count(*) FROM chat_entries`); err != nil || saved != 5 {
		t.Fatalf("%d entries saved (%v), want 5", saved, err)
	}
}

// TestChats_MonthlyCap: a subscriber is held to the fair-use cap per month.
func TestChats_MonthlyCap(t *testing.T) {
	t.Parallel()
	e := setup(t)
	_, id := e.creator("cap@chats.io")
	coachtest.Subscribe(t, e.db, id, true, e.clock.Now().AddDate(0, 2, 0))
	noTask := func(entryID, _ string) store.Task {
		return store.Task{Key: "cap:" + entryID, Type: "coach:reply", Queue: "default", Payload: []byte(`{}`)}
	}
	q := store.ChatQuestion{Question: "How am I doing?"}
	for range 2 {
		if _, err := e.db.Ask(context.Background(), id, q, 2, noTask); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.db.Ask(context.Background(), id, q, 2, noTask)
	if store.ErrorCode(err) != store.ERATELIMITED || !strings.Contains(err.Error(), "fair-use limit") {
		t.Fatalf("third question this month: %v", err)
	}
}

// TestChats_Scope: a creator never sees another's chats; bad input is a 422.
func TestChats_Scope(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ann, _ := e.creator("ann@chats.io")
	bob, _ := e.creator("bob@chats.io")
	e.want(ask(e, ann, "How am I doing?", ""), http.StatusCreated)
	if got := e.chats(bob, ""); len(got) != 0 {
		t.Fatalf("bob sees %v", got)
	}
	if got := e.chats(ann, ""); len(got) != 1 {
		t.Fatalf("ann sees %d chats", len(got))
	}
	for _, tt := range []struct {
		name, method, path string
		body               any
		field, msg         string
	}{
		{"EmptyQuestion", "POST", "/api/chats", map[string]any{"question": "  "}, "question", "Please enter a question"},
		{"LongQuestion", "POST", "/api/chats", map[string]any{"question": strings.Repeat("a", 501)}, "question", "Question must be less than 500 characters"},
		{"BadPlatform", "POST", "/api/chats", map[string]any{"question": "Hi", "platform": "myspace"}, "platform", "Platform must be one of instagram, youtube, tiktok, linkedin"},
		{"ListPlatform", "GET", "/api/chats?platform=myspace", nil, "platform", "Platform must be one of instagram, youtube, tiktok, linkedin"},
		{"ListLimit", "GET", "/api/chats?limit=101", nil, "limit", "Must be between 1 and 100"},
		{"ListPage", "GET", "/api/chats?page=999999999", nil, "page", "Must be between 1 and 100000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			r := e.want(e.call(tt.method, tt.path, bob, tt.body), http.StatusUnprocessableEntity)
			if r.field(tt.field) != tt.msg {
				t.Errorf("fields %v", r.Body["fields"])
			}
		})
	}
	e.want(e.call("POST", "/api/chats", bob, `{"question":`), http.StatusBadRequest)
}

// TestChats_FailedSpendsNoCredit: an entry the coach gave up on spends no
// free question, and the browser's count (5 minus the first chat's entries
// that did not fail) still equals what the server allows.
func TestChats_FailedSpendsNoCredit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token, id := e.creator("failed@chats.io")
	// Entries whose task answers nothing stay pending until failed below, as a task that gives up leaves them.
	noTask := func(entryID, _ string) store.Task {
		return store.Task{Key: "failed:" + entryID, Type: "coach:reply", Queue: "default", Payload: []byte(`{}`)}
	}
	entries := make([]struct {
		ID    string `json:"_id"`
		JobID string `json:"jobId"`
	}, store.FreeQuestions)
	for i := range entries {
		raw, err := e.db.Ask(context.Background(), id, store.ChatQuestion{Question: "How am I doing?"}, 100, noTask)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &entries[i]); err != nil {
			t.Fatal(err)
		}
	}
	e.want(ask(e, token, "How am I doing?", ""), http.StatusPaymentRequired)
	// The coach's own give-up, then asynq's (a task lost with its worker too often): its job fails, and the entry with it.
	if err := e.db.FailCoachEntry(context.Background(), entries[0].ID, "The coach could not answer this question right now. Please ask again."); err != nil {
		t.Fatal(err)
	}
	if changed, err := e.db.FailJob(context.Background(), entries[1].JobID, jobs.MsgJobCrashed); err != nil || !changed {
		t.Fatalf("fail job: %v %v", changed, err)
	}
	browser := func() int {
		left := store.FreeQuestions
		for _, en := range chatEntries(e.chats(token, "")) {
			if en.(map[string]any)["status"] != store.ChatFailed {
				left--
			}
		}
		return max(0, left)
	}
	if left := browser(); left != 2 {
		t.Fatalf("the browser counts %d left after two failed entries, want 2", left)
	}
	if got := chatEntries(e.chats(token, ""))[1].(map[string]any); got["reason"] != jobs.MsgJobCrashed {
		t.Errorf("entry of the failed job: %v", got)
	}
	e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	if left := browser(); left != 0 {
		t.Fatalf("the browser counts %d left, want 0", left)
	}
	e.want(ask(e, token, "How am I doing?", ""), http.StatusPaymentRequired)
}

// TestChats_QuestionLimits: a creator asks at most 10 questions a minute
// and receives at most store.FreeAnswersPerDay free answers (those the data
// cannot give) a day; past either the answer is 429 with Retry-After and
// nothing is stored.
func TestChats_QuestionLimits(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token, id := e.creator("limits@chats.io")
	coachtest.Subscribe(t, e.db, id, true, e.clock.Now().AddDate(0, 1, 0))
	for range 10 {
		e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
	}
	e.wantTooMany(ask(e, token, "How am I doing?", ""))

	free, freeID := e.creator("free@chats.io")
	coachtest.Subscribe(t, e.db, freeID, true, e.clock.Now().AddDate(0, 2, 0))
	noTask := func(entryID, _ string) store.Task {
		return store.Task{Key: "free:" + entryID, Type: "coach:reply", Queue: "default", Payload: []byte(`{}`)}
	}
	for range store.FreeAnswersPerDay {
		if _, err := e.db.Ask(context.Background(), freeID, store.ChatQuestion{Question: "How am I doing?"}, 0, noTask); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.db.SQL().Exec(`UPDATE chat_entries SET free = true, status = 'answered' WHERE user_id = $1`, freeID); err != nil {
		t.Fatal(err)
	}
	e.wantTooMany(ask(e, free, "How am I doing?", ""))
	if n := e.count(`SELECT count(*) FROM chat_entries WHERE user_id = '` + freeID + `'`); n != store.FreeAnswersPerDay {
		t.Fatalf("%d entries stored, want %d", n, store.FreeAnswersPerDay)
	}
	e.clock.Advance(24*time.Hour + time.Minute)
	e.want(ask(e, e.login("free@chats.io"), "How am I doing?", ""), http.StatusCreated)
}
