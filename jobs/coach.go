package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/coach"
	"creatorcoach/store"
)

// TypeCoachReply answers one question of the coaching chat.
const TypeCoachReply = "coach:reply"

// CoachReplyPayload names the chat entry to answer and its job.
type CoachReplyPayload struct {
	EntryID string `json:"entryId"`
	JobID   string `json:"jobId"`
}

// coachReply: a reply is short; a few quick retries, then the entry fails.
var coachReply = TaskType{Name: TypeCoachReply, Queue: QueueDefault, MaxRetry: 3, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleCoachReply}

// NewCoachReplyTask is the outbox row of the reply to entryID, keyed by the entry.
func NewCoachReplyTask(entryID, jobID string) store.Task {
	return newTask("coach:reply:"+entryID, coachReply, CoachReplyPayload{EntryID: entryID, JobID: jobID})
}

// coachFailure is what the creator reads when no answer could be made.
const coachFailure = "The coach could not answer this question right now. Please ask again."

// HandleCoachReply answers a pending entry with the built-in coach and, when
// a language model is configured, lets it reword the answer from the same
// facts (falling back to the built-in answer on any failure). An answer the
// creator's data cannot give (reply.NoData: a free one) never reaches the
// model: it says why, and costs nothing. An entry that
// is answered already or gone is success; on the last retry of an error the
// entry is marked failed.
func (h *Handler) HandleCoachReply(ctx context.Context, t *asynq.Task) error {
	var p CoachReplyPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	in, err := h.Store.LoadCoachInput(ctx, p.EntryID)
	if store.ErrorCode(err) == store.ENOTFOUND {
		return nil
	}
	if err != nil {
		return h.coachRetryOrFail(ctx, p, err)
	}
	if in.Status != store.ChatPending {
		return nil
	}
	reply, err := coach.Answer(ctx, in, h.Store)
	if err != nil {
		return h.coachRetryOrFail(ctx, p, err)
	}
	answer := store.CoachAnswer{Answer: reply.Answer, Facts: reply.Facts, Suggestions: reply.Suggestions, Source: "builtin", Free: reply.NoData}
	if h.CoachLLM != nil && !reply.NoData {
		if text, err := h.CoachLLM.Reword(ctx, in.Question, reply); err != nil {
			h.Log.Warn("coach llm failed; built-in answer kept", "entry", in.EntryID, "err", err)
		} else {
			answer.Answer, answer.Source = text, "llm"
		}
	}
	return h.Store.SaveCoachAnswer(ctx, in, answer)
}

// coachRetryOrFail returns err for asynq to retry, or on the last attempt
// marks the entry failed (then returns nil: the failure is recorded).
func (h *Handler) coachRetryOrFail(ctx context.Context, p CoachReplyPayload, err error) error {
	retried, _ := asynq.GetRetryCount(ctx)
	limit, _ := asynq.GetMaxRetry(ctx)
	if retried < limit {
		return err
	}
	h.Log.Error("coach reply failed", "entry", p.EntryID, "err", err)
	if ferr := h.Store.FailCoachEntry(ctx, p.EntryID, coachFailure); ferr != nil {
		return errors.Join(err, ferr)
	}
	return nil
}
