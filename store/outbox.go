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

// EnqueueTask writes t to the outbox on its own (for writes with no other row).
func (s *DB) EnqueueTask(ctx context.Context, t Task) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return insertTask(tx, t) })
}

// DeleteOutboxTask removes the outbox row of a task its writer enqueued
// itself; a row the relay is relaying (locked) is left to it.
func (s *DB) DeleteOutboxTask(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM task_outbox WHERE id = (SELECT id FROM task_outbox WHERE task_key = $1
		FOR UPDATE SKIP LOCKED)`, key)
	if err != nil {
		return fmt.Errorf("delete outbox task %s: %w", key, err)
	}
	return nil
}

// RelayOutbox claims up to limit outbox rows (FOR UPDATE SKIP LOCKED, so
// several relays can run), hands them to send, and deletes the rows send
// accepted, in one transaction. send returns one error per task: nil when the
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
		if _, err := tx.ExecContext(ctx, `DELETE FROM task_outbox WHERE id = ANY($1)`, pq.Array(done)); err != nil {
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
