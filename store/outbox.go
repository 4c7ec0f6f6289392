package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Task is a unit of work for the worker. A store write that needs one inserts
// it into the outbox in the same transaction; the relay moves it into asynq
// with Key as the asynq TaskID, so a task is never lost nor enqueued twice
// while it is still known to asynq.
type Task struct {
	Key     string `db:"task_key"`  // unique across all tasks; becomes the asynq TaskID
	Type    string `db:"task_type"` // asynq task type, e.g. "user:send_otp"
	Queue   string `db:"queue"`     // asynq queue name
	Payload []byte `db:"payload"`   // JSON; carries IDs, never secrets or file bytes
	// ProcessAt, when set, is the earliest moment the task runs.
	ProcessAt *time.Time `db:"process_at"`
}

// insertTask writes t to the outbox inside tx.
func insertTask(tx *sqlx.Tx, t Task) error {
	_, err := tx.Exec(`INSERT INTO task_outbox (task_key, task_type, queue, payload, process_at) VALUES ($1, $2, $3, $4, $5)`,
		t.Key, t.Type, t.Queue, t.Payload, t.ProcessAt)
	if err != nil {
		return fmt.Errorf("insert outbox task %s: %w", t.Type, err)
	}
	return nil
}

// insertTasks writes tasks to the outbox inside tx in one statement (a
// statement a task costs a round trip and a plan each).
func insertTasks(ctx context.Context, tx *sqlx.Tx, tasks []Task) error {
	if len(tasks) == 0 {
		return nil
	}
	keys, types, queues := make([]string, len(tasks)), make([]string, len(tasks)), make([]string, len(tasks))
	payloads, at := make([][]byte, len(tasks)), make([]*time.Time, len(tasks))
	for i, t := range tasks {
		keys[i], types[i], queues[i], payloads[i], at[i] = t.Key, t.Type, t.Queue, t.Payload, t.ProcessAt
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO task_outbox (task_key, task_type, queue, payload, process_at)
		SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[], $5::timestamptz[])`,
		pq.Array(keys), pq.Array(types), pq.Array(queues), pq.Array(payloads), pq.Array(at))
	if err != nil {
		return fmt.Errorf("insert outbox tasks %s: %w", types[0], err)
	}
	return nil
}

// EnqueueTask writes t to the outbox on its own (for writes with no other row).
func (s *DB) EnqueueTask(ctx context.Context, t Task) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return insertTask(tx, t) })
}

// moveRelayed is the statement that moves the outbox rows where holds
// (with $1), whose tasks are in Redis now, to task_relayed (see
// RecheckRelayed), relayed at $2.
func moveRelayed(where string) string {
	return `WITH d AS (DELETE FROM task_outbox WHERE ` + where + ` RETURNING task_key, task_type, queue, payload, process_at)
	INSERT INTO task_relayed (task_key, task_type, queue, payload, process_at, due_at)
	SELECT task_key, task_type, queue, payload, process_at, greatest($2::timestamptz, process_at) FROM d
	ON CONFLICT (task_key) DO UPDATE SET due_at = EXCLUDED.due_at`
}

// DeleteOutboxTask moves the outbox row of a task its writer enqueued itself
// to the relayed tasks; a row the relay is relaying (locked) is left to it.
func (s *DB) DeleteOutboxTask(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, moveRelayed(`id = (SELECT id FROM task_outbox WHERE task_key = $1 FOR UPDATE SKIP LOCKED)`), key, s.now())
	if err != nil {
		return fmt.Errorf("delete outbox task %s: %w", key, err)
	}
	return nil
}

// RelayOutbox claims up to limit outbox rows (FOR UPDATE SKIP LOCKED, so
// several relays can run), hands them to send, and moves the rows send
// accepted to the relayed tasks (see RecheckRelayed), in one transaction. send returns one error per task: nil when the
// task is in the queue (the caller counts a TaskID conflict as sent). A
// failed row stays, with its attempt counted and its error recorded, for the
// next round; the first failure is returned. It returns how many rows were
// relayed.
func (s *DB) RelayOutbox(ctx context.Context, limit int, send func([]Task) []error) (int, error) {
	var sent int
	var firstErr error
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var rows []struct {
			ID int64 `db:"id"`
			Task
		}
		err := tx.SelectContext(ctx, &rows, `SELECT id, task_key, task_type, queue, payload, process_at FROM task_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
		if err != nil {
			return fmt.Errorf("claim outbox: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		tasks := make([]Task, len(rows))
		for i, r := range rows {
			tasks[i] = r.Task
		}
		errs := send(tasks)
		done := make([]int64, 0, len(rows))
		for i, r := range rows {
			if errs[i] == nil {
				done = append(done, r.ID)
				continue
			}
			if firstErr == nil {
				firstErr = errs[i]
			}
			if _, err := tx.ExecContext(ctx, `UPDATE task_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`,
				r.ID, errs[i].Error()); err != nil {
				return fmt.Errorf("record outbox failure: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, moveRelayed(`id = ANY($1)`), pq.Array(done), s.now()); err != nil {
			return fmt.Errorf("delete relayed outbox rows: %w", err)
		}
		sent = len(done)
		return nil
	})
	if err == nil && firstErr != nil {
		err = fmt.Errorf("relay: %w", firstErr)
	}
	return sent, err
}

// OutboxPending returns how many outbox rows wait to be relayed.
func (s *DB) OutboxPending(ctx context.Context) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM task_outbox`)
	return n, err
}

// RecheckRelayed takes up to limit relayed tasks due before cutoff (FOR
// UPDATE SKIP LOCKED, so several relays can run) and hands them to check,
// which enqueues each again under its TaskID and says, per task, whether
// Redis had lost it (requeued) or what failed. A task Redis still had is
// done with: its row is deleted. A requeued one is checked once more a
// while later (its due_at becomes now); a failed one stays for the next
// round. It returns how many rows it checked and how many were requeued.
func (s *DB) RecheckRelayed(ctx context.Context, cutoff time.Time, limit int, check func([]Task) ([]bool, []error)) (checked, requeued int, err error) {
	var firstErr error
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		var tasks []Task
		err := tx.SelectContext(ctx, &tasks, `SELECT task_key, task_type, queue, payload, process_at FROM task_relayed
			WHERE due_at < $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`, cutoff, limit)
		if err != nil || len(tasks) == 0 {
			return err
		}
		again, errs := check(tasks)
		var present, lost []string
		for i, t := range tasks {
			switch {
			case errs[i] != nil:
				if firstErr == nil {
					firstErr = errs[i]
				}
			case again[i]:
				lost = append(lost, t.Key)
			default:
				present = append(present, t.Key)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM task_relayed WHERE task_key = ANY($1)`, pq.Array(present)); err != nil {
			return fmt.Errorf("delete checked tasks: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE task_relayed SET due_at = $2 WHERE task_key = ANY($1)`, pq.Array(lost), s.now()); err != nil {
			return fmt.Errorf("record requeued tasks: %w", err)
		}
		checked, requeued = len(present)+len(lost), len(lost)
		return nil
	})
	if err == nil && firstErr != nil {
		err = fmt.Errorf("recheck: %w", firstErr)
	}
	return checked, requeued, err
}

// FinishRelayed forgets the relayed tasks of keys, which have finished
// (succeeded or been given up): no recheck will enqueue them again.
func (s *DB) FinishRelayed(ctx context.Context, keys []string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM task_relayed WHERE task_key = ANY($1)`, pq.Array(keys)); err != nil {
		return fmt.Errorf("finish relayed tasks: %w", err)
	}
	return nil
}

// RelayedPending returns how many relayed tasks wait to finish or be rechecked.
func (s *DB) RelayedPending(ctx context.Context) (int, error) {
	var n int
	err := s.db.GetContext(ctx, &n, `SELECT count(*) FROM task_relayed`)
	return n, err
}
