package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
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
