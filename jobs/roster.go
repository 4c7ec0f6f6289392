package jobs

import (
	"context"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TypeRosterGenerate generates a campaign's roster: prefilter, score, fit
// to the budget, save (store.GenerateRoster).
const TypeRosterGenerate = "roster:generate"

// rosterGenerate runs on the default queue; generation is one transaction,
// so a retry starts it over.
var rosterGenerate = TaskType{Name: TypeRosterGenerate, Queue: QueueDefault, MaxRetry: 3, Timeout: 2 * time.Minute,
	Handle: (*Handler).HandleRosterGenerate}

// RosterGeneratePayload names the job and what it asks for: the campaign,
// the roster size and the niche ids the brand targets.
type RosterGeneratePayload struct {
	JobID      string   `json:"jobId"`
	CampaignID string   `json:"campaignId"`
	Size       int      `json:"size"`
	Niches     []string `json:"niches"`
	// OnCreatorCoach: from creators on Creator Coach only.
	OnCreatorCoach bool `json:"onCreatorCoach,omitempty"`
	// MinQuality and QualityRequired: see store.RosterOptions.
	MinQuality      *int `json:"minQuality,omitempty"`
	QualityRequired bool `json:"qualityRequired,omitempty"`
}

// NewRosterGenerateTask returns the outbox task of roster job jobID; its key
// (the asynq TaskID) is derived from the job id.
func NewRosterGenerateTask(jobID string, r *store.RosterRequest) store.Task {
	return newTask("roster:generate:"+jobID, rosterGenerate,
		RosterGeneratePayload{JobID: jobID, CampaignID: r.CampaignID, Size: *r.Size, Niches: r.Niches, OnCreatorCoach: r.OnCreatorCoach,
			MinQuality: r.MinQuality, QualityRequired: r.QualityRequired})
}

// HandleRosterGenerate runs a roster job, reporting each step as progress.
// Generation is one transaction and deterministic, so a retried task
// simply does it again; a finished job is not run again. A campaign deleted
// or completed since the request fails the job with that message. The steps
// are reported while the transaction holds its connection, so they go on
// the task lock's connection (reportJob), committed at once for the job's
// owner to see.
func (h *Handler) HandleRosterGenerate(ctx context.Context, t *asynq.Task) error {
	var p RosterGeneratePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if ok, err := h.Store.StartJob(ctx, p.JobID); err != nil || !ok {
		return err
	}
	step := func(n int) {
		_ = h.reportJob(ctx, p.JobID, store.JobProgress{Total: store.RosterSteps, Processed: n})
	}
	opts := store.RosterOptions{OnCreatorCoach: p.OnCreatorCoach, MinQuality: p.MinQuality, QualityRequired: p.QualityRequired}
	res, err := h.Store.GenerateRosterWith(ctx, p.CampaignID, p.Size, p.Niches, opts, p.JobID, step)
	done := store.JobProgress{Total: store.RosterSteps, Processed: store.RosterSteps}
	switch code := store.ErrorCode(err); code {
	case "":
		return h.Store.FinishJob(ctx, p.JobID, done, res, nil)
	case store.ENOTFOUND, store.ECONFLICT:
		return h.Store.FinishJob(ctx, p.JobID, store.JobProgress{Total: store.RosterSteps}, nil, err)
	}
	return err
}
