package main

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/jobs"
	"creatorcoach/jobs/payment"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// server holds the api's dependencies; its methods are the handlers.
type server struct {
	cfg      app.Config
	store    *store.DB
	rdb      *redis.Client
	limiter  *limiter
	asynqOpt asynq.RedisConnOpt
	tasks    *asynq.Client // enqueues a committed task at once (jobs.EnqueueNow); nil = the outbox relay alone
	log      *slog.Logger
	metrics  *metrics
	verified tokenCache
	social   *socialDeps // nil = no social calls
	pay      store.PaymentProvider
	blobs    blob.Store // uploads and roster files (STORAGE); nil = local disk under DATA_DIR
}

func newServer(cfg app.Config, db *store.DB, rdb *redis.Client, asynqOpt asynq.RedisConnOpt, log *slog.Logger) *server {
	s := &server{cfg: cfg, store: db, rdb: rdb, limiter: newLimiter(rdb, log), asynqOpt: asynqOpt, log: log,
		metrics: newMetrics(), pay: payment.New(cfg.StripeAPIBase, cfg.StripeSecretKey, nil).WithTestCards(cfg.PaymentsSandbox())}
	if rdb != nil {
		s.tasks = asynq.NewClientFromRedisClient(rdb)
	}
	return s
}

// routes is the whole HTTP surface: /api, the ops endpoints and the web app.
func (s *server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(s.startRequest, s.logRequests, s.recoverer, s.securityHeaders)
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Handle("/metrics", s.opsAuth(s.metricsHandler()))
	r.Mount("/ops/queues", s.opsAuth(s.queueDashboard()))
	r.Mount("/debug", s.opsAuth(middleware.Profiler())) // Go's pprof profiles, /debug/pprof/

	r.Route("/api", func(r chi.Router) {
		r.Use(s.metrics.middleware, s.shedLoad(s.cfg.MaxInFlight, s.cfg.MaxQueueWait), noStore, s.refuseNulQuery)
		// Each resource file registers its calls here: public ones on r,
		// signed-in ones on signedIn (a bearer token of a live session),
		// each with its allowed roles.
		signedIn := r.With(s.authenticate)
		s.docRoutes(r)
		s.nicheRoutes(r)
		s.userRoutes(r, signedIn)
		s.fileRoutes(r, signedIn)
		s.jobRoutes(signedIn)
		s.campaignRoutes(signedIn)
		s.campaignResultsRoutes(r, signedIn)
		s.creatorImportRoutes(signedIn)
		s.creatorRoutes(signedIn)
		s.qualityRoutes(signedIn)
		s.privacyRoutes(signedIn)
		s.brandRoutes(signedIn)
		s.rosterRoutes(signedIn)
		s.offerRoutes(signedIn)
		s.teamRoutes(r, signedIn)
		s.coachRoutes(signedIn)
		s.socialRoutes(r, signedIn)
		s.billingRoutes(r, signedIn)
		s.payoutRoutes(r, signedIn)
		s.threadRoutes(signedIn)
		s.eventStreamRoutes(r)
		s.outreachRoutes(r, signedIn)
		s.agreementPDFRoutes(r, signedIn)
		s.agreementRoutes(r, signedIn)
		s.kitRoutes(r, signedIn)
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, store.Errorf(store.ENOTFOUND, "Not found"))
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusMethodNotAllowed, errorBody{Message: "Method not allowed", ErrorCode: "method_not_allowed"})
		})
	})
	s.payoutSandboxRoutes(r)
	s.mountSandbox(r)
	r.Handle("/*", s.kitPageRobots(s.webApp()))
	return r
}

// noStoreValue is noStore's header value, shared (see securityHeaders).
var noStoreValue = []string{"no-store"}

// noStore keeps API answers (tokens, profiles) out of shared caches.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = noStoreValue
		next.ServeHTTP(w, r)
	})
}

// blobStore is where uploads and roster files live: blobs, else DATA_DIR on local disk.
func (s *server) blobStore() blob.Store {
	if s.blobs != nil {
		return s.blobs
	}
	return blob.NewLocal(s.cfg.DataPath())
}

// queueNow hands a task its request just committed to the outbox straight
// to the queue, where a person waits for it; if that fails the outbox
// relay delivers it.
func (s *server) queueNow(r *http.Request, t store.Task) {
	if s.tasks == nil {
		return
	}
	if err := jobs.EnqueueNow(r.Context(), s.tasks, s.store, t); err != nil {
		s.log.Debug("task left to the outbox relay", "task", t.Key, "err", err)
	}
}
