package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"creatorcoach/cmd/api/openapi"
)

// The contract check: every request a test sends to the API and every answer
// it gets are checked against the OpenAPI document (cmd/api/openapi). An
// undocumented path, method, status, response header or body field fails the
// test. A request is checked only when its answer is a success (2xx): tests
// send bad input on purpose, and the API's documented 4xx answer is what they
// check; the answer is always checked.

// contractRouter finds a request's operation in the document; loaded once.
var contractRouter = sync.OnceValues(func() (routers.Router, error) {
	doc, err := openapi.Document()
	if err != nil {
		return nil, err
	}
	return gorillamux.NewRouter(doc)
})

// apiPath tells whether the contract covers path: /api, the ops endpoints
// and the payments sandbox's test clock. Not covered: the web app,
// /ops/queues (asynqmon), /debug (pprof) and the rest of /sandbox (the
// social platforms' stand-in).
func apiPath(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/readyz" || path == "/metrics" ||
		strings.HasPrefix(path, ourSandbox)
}

// knownMethods are the methods chi routes; it answers any other with 405 itself.
var knownMethods = map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "PATCH": true,
	"DELETE": true, "CONNECT": true, "OPTIONS": true, "TRACE": true, "QUERY": true}

// commonHeaders may be on any answer without being documented: the
// transport's and the security headers every answer carries.
var commonHeaders = map[string]bool{
	"Content-Type": true, "Content-Length": true, "Date": true, "Cache-Control": true, "Vary": true,
	"Content-Encoding": true, "Content-Security-Policy": true, "X-Content-Type-Options": true,
	"X-Frame-Options": true, "Referrer-Policy": true, "Cross-Origin-Opener-Policy": true,
	"Strict-Transport-Security": true,
}

// contractTB is the part of testing.TB the check uses.
type contractTB interface {
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// checkContract wraps h (the api's routes) so that every exchange on an API
// path is checked against the document; the failures fail t when it ends
// (the handler runs on the server's goroutines, so they are collected).
func checkContract(t contractTB, h http.Handler) http.Handler {
	router, err := contractRouter()
	if err != nil {
		t.Fatalf("openapi: %v", err)
	}
	var mu sync.Mutex
	var failures []string
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, f := range failures {
			t.Errorf("contract: %s", f)
		}
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !apiPath(r.URL.Path) {
			h.ServeHTTP(w, r)
			return
		}
		reqBody := &capBuffer{max: 16 << 20}
		var tee io.Reader
		if r.Body != nil {
			tee = io.TeeReader(r.Body, reqBody)
			r.Body = readCloser{tee, r.Body}
		}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		// The route is found on a copy: the handler may change r.
		probe := r.Clone(context.Background())
		h.ServeHTTP(rec, r)
		if errors.Is(r.Context().Err(), context.Canceled) {
			return // its client went away: nobody reads the answer (499 in the log)
		}
		if tee != nil && rec.status >= 200 && rec.status < 300 {
			_, _ = io.Copy(io.Discard, tee) // what the handler left unread, for the request check
		}
		if msg := checkExchange(router, probe, reqBody, rec); msg != "" {
			mu.Lock()
			failures = append(failures, fmt.Sprintf("%s %s -> %d: %s", probe.Method, probe.URL.RequestURI(), rec.status, msg))
			mu.Unlock()
		}
	})
}

