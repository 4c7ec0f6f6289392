package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"

	"creatorcoach/jobs/coach"
	"creatorcoach/jobs/payment"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// WorkerDeps is what a worker needs; tests build one against their own database and Redis.
type WorkerDeps struct {
	Store       *store.DB
	RedisOpt    asynq.RedisConnOpt
	DatabaseURL string
	Mail        Mailer
	ProductName string
	PublicURL   string
	DataDir     string     // the data directory the api stores uploads under (DATA_DIR) when Blobs is nil
	Blobs       blob.Store // where uploads and roster files live (STORAGE); nil = local disk under DataDir
	Log         *slog.Logger
	Poll        time.Duration // asynq TaskCheckInterval and relay polling
	Concurrency int           // tasks at once; 20 when zero (the tasks wait on I/O, not CPU)
	// CreatorImportConcurrency is how many creator imports run at once (their own
	// queue, so big files cannot crowd out mail or take all memory); 2 when zero.
	CreatorImportConcurrency int
	// LowConcurrency is how many tasks of the low queue (analytics syncs,
	// purges) run at once, on a server of their own; 10 when zero.
	LowConcurrency int
	CoachLLM       *coach.LLM      // optional language model of the coach
	Social         *Syncer         // social connectors; nil = no analytics tasks
	Pay            *payment.Client // payment provider; nil = no billing erasure tasks
	// RecheckAfter is how long after relaying a task the relay checks that
	// Redis still has it (RELAY_RECHECK_AFTER); 2 minutes when zero.
	RecheckAfter time.Duration
}

// RunWorker serves tasks and relays the outbox until ctx ends, then shuts down gracefully.
func RunWorker(ctx context.Context, d WorkerDeps) error {
	if d.Concurrency <= 0 {
		d.Concurrency = 20
	}
	if d.Poll <= 0 {
		d.Poll = time.Second
	}
	if d.CreatorImportConcurrency <= 0 {
		d.CreatorImportConcurrency = 2
	}
	if d.LowConcurrency <= 0 {
		d.LowConcurrency = 10
	}
	// A running task holds two connections (its lock's and its work's):
	// a smaller pool could leave every task holding a lock while waiting
	// for a connection to work with.
	n := 4
	for _, p := range d.pools() {
		n += 2 * p.concurrency
	}
	if n > d.Store.SQL().Stats().MaxOpenConnections {
		d.Store.SetPoolSize(n)
	}
	h := &Handler{Store: d.Store, Mail: d.Mail, ProductName: d.ProductName, PublicURL: d.PublicURL, DataDir: d.DataDir, Blobs: d.Blobs, Log: d.Log,
		CoachLLM: d.CoachLLM, Social: d.Social, Pay: d.Pay, finished: newFinisher(d.Store, d.Log)}
	mux := asynq.NewServeMux()
	mux.Use(h.finishTasks, h.lockTask)
	h.Register(mux)
	var servers []*asynq.Server
	for _, p := range d.pools() {
		servers = append(servers, asynq.NewServer(d.RedisOpt, h.serverConfig(d, p.concurrency, p.queues)))
	}
	for i, srv := range servers {
		if err := srv.Start(mux); err != nil {
			for _, started := range servers[:i] {
				started.Shutdown()
			}
			return err
		}
	}
	client := asynq.NewClient(d.RedisOpt)
	defer client.Close()
	relay := &Relay{Store: d.Store, Client: client, DatabaseURL: d.DatabaseURL, Poll: d.Poll, RecheckAfter: d.RecheckAfter, Log: d.Log}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return relay.Run(gctx) })
	fctx, stopFinisher := context.WithCancel(context.Background()) // outlives the servers' shutdown below
	finisherDone := make(chan struct{})
	go func() { _ = h.finished.run(fctx); close(finisherDone) }()
	inspector := asynq.NewInspector(d.RedisOpt)
	defer inspector.Close()
	scanner := &orphanScanner{h: h, inspector: inspector, client: client, queues: allQueues(), log: d.Log}
	g.Go(func() error { return scanner.run(gctx) })
	d.Log.Info("worker running", "queues", Queues, "concurrency", d.Concurrency, "low_concurrency", d.LowConcurrency,
		"creator_import_concurrency", d.CreatorImportConcurrency)
	err := g.Wait()
	d.Log.Info("worker shutting down")
	for _, srv := range servers {
		srv.Shutdown()
	}
	stopFinisher()
	<-finisherDone
	return err
}

// serverConfig is the asynq configuration of one of the worker's servers.
func (h *Handler) serverConfig(d WorkerDeps, concurrency int, queues map[string]int) asynq.Config {
	return asynq.Config{
		Concurrency:              concurrency,
		Queues:                   queues,
		TaskCheckInterval:        d.Poll,
		DelayedTaskCheckInterval: min(d.Poll, time.Second),
		RetryDelayFunc:           retryDelay,
		IsFailure:                isFailure,
		ErrorHandler:             asynq.ErrorHandlerFunc(h.giveUp),
		ShutdownTimeout:          20 * time.Second,
		Logger:                   asynqLogger{d.Log},
	}
}

// pool is one of a worker's asynq servers: its queues with their weights,
// and how many of their tasks it runs at once.
type pool struct {
	queues      map[string]int
	concurrency int
}

// pools are the worker's servers: mail and user-facing work; syncs and
// purges, which wait on the platforms; creator imports, which are big.
func (d WorkerDeps) pools() []pool {
	return []pool{{Queues, d.Concurrency}, {map[string]int{QueueLow: 1}, d.LowConcurrency}, {map[string]int{QueueCreatorImport: 1, queueCreatorImportFormer: 1}, d.CreatorImportConcurrency}}
}

// allQueues names every queue a worker serves.
func allQueues() []string {
	var qs []string
	for _, p := range (WorkerDeps{}).pools() {
		for q := range p.queues {
			qs = append(qs, q)
		}
	}
	return qs
}

// asynqLogger routes asynq's logs into slog.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug("asynq", "msg", args) }
func (a asynqLogger) Info(args ...any)  { a.l.Info("asynq", "msg", args) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn("asynq", "msg", args) }
func (a asynqLogger) Error(args ...any) { a.l.Error("asynq", "msg", args) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error("asynq fatal", "msg", args) }
