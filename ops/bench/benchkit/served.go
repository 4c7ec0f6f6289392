package benchkit

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Served is the apis' http_request_duration_seconds of answered 200 /api
// requests, summed over routes and apis: count per upper bound (le). It is
// the api's own time for a request, from its arrival at the /api router to
// its handler's return, without the time the request and its answer spent
// in the load generator, a proxy or the kernel's queues for the cores.
type Served map[float64]float64

// ReadServed reads the /metrics of the apis at addrs (host:port, basic
// auth ops/ops as the benchmarks' development settings have it), keeping
// the routes that start with route ("/api/" for every call); nil when one
// cannot be read.
func ReadServed(ctx context.Context, route string, addrs ...string) Served {
	h := Served{}
	for _, a := range addrs {
		req, err := http.NewRequestWithContext(ctx, "GET", "http://"+a+"/metrics", nil)
		if err != nil {
			return nil
		}
		req.SetBasicAuth("ops", "ops")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			return nil
		}
		for _, line := range strings.Split(string(body), "\n") {
			if !strings.HasPrefix(line, "http_request_duration_seconds_bucket{") || !strings.Contains(line, `status="200"`) ||
				!strings.Contains(line, `route="`+route) {
				continue
			}
			_, rest, ok := strings.Cut(line, `le="`)
			bound, count, ok2 := strings.Cut(rest, `"} `)
			le, err1 := strconv.ParseFloat(bound, 64) // "+Inf" too
			n, err2 := strconv.ParseFloat(count, 64)
			if !ok || !ok2 || err1 != nil || err2 != nil {
				continue
			}
			h[le] += n
		}
	}
	return h
}

// P99Since is the smallest bucket bound under which 99 % of the requests
// answered between before and h were answered (0 when none was), and how
// many there were.
func (h Served) P99Since(before Served) (bound, requests float64) {
	requests = h[math.Inf(1)] - before[math.Inf(1)]
	if requests <= 0 {
		return 0, 0
	}
	for _, le := range slices.Sorted(maps.Keys(h)) {
		if h[le]-before[le] >= 0.99*requests {
			return le, requests
		}
	}
	return math.Inf(1), requests
}

// Since describes the requests answered between before and h: how many,
// the bound under which 99 % of them were answered, and the share within 1 s.
func (h Served) Since(before Served) string {
	p99, total := h.P99Since(before)
	if total <= 0 {
		return "none"
	}
	return fmt.Sprintf("%.0f requests, p99 <= %g s, %.1f %% within 1 s", total, p99, 100*(h[1]-before[1])/total)
}