// checkExchange checks one request and its answer; it returns why they do
// not match the document, or "".
func checkExchange(router routers.Router, req *http.Request, reqBody *capBuffer, rec *recorder) string {
	ctx := context.Background()
	req.URL.Scheme, req.URL.Host = "http", req.Host
	route, params, err := router.FindRoute(req)
	switch {
	case errors.Is(err, routers.ErrMethodNotAllowed) && rec.status == http.StatusMethodNotAllowed && !knownMethods[req.Method]:
		// A method chi does not know at all (BREW) is refused by the root
		// router, before /api's handler: 405 with no body.
		return ""
	case errors.Is(err, routers.ErrPathNotFound) && rec.status == http.StatusNotFound,
		errors.Is(err, routers.ErrMethodNotAllowed) && rec.status == http.StatusMethodNotAllowed:
		// The API's own answer to a path or method it does not have.
		return checkSchema(rec, "Error")
	case err != nil:
		return "no operation in the OpenAPI document: " + err.Error()
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: authenticated, MultiError: true}}
	if rec.status >= 200 && rec.status < 300 {
		if reqBody.over {
			// Too large to keep: not checked, and never read from the live
			// request, which the server may have closed once the answer left.
			in.Options.ExcludeRequestBody = true
			req.Body = http.NoBody
		} else {
			req.Body = io.NopCloser(bytes.NewReader(reqBody.Bytes()))
		}
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			return "request: " + short(err)
		}
		for name := range req.URL.Query() {
			if !queryParam(route, name) {
				return "request: query parameter " + name + " not documented"
			}
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.status, Header: rec.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}}
	out.SetBodyBytes(rec.body.Bytes())
	if rec.status >= 300 && rec.status < 400 {
		// kin-openapi skips some redirects; their status must still be documented.
		if route.Operation.Responses.Status(rec.status) == nil {
			return "status not documented"
		}
	}
	if ct := rec.Header().Get("Content-Type"); rec.body.Len() > 0 && !strings.HasPrefix(ct, "application/json") {
		// A file, a page, a CSV or metrics: its media type must be documented;
		// its bytes are not decoded.
		resp := route.Operation.Responses.Status(rec.status)
		if resp == nil || resp.Value == nil {
			return "status not documented"
		}
		if resp.Value.Content.Get(ct) == nil {
			return "answer: content type " + ct + " not documented"
		}
		out.Options.ExcludeResponseBody = true
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		return "answer: " + short(err)
	}
	if resp := route.Operation.Responses.Status(rec.status); resp != nil && resp.Value != nil {
		for name := range rec.Header() {
			if commonHeaders[name] {
				continue
			}
			if _, ok := resp.Value.Headers[name]; !ok && !hasHeaderFold(resp.Value.Headers, name) {
				return "answer: header " + name + " not documented"
			}
		}
	}
	return ""
}

// checkSchema checks the answer's body against a shared schema.
func checkSchema(rec *recorder, name string) string {
	doc, _ := openapi.Document()
	var v any
	if err := json.Unmarshal(rec.body.Bytes(), &v); err != nil || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		return "answer is not JSON"
	}
	if err := doc.Components.Schemas[name].Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		return "answer: " + short(err)
	}
	return ""
}

// queryParam tells whether the operation (or its path) documents the query parameter.
func queryParam(route *routers.Route, name string) bool {
	for _, ps := range []openapi3.Parameters{route.PathItem.Parameters, route.Operation.Parameters} {
		if p := ps.GetByInAndName(openapi3.ParameterInQuery, name); p != nil {
			return true
		}
	}
	return false
}

func hasHeaderFold(h openapi3.Headers, name string) bool {
	for k := range h {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// authenticated accepts a bearer token or basic credentials when present; the
// API itself decides whether they are good.
func authenticated(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	h := in.RequestValidationInput.Request.Header.Get("Authorization")
	switch in.SecurityScheme.Scheme {
	case "bearer":
		if strings.HasPrefix(h, "Bearer ") {
			return nil
		}
	case "basic":
		if strings.HasPrefix(h, "Basic ") {
			return nil
		}
	}
	return errors.New("no " + in.SecuritySchemeName + " credentials")
}

// short is the validator's message without its dumps of schemas and values
// (the indented lines after "Schema:" and "Value:").
func short(err error) string {
	var keep []string
	dump := false
	for _, line := range strings.Split(err.Error(), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "Schema:" || t == "Value:":
			dump = true
		case t == "" || dump && strings.HasPrefix(line, "  "):
		default:
			dump = false
			keep = append(keep, t)
		}
	}
	s := strings.Join(keep, " ")
	for strings.Contains(s, "validation failed due to: validation failed due to: ") {
		s = strings.ReplaceAll(s, "validation failed due to: validation failed due to: ", "validation failed due to: ")
	}
	return s
}

// recorder passes an answer on and keeps its status and body.
type recorder struct {
	http.ResponseWriter
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Flush passes a flush on (CSV downloads flush).
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// capBuffer keeps the first max bytes written to it and notes whether more came.
type capBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (c *capBuffer) Write(b []byte) (int, error) {
	if room := c.max - c.Len(); len(b) > room {
		c.over = true
		if room > 0 {
			c.Buffer.Write(b[:room])
		}
		return len(b), nil
	}
	return c.Buffer.Write(b)
}

type readCloser struct {
	io.Reader
	io.Closer
}
