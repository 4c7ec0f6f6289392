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
	okMessage := answer(200, `{"data":{"message":"sent"}}`)
	me := answer(200, `{"data":{"user":{"_id":"3f2c1b7e-0000-4000-8000-000000000001","name":"Ann","email":"ann@example.org",`+
		`"profileImage":"","profileImageKey":"","role":"USER","niche":null,"brand":null,"createdAt":"2026-01-02T03:04:05Z"}}}`)
	for _, tc := range []struct {
		name, method, path string
		h                  http.HandlerFunc
		want               string // "" = passes
		body, auth         string
	}{
		{name: "request checked on success", method: "POST", path: "/api/users/forgot-password", h: okMessage,
			body: `{"email":"ann@example.org","extra":1}`, want: "request: "},
		{name: "documented request", method: "POST", path: "/api/users/forgot-password", h: okMessage,
			body: `{"email":"ann@example.org"}`},
		{name: "bad request refused as documented", method: "POST", path: "/api/users/forgot-password",
			h: answer(422, `{"message":"Invalid","error_code":"invalid","fields":{"email":"Email is required"}}`), body: `{"extra":1}`},
		{name: "undocumented query parameter", method: "GET", path: "/api/users/me?debug=1", h: me, auth: "Bearer x.y.z",
			want: "query parameter debug not documented"},
		{name: "signed-in call answered without a token", method: "GET", path: "/api/users/me", h: me, want: "bearer"},
		{name: "signed-in call", method: "GET", path: "/api/users/me", h: me, auth: "Bearer x.y.z"},
		{name: "documented", method: "GET", path: "/healthz", h: answer(200, `{"status":"ok"}`)},
		{name: "not the API", method: "GET", path: "/some/page", h: answer(200, `{"anything":1}`)},
		{name: "unknown path answered 404", method: "GET", path: "/api/no-such-call", h: answer(404, `{"message":"Not found","error_code":"not_found"}`)},
		{name: "unknown path answered 200", method: "GET", path: "/api/no-such-call", h: answer(200, `{}`), want: "no operation in the OpenAPI document"},
		{name: "undocumented method", method: "DELETE", path: "/healthz", h: answer(200, `{}`), want: "no operation in the OpenAPI document"},
		{name: "undocumented status", method: "GET", path: "/healthz", h: answer(201, `{"status":"ok"}`), want: "status is not supported"},
		{name: "undocumented field", method: "GET", path: "/healthz", h: answer(200, `{"status":"ok","extra":1}`), want: "extra"},
		{name: "wrong type", method: "GET", path: "/readyz", h: answer(200, `{"postgres":"ok","redis":1}`), want: "redis"},
		{name: "undocumented header", method: "GET", path: "/healthz", h: answer(200, `{"status":"ok"}`, "X-Secret", "1"), want: "header X-Secret not documented"},
		{name: "undocumented content type", method: "GET", path: "/api/docs", h: func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			_, _ = w.Write([]byte("hi"))
		}, want: "content type text/plain not documented"},
		{name: "error body of the wrong shape", method: "GET", path: "/metrics", h: answer(429, `{"msg":"slow down"}`, "Retry-After", "5"), want: "error_code"},
		{name: "required header missing", method: "GET", path: "/metrics", h: answer(429, `{"message":"Too many","error_code":"rate_limited"}`), want: "Retry-After"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeTB{}
			h := checkContract(f, tc.h)
			req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			h.ServeHTTP(httptest.NewRecorder(), req)
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
