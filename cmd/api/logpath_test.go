package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
)

// lockedBuffer is a log destination safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestLogs_ShareTokenRedacted: the request log names a share link's path
// with its token replaced, for the api call and the page alike.
func TestLogs_ShareTokenRedacted(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	var buf lockedBuffer
	api := newServer(e.cfg, e.db, e.api.rdb, e.asynqOpt, slog.New(slog.NewTextHandler(&buf, nil)))
	srv := httptest.NewServer(api.routes())
	defer srv.Close()
	const token = "Zk3secretShareTokenValue0123456789abcdefghi"
	for _, path := range []string{"/api/share/" + token, "/share/" + token} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	logs := buf.String()
	if strings.Contains(logs, token) {
		t.Fatalf("the token is in the logs:\n%s", logs)
	}
	if !strings.Contains(logs, "path=/api/share/[token]") || !strings.Contains(logs, "path=/share/[token]") {
		t.Fatalf("paths not logged:\n%s", logs)
	}
}

// TestLogs_AbandonedRequest: a request whose client goes away while it waits
// on Postgres is logged as abandoned (499, info), not as a failure of ours
// (500, error), and its canceled statement does not linger.
func TestLogs_AbandonedRequest(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	var buf lockedBuffer
	api := newServer(e.cfg, e.db, e.api.rdb, e.asynqOpt, slog.New(slog.NewTextHandler(&buf, nil)))
	srv := httptest.NewServer(checkContract(t, api.routes()))
	defer srv.Close()
	// The niches are locked, so the list waits on Postgres until its client gives up.
	tx, err := e.db.SQL().Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`LOCK TABLE niches IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	answered := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/niche", nil)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
			err = fmt.Errorf("the list answered %d while its table was locked", res.StatusCode)
		}
		answered <- err
	}()
	// The client leaves once the list waits on the lock.
	waitingOnLock := func() int {
		var n int
		if err := e.db.SQL().Get(&n, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for deadline := time.Now().Add(10 * time.Second); waitingOnLock() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the list never waited on the locked table")
		}
	}
	cancel()
	if err := <-answered; !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(buf.String(), "status=499") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	logs := buf.String()
	if !strings.Contains(logs, `msg="request abandoned by its client"`) || !strings.Contains(logs, "path=/api/niche status=499") {
		t.Fatalf("the abandoned request is not logged as such:\n%s", logs)
	}
	if strings.Contains(logs, "level=ERROR") || strings.Contains(logs, "status=500") {
		t.Fatalf("an abandoned request is logged as a failure:\n%s", logs)
	}
	if n := waitingOnLock(); n != 0 { // the list's statement was canceled with its request
		t.Fatalf("%d statements still wait on the lock", n)
	}
}

// TestWriteError_Abandoned: only a cancellation its client caused is logged
// as abandoned; anything else that fails while the client leaves, and a
// server-side time limit, stay errors.
func TestWriteError_Abandoned(t *testing.T) {
	t.Parallel()
	gone, leave := context.WithCancel(context.Background())
	leave()
	late, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	canceledStatement := &pq.Error{Code: "57014", Message: "canceling statement due to user request"}
	for _, c := range []struct {
		name string
		ctx  context.Context
		err  error
		want int
	}{
		{"waiting for a connection", gone, fmt.Errorf("list: %w", context.Canceled), statusClientClosed},
		{"a statement Postgres canceled", gone, fmt.Errorf("list: %w", canceledStatement), statusClientClosed},
		{"a Redis call behind a 503", gone, &store.Error{Code: store.EUNAVAILABLE, Message: store.MsgUnavailable, Cause: context.Canceled}, statusClientClosed},
		{"a fault of ours while the client leaves", gone, errors.New("boom"), http.StatusInternalServerError},
		{"a server-side time limit", late, fmt.Errorf("list: %w", context.DeadlineExceeded), http.StatusInternalServerError},
		{"a canceled statement the client did not cause", context.Background(), canceledStatement, http.StatusInternalServerError},
	} {
		var buf lockedBuffer
		s := &server{log: slog.New(slog.NewTextHandler(&buf, nil))}
		rec := httptest.NewRecorder()
		s.writeError(rec, httptest.NewRequest("GET", "/api/niche", nil).WithContext(c.ctx), c.err)
		if rec.Code != c.want {
			t.Errorf("%s: status %d, want %d", c.name, rec.Code, c.want)
		}
		if abandonedLine := strings.Contains(buf.String(), "request abandoned by its client"); abandonedLine != (c.want == statusClientClosed) {
			t.Errorf("%s: logged %q", c.name, buf.String())
		}
	}
}

// blockingLog is a log sink that holds every write until release is closed,
// as a full pipe or a stalled journal would.
type blockingLog struct{ release chan struct{} }

func (b blockingLog) Write(p []byte) (int, error) { <-b.release; return len(p), nil }

// TestLogs_AnswerLeavesBeforeItsLogLine: an answer of known length reaches
// the client while its request's log line is still being written.
func TestLogs_AnswerLeavesBeforeItsLogLine(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	sink := blockingLog{release: make(chan struct{})}
	api := newServer(e.cfg, e.db, e.api.rdb, e.asynqOpt, slog.New(slog.NewTextHandler(sink, nil)))
	srv := httptest.NewServer(api.routes())
	defer srv.Close()
	defer close(sink.release)
	got := make(chan string, 1)
	go func() {
		res, err := http.Get(srv.URL + "/healthz")
		if err != nil {
			got <- err.Error()
			return
		}
		defer res.Body.Close()
		var b bytes.Buffer
		_, _ = b.ReadFrom(res.Body)
		got <- fmt.Sprintf("%d %s", res.StatusCode, strings.TrimSpace(b.String()))
	}()
	select {
	case s := <-got:
		if s != `200 {"status":"ok"}` {
			t.Fatalf("answer %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the answer waited for its log line")
	}
}
