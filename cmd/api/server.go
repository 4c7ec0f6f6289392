package main

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-redis/redis_rate/v10"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
)

// server holds the api's dependencies; its methods are the handlers.
type server struct {
	cfg      store.Config
	store    *store.DB
	rdb      *redis.Client
	limiter  *redis_rate.Limiter
	asynqOpt asynq.RedisConnOpt
	log      *slog.Logger
	metrics  *metrics
	verified tokenCache
}

func newServer(cfg store.Config, db *store.DB, rdb *redis.Client, asynqOpt asynq.RedisConnOpt, log *slog.Logger) *server {
	return &server{cfg: cfg, store: db, rdb: rdb, limiter: redis_rate.NewLimiter(rdb), asynqOpt: asynqOpt, log: log,
		metrics: newMetrics()}
}

// routes is the whole HTTP surface: /api, the ops endpoints and the web app.
func (s *server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, s.recoverer, s.securityHeaders)
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Handle("/metrics", s.opsAuth(s.metricsHandler()))
	r.Mount("/ops/queues", s.opsAuth(s.queueDashboard()))

	r.Route("/api", func(r chi.Router) {
		r.Use(s.metrics.middleware, noStore, s.refuseNulQuery)
		r.Get("/niche", s.listNiches)
		r.Post("/users/register", s.registerUser)
		r.Post("/brands/register", s.registerBrand)
		r.Post("/users/send-email-verification-otp", s.sendOTP(store.OTPEmailVerification, "OTP has been sent to your email"))
		r.Post("/users/verify-email", s.verifyEmail)
		r.Post("/users/login", s.login)
		r.Post("/users/refresh-token", s.refreshToken)
		r.Post("/users/forgot-password", s.sendOTP(store.OTPPasswordReset, "OTP has been resent to your email"))
		r.Post("/users/verify-otp", s.verifyOTP)
		r.Post("/users/reset-password", s.resetPassword)
		r.Post("/users/delete-account-otp", s.sendOTP(store.OTPAccountDeletion, "OTP has been sent to your email"))
		r.Delete("/users/delete-account", s.deleteAccountWithOTP)
		s.publicFileRoutes(r)

		r.Group(func(r chi.Router) {
			r.Use(s.authenticate)
			r.With(s.allow(allRoles...)).Get("/users/me", s.me)
			r.With(s.allow(allRoles...)).Get("/users/profile", s.me)
			r.With(s.allow(allRoles...)).Post("/users/logout", s.logout)
			r.With(s.allow(allRoles...)).Get("/jobs/{id}", s.getJob)
			r.With(s.allow(allRoles...)).Get("/jobs", s.listJobs)
			r.With(s.allow(settingsRoles...)).Put("/users/profile", s.updateProfile)
			r.With(s.allow(settingsRoles...)).Put("/users/change-password", s.changePassword)
			r.With(s.allow(settingsRoles...)).Delete("/users", s.deleteMe)
			s.rosterRoutes(r)
			s.campaignRoutes(r)
		})
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, store.Errorf(store.ENOTFOUND, "Not found"))
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusMethodNotAllowed, errorBody{Message: "Method not allowed", ErrorCode: "method_not_allowed"})
		})
	})
	r.Handle("/*", s.webApp())
	return r
}

// noStore keeps API answers (tokens, profiles) out of shared caches.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
