package store

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Job statuses.
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobSucceeded = "succeeded"
	JobFailed    = "failed"
)

// Job is the Postgres record of a piece of background work, the source of
// truth the browser polls. Its JSON is what GET /api/jobs/{id} answers and
// every call that starts a job returns.
type Job struct {
	// ID is the job's UUID, made by Postgres when the job is created.
	ID string `db:"id" json:"id"`
	// Kind names the work (e.g. "creator_import", "social_sync",
	// "campaign_export_pdf", the JobKind constants); set by the call that starts the job. The browser picks
	// how to show the result by it.
	Kind string `db:"kind" json:"kind"`
	// OwnerID is the user the job belongs to; only they (and an ADMIN) read
	// it. nil for work nobody started (a scheduled task's). Never answered.
	OwnerID *string `db:"owner_id" json:"-"`
	// Status is JobQueued (default, at creation), JobRunning, JobSucceeded or
	// JobFailed; the last two are final.
	Status string `db:"status" json:"status"`
	// Progress is the share done, 0 to 100; default 0, 100 once finished.
	Progress int `db:"progress" json:"progress"`
	// Total is how many items the job works through (rows of an import,
	// accounts of a sync); default 0 until the worker knows.
	Total int `db:"total" json:"total"`
	// Processed is how many of Total are done; default 0.
	Processed int `db:"processed" json:"processed"`
	// Failed is how many of Total could not be done (they are not retried);
	// default 0.
	Failed int `db:"failed" json:"failed"`
	// Result is the job's answer, JSON whose shape Kind decides (e.g. an
	// import's per-row errors, a PDF's file id); default null until it
	// succeeds.
	Result json.RawMessage `db:"result" json:"result"`
	// Error is the message a failed job shows its owner (never a stack nor a
	// secret); default "".
	Error string `db:"error" json:"error"`
	// CreatedAt is when the job was created (queued).
	CreatedAt time.Time `db:"created_at" json:"createdAt"`
	// StartedAt is when a worker first started it; nil while queued.
	StartedAt *time.Time `db:"started_at" json:"startedAt"`
	// FinishedAt is when it succeeded or failed; nil until then.
	FinishedAt *time.Time `db:"finished_at" json:"finishedAt"`
	// Worker is the worker process that last started the job, as
	// "<host name>:<process id>" (WorkerName); "" until one starts it.
	// Shown to ADMINs only (GetJob and ListJobs clear it for anyone else).
	Worker string `db:"worker" json:"worker,omitempty"`
}

// WorkerName is this process's name in a job's Worker: "<host name>:<process id>".
var WorkerName = func() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d", host, os.Getpid())
}()

const jobColumns = `id, kind, owner_id, status, progress, total, processed, failed, result, error, created_at, started_at, finished_at, worker`

// insertJobSQL is the one INSERT of a queued job: CreateJob's, and that of
// the calls creating a job inside a statement or transaction of their own.
// Its arguments are SQL expressions (parameters, DEFAULT for a new id).
func insertJobSQL(id, kind, owner, at string) string {
	return `INSERT INTO jobs (id, kind, owner_id, created_at) VALUES (` + id + `, ` + kind + `, ` + owner + `, ` + at + `)`
}

// finishJobSQL is the one UPDATE that ends a job (status succeeded or
// failed, progress 100, its counters, result and error, finished at at):
// FinishJob's, and that of the steps finishing a job in the same statement
// as their own write (a coach reply). Its arguments are SQL expressions.
func finishJobSQL(id, status, total, processed, failed, result, errMsg, at string) string {
	return `UPDATE jobs SET status = ` + status + `, progress = 100, total = ` + total + `, processed = ` + processed +
		`, failed = ` + failed + `, result = ` + result + `, error = ` + errMsg + `, started_at = coalesce(started_at, ` + at +
		`), finished_at = ` + at + ` WHERE id = ` + id
}

// CreateJob records a queued job of kind for owner (empty = system job) and,
// in the same transaction, the task that runs it (built by task from the job ID).
func (s *DB) CreateJob(ctx context.Context, kind, ownerID string, task func(jobID string) Task) (*Job, error) {
	if task == nil {
		return s.CreateJobWith(ctx, kind, ownerID, nil)
	}
	return s.CreateJobWith(ctx, kind, ownerID, func(jobID string) (Task, error) { return task(jobID), nil })
}

