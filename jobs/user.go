package jobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
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
	return h.runSystemJob(ctx, JobKindUserPurge, func(ctx context.Context) (int, any, error) {
		n, err := h.Store.PurgeDeletedUsers(ctx)
		if err == nil {
			h.Log.Info("deleted accounts purged", "count", n)
		}
		return n, map[string]int{"purged": n}, err
	})
}
