package benchkit

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// bounds are the api's bucket bounds (Prometheus's default buckets).
var bounds = []string{"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"}

// metricsText is an api's /metrics with the given counts of answered
// requests per bucket bound for one route (cumulative, as Prometheus
// writes them), a 500 and a route outside /api that must not count.
func metricsText(route string, counts map[string]int) string {
	var b strings.Builder
	for _, le := range bounds {
		fmt.Fprintf(&b, "http_request_duration_seconds_bucket{method=\"GET\",route=%q,status=\"200\",le=%q} %d\n", route, le, counts[le])
		fmt.Fprintf(&b, "http_request_duration_seconds_bucket{method=\"GET\",route=%q,status=\"500\",le=%q} 1000\n", route, le)
		fmt.Fprintf(&b, "http_request_duration_seconds_bucket{method=\"GET\",route=\"/healthz\",status=\"200\",le=%q} 1000\n", le)
	}
	return b.String()
}

func TestServed_P99SinceReadsTheApisOwnAnswers(t *testing.T) {
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "ops" || p != "ops" || r.URL.Path != "/metrics" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		_, _ = w.Write([]byte(body))
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	ctx := context.Background()
	full := func(n int) map[string]int {
		m := map[string]int{}
		for _, le := range bounds {
			m[le] = n
		}
		return m
	}
	body = metricsText("/api/creators", full(100)) // 100 answered before the run, all within 5 ms
	before := ReadServed(ctx, "/api/", addr)
	// The run: 1,000 more, of which 980 within 10 ms, 995 within 25 ms, every one within 50 ms.
	after := full(1100)
	after["0.005"], after["0.01"], after["0.025"] = 100+900, 100+980, 100+995
	body = metricsText("/api/creators", after)
	got := ReadServed(ctx, "/api/", addr)
	if bound, n := got.P99Since(before); bound != 0.025 || n != 1000 {
		t.Fatalf("P99Since = %g s over %g requests, want 0.025 s over 1000", bound, n)
	}
	if s := got.Since(before); s != "1000 requests, p99 <= 0.025 s, 100.0 % within 1 s" {
		t.Fatalf("Since = %q", s)
	}
	if bound, n := got.P99Since(got); bound != 0 || n != 0 {
		t.Fatalf("nothing answered in between: %g s over %g", bound, n)
	}
	if h := ReadServed(ctx, "/api/other", addr); len(h) != 0 {
		t.Fatalf("another route counted: %v", h)
	}
	srv.Close()
	if h := ReadServed(ctx, "/api/", addr); h != nil {
		t.Fatalf("an api that cannot be read gives nil, got %v", h)
	}
}
