package benchkit

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"creatorcoach/store/storetest"
)

func TestParallelCallsEveryIndexOnceAndCountsFailures(t *testing.T) {
	var calls [50]atomic.Int32
	failed, err := Parallel(4, len(calls), func(i int) error {
		calls[i].Add(1)
		if i%10 == 3 {
			return errors.New("odd one")
		}
		return nil
	})
	if failed != 5 || err == nil || err.Error() != "odd one" {
		t.Fatalf("failed %d, err %v; want 5 and the first error", failed, err)
	}
	for i := range calls {
		if n := calls[i].Load(); n != 1 {
			t.Fatalf("index %d called %d times", i, n)
		}
	}
}

// apiStub answers POST /ok with an accepted job and anything else with a
// 400 error; it records the last request's headers and body.
func apiStub(t *testing.T) (*Stack, *http.Request, *string) {
	var last http.Request
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		last, body = *r, string(b)
		if r.URL.Path != "/ok" {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"status": "error", "message": "bad file"}`)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, `{"data": {"job": {"id": "job-1", "status": "queued"}}}`)
	}))
	t.Cleanup(srv.Close)
	return &Stack{APIAddr: strings.TrimPrefix(srv.URL, "http://")}, &last, &body
}

func TestPostJobReturnsTheAcceptedJob(t *testing.T) {
	s, last, body := apiStub(t)
	id, err := s.PostJob("/ok", "tok", "text/csv", strings.NewReader("a,b"))
	if err != nil || id != "job-1" {
		t.Fatalf("id %q, err %v", id, err)
	}
	if last.Header.Get("Authorization") != "Bearer tok" || last.Header.Get("Content-Type") != "text/csv" || *body != "a,b" {
		t.Fatalf("sent %v with body %q", last.Header, *body)
	}
}

func TestPostJobRejectsAnotherStatusWithTheMessage(t *testing.T) {
	s, _, _ := apiStub(t)
	_, err := s.PostJob("/upload", "tok", "text/csv", strings.NewReader("a,b"))
	if err == nil || !strings.Contains(err.Error(), "status 400: bad file") {
		t.Fatalf("err %v; want the status and the message", err)
	}
}

func TestCallJSONChecksTheStatus(t *testing.T) {
	s, last, body := apiStub(t)
	var out struct {
		Data struct{ Job struct{ ID string } }
	}
	if err := s.CallJSON("POST", "/ok", "", map[string]string{"q": "x"}, http.StatusAccepted, &out); err != nil || out.Data.Job.ID != "job-1" {
		t.Fatalf("out %+v, err %v", out, err)
	}
	if last.Header.Get("Authorization") != "" || *body != `{"q":"x"}` {
		t.Fatalf("sent %v with body %q", last.Header, *body)
	}
	if err := s.CallJSON("GET", "/ok", "", nil, http.StatusOK, nil); err == nil {
		t.Fatal("a 202 where 200 is wanted passed")
	}
}

// TestBareAnswersItsBody checks both bodies of the bare handler on real
// Postgres, and that bodySize reads the size the load generator gets.
func TestBareAnswersItsBody(t *testing.T) {
	_, dbURL := storetest.New(t)
	queries := []string{`SELECT $1::text || x FROM generate_series(1, 2) x`, `SELECT 'b' || $1, NULL::text, 'c'`}
	for _, c := range []struct {
		body Body
		want string
	}{
		{nil, "a2"}, // FirstColumn: the first column of the first statement's last row
		{EveryColumn, "a1a2bac"},
	} {
		addr, stop, err := Bare(context.Background(), dbURL, []any{"a"}, "", c.body, queries...)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.Get("http://" + addr + "/")
		if err != nil {
			stop()
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		n, err := bodySize("http://"+addr+"/", "tok")
		stop()
		if string(b) != c.want || n != len(c.want) || err != nil {
			t.Errorf("body %q (size %d, %v); want %q", b, n, err, c.want)
		}
	}
}

func TestProcStatReadsTheCommandAndCPU(t *testing.T) {
	line := "4242 (post gres) S 1 4242 4242 0 -1 4194560 500 0 0 0 150 25 0 0 20 0 1 0 100 1000 50"
	cmd, cpu, ok := procStat(line)
	if !ok || cmd != "post gres" || cpu != 1750*time.Millisecond {
		t.Fatalf("procStat: %q %s %v, want \"post gres\" 1.75s true", cmd, cpu, ok)
	}
	if _, _, ok := procStat("4242 (short) S 1"); ok {
		t.Fatal("procStat read a line without the CPU fields")
	}
}

func TestBackendsSinceCountsNewBackendsWholeAndGoneOnes(t *testing.T) {
	before := Backends{1: time.Second, 2: 2 * time.Second}
	after := Backends{1: 3 * time.Second, 3: 500 * time.Millisecond}
	sum, gone := after.Since(before)
	if sum != 2500*time.Millisecond || gone != 1 {
		t.Fatalf("Since: %s, %d gone; want 2.5s, 1 gone", sum, gone)
	}
}
