package main

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/hibiken/asynqmon"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// healthz says the process is up.
func (s *server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz says whether Postgres and Redis answer.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	checks := map[string]string{"postgres": "ok", "redis": "ok"}
	status := http.StatusOK
	if err := s.store.Ping(ctx); err != nil {
		checks["postgres"], status = "unreachable", http.StatusServiceUnavailable
	}
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		checks["redis"], status = "unreachable", http.StatusServiceUnavailable
	}
	writeJSON(w, status, checks)
}

// queueDashboard is asynqmon, the asynq web UI. Its data calls answer 503
// with a clear message while Redis, where the queues live, is unreachable.
func (s *server) queueDashboard() http.Handler {
	ui := asynqmon.New(asynqmon.Options{RootPath: "/ops/queues", RedisConnOpt: s.asynqOpt})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/ops/queues/api/") {
			ctx, cancel := context.WithTimeout(r.Context(), redisLimitTimeout)
			err := s.rdb.Ping(ctx).Err()
			cancel()
			if err != nil {
				writeJSON(w, http.StatusServiceUnavailable, errorBody{
					Message: "Redis is unreachable, so the queues cannot be shown right now.", ErrorCode: "unavailable"})
				return
			}
		}
		ui.ServeHTTP(w, r)
	})
}

// opsAuth guards operator pages with HTTP basic auth (OPS_USER/OPS_PASSWORD).
// Wrong passwords are counted per client (limitOpsFailures): once a client
// has used them up it gets 429 without its password being checked.
func (s *server) opsAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := opsFailureKey(r)
		if res := s.limiter.allowN(r.Context(), key, limitOpsFailures, 0); !res.allowed {
			tooMany(w, r, s, res.retryAfter)
			return
		}
		u, p, ok := r.BasicAuth()
		if !ok || subtle.ConstantTimeCompare([]byte(u), []byte(s.cfg.OpsUser)) != 1 ||
			subtle.ConstantTimeCompare([]byte(p), []byte(s.cfg.OpsPassword)) != 1 {
			if ok { // a password was tried; a bare request (the browser's first) costs nothing
				s.limiter.allowN(r.Context(), key, limitOpsFailures, 1)
			}
			w.Header().Set("WWW-Authenticate", `Basic realm="ops", charset="UTF-8"`)
			http.Error(w, "Unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.HistogramVec
	// observers keeps each series of requests by its labels (a
	// seriesKey): one map read per request instead of hashing the labels.
	observers sync.Map
}

// seriesKey is one series of metrics.requests: the method, the route's
// patterns as chi matched them (joined into the route label only when the
// series is first seen) and the status.
type seriesKey struct {
	method string
	route  routePatterns
	status int
}

// routePatterns are a request's chi route patterns, one per router it went
// through; a route nested deeper than this holds its joined pattern alone.
type routePatterns [3]string

func routeOf(rctx *chi.Context) routePatterns {
	var p routePatterns
	if len(rctx.RoutePatterns) > len(p) {
		p[0] = rctx.RoutePattern()
	} else {
		copy(p[:], rctx.RoutePatterns)
	}
	return p
}

// label is the route label: the patterns joined as chi.Context.RoutePattern does.
func (p routePatterns) label() string {
	var rctx chi.Context
	for _, s := range p {
		if s != "" {
			rctx.RoutePatterns = append(rctx.RoutePatterns, s)
		}
	}
	return rctx.RoutePattern()
}

// observe records one request of d in its series.
func (m *metrics) observe(k seriesKey, d time.Duration) {
	o, ok := m.observers.Load(k)
	if !ok {
		o, _ = m.observers.LoadOrStore(k, m.requests.WithLabelValues(k.method, k.route.label(), strconv.Itoa(k.status)))
	}
	o.(prometheus.Observer).Observe(d.Seconds())
}

func newMetrics() *metrics {
	m := &metrics{registry: prometheus.NewRegistry()}
	m.requests = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "http_request_duration_seconds", Help: "API request latency by route and status.",
		Buckets: prometheus.DefBuckets,
	}, []string{"method", "route", "status"})
	m.registry.MustRegister(m.requests, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (s *server) metricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})
}

// middleware records every API request under its route pattern (never the raw path).
func (m *metrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww, ok := w.(middleware.WrapResponseWriter) // logRequests' wrapper, when it runs
		if !ok {
			ww = middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		}
		start := time.Now()
		next.ServeHTTP(ww, r)
		m.observe(seriesKey{r.Method, routeOf(chi.RouteContext(r.Context())), ww.Status()}, time.Since(start))
	})
}

// logRequests writes one structured line per request with its id.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		// An answer of known length leaves before its log line is written, so
		// that a slow log sink (a full pipe, a busy journal) or the logger's
		// lock never holds an answer back. Without a length it stays buffered:
		// a flush would turn it chunked.
		if f, ok := ww.(http.Flusher); ok && ww.Header().Get("Content-Length") != "" {
			f.Flush()
		}
		h := s.log.Handler()
		if !h.Enabled(r.Context(), slog.LevelInfo) {
			return
		}
		// The record goes to the handler as it is: Logger.LogAttrs would also
		// look up its caller on every request, for a source line never logged.
		rec := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
		rec.AddAttrs(slog.String("request_id", requestID(r)), slog.String("method", r.Method),
			slog.String("path", loggedPath(r.URL.Path)), slog.Int("status", ww.Status()),
			slog.Duration("duration", time.Since(start)), slog.String("ip", clientIP(r)))
		_ = h.Handle(r.Context(), rec)
	})
}

// recoverer turns a panic into a logged internal error with a generic answer.
func (s *server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil && v != http.ErrAbortHandler {
				s.writeError(w, r, fmt.Errorf("panic: %v\n%s", v, debug.Stack()))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
