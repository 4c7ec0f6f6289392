package jobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
)

// TypeThreadAutoApprove approves, as the system, the drafts nobody reviewed
// within AUTO_APPROVE_AFTER (or their campaign's delay).
const TypeThreadAutoApprove = "thread:auto_approve"

// JobKindThreadAutoApprove is the job kind recording each run.
const JobKindThreadAutoApprove = "thread_auto_approve"

// threadAutoApprove runs every 5 minutes.
var threadAutoApprove = TaskType{Name: TypeThreadAutoApprove, Queue: QueueDefault, MaxRetry: 3, Timeout: 5 * time.Minute,
	Cron: "*/5 * * * *", Handle: (*Handler).HandleThreadAutoApprove}

// HandleThreadAutoApprove approves every draft past its delay, recorded as a
// system job; both sides see the review in the thread (the live streams
// read it from the recent events). Two runs at once approve each draft once.
func (h *Handler) HandleThreadAutoApprove(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindThreadAutoApprove, func(ctx context.Context) (int, any, error) {
		evs, err := h.Store.AutoApproveDrafts(ctx)
		return len(evs), map[string]int{"approved": len(evs)}, err
	})
}
