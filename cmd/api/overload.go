package main

import (
	"net/http"

	"creatorcoach/store"
)

// MsgBusy is the answer past MAX_IN_FLIGHT requests in progress.
const MsgBusy = "The service is busy. Please try again in a moment."

// eventStreamPath is the long-lived live events stream, outside the bound.
const eventStreamPath = "/api/events"

// shedLoad bounds the /api requests one process works on at once to max
// (MAX_IN_FLIGHT; 0 = no bound): past it a request is answered 503 with
// Retry-After at once, instead of queueing behind the others until every
// answer is late. Work in progress keeps its share of the database and the
// CPU, so the requests accepted keep their pace. The live events stream
// (GET /api/events) holds its connection open for as long as a tab is open
// and does no work between events, so it takes no slot: otherwise a few
// hundred open tabs would fill the bound and every other call would be
// answered busy.
func (s *server) shedLoad(max int) func(http.Handler) http.Handler {
	if max <= 0 {
		return func(next http.Handler) http.Handler { return next }
	}
	slots := make(chan struct{}, max)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && r.URL.Path == eventStreamPath {
				next.ServeHTTP(w, r)
				return
			}
			select {
			case slots <- struct{}{}:
			default:
				w.Header().Set("Retry-After", "1")
				writeJSON(w, http.StatusServiceUnavailable, errorBody{Message: MsgBusy, ErrorCode: store.EUNAVAILABLE})
				return
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
