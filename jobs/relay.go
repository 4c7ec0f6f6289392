package jobs

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/store"
)

// Relay moves outbox rows into asynq. It wakes on the outbox's
// LISTEN/NOTIFY channel and also polls, so a missed notification or a Redis
// outage only delays tasks. Several relays may run at once.
//
// Redis replicates asynchronously: after a failover the new master can miss
// a task the old one acknowledged. So a relayed task is kept in Postgres
// (task_relayed) until it finishes (the worker forgets it, see finisher) or
// until the relay, RecheckAfter after relaying it (or after its process_at),
// has enqueued it again under its TaskID: a conflict means Redis has it (in
// any state, or finished within the 24 h retention) and the row goes; no
// conflict means it was lost, and it is queued again, once.
type Relay struct {
	Store       *store.DB
	Client      *asynq.Client
	DatabaseURL string        // for the LISTEN connection
	Poll        time.Duration // polling fallback, 1s when zero
	Batch       int           // rows per transaction, 500 when zero
	// RecheckAfter is how long after relaying a task the relay checks that
	// Redis still has it (RELAY_RECHECK_AFTER); 2 minutes when zero.
	RecheckAfter time.Duration
	Log          *slog.Logger
}

// defaultRecheckAfter is Relay.RecheckAfter's default (app.DefaultRelayRecheckAfter).
const defaultRecheckAfter = 2 * time.Minute

func (r *Relay) recheckAfter() time.Duration {
	if r.RecheckAfter <= 0 {
		return defaultRecheckAfter
	}
	return r.RecheckAfter
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
	// Rechecks run a few times per RecheckAfter, so a lost task is queued
	// again at most about 1.25 × RecheckAfter after it was relayed.
	recheckEvery := min(max(r.recheckAfter()/4, time.Second), 30*time.Second)
	var lastRecheck time.Time
	for {
		if _, err := r.Drain(ctx); err != nil && ctx.Err() == nil {
			r.Log.Warn("outbox relay", "err", err)
		}
		if time.Since(lastRecheck) >= recheckEvery {
			lastRecheck = time.Now()
			if _, err := r.Recheck(ctx); err != nil && ctx.Err() == nil {
				r.Log.Warn("relayed tasks recheck", "err", err)
			}
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

// Recheck enqueues again, in batches, the relayed tasks due for their check
// (see Relay) and returns how many Redis had lost and got again.
func (r *Relay) Recheck(ctx context.Context) (int, error) {
	batch := r.Batch
	if batch <= 0 {
		batch = 500
	}
	total := 0
	for ctx.Err() == nil {
		n, requeued, err := r.Store.RecheckRelayed(ctx, time.Now().Add(-r.recheckAfter()), batch, func(tasks []store.Task) ([]bool, []error) {
			added := make([]bool, len(tasks))
			errs := r.each(ctx, tasks, func(i int, t store.Task) (err error) {
				added[i], err = enqueueTaskAdded(ctx, r.Client, t)
				if added[i] {
					r.Log.Warn("task missing from Redis after it was relayed (a Redis failover?): queued again", "type", t.Type, "id", t.Key)
				}
				return err
			})
			return added, errs
		})
		total += requeued
		if err != nil || n < batch {
			return total, err
		}
	}
	return total, ctx.Err()
}

// enqueue puts tasks into asynq concurrently; a TaskID conflict means the
// task is already there, which counts as sent.
func (r *Relay) enqueue(ctx context.Context, tasks []store.Task) []error {
	return r.each(ctx, tasks, func(_ int, t store.Task) error { return enqueueTask(ctx, r.Client, t) })
}

// each runs f on every task, 32 at once, and returns their errors.
func (r *Relay) each(ctx context.Context, tasks []store.Task, f func(int, store.Task) error) []error {
	errs := make([]error, len(tasks))
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for i, t := range tasks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = f(i, t)
		}()
	}
	wg.Wait()
	return errs
}

// enqueueTask puts one outbox task into asynq with TaskID = its key; a
// conflict means it is there already, which counts as sent.
func enqueueTask(ctx context.Context, client *asynq.Client, t store.Task) error {
	_, err := enqueueTaskAdded(ctx, client, t)
	return err
}

// enqueueTaskAdded is enqueueTask that also says whether the task was added
// (false: Redis had it already).
func enqueueTaskAdded(ctx context.Context, client *asynq.Client, t store.Task) (bool, error) {
	opts := append([]asynq.Option{asynq.TaskID(t.Key), asynq.Queue(t.Queue), asynq.Retention(24 * time.Hour)}, taskOptions(t.Type)...)
	if t.ProcessAt != nil {
		opts = append(opts, asynq.ProcessAt(*t.ProcessAt))
	}
	_, err := client.EnqueueContext(ctx, asynq.NewTask(t.Type, t.Payload), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return false, nil
	}
	return err == nil, err
}

// finisher forgets, in batches, the relayed rows of tasks that finished
// (Store.FinishRelayed), so a recheck never queues a finished task again
// even when a failover lost it from Redis with its mail already sent.
type finisher struct {
	store *store.DB
	keys  chan string
	log   *slog.Logger
}

func newFinisher(db *store.DB, log *slog.Logger) *finisher {
	return &finisher{store: db, keys: make(chan string, 4096), log: log}
}

// add notes the task of asynq TaskID id as finished. When the buffer is full
// the key is dropped: the recheck then finds the finished task in Redis
// (kept 24 h) and forgets it.
func (f *finisher) add(id string) {
	if f == nil || id == "" {
		return
	}
	select {
	case f.keys <- strings.ReplaceAll(id, recoveredSuffix, ""):
	default:
	}
}

// run flushes every 200 ms (or 500 keys) until ctx ends, then once more.
func (f *finisher) run(ctx context.Context) error {
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	var keys []string
	flush := func(ctx context.Context) {
		if len(keys) == 0 {
			return
		}
		if err := f.store.FinishRelayed(ctx, keys); err != nil {
			f.log.Debug("forget finished tasks", "err", err) // the recheck finds them in Redis instead
		}
		keys = keys[:0]
	}
	for {
		select {
		case <-ctx.Done():
			for len(f.keys) > 0 {
				keys = append(keys, <-f.keys)
			}
			fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			flush(fctx)
			cancel()
			return nil
		case k := <-f.keys:
			if keys = append(keys, k); len(keys) >= 500 {
				flush(ctx)
			}
		case <-t.C:
			flush(ctx)
		}
	}
}

// finishTasks is the asynq middleware that reports a task that succeeded
// (or was done without work) to the finisher.
func (h *Handler) finishTasks(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		err := next.ProcessTask(ctx, t)
		if err == nil {
			id, _ := asynq.GetTaskID(ctx)
			h.finished.add(id)
		}
		return err
	})
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
