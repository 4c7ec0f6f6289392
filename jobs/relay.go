package jobs

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/store"
)

// Relay moves outbox rows into asynq. It wakes on the outbox's
// LISTEN/NOTIFY channel and also polls, so a missed notification or a Redis
// outage only delays tasks. Several relays may run at once.
type Relay struct {
	Store       *store.DB
	Client      *asynq.Client
	DatabaseURL string        // for the LISTEN connection
	Poll        time.Duration // polling fallback, 1s when zero
	Batch       int           // rows per transaction, 500 when zero
	Log         *slog.Logger
}

// Run relays until ctx ends.
func (r *Relay) Run(ctx context.Context) error {
	poll := r.Poll
	if poll <= 0 {
		poll = time.Second
	}
	// Reconnect within a second of Postgres coming back (pq's default backoff
	// grows to 30 s); the poll covers the gap meanwhile.
	listener := pq.NewListener(r.DatabaseURL, 200*time.Millisecond, time.Second, func(ev pq.ListenerEventType, err error) {
		if err != nil {
			r.Log.Warn("outbox listener", "event", ev, "err", err)
		}
	})
	defer listener.Close()
	if err := listener.Listen("task_outbox"); err != nil {
		r.Log.Warn("outbox listen failed; polling only", "err", err)
	}
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	for {
		if _, err := r.Drain(ctx); err != nil && ctx.Err() == nil {
			r.Log.Warn("outbox relay", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-listener.Notify:
		case <-ticker.C:
		}
	}
}

// Drain relays batches until the outbox is empty or a batch fails, and
// returns how many tasks it moved.
func (r *Relay) Drain(ctx context.Context) (int, error) {
	batch := r.Batch
	if batch <= 0 {
		batch = 500
	}
	total := 0
	for ctx.Err() == nil {
		n, err := r.Store.RelayOutbox(ctx, batch, func(tasks []store.Task) []error { return r.enqueue(ctx, tasks) })
		total += n
		if err != nil || n < batch {
			return total, err
		}
	}
	return total, ctx.Err()
}

// enqueue puts tasks into asynq concurrently; a TaskID conflict means the
// task is already there, which counts as sent.
func (r *Relay) enqueue(ctx context.Context, tasks []store.Task) []error {
	errs := make([]error, len(tasks))
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for i, t := range tasks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = enqueueTask(ctx, r.Client, t)
		}()
	}
	wg.Wait()
	return errs
}

// enqueueTask puts one outbox task into asynq with TaskID = its key; a
// conflict means it is there already, which counts as sent.
func enqueueTask(ctx context.Context, client *asynq.Client, t store.Task) error {
	opts := append([]asynq.Option{asynq.TaskID(t.Key), asynq.Queue(t.Queue), asynq.Retention(24 * time.Hour)}, taskOptions(t.Type)...)
	if t.ProcessAt != nil {
		opts = append(opts, asynq.ProcessAt(*t.ProcessAt))
	}
	_, err := client.EnqueueContext(ctx, asynq.NewTask(t.Type, t.Payload), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// enqueueNowWait bounds EnqueueNow, so a Redis outage costs a request at
// most this much (the outbox delivers the task then).
const enqueueNowWait = 250 * time.Millisecond

// EnqueueNow puts a task that was just committed to the outbox straight into
// asynq, sparing it the relay's hop, and removes its outbox row unless the
// relay holds it. The outbox row stays the guarantee: on any error (Redis
// away, a crash in between) the relay delivers the task, and a task it finds
// already queued counts as sent.
func EnqueueNow(ctx context.Context, client *asynq.Client, db *store.DB, t store.Task) error {
	ctx, cancel := context.WithTimeout(ctx, enqueueNowWait)
	defer cancel()
	if err := enqueueTask(ctx, client, t); err != nil {
		return err
	}
	return db.DeleteOutboxTask(ctx, t.Key)
}
