package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"hash/fnv"
	"strconv"
	"time"
)

// TaskLock is held by the one process running a task. It is a Postgres
// session advisory lock on a connection of its own (a nested lock, on the
// connection of the lock it was taken through: see TaskLock.WaitLock), so
// it ends with the process: when a worker dies, Postgres sees its
// connection close and frees the lock at once.
type TaskLock struct {
	conn *sql.Conn
	id   int64
	// nested: taken on the connection of a lock held already (see
	// TaskLock.WaitLock); releasing it leaves that connection to its holder.
	nested bool
}

// lockID is the advisory lock number of key. It is sent as a literal, so
// lock and unlock are one round trip each (a statement with parameters
// costs lib/pq two: prepare, then execute).
func lockID(key string) int64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int64(h.Sum64())
}

// LockTask takes the lock of key without waiting. It returns nil, nil when
// another live process holds it.
func (s *DB) LockTask(ctx context.Context, key string) (*TaskLock, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("task lock connection: %w", err)
	}
	var got bool
	id := lockID(key)
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock("+strconv.FormatInt(id, 10)+")").Scan(&got); err != nil {
		conn.Close()
		return nil, fmt.Errorf("task lock %s: %w", key, err)
	}
	if !got {
		conn.Close()
		return nil, nil
	}
	return &TaskLock{conn: conn, id: id}, nil
}

// Release frees the lock. When the unlock cannot be sent the connection is
// discarded, which frees the lock too (and, for a nested lock, the lock
// whose connection it shares: a connection going back to the pool must
// not keep a lock nobody would free).
func (l *TaskLock) Release() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.ExecContext(ctx, "SELECT pg_advisory_unlock("+strconv.FormatInt(l.id, 10)+")"); err != nil {
		_ = l.conn.Raw(func(any) error { return errBadConn })
	}
	if !l.nested {
		l.conn.Close()
	}
}

// errBadConn tells database/sql to close a connection rather than pool it.
var errBadConn = driver.ErrBadConn

// WaitLock takes the lock of key, waiting while another process holds it
// (or until ctx ends). For work that must not run twice at once and must
// not be skipped either: a money step applying a stored provider event
// waits for the event's own task to finish applying it, then finds it done.
func (s *DB) WaitLock(ctx context.Context, key string) (*TaskLock, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("lock connection: %w", err)
	}
	id, err := waitAdvisoryLock(ctx, conn, key)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return &TaskLock{conn: conn, id: id}, nil
}

// WaitLock takes the lock of key as DB.WaitLock does, but on l's connection
// rather than on one of its own: a task holding l (its task lock) waits on
// the connection it holds anyway, so the lock never makes it ask the pool
// for a connection while it holds one, and its work keeps the one pool
// connection besides l's that the worker's pool is sized for. Releasing
// the returned lock frees key alone; l stays held. Postgres counts a
// session's holds of a key, so the lock keeps out every other session (other
// tasks, other processes) but not a second take through l itself: the
// caller takes key once at a time. A wait cut short (ctx ended) drops l's
// session, and with it l: the caller, whose context ended, is stopping.
func (l *TaskLock) WaitLock(ctx context.Context, key string) (*TaskLock, error) {
	id, err := waitAdvisoryLock(ctx, l.conn, key)
	if err != nil {
		return nil, err
	}
	return &TaskLock{conn: l.conn, id: id, nested: true}, nil
}

// waitAdvisoryLock takes the advisory lock of key on conn, waiting while
// another session holds it, and returns its number. A wait cut short may
// still have taken the lock, so on error the session is dropped.
func waitAdvisoryLock(ctx context.Context, conn *sql.Conn, key string) (int64, error) {
	id := lockID(key)
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock("+strconv.FormatInt(id, 10)+")"); err != nil {
		_ = conn.Raw(func(any) error { return errBadConn })
		return 0, fmt.Errorf("lock %s: %w", key, err)
	}
	return id, nil
}

// ReportJob is DB.ReportJob made on l's connection: a task reporting its
// job's progress while its work holds a pool connection (a transaction)
// needs no second one from the pool, and the report is committed at once,
// so the job's owner sees it while the work goes on.
func (l *TaskLock) ReportJob(ctx context.Context, id string, p JobProgress) error {
	q, args := reportJobSQL(id, p)
	_, err := l.conn.ExecContext(ctx, q, args...)
	return err
}
