package jobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TypeUserPurge erases accounts deleted more than the recovery window ago.
const TypeUserPurge = "user:purge"

// JobKindUserPurge is the job kind recording each purge.
const JobKindUserPurge = "user_purge"

// userPurge runs daily at 03:17 UTC.
var userPurge = TaskType{Name: TypeUserPurge, Queue: QueueLow, MaxRetry: 3, Timeout: 10 * time.Minute,
	Cron: "17 3 * * *", Handle: (*Handler).HandleUserPurge}

// HandleUserPurge runs the purge and records it as a system job. Running it
// twice is harmless: the second run finds nothing to erase.
func (h *Handler) HandleUserPurge(ctx context.Context, _ *asynq.Task) error {
	job, err := h.Store.CreateJob(ctx, JobKindUserPurge, "", nil)
	if err != nil {
		return err
	}
	if _, err := h.Store.StartJob(ctx, job.ID); err != nil {
		return err
	}
	n, purgeErr := h.Store.PurgeDeletedUsers(ctx)
	if err := h.Store.FinishJob(ctx, job.ID, store.JobProgress{Total: n, Processed: n}, map[string]int{"purged": n}, purgeErr); err != nil {
		return err
	}
	if purgeErr == nil {
		h.Log.Info("deleted accounts purged", "count", n)
	}
	return purgeErr
}
