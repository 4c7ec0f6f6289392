package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"creatorcoach/store"
)

// statusOf is the one place that maps store error codes to HTTP statuses.
var statusOf = map[string]int{
	store.EINVALID:         http.StatusUnprocessableEntity,
	store.EUNAUTHORIZED:    http.StatusUnauthorized,
	store.EUNVERIFIED:      http.StatusUnauthorized,
	store.EFORBIDDEN:       http.StatusForbidden,
	store.ENOTFOUND:        http.StatusNotFound,
	store.ECONFLICT:        http.StatusConflict,
	store.ERATELIMITED:     http.StatusTooManyRequests,
	store.ETOOLARGE:        http.StatusRequestEntityTooLarge,
	store.EUNAVAILABLE:     http.StatusServiceUnavailable,
	store.EPAYMENTREQUIRED: http.StatusPaymentRequired,
	store.EPAYMENT:         http.StatusPaymentRequired,
	store.EPROVIDERDOWN:    http.StatusServiceUnavailable,
	store.EPROVIDER:        http.StatusBadGateway,
	store.EINTERNAL:        http.StatusInternalServerError,
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Message   string            `json:"message"`
	ErrorCode any               `json:"error_code"`
	Fields    map[string]string `json:"fields,omitempty"`
}

// writeError answers with err's status and body. Internal errors are logged
// with the request id and shown as a generic message.
func (s *server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if abandoned(r, err) {
		s.log.Info("request abandoned by its client", "request_id", requestID(r), "method", r.Method,
			"path", loggedPath(r.URL.Path))
		w.WriteHeader(statusClientClosed)
		return
	}
	code := store.ErrorCode(err)
	status := statusOf[code]
	body := errorBody{Message: store.ErrorMessage(err), ErrorCode: code}
	var e *store.Error
	if errors.As(err, &e) {
		body.Fields = e.Fields
		if code == store.ERATELIMITED && e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds())+1))
		}
	}
	if code == store.EUNVERIFIED {
		body.ErrorCode = http.StatusUnauthorized // the browser reads it as "e-mail not verified"
	}
	if code == store.ERATELIMITED && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "3600") // a store limit (the invitations a day)
	}
	if code == store.EUNAVAILABLE {
		w.Header().Set("Retry-After", "5")
		s.log.Warn("service unavailable", "request_id", requestID(r), "method", r.Method,
			"path", loggedPath(r.URL.Path), "err", err)
	}
	if code == store.EINTERNAL || code == store.EPROVIDERDOWN || code == store.EPROVIDER {
		s.log.Error("request failed", "request_id", requestID(r), "method", r.Method,
			"path", loggedPath(r.URL.Path), "err", err)
	}
	writeJSON(w, status, body)
}

// statusClientClosed is what the request log records for a request its
// client abandoned (the status proxies use for it); nobody receives it.
const statusClientClosed = 499

// abandoned reports whether err is only the cancellation of a request whose
// client went away (a closed tab, a page left mid-load): whatever the
// request was waiting on (a connection, a statement Postgres was asked to
// cancel) failed because of it, which is neither our fault nor an answer
// anyone reads. A server-side time limit is not that: it stays an error.
func abandoned(r *http.Request, err error) bool {
	if !errors.Is(r.Context().Err(), context.Canceled) {
		return false
	}
	return store.Canceled(err)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(errorBody{Message: store.ErrorMessage(err), ErrorCode: store.EINTERNAL})
	}
	writeBody(w, status, append(b, '\n'))
}

// writeBody writes a whole JSON answer at once, with its length, so it
// leaves in one piece rather than in chunks.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// respond answers 200 (or status) with {"data": data}.
func respond(w http.ResponseWriter, status int, data any) {
	writeJSON(w, status, map[string]any{"data": data})
}

// respondPage answers 200 with a list in the shape every list shares,
// {"data": {"<name>": [...], "total": N, "page": P, "limit": L}}; the
// entries are p.Items as Postgres wrote them.
func respondPage(w http.ResponseWriter, name string, p store.Page, page, limit int) {
	// The items are written as they are, between a head and a tail: no copy of
	// a list that may be tens of kilobytes.
	head := append(append(append(make([]byte, 0, 16+len(name)), `{"data":{"`...), name...), `":`...)
	tail := append(make([]byte, 0, 64), `,"total":`...)
	tail = strconv.AppendInt(tail, int64(p.Total), 10)
	if p.Estimated {
		tail = append(tail, `,"totalEstimated":true`...)
	}
	tail = append(tail, `,"page":`...)
	tail = append(strconv.AppendInt(tail, int64(page), 10), `,"limit":`...)
	tail = append(strconv.AppendInt(tail, int64(limit), 10), "}}\n"...)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(head)+len(p.Items)+len(tail)))
	w.WriteHeader(http.StatusOK)
	for _, b := range [][]byte{head, p.Items, tail} {
		if _, err := w.Write(b); err != nil {
			return
		}
	}
}

// answer writes err when it is not nil, else 200 with {"data": data}.
func (s *server) answer(w http.ResponseWriter, r *http.Request, err error, data any) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, data)
}

// maxBody is the largest JSON body accepted.
const maxBody = 1 << 20

// decode reads a JSON body into v. It answers 400 for malformed JSON (also
// when anything but white space follows the value), 413 for bodies over
// maxBody and 422 for a NUL character in a string (Postgres cannot store
// one), and returns false then.
func (s *server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err == nil {
		err = json.Unmarshal(body, v) // refuses trailing data, unlike a Decoder
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		if err := checkNulJSON(body); err != nil {
			s.writeError(w, r, err)
			return false
		}
		return true
	case errors.As(err, &tooBig):
		s.writeError(w, r, store.Errorf(store.ETOOLARGE, "Request body is too large (limit "+strconv.Itoa(maxBody>>20)+" MB)"))
	default:
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Malformed JSON body", ErrorCode: "bad_request"})
	}
	return false
}
