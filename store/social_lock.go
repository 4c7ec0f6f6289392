package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"
)

// SocialSyncLock holds the sync locks of some social accounts: Postgres
// session advisory locks on one connection of its own, so they end with the
// process (a worker that dies frees them at once). Whoever holds an
// account's lock is the only sync reading, refreshing and writing it: two
// syncs at once would spend the platform's calls twice and, where a refresh
// rotates the refresh token, one of them would refresh with a token the other
// just retired.
type SocialSyncLock struct {
	conn *sql.Conn
}

// LockSocialSyncs takes, without waiting, the sync lock of every account of
// ids that no other sync holds, and returns the lock with the ids it took
// (the others are being synced right now). Release the lock when done; a
// nil lock (nothing taken) releases as a no-op.
func (s *DB) LockSocialSyncs(ctx context.Context, ids []string) (*SocialSyncLock, []string, error) {
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !isUUID(id) })
	if len(ids) == 0 {
		return nil, nil, nil
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("sync lock connection: %w", err)
	}
	var taken []string
	rows, err := conn.QueryContext(ctx, `SELECT id FROM unnest($1::text[]) AS t (id)
		WHERE pg_try_advisory_lock(hashtextextended('social_sync:' || id, 0))`, pq.Array(ids))
	if err == nil {
		for rows.Next() {
			var id string
			if err = rows.Scan(&id); err != nil {
				break
			}
			taken = append(taken, id)
		}
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
	}
	lock := &SocialSyncLock{conn: conn}
	if err != nil {
		lock.Release()
		return nil, nil, fmt.Errorf("sync lock: %w", err)
	}
	if len(taken) == 0 {
		lock.Release()
		return nil, nil, nil
	}
	return lock, taken, nil
}

// Release frees every lock held. When the unlock cannot be sent the
// connection is discarded, which frees them too.
func (l *SocialSyncLock) Release() {
	if l == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.ExecContext(ctx, `SELECT pg_advisory_unlock_all()`); err != nil {
		_ = l.conn.Raw(func(any) error { return errBadConn })
	}
	l.conn.Close()
}
