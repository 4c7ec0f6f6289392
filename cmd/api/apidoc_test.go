package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"creatorcoach/cmd/api/openapi"
)

// notOurAPI are the routes the OpenAPI document leaves out on purpose: they
// are mounted handlers of other programs, not calls of this API. A pattern
// ending in "/*" stands for every route under it.
var notOurAPI = []string{
	"/ops/queues/*", // asynqmon, the queue dashboard (behind the ops credentials)
	"/debug/*",      // Go's pprof profiles (behind the ops credentials)
	"/sandbox/*",    // the social platforms' stand-in, only with SOCIAL_SANDBOX=1
}

// ourSandbox are the routes under an excluded prefix that are this API's own
// and documented: the payments sandbox's test clock.
const ourSandbox = "/sandbox/payouts/"

// webAppRoute is the web app and its SPA fallback, mounted last.
const webAppRoute = "/*"

func excludedRoute(route string) bool {
	if route == webAppRoute {
		return true
	}
	if strings.HasPrefix(route, ourSandbox) {
		return false
	}
	for _, p := range notOurAPI {
		if strings.HasPrefix(route, strings.TrimSuffix(p, "*")) {
			return true
		}
	}
	return false
}

// chiParam matches a chi path parameter with a pattern, {id:[0-9]+}.
var chiParam = regexp.MustCompile(`\{([^}:]+):[^}]*\}`)

// TestOpenAPI_RoutesMatchDocument: every route registered on the router has
// an operation in the document, and every documented operation a route.
func TestOpenAPI_RoutesMatchDocument(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	doc, err := openapi.Document()
	if err != nil {
		t.Fatal(err)
	}
	routes := map[string][]string{} // path -> methods
	err = chi.Walk(e.api.routes().(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route = chiParam.ReplaceAllString(strings.TrimSuffix(route, "/"), "{$1}")
		if route == "" {
			route = "/"
		}
		if !excludedRoute(route) {
			routes[route] = append(routes[route], method)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for path, methods := range routes {
		item := doc.Paths.Value(path)
		if item == nil {
			t.Errorf("route %s %s has no operation in the OpenAPI document", strings.Join(methods, ","), path)
			continue
		}
		if slices.Contains(methods, "CONNECT") && slices.Contains(methods, "TRACE") { // r.Handle: any method reaches it
			if len(item.Operations()) == 0 {
				t.Errorf("route %s (any method) has no operation in the OpenAPI document", path)
			}
			continue
		}
		for _, m := range methods {
			if item.GetOperation(m) == nil {
				t.Errorf("route %s %s has no operation in the OpenAPI document", m, path)
			}
		}
	}
	for path, item := range doc.Paths.Map() {
		for m := range item.Operations() {
			if !slices.Contains(routes[path], m) {
				t.Errorf("operation %s %s has no route", m, path)
			}
		}
	}
}

// TestOpenAPI_ServedPublicly: the document and its page answer without a token.
func TestOpenAPI_ServedPublicly(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	get := func(path string) (*http.Response, string) {
		t.Helper()
		res, err := http.Get(e.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, res.StatusCode)
		}
		return res, string(b)
	}
	res, body := get("/api/openapi.json")
	var doc map[string]any
	if err := json.Unmarshal([]byte(body), &doc); err != nil || doc["openapi"] != "3.1.0" {
		t.Fatalf("openapi.json: %v, openapi %v", err, doc["openapi"])
	}
	if paths, _ := doc["paths"].(map[string]any); paths["/api/users/login"] == nil {
		t.Errorf("openapi.json documents no POST /api/users/login")
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("openapi.json Content-Type %q", ct)
	}
	res, body = get("/api/docs")
	for _, want := range []string{`src="/api-docs/swagger-ui-bundle.js"`, `href="/api-docs/swagger-ui.css"`, `url: "/api/openapi.json"`} {
		if !strings.Contains(body, want) {
			t.Errorf("/api/docs lacks %s", want)
		}
	}
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' 'sha256-") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("/api/docs CSP %q", csp)
	}
}

// TestPrintOpenAPI: `api openapi` prints the served document, for the web
// app's generated types.
func TestPrintOpenAPI(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := printOpenAPI(&buf); err != nil {
		t.Fatal(err)
	}
	want, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), want) {
		t.Errorf("api openapi printed %d bytes, not the %d of the document", buf.Len(), len(want))
	}
}
