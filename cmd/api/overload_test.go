package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"creatorcoach/cmd/api/openapi"
	"creatorcoach/store"
)

// TestShedLoad: with MAX_IN_FLIGHT requests in progress, the next one is
// answered 503 with Retry-After and the busy message at once (while the
// others still run); once one finishes, a request is served again. 0 sets
// no bound.
func TestShedLoad(t *testing.T) {
	t.Parallel()
	s := &server{}
	const max = 3
	release := make(chan struct{})
	started := make(chan struct{}, max)
	h := s.shedLoad(max, 0)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			started <- struct{}{}
			<-release
		}
		w.WriteHeader(http.StatusOK)
	}))
	var wg sync.WaitGroup
	codes := make(chan int, max)
	for range max {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/slow", nil))
			codes <- rec.Code
		}()
	}
	for range max {
		<-started
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/fast", nil))
	var body errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "1" || body.Message != MsgBusy ||
		body.ErrorCode != store.EUNAVAILABLE {
		t.Fatalf("past the bound: %d %v %+v", rec.Code, rec.Header(), body)
	}
	close(release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Fatalf("a request within the bound answered %d", c)
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/fast", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("after the others finished: %d", rec.Code)
	}

	// No bound.
	unbounded := s.shedLoad(0, 0)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))
	rec = httptest.NewRecorder()
	unbounded.ServeHTTP(rec, httptest.NewRequest("GET", "/fast", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("unbounded: %d", rec.Code)
	}
}

