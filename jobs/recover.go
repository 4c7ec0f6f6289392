package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// How tasks are recovered when something fails under them:
//   - A worker that dies (kill -9, out of memory, lost machine) leaves its
//     tasks "active" in asynq until their 30 s lease runs out, and asynq's
//     own recoverer only retries them a minute or two later. The orphan
//     scanner of every worker copies a task whose lease ran out as soon as
//     it sees it (TaskID + recoveredSuffix, so two scanners make one copy).
//   - The task lock lets only one run of a task (the original, its copies,
//     its retries) work at a time; a run that finds it held is done, since
//     the holder finishes the work and, should it die, is copied in turn.
//     Mails and the analytics sync go without it (TaskType.Unlocked).
//   - Postgres being unreachable is not a failure of the task: it is retried
//     every couple of seconds without using up its retries.
//   - When asynq gives up on a task (retries exhausted, SkipRetry), or a task
//     has been copied maxRecoveries times, the job it runs (a payload's
//     "jobId") is marked failed with a readable error.
const (
	recoveredSuffix = ":recovered"
	maxRecoveries   = 3
	orphanScanEvery = 2 * time.Second
	unavailableWait = 2 * time.Second
)

// Job error messages when the work cannot be finished.
const (
	MsgJobCrashed = "The job stopped unexpectedly several times (its worker was lost) and was not finished. Please try again."
	MsgJobGaveUp  = "The job could not be finished after several attempts. Please try again."
)

// retryDelay waits briefly when the task was lost with its worker or
// Postgres was away, and backs off as asynq does for other errors.
func retryDelay(n int, err error, t *asynq.Task) time.Duration {
	switch {
	case errors.Is(err, asynq.ErrLeaseExpired):
		return time.Second
	case store.Unavailable(err) || blob.Unavailable(err):
		return unavailableWait
	case social.AsRateLimit(err) != nil: // the platform's own wait
		return social.AsRateLimit(err).RetryAfter
	}
	return asynq.DefaultRetryDelayFunc(n, err, t)
}

// isFailure: Postgres or the object store being away, or a platform asking
// us to wait, does not count against a task's retries.
func isFailure(err error) bool {
	return !store.Unavailable(err) && !blob.Unavailable(err) && social.AsRateLimit(err) == nil
}

// jobOf reads the job id a task's payload names, if any.
func jobOf(t *asynq.Task) string {
	var p struct {
		JobID string `json:"jobId"`
	}
	_ = json.Unmarshal(t.Payload(), &p)
	return p.JobID
}

// giveUp is the asynq ErrorHandler: on the last failure of a task it marks
// the task's job failed.
func (h *Handler) giveUp(ctx context.Context, t *asynq.Task, err error) {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if errors.Is(err, asynq.ErrLeaseExpired) || (!errors.Is(err, asynq.SkipRetry) && retried < maxRetry) {
		return // a lost lease is the orphan scanner's to recover
	}
	id, _ := asynq.GetTaskID(ctx)
	h.finished.add(id)
	msg := MsgJobGaveUp
	if store.ErrorCode(err) != store.EINTERNAL && store.ErrorCode(err) != store.EUNAVAILABLE {
		msg = store.ErrorMessage(err)
	}
	h.failJob(t, msg, err)
}

func (h *Handler) failJob(t *asynq.Task, msg string, cause error) {
	id := jobOf(t)
	if id == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	changed, err := h.Store.FailJob(ctx, id, msg)
	switch {
	case err != nil:
		h.Log.Error("mark job failed", "job", id, "type", t.Type(), "err", err)
	case changed:
		h.Log.Warn("job failed: task given up", "job", id, "type", t.Type(), "err", cause)
	}
}

// lockTask is the asynq middleware that holds a task's lock while it runs
// (not for TaskType.Unlocked types).
func (h *Handler) lockTask(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		if tt, ok := taskType(t.Type()); ok && tt.Unlocked {
			return next.ProcessTask(ctx, t)
		}
		id, _ := asynq.GetTaskID(ctx)
		key := t.Type() + "/" + strings.ReplaceAll(id, recoveredSuffix, "")
		lock, err := h.Store.LockTask(ctx, key)
		if err != nil {
			return err
		}
		if lock == nil {
			h.Log.Info("task already running in another worker", "type", t.Type(), "id", id)
			return nil
		}
		defer lock.Release()
		return next.ProcessTask(context.WithValue(ctx, taskLockKey{}, lock), t)
	})
}

