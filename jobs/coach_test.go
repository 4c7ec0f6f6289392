package jobs

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/coach"
	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
)

// llmStandIn speaks the chat-completions wire format. mode picks its answer:
// ok (a grounded answer quoting the first fact), 429, malformed, empty,
// ungrounded (a figure not in the facts) or slow.
type llmStandIn struct {
	t     *testing.T
	mode  atomic.Value
	calls atomic.Int32
}

func (s *llmStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.calls.Add(1)
	var req struct {
		Model    string `json:"model"`
		Stream   *bool  `json:"stream"`
		Messages []struct{ Role, Content string }
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || r.URL.Path != "/v1/chat/completions" ||
		r.Header.Get("Authorization") != "Bearer test-key" || req.Model != "coach-test-model" ||
		req.Stream == nil || *req.Stream || len(req.Messages) != 2 || req.Messages[0].Role != "system" {
		s.t.Errorf("unexpected request %s %s: %+v (%v)", r.Method, r.URL.Path, req, err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	user := req.Messages[1].Content
	var facts []coach.Fact
	if i := strings.Index(user, "Facts (JSON): "); i < 0 || json.Unmarshal([]byte(user[i+len("Facts (JSON): "):]), &facts) != nil {
		s.t.Errorf("the model is not given the facts: %q", user)
	}
	w.Header().Set("Content-Type", "application/json")
	body, _ := os.ReadFile("testdata/chat_completion.json")
	content := "Model says: you have " + facts[0].Text + " " + facts[0].Label + "."
	switch s.mode.Load() {
	case "429":
		w.WriteHeader(http.StatusTooManyRequests)
		body, _ = os.ReadFile("testdata/chat_completion_429.json")
	case "malformed":
		body = body[:len(body)/2]
	case "empty":
		body = []byte(`{"id":"x","object":"chat.completion","choices":[]}`)
	case "ungrounded":
		content = "Model says: you will have 987,654 followers next week."
	case "slow":
		time.Sleep(300 * time.Millisecond)
	}
	raw, _ := json.Marshal(content)
	_, _ = w.Write([]byte(strings.Replace(string(body), `"CONTENT"`, string(raw), 1)))
}

// TestCoachReply_LLM: with a model configured, its grounded answer is used;
// on a 429, a malformed or empty answer, an ungrounded figure or a timeout
// the built-in answer is kept. Facts and suggestions are the built-in
// coach's either way.
func TestCoachReply_LLM(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	db := e.Store
	user := coachtest.Creator(t, db, "llm@coach.io", "Fitness & Health")
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower()})
	coachtest.Subscribe(t, db, user, true, time.Now().AddDate(0, 1, 0))
	stand := &llmStandIn{t: t}
	srv := httptest.NewServer(stand)
	defer srv.Close()
	h := e.Handler
	h.CoachLLM = &coach.LLM{URL: srv.URL + "/v1/chat/completions", Model: "coach-test-model", Key: "test-key", Timeout: 100 * time.Millisecond}
	for _, tt := range []struct{ mode, source string }{
		{"ok", "llm"}, {"429", "builtin"}, {"malformed", "builtin"}, {"empty", "builtin"}, {"ungrounded", "builtin"}, {"slow", "builtin"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			stand.mode.Store(tt.mode)
			before := stand.calls.Load()
			e := askAndReply(t, h, user, "How am I doing?")
			if stand.calls.Load() != before+1 {
				t.Fatalf("the model was called %d times", stand.calls.Load()-before)
			}
			if e.Status != store.ChatAnswered || e.Source != tt.source {
				t.Fatalf("status %s source %s, want answered by %s", e.Status, e.Source, tt.source)
			}
			if strings.HasPrefix(e.Answer, "Model says") != (tt.source == "llm") {
				t.Errorf("answer %q from %s", e.Answer, tt.source)
			}
			var facts []coach.Fact
			if err := json.Unmarshal(e.Facts, &facts); err != nil || len(facts) == 0 {
				t.Errorf("facts %s: %v", e.Facts, err)
			}
		})
	}
	t.Run("NoData", func(t *testing.T) {
		// A creator with nothing connected gets a free built-in answer; the model is not asked.
		other := coachtest.Creator(t, db, "nodata@coach.io", "Fitness & Health")
		stand.mode.Store("ok")
		before := stand.calls.Load()
		e := askAndReply(t, h, other, "How am I doing?")
		if e.Source != "builtin" || stand.calls.Load() != before {
			t.Errorf("source %s, %d model calls for an answer without data", e.Source, stand.calls.Load()-before)
		}
	})
	t.Run("WithoutModel", func(t *testing.T) {
		before := stand.calls.Load()
		e := askAndReply(t, &Handler{Store: db, Log: quietLog()}, user, "How am I doing?")
		if e.Source != "builtin" || stand.calls.Load() != before {
			t.Errorf("source %s, %d model calls", e.Source, stand.calls.Load()-before)
		}
	})
	t.Run("Redelivered", func(t *testing.T) {
		// A second delivery of an answered entry changes nothing.
		stand.mode.Store("ok")
		e := askAndReply(t, h, user, "How am I doing?")
		task := NewCoachReplyTask(e.ID, e.JobID)
		stand.mode.Store("ungrounded")
		if err := h.HandleCoachReply(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
			t.Fatal(err)
		}
		if again := readEntry(t, db, e.ID); again.Source != "llm" || again.Answer != e.Answer {
			t.Errorf("answer changed on redelivery: %+v", again)
		}
	})
}

// entryRow is a chat_entries row as tests read it.
type entryRow struct {
	ID     string          `db:"id"`
	JobID  string          `db:"job_id"`
	Status string          `db:"status"`
	Answer string          `db:"answer"`
	Source string          `db:"source"`
	Facts  json.RawMessage `db:"facts"`
}

func readEntry(t *testing.T, db *store.DB, id string) entryRow {
	t.Helper()
	var e entryRow
	if err := db.SQL().Get(&e, `SELECT id, job_id, status, coalesce(answer, '') AS answer, coalesce(source, '') AS source,
		coalesce(facts, '[]') AS facts FROM chat_entries WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	return e
}

// askAndReply records a question and runs its coach:reply task once.
func askAndReply(t *testing.T, h *Handler, userID, question string) entryRow {
	t.Helper()
	ctx := context.Background()
	var task store.Task
	raw, err := h.Store.Ask(ctx, userID, store.ChatQuestion{Question: question}, 1000, func(entryID, jobID string) store.Task {
		task = NewCoachReplyTask(entryID, jobID)
		return task
	})
	if err != nil {
		t.Fatal(err)
	}
	var entry struct {
		ID     string `json:"_id"`
		Status string `json:"status"`
	}
	if err := json.Unmarshal(raw, &entry); err != nil || entry.Status != store.ChatPending {
		t.Fatalf("entry %s: %v", raw, err)
	}
	if err := h.HandleCoachReply(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
		t.Fatal(err)
	}
	return readEntry(t, h.Store, entry.ID)
}
