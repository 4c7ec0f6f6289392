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
// session advisory lock on a connection of its own, so it ends with the
// process: when a worker dies, Postgres sees its connection close and frees
// the lock at once.
type TaskLock struct {
	conn *sql.Conn
	id   int64
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
// discarded, which frees the lock too.
func (l *TaskLock) Release() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.ExecContext(ctx, "SELECT pg_advisory_unlock("+strconv.FormatInt(l.id, 10)+")"); err != nil {
		_ = l.conn.Raw(func(any) error { return errBadConn })
	}
	l.conn.Close()
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
	id := lockID(key)
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock("+strconv.FormatInt(id, 10)+")"); err != nil {
		_ = conn.Raw(func(any) error { return errBadConn }) // a wait cut short may still take the lock: drop the session
		conn.Close()
		return nil, fmt.Errorf("lock %s: %w", key, err)
	}
	return &TaskLock{conn: conn, id: id}, nil
}