// taskLockKey is the context key under which lockTask hands the running
// task its lock.
type taskLockKey struct{}

// heldLock returns the lock of the running task; nil when it holds none
// (an Unlocked type, or a handler called directly). The worker's pool gives
// each running task two connections (RunWorker): its lock's and one for its
// work. A task that held its work's connection (a transaction) or a second
// lock's while asking the pool for another would need a third, and tasks
// so placed would wait for connections that only other waiting tasks could
// give back. waitLock and reportJob put such statements on the task lock's
// connection, which the task holds anyway.
func heldLock(ctx context.Context) *store.TaskLock {
	l, _ := ctx.Value(taskLockKey{}).(*store.TaskLock)
	return l
}

// waitLock takes the lock of key, waiting while another task or process
// holds it, on the running task's lock connection (store.TaskLock.WaitLock);
// without a task lock, on a connection of its own (store.DB.WaitLock).
func (h *Handler) waitLock(ctx context.Context, key string) (*store.TaskLock, error) {
	if l := heldLock(ctx); l != nil {
		return l.WaitLock(ctx, key)
	}
	return h.Store.WaitLock(ctx, key)
}

// reportJob records job id's progress on the running task's lock
// connection (store.TaskLock.ReportJob), so a report made inside a
// transaction waits for no pool connection; without a task lock, through
// the pool (store.DB.ReportJob).
func (h *Handler) reportJob(ctx context.Context, id string, p store.JobProgress) error {
	if l := heldLock(ctx); l != nil {
		return l.ReportJob(ctx, id, p)
	}
	return h.Store.ReportJob(ctx, id, p)
}

// orphanScanner copies tasks whose worker died (see the top of this file).
type orphanScanner struct {
	h         *Handler
	inspector *asynq.Inspector
	client    *asynq.Client
	queues    []string
	log       *slog.Logger
}

// run scans every orphanScanEvery until ctx ends.
func (o *orphanScanner) run(ctx context.Context) error {
	t := time.NewTicker(orphanScanEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			o.scan(ctx)
		}
	}
}

func (o *orphanScanner) scan(ctx context.Context) {
	for _, q := range o.queues {
		active, err := o.inspector.ListActiveTasks(q, asynq.PageSize(1000))
		if err != nil {
			if !errors.Is(err, asynq.ErrQueueNotFound) {
				o.log.Debug("orphan scan", "queue", q, "err", err)
			}
			continue
		}
		for _, t := range active {
			if t.IsOrphaned {
				o.recover(ctx, t)
			}
		}
	}
}

// recover enqueues the copy of an orphaned task, or gives its job up when
// the task has been lost too often.
func (o *orphanScanner) recover(ctx context.Context, t *asynq.TaskInfo) {
	task := asynq.NewTask(t.Type, t.Payload)
	if strings.Count(t.ID, recoveredSuffix) >= maxRecoveries {
		o.h.failJob(task, MsgJobCrashed, asynq.ErrLeaseExpired)
		return
	}
	opts := []asynq.Option{asynq.TaskID(t.ID + recoveredSuffix), asynq.Queue(t.Queue), asynq.MaxRetry(t.MaxRetry),
		asynq.Retention(24 * time.Hour)}
	if t.Timeout > 0 {
		opts = append(opts, asynq.Timeout(t.Timeout))
	}
	_, err := o.client.EnqueueContext(ctx, task, opts...)
	switch {
	case err == nil:
		o.log.Warn("task lost with its worker: copied to run again", "type", t.Type, "id", t.ID)
	case errors.Is(err, asynq.ErrTaskIDConflict), errors.Is(err, asynq.ErrDuplicateTask):
	default:
		o.log.Warn("copy orphaned task", "type", t.Type, "id", t.ID, "err", fmt.Sprint(err))
	}
}
