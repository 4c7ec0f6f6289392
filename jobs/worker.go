package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"

	"creatorcoach/store"
)

// WorkerDeps is what a worker needs; tests build one against their own database and Redis.
type WorkerDeps struct {
	Store       *store.DB
	RedisOpt    asynq.RedisConnOpt
	DatabaseURL string
	Mail        Mailer
	ProductName string
	PublicURL   string
	DataDir     string // the data directory the api stores uploads under (DATA_DIR)
	Log         *slog.Logger
	Poll        time.Duration // asynq TaskCheckInterval and relay polling
	Concurrency int           // tasks at once; 20 when zero (the tasks wait on I/O, not CPU)
}

// RunWorker serves tasks and relays the outbox until ctx ends, then shuts down gracefully.
func RunWorker(ctx context.Context, d WorkerDeps) error {
	if d.Concurrency <= 0 {
		d.Concurrency = 20
	}
	h := &Handler{Store: d.Store, Mail: d.Mail, ProductName: d.ProductName, PublicURL: d.PublicURL, DataDir: d.DataDir, Log: d.Log}
	mux := asynq.NewServeMux()
	h.Register(mux)
	srv := asynq.NewServer(d.RedisOpt, asynq.Config{
		Concurrency:       d.Concurrency,
		Queues:            Queues,
		TaskCheckInterval: d.Poll,
		ShutdownTimeout:   20 * time.Second,
		Logger:            asynqLogger{d.Log},
	})
	if err := srv.Start(mux); err != nil {
		return err
	}
	client := asynq.NewClient(d.RedisOpt)
	defer client.Close()
	relay := &Relay{Store: d.Store, Client: client, DatabaseURL: d.DatabaseURL, Poll: d.Poll, Log: d.Log}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return relay.Run(gctx) })
	d.Log.Info("worker running", "queues", Queues)
	err := g.Wait()
	d.Log.Info("worker shutting down")
	srv.Shutdown()
	return err
}

// asynqLogger routes asynq's logs into slog.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug("asynq", "msg", args) }
func (a asynqLogger) Info(args ...any)  { a.l.Info("asynq", "msg", args) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn("asynq", "msg", args) }
func (a asynqLogger) Error(args ...any) { a.l.Error("asynq", "msg", args) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error("asynq fatal", "msg", args) }
