// Package jobs is the task catalogue (type names, payloads, constructors),
// the asynq handlers, the periodic schedule and the outbox relay.
package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"log/slog"
	"slices"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/coach"
	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/payment"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// Queues: e-mail first, then the other user-facing work; background syncs
// and purges, and creator imports, each on a worker server of their own.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	// QueueLow holds analytics syncs and purges, served by a worker server
	// of its own (WorkerDeps.LowConcurrency): syncs wait on the platforms,
	// and a slow platform must not hold the slots mail needs.
	QueueLow = "low"
	// QueueCreatorImport holds creator imports, served by a worker server of
	// its own with a small concurrency (WorkerDeps.CreatorImportConcurrency).
	QueueCreatorImport = "creator_import"
	// queueCreatorImportFormer is QueueCreatorImport's name before its rename;
	// the creator-import server still serves it for one release, so imports
	// queued there before an upgrade still run.
	queueCreatorImportFormer = "roster"
)

// Queues is the main worker server's queues and their weights.
var Queues = map[string]int{QueueCritical: 6, QueueDefault: 3}

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
	DataDir     string // uploads (see RosterFilePath) when Blobs is nil
	// Blobs keeps uploads and roster files (STORAGE); nil = local disk under DataDir.
	Blobs    blob.Store
	Log      *slog.Logger
	CoachLLM *coach.LLM // optional language model of the coach; nil = built-in answers only
	Social   *Syncer    // social connectors; nil = the analytics tasks are not served
	// Pay is the payment provider's client; nil = the billing erasure tasks are not served.
	Pay *payment.Client
	// finished forgets the relayed rows of finished tasks (see Relay); nil
	// outside RunWorker.
	finished *finisher
}

// taskTypes is every task the worker runs. A new task is one file (its type
// constant, payload, constructor, TaskType and handler) and one entry here.
var taskTypes = []TaskType{userSendOTP, userSendSignupNotice, userPurge, creatorImport, filePurge, rosterGenerate, teamSendInvite, coachReply, socialSync, socialTick, billingEvent, billingExpire, billingMail,
	billingStopRenewal, billingEraseCustomer, offerSendMail, offerExpire, campaignExportPDF, outreachSendInvite,
	agreementPDF, agreementGuardianMail, usageNotices, usageSendMail, qualityReviewMail, threadAutoApprove,
	threadDigest, threadDigestMail, captureSendMail}

// TaskType is one kind of task: the queue it runs on, how often a failure is
// retried, how long one run may take, what runs it and, for a periodic task,
// when the scheduler enqueues it.
type TaskType struct {
	// Name is the asynq type name, "<resource>:<verb>" (e.g.
	// "creator:import"); required, unique among taskTypes. It is what the
	// outbox row, asynqmon and the logs show.
	Name string
	// Former are the names this type had before; the worker runs a task
	// queued under one of them like one queued under Name, for one release
	// after the rename. Default: none.
	Former []string
	// Queue is the asynq queue the task is enqueued on: QueueCritical,
	// QueueDefault, QueueLow or QueueCreatorImport. Required (asynq refuses an
	// empty queue name); it decides which worker server runs the task and
	// with what priority.
	Queue string
	// MaxRetry is how many times a failed run is retried before the task is
	// archived (asynq's "dead" list) and its job marked failed. Default 0:
	// no retry.
	MaxRetry int
	// Timeout is how long one run may take before its context is cancelled
	// (and the run counts as a failure). Default 0: asynq's own default of
	// 30 minutes.
	Timeout time.Duration
	// Cron is, for a periodic task, its cron schedule in UTC (standard five
	// fields or "@every <duration>"), on which the leading scheduler enqueues
	// it (see Periodic). Default "": not periodic.
	Cron string
	// Handle runs one task; required. A returned error retries the task (up
	// to MaxRetry); asynq.SkipRetry archives it at once.
	Handle func(h *Handler, ctx context.Context, t *asynq.Task) error
	// Unlocked runs the task without the task lock (see recover.go), saving
	// its Postgres round trips and a held connection. Default false: locked.
	// For mails: two runs at once (a copy racing a worker that lost its
	// lease but lives) cost at most a second mail, never wrong data; for the
	// analytics sync (an upsert of the same days), a second fetch and
	// nothing else.
	Unlocked bool
}