// TestShedLoad_Contract: the busy answer is in the OpenAPI document for
// every /api operation (a shared 503 or the operation's own), body and
// Retry-After header, as the contract check reads them.
func TestShedLoad_Contract(t *testing.T) {
	t.Parallel()
	router, err := contractRouter()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi.Document()
	if err != nil {
		t.Fatal(err)
	}
	release, started := make(chan struct{}), make(chan struct{})
	h := (&server{}).shedLoad(1, 0)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
	}))
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/slow", nil))
	}()
	<-started
	defer func() { close(release); <-done }()
	param := regexp.MustCompile(`\{[^}]+\}`)
	checked := 0
	for path, item := range doc.Paths.Map() {
		if !strings.HasPrefix(path, "/api/") || path == eventStreamPath { // a live stream takes no slot (TestShedLoad_StreamsTakeNoSlot)
			continue
		}
		for method := range item.Operations() {
			req := httptest.NewRequest(method, "http://api.test"+param.ReplaceAllString(path, "x"), nil)
			rec := &recorder{ResponseWriter: httptest.NewRecorder(), status: http.StatusOK}
			h.ServeHTTP(rec, req)
			if rec.status != http.StatusServiceUnavailable {
				t.Fatalf("%s %s: %d, want the busy answer", method, path, rec.status)
			}
			if msg := checkExchange(router, req.Clone(context.Background()), &capBuffer{}, rec); msg != "" {
				t.Errorf("%s %s: %s", method, path, msg)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("checked %d operations", checked)
	}
}

// TestShedLoad_StreamsTakeNoSlot: open live events streams, more than the
// bound, hold no slot: every stream is served and an ordinary call after
// them is still answered.
func TestShedLoad_StreamsTakeNoSlot(t *testing.T) {
	t.Parallel()
	const max = 2
	release := make(chan struct{})
	started := make(chan struct{}, 2*max)
	h := (&server{}).shedLoad(max, 0)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == eventStreamPath {
			started <- struct{}{}
			<-release
		}
		w.WriteHeader(http.StatusOK)
	}))
	var wg sync.WaitGroup
	refused := make(chan int, 2*max)
	for range 2 * max {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", eventStreamPath+"?ticket=x", nil))
			if rec.Code != http.StatusOK {
				refused <- rec.Code
			}
		}()
	}
	for range 2 * max {
		select {
		case <-started:
		case code := <-refused:
			close(release)
			t.Fatalf("a stream past the bound of %d was answered %d", max, code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/threads", nil))
	close(release)
	wg.Wait()
	if rec.Code != http.StatusOK {
		t.Fatalf("with %d streams open past a bound of %d, a call answered %d", 2*max, max, rec.Code)
	}
}

// TestReadyz_BusyPool: with every connection of the request pool taken
// (requests waiting for Postgres), /readyz still says that Postgres answers
// (it waited behind the requests before, and its 2 s timeout made it 503): a
// load balancer checking it takes a dead or cut-off process out of its
// round, never a busy one. The pool is cut to two connections here, so the
// test holds two of Postgres's connection slots, not forty.
func TestReadyz_BusyPool(t *testing.T) {
	t.Parallel()
	e := setup(t)
	pool := e.db.SQL()
	pool.SetMaxOpenConns(2)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = pool.ExecContext(ctx, `SELECT pg_sleep(20)`)
		}()
	}
	for pool.Stats().InUse < 2 {
		time.Sleep(10 * time.Millisecond)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Get(e.srv.URL + "/readyz")
	if err != nil {
		t.Fatalf("readyz with the pool taken: %v", err)
	}
	defer res.Body.Close()
	var body map[string]string
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || body["postgres"] != "ok" {
		t.Fatalf("readyz with the pool taken: %d %v", res.StatusCode, body)
	}
}

// TestShedLoad_QueueWait: past the bound, a request waits for a slot up to
// MAX_QUEUE_WAIT and is served when one frees in time; one that waits longer
// is answered busy; and once as many requests wait as the bound allows, the
// next is answered busy at once.
func TestShedLoad_QueueWait(t *testing.T) {
	t.Parallel()
	const max = 2
	release := make(chan struct{})
	started := make(chan struct{}, 4*max)
	h := (&server{}).shedLoad(max, 200*time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			started <- struct{}{}
			<-release
		}
		w.WriteHeader(http.StatusOK)
	}))
	serve := func(path string) <-chan int {
		code := make(chan int, 1)
		go func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			code <- rec.Code
		}()
		return code
	}
	slow := []<-chan int{serve("/slow"), serve("/slow")}
	<-started
	<-started

	// A slot that frees within the wait: the waiting request is served.
	waiting := serve("/fast")
	time.Sleep(50 * time.Millisecond)
	select {
	case code := <-waiting:
		t.Fatalf("a request past the bound was answered %d before any slot freed", code)
	default:
	}
	close(release)
	if code := <-waiting; code != http.StatusOK {
		t.Fatalf("a request that got a slot within the wait answered %d", code)
	}
	for _, c := range slow {
		if code := <-c; code != http.StatusOK {
			t.Fatalf("a request within the bound answered %d", code)
		}
	}

	// No slot frees: waiters are answered busy after the wait, and one past
	// max waiters at once.
	hold := make(chan struct{})
	defer close(hold)
	h = (&server{}).shedLoad(max, 2*time.Second)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-hold
	}))
	for range max {
		serve("/slow")
	}
	for range max {
		<-started
	}
	begin := time.Now()
	waiters := []<-chan int{serve("/a"), serve("/b")}
	time.Sleep(300 * time.Millisecond) // both are waiting now (their wait is 2 s)
	asked := time.Now()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/c", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("with %d requests waiting, the next answered %d %v; want busy at once", max, rec.Code, rec.Header())
	}
	if waited := time.Since(asked); waited > time.Second {
		t.Fatalf("the request past the waiters was answered after %v, not at once", waited)
	}
	for _, c := range waiters {
		if code := <-c; code != http.StatusServiceUnavailable {
			t.Fatalf("a request whose wait ran out answered %d", code)
		}
	}
	if waited := time.Since(begin); waited < 2*time.Second {
		t.Fatalf("the waiters were refused after %v, before their wait ran out", waited)
	}
}
