// Command api is the HTTP API: it serves /api, the web app and the ops
// endpoints, and applies migrations at start-up.
//
//	api                                   migrate, then serve on HTTP_ADDR
//	api migrate                           apply pending migrations and exit
//	api create-admin --email E --password P   create or promote an ADMIN
//	api seed                              create the demo accounts and print their log-ins
//	api openapi                           print the OpenAPI document (JSON) and exit
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/redis/go-redis/v9"

	"creatorcoach/cmd/api/openapi"
	"creatorcoach/cmd/internal/app"
	"creatorcoach/cmd/internal/seed"
	"creatorcoach/cmd/internal/socialsetup"
	"creatorcoach/store"
)

// gcPercent is the api's GOGC when the environment sets none. Its live heap
// is a few megabytes, so letting it grow to five times that before a
// collection costs little memory and spares most of the collector's work per
// request. The worker keeps Go's default: an import holds tens of megabytes.
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	app.Main("api", func(ctx context.Context) error { return run(ctx, os.Args[1:]) })
}

// openStore connects to Postgres and applies pending migrations.
func openStore(ctx context.Context, cfg app.Config) (*store.DB, error) {
	db, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func run(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "openapi" { // needs no configuration or database
		return printOpenAPI(os.Stdout)
	}
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := cfg.Logger()
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	db, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	switch cmd {
	case "migrate":
		log.Info("migrations applied")
		return nil
	case "create-admin":
		return createAdmin(ctx, db, args)
	case "seed":
		return seed.Run(ctx, db, cfg)
	case "audit":
		return auditCommand(ctx, db, args, os.Stdout)
	case "serve":
		return serve(ctx, cfg, db, log)
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, create-admin, seed, audit verify, openapi)", cmd)
	}
}

// printOpenAPI writes the merged OpenAPI document to w, for the web app's
// generated types.
func printOpenAPI(w io.Writer) error {
	b, err := openapi.JSON()
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func createAdmin(ctx context.Context, db *store.DB, args []string) error {
	fs := flag.NewFlagSet("create-admin", flag.ContinueOnError)
	email := fs.String("email", "", "admin e-mail")
	password := fs.String("password", "", "admin password (the sign-up password rule applies)")
	name := fs.String("name", "Admin", "display name")
	if err := fs.Parse(args); err != nil {
		return err
	}
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: *email, Name: *name, Password: *password, Role: store.RoleAdmin})
	if err != nil {
		var e *store.Error
		if errors.As(err, &e) && len(e.Fields) > 0 {
			return fmt.Errorf("%v", e.Fields)
		}
		return err
	}
	fmt.Printf("ADMIN %s ready\n", u.Email)
	return nil
}

// apiRedis tunes the api's go-redis client. A request never waits on a
// Redis that is away (the limiter then counts in process), so one dial
// attempt is made per call instead of go-redis's five.
func apiRedis(o *redis.UniversalOptions) {
	o.DialerRetries = 1
	o.DialTimeout = time.Second
}

// newRedisClient is the api's client of the one Redis at url (tests).
func newRedisClient(url string) (*redis.Client, error) {
	conn, err := app.Config{Redis: app.RedisConfig{URL: url}}.OpenRedis(apiRedis)
	return conn.Client, err
}

func serve(ctx context.Context, cfg app.Config, db *store.DB, log *slog.Logger) error {
	conn, err := cfg.OpenRedis(apiRedis)
	if err != nil {
		return err
	}
	rdb, asynqOpt := conn.Client, conn.Asynq
	defer rdb.Close()
	if err := db.SetPlanPrices(ctx, cfg.PlanPrices()); err != nil {
		return err
	}
	if err := db.CacheSessions(cfg.DatabaseURL, cfg.SessionCacheTTL, 5*time.Second); err != nil {
		log.Warn("sessions are not kept in memory", "err", err)
	}
	if err := db.Warm(ctx); err != nil { // it opens the rest on demand
		log.Warn("the database pool opens its connections on demand", "err", err)
	}
	s := newServer(cfg, db, rdb, asynqOpt, log)
	if s.blobs, err = app.OpenBlobs(ctx, cfg); err != nil {
		return err
	}
	socialSet, err := socialsetup.Load(cfg)
	if err != nil {
		return err
	}
	s.useSocial(socialSet)
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 60 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("api listening", "addr", cfg.HTTPAddr, "public_url", cfg.PublicURL)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("api shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
