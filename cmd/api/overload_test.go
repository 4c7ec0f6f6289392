package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

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
	h := s.shedLoad(max)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
	unbounded := s.shedLoad(0)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))
	rec = httptest.NewRecorder()
	unbounded.ServeHTTP(rec, httptest.NewRequest("GET", "/fast", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("unbounded: %d", rec.Code)
	}
}