// CreateJobWith is CreateJob whose task builder may fail, which rolls the
// job back (e.g. the job's file could not be put in place).
func (s *DB) CreateJobWith(ctx context.Context, kind, ownerID string, task func(jobID string) (Task, error)) (*Job, error) {
	var j Job
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := tx.Get(&j, insertJobSQL("DEFAULT", "$1", "NULLIF($2, '')::uuid", "$3")+` RETURNING `+jobColumns,
			kind, ownerID, s.now()); err != nil {
			return fmt.Errorf("insert job: %w", err)
		}
		if task == nil {
			return nil
		}
		t, err := task(j.ID)
		if err != nil {
			return err
		}
		return insertTask(tx, t)
	})
	return &j, err
}

// GetJob returns the job. Only its owner or an ADMIN may read it: anyone else
// gets ENOTFOUND, as for a job that does not exist.
func (s *DB) GetJob(ctx context.Context, id string, viewer *User) (*Job, error) {
	if !isUUID(id) {
		return nil, Errorf(ENOTFOUND, "Job not found")
	}
	var j Job
	if err := s.db.GetContext(ctx, &j, `SELECT `+jobColumns+` FROM jobs WHERE id = $1`, id); err != nil {
		return nil, translate(err, "Job")
	}
	if viewer.Role != RoleAdmin && (j.OwnerID == nil || *j.OwnerID != viewer.ID) {
		return nil, Errorf(ENOTFOUND, "Job not found")
	}
	if viewer.Role != RoleAdmin {
		j.Worker = ""
	}
	return &j, nil
}

