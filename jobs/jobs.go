// Package jobs is the task catalogue (type names, payloads, constructors),
// the asynq handlers, the periodic schedule and the outbox relay.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// Queues and their weights: e-mail first, background sync and purges last.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Queues is the asynq queue configuration shared by every worker.
var Queues = map[string]int{QueueCritical: 6, QueueDefault: 3, QueueLow: 1}

// Mailer sends one e-mail.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Handler runs every task. Handlers are idempotent: tasks are delivered at
// least once.
type Handler struct {
	Store       *store.DB
	Mail        Mailer
	ProductName string
	PublicURL   string
	DataDir     string // uploads (see RosterPath)
	Log         *slog.Logger
}

// Register adds every task handler to mux.
func (h *Handler) Register(mux *asynq.ServeMux) {
	mux.HandleFunc(TypeOTPMail, h.HandleOTPMail)
	mux.HandleFunc(TypeUserPurge, h.HandleUserPurge)
	mux.HandleFunc(TypeRosterParse, h.HandleRosterParse)
	mux.HandleFunc(TypeFilesPurge, h.HandleFilesPurge)
}

// PeriodicTask is a task the scheduler enqueues on a cron spec.
type PeriodicTask struct {
	Cronspec string
	Task     *asynq.Task
	Opts     []asynq.Option
}

// Periodic returns the scheduler's ticks.
func Periodic() []PeriodicTask {
	return []PeriodicTask{
		// Daily at 03:17 UTC; Unique keeps a restarted scheduler from queueing it twice.
		{Cronspec: "17 3 * * *", Task: asynq.NewTask(TypeUserPurge, nil), Opts: []asynq.Option{asynq.Queue(QueueLow), asynq.Unique(time.Hour)}},
		{Cronspec: "47 3 * * *", Task: asynq.NewTask(TypeFilesPurge, nil), Opts: []asynq.Option{asynq.Queue(QueueLow), asynq.Unique(time.Hour)}},
	}
}

// taskOptions are the per-type asynq options applied when the relay enqueues.
var taskOptions = map[string][]asynq.Option{
	TypeOTPMail:     {asynq.MaxRetry(8), asynq.Timeout(30 * time.Second)},
	TypeUserPurge:   {asynq.MaxRetry(3), asynq.Timeout(10 * time.Minute)},
	TypeRosterParse: {asynq.MaxRetry(5), asynq.Timeout(30 * time.Minute)},
	TypeFilesPurge:  {asynq.MaxRetry(3), asynq.Timeout(30 * time.Minute)},
}

// newTask builds the outbox row of a task with payload p.
func newTask(key, typ, queue string, p any) store.Task {
	b, err := json.Marshal(p)
	if err != nil {
		panic(fmt.Sprintf("marshal %s payload: %v", typ, err)) // payloads are plain structs
	}
	return store.Task{Key: key, Type: typ, Queue: queue, Payload: b}
}

// decode reads a payload; a payload that cannot decode is never retried.
func decode(t *asynq.Task, v any) error {
	if err := json.Unmarshal(t.Payload(), v); err != nil {
		return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return nil
}
