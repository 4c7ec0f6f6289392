package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeTB collects what the contract check reports.
type fakeTB struct {
	cleanups []func()
	errs     []string
}

func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// TestContract_CatchesUndocumented: the check passes what the document
// describes and fails an undocumented path, status, header or field.
func TestContract_CatchesUndocumented(t *testing.T) {
	t.Parallel()
	answer := func(status int, body string, header ...string) http.HandlerFunc {
		return func(w http.ResponseWriter, _ *http.Request) {
			for i := 0; i+1 < len(header); i += 2 {
				w.Header().Set(header[i], header[i+1])
			}
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(status)
			_, _ = w.Write([]byte(body))
		}
	}
	for _, tc := range []struct {
		name, method, path string
		h                  http.HandlerFunc
		want               string // "" = passes
	}{
		{"documented", "GET", "/healthz", answer(200, `{"status":"ok"}`), ""},
		{"not the API", "GET", "/some/page", answer(200, `{"anything":1}`), ""},
		{"unknown path answered 404", "GET", "/api/no-such-call", answer(404, `{"message":"Not found","error_code":"not_found"}`), ""},
		{"unknown path answered 200", "GET", "/api/no-such-call", answer(200, `{}`), "no operation in the OpenAPI document"},
		{"undocumented method", "DELETE", "/healthz", answer(200, `{}`), "no operation in the OpenAPI document"},
		{"undocumented status", "GET", "/healthz", answer(201, `{"status":"ok"}`), "status is not supported"},
		{"undocumented field", "GET", "/healthz", answer(200, `{"status":"ok","extra":1}`), "extra"},
		{"wrong type", "GET", "/readyz", answer(200, `{"postgres":"ok","redis":1}`), "redis"},
		{"undocumented header", "GET", "/healthz", answer(200, `{"status":"ok"}`, "X-Secret", "1"), "header X-Secret not documented"},
		{"undocumented content type", "GET", "/api/docs", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte("hi"))
		}, "content type text/plain not documented"},
		{"error body of the wrong shape", "GET", "/metrics", answer(429, `{"msg":"slow down"}`, "Retry-After", "5"), "error_code"},
		{"required header missing", "GET", "/metrics", answer(429, `{"message":"Too many","error_code":"rate_limited"}`), "Retry-After"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeTB{}
			h := checkContract(f, tc.h)
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(tc.method, tc.path, nil))
			for _, fn := range f.cleanups {
				fn()
			}
			got := strings.Join(f.errs, "\n")
			switch {
			case tc.want == "" && got != "":
				t.Errorf("reported %s", got)
			case tc.want != "" && !strings.Contains(got, tc.want):
				t.Errorf("reported %q, want it to mention %q", got, tc.want)
			}
		})
	}
}