// StartJob moves a queued (or retried running) job to running, recording
// this process as its Worker, and reports whether the caller should go on: a
// finished job is not run again.
func (s *DB) StartJob(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'running', started_at = coalesce(started_at, $2), worker = $3
		WHERE id = $1 AND status IN ('queued', 'running')`, id, s.now(), WorkerName)
	if err != nil {
		return false, fmt.Errorf("start job %s: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// JobProgress is a progress report of a running job.
type JobProgress struct {
	Total, Processed, Failed int
}

// ReportJob records progress counters; progress is derived from them.
func (s *DB) ReportJob(ctx context.Context, id string, p JobProgress) error {
	q, args := reportJobSQL(id, p)
	_, err := s.db.ExecContext(ctx, q, args...)
	return err
}

// reportJobSQL is the one UPDATE of a running job's progress (ReportJob's
// and TaskLock.ReportJob's) and its arguments. A finished job keeps its
// final counters: a late report changes nothing.
func reportJobSQL(id string, p JobProgress) (string, []any) {
	pct := 0
	if p.Total > 0 {
		pct = min(99, (p.Processed+p.Failed)*100/p.Total)
	}
	return `UPDATE jobs SET total = $2, processed = $3, failed = $4, progress = $5
		WHERE id = $1 AND status = 'running'`, []any{id, p.Total, p.Processed, p.Failed, pct}
}

// FinishJob ends a job: succeeded with result when jobErr is nil, else failed
// with jobErr's user-facing message.
func (s *DB) FinishJob(ctx context.Context, id string, p JobProgress, result any, jobErr error) error {
	raw, err := json.Marshal(result)
	if err != nil || result == nil {
		raw = []byte(`{}`)
	}
	status, msg := JobSucceeded, ""
	if jobErr != nil {
		status, msg = JobFailed, ErrorMessage(jobErr)
	}
	_, err = s.db.ExecContext(ctx, finishJobSQL("$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8"),
		id, status, p.Total, p.Processed, p.Failed, raw, msg, s.now())
	if err != nil {
		return fmt.Errorf("finish job %s: %w", id, err)
	}
	return nil
}

// formerJobKinds maps each job kind renamed since's glossary to its
// name now. Migration 00020 renamed the stored jobs; ListJobs still accepts
// a former name as a filter for one release.
var formerJobKinds = map[string]string{"files_purge": "file_purge", "roster_import": JobKindCreatorImport,
	"subscriptions_expire": "billing_expire"}

// JobFilter selects jobs for ListJobs.
type JobFilter struct {
	Kind  string // empty = every kind; a former kind (formerJobKinds) counts as its name now
	Page  int    // 1 to MaxPage; 0 means 1
	Limit int    // 1 to MaxPageLimit; 0 means 10
}

// ListJobs returns the viewer's jobs, newest first; an ADMIN sees everyone's.
// EINVALID for a page or limit outside the paging rule (CheckPaging).
func (s *DB) ListJobs(ctx context.Context, viewer *User, f JobFilter) ([]Job, int, error) {
	fe := FieldErrors{}
	if CheckPaging(fe, &f.Page, &f.Limit); len(fe) > 0 {
		return nil, 0, fe.Err()
	}
	if kind, ok := formerJobKinds[f.Kind]; ok {
		f.Kind = kind
	}
	owner := viewer.ID
	if viewer.Role == RoleAdmin {
		owner = ""
	}
	const where = `WHERE ($1 = '' OR owner_id = $1::uuid) AND ($2 = '' OR kind = $2)`
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM jobs `+where, owner, f.Kind); err != nil {
		return nil, 0, fmt.Errorf("count jobs: %w", err)
	}
	jobs := []Job{}
	err := s.db.SelectContext(ctx, &jobs, `SELECT `+jobColumns+` FROM jobs `+where+`
		ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, owner, f.Kind, f.Limit, (f.Page-1)*f.Limit)
	if err != nil {
		return nil, 0, fmt.Errorf("list jobs: %w", err)
	}
	if viewer.Role != RoleAdmin {
		for i := range jobs {
			jobs[i].Worker = ""
		}
	}
	return jobs, total, nil
}

// UnfinishedJobs returns which of ids are jobs still queued or running.
func (s *DB) UnfinishedJobs(ctx context.Context, ids []string) (map[string]bool, error) {
	var open []string
	err := s.db.SelectContext(ctx, &open, `SELECT id FROM jobs WHERE id::text = ANY($1) AND status IN ($2, $3)`,
		pq.Array(ids), JobQueued, JobRunning)
	if err != nil {
		return nil, fmt.Errorf("unfinished jobs: %w", err)
	}
	m := make(map[string]bool, len(open))
	for _, id := range open {
		m[id] = true
	}
	return m, nil
}

// FailJob marks a job that is still queued or running as failed with msg,
// keeping its counters; a finished job is left alone. A chat entry still
// pending on the job fails with it (msg is its reason), so it spends no
// question. It reports whether the job changed.
func (s *DB) FailJob(ctx context.Context, id, msg string) (bool, error) {
	if !isUUID(id) {
		return false, nil
	}
	var n int
	err := s.db.GetContext(ctx, &n, `WITH j AS (UPDATE jobs SET status = 'failed', error = $2, finished_at = $3
			WHERE id = $1 AND status IN ('queued', 'running') RETURNING id),
		e AS (UPDATE chat_entries SET status = 'failed', reason = $2, answered_at = $3
			WHERE job_id IN (SELECT id FROM j) AND status = 'pending')
		SELECT count(*) FROM j`, id, msg, s.now())
	if err != nil {
		return false, fmt.Errorf("fail job %s: %w", id, err)
	}
	return n == 1, nil
}

// EnsureFinishedJob records, once, a succeeded job of kind with a fixed id
// and result (the demo seed's import); a second call changes nothing.
func (s *DB) EnsureFinishedJob(ctx context.Context, id, kind string, result any) error {
	raw, err := json.Marshal(result)
	if err != nil {
		return err
	}
	now := s.now()
	_, err = s.db.ExecContext(ctx, `INSERT INTO jobs (id, kind, status, progress, result, created_at, started_at, finished_at)
		VALUES ($1, $2, 'succeeded', 100, $3, $4, $4, $4) ON CONFLICT (id) DO NOTHING`, id, kind, raw, now)
	if err != nil {
		return fmt.Errorf("ensure job %s: %w", id, err)
	}
	return nil
}
