package main

import (
	"net/http"
	"sync/atomic"
	"time"

	"creatorcoach/store"
)

// MsgBusy is the answer past MAX_IN_FLIGHT requests in progress.
const MsgBusy = "The service is busy. Please try again in a moment."

// eventStreamPath is the long-lived live events stream, outside the bound.
const eventStreamPath = "/api/events"

// shedLoad bounds the /api requests one process works on at once to max
// (MAX_IN_FLIGHT; 0 = no bound). A request past the bound waits for a slot,
// in arrival order, for at most wait (MAX_QUEUE_WAIT): a burst shorter than
// that is served a little later instead of refused. A request still without
// a slot then, or arriving while max requests already wait, is answered 503
// with Retry-After, so that under a sustained excess the requests accepted
// keep their pace (their share of the database and the CPU) instead of
// queueing until every answer is late. The live events stream (GET
// /api/events) holds its connection open for as long as a tab is open and
// does no work between events, so it takes no slot: otherwise a few hundred
// open tabs would fill the bound and every other call would be answered busy.
func (s *server) shedLoad(max int, wait time.Duration) func(http.Handler) http.Handler {
	if max <= 0 {
		return func(next http.Handler) http.Handler { return next }
	}
	slots := make(chan struct{}, max)
	var waiting atomic.Int64
	busy := func(w http.ResponseWriter) {
		w.Header().Set("Retry-After", "1")
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Message: MsgBusy, ErrorCode: store.EUNAVAILABLE})
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && r.URL.Path == eventStreamPath {
				next.ServeHTTP(w, r)
				return
			}
			select {
			case slots <- struct{}{}:
			default:
				if wait <= 0 || waiting.Add(1) > int64(max) {
					if wait > 0 {
						waiting.Add(-1)
					}
					busy(w)
					return
				}
				timer := time.NewTimer(wait)
				select {
				case slots <- struct{}{}:
					waiting.Add(-1)
					timer.Stop()
				case <-timer.C:
					waiting.Add(-1)
					busy(w)
					return
				case <-r.Context().Done(): // the client left: nobody reads an answer
					waiting.Add(-1)
					timer.Stop()
					return
				}
			}
			defer func() { <-slots }()
			next.ServeHTTP(w, r)
		})
	}
}

// respondRaw answers 200 with {"data": {"<name>": raw}}, raw written as
// Postgres wrote it: a campaign's results run to megabytes, which
// json.Marshal would check and copy on every call.
func respondRaw(w http.ResponseWriter, name string, raw []byte) {
	body := make([]byte, 0, len(raw)+len(name)+16)
	body = append(append(append(body, `{"data":{"`...), name...), `":`...)
	body = append(append(body, raw...), "}}\n"...)
	writeBody(w, http.StatusOK, body)
}