// options are the asynq options of every task of this type.
func (tt TaskType) options() []asynq.Option {
	return []asynq.Option{asynq.Queue(tt.Queue), asynq.MaxRetry(tt.MaxRetry), asynq.Timeout(tt.Timeout)}
}

// taskType returns the task type called name.
func taskType(name string) (TaskType, bool) {
	for _, tt := range taskTypes {
		if tt.Name == name || slices.Contains(tt.Former, name) {
			return tt, true
		}
	}
	return TaskType{}, false
}

// taskOptions returns the options of task type name (none for an unknown type).
func taskOptions(name string) []asynq.Option {
	if tt, ok := taskType(name); ok {
		return tt.options()
	}
	return nil
}

// Register adds every task handler to mux.
func (h *Handler) Register(mux *asynq.ServeMux) {
	for _, tt := range taskTypes {
		handle := func(ctx context.Context, t *asynq.Task) error { return tt.Handle(h, ctx, t) }
		for _, name := range append([]string{tt.Name}, tt.Former...) {
			mux.HandleFunc(name, handle)
		}
	}
}

// PeriodicTask is a task the scheduler enqueues on a cron schedule.
type PeriodicTask struct {
	// Cronspec is the schedule in UTC: standard five fields or
	// "@every <duration>"; required.
	Cronspec string
	// Task is what is enqueued at each slot (its type and payload); required.
	Task *asynq.Task
	// Opts are its asynq options (queue, retries, timeout); default none:
	// asynq's defaults.
	Opts []asynq.Option
}

// Periodic returns the scheduler's ticks: every task type with a Cron spec.
// The scheduler gives each run the TaskID of its slot (PeriodicTaskID), so
// a restarted scheduler or a new leader never queues a slot twice.
func Periodic() []PeriodicTask {
	var out []PeriodicTask
	for _, tt := range taskTypes {
		if tt.Cron != "" {
			out = append(out, PeriodicTask{Cronspec: tt.Cron, Task: asynq.NewTask(tt.Name, nil), Opts: tt.options()})
		}
	}
	return out
}

// newTask builds the outbox row of a task of type tt with payload p.
func newTask(key string, tt TaskType, p any) store.Task {
	b, err := json.Marshal(p)
	if err != nil {
		panic(fmt.Sprintf("marshal %s payload: %v", tt.Name, err)) // payloads are plain structs
	}
	return store.Task{Key: key, Type: tt.Name, Queue: tt.Queue, Payload: b}
}

// renderMail fills m's plain-text and HTML bodies from the two templates of
// a mail and data.
func renderMail(m mail.Message, text, html *template.Template, data any) (mail.Message, error) {
	var t, h bytes.Buffer
	if err := text.Execute(&t, data); err != nil {
		return m, err
	}
	if err := html.Execute(&h, data); err != nil {
		return m, err
	}
	m.Text, m.HTML = t.String(), h.String()
	return m, nil
}

// mailEach renders m's text and HTML from the templates once and sends the mail to each address in turn. The first
// failure ends it and the task's retry sends to every address again, as the per-address loops it replaces did.
func (h *Handler) mailEach(ctx context.Context, to []string, m mail.Message, text, html *template.Template, data any) error {
	m, err := renderMail(m, text, html, data)
	if err != nil {
		return err
	}
	for _, addr := range to {
		m.To = addr
		if err := h.Mail.Send(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// runSystemJob records one run of work as a job of kind without an owner:
// queued, running, then finished with work's count (as total and processed),
// its result and its error, which it also returns.
func (h *Handler) runSystemJob(ctx context.Context, kind string, work func(context.Context) (int, any, error)) error {
	job, err := h.Store.CreateJob(ctx, kind, "", nil)
	if err != nil {
		return err
	}
	if _, err := h.Store.StartJob(ctx, job.ID); err != nil {
		return err
	}
	n, result, workErr := work(ctx)
	if err := h.Store.FinishJob(ctx, job.ID, store.JobProgress{Total: n, Processed: n}, result, workErr); err != nil {
		return err
	}
	return workErr
}

// decode reads a payload; a payload that cannot decode is never retried.
func decode(t *asynq.Task, v any) error {
	if err := json.Unmarshal(t.Payload(), v); err != nil {
		return fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return nil
}

// blobs is the store of uploads and roster files: Blobs, else DataDir on local disk.
func (h *Handler) blobs() blob.Store {
	if h.Blobs != nil {
		return h.Blobs
	}
	return blob.NewLocal(h.DataDir)
}
