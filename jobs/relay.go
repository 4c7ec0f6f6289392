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
			opts := append([]asynq.Option{asynq.TaskID(t.Key), asynq.Queue(t.Queue), asynq.Retention(24 * time.Hour)}, taskOptions(t.Type)...)
			if t.ProcessAt != nil {
				opts = append(opts, asynq.ProcessAt(*t.ProcessAt))
			}
			_, err := r.Client.EnqueueContext(ctx, asynq.NewTask(t.Type, t.Payload), opts...)
			if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
				err = nil
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	return errs
}
