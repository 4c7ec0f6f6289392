package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// ThreadDigestAfter is how long a message stays unread before its reader
// is mailed a digest of the thread.
const ThreadDigestAfter = 15 * time.Minute

// threadAudience is every person of a thread who reads it and may be
// mailed (user_id, entry_id, side): the creator's account and the members
// of the campaign's brand. Deleted accounts are left out.
const threadAudience = `
	SELECT c.user_id, e.id AS entry_id, 'creator' AS side FROM roster_entries e JOIN creators c ON c.id = e.creator_id
	JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL WHERE e.offer_status <> 'draft'
	UNION
	SELECT u.id, e.id, 'brand' FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id
	JOIN users u ON u.brand_id = k.brand_id AND u.deleted_at IS NULL AND u.role LIKE 'BRAND_%'
	WHERE e.offer_status <> 'draft' AND k.status <> 'deleted'`

// ClaimThreadDigests finds every person with a message from the other side
// (or Support) unread for ThreadDigestAfter in a thread, who was not mailed since they
// last read it and has not turned digests off, marks the newest such
// message as mailed and queues task(userID, entryID, upTo) in the same
// transaction: one mail per person and thread (not one per message), and
// none again until they read it. Two schedulers at once claim each once.
// It returns how many it queued.
func (s *DB) ClaimThreadDigests(ctx context.Context, task func(userID, entryID string, upTo int64) Task) (int, error) {
	n := 0
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var rows []struct {
			UserID  string `db:"user_id"`
			EntryID string `db:"entry_id"`
			UpTo    int64  `db:"mailed_id"`
		}
		err := tx.SelectContext(ctx, &rows, `WITH due AS (
				SELECT a.user_id, a.entry_id, max(m.id) AS up_to FROM (`+threadAudience+`) a
				JOIN thread_messages m ON m.entry_id = a.entry_id AND m.author_id IS DISTINCT FROM a.user_id AND m.author_side <> a.side
				LEFT JOIN thread_reads r ON r.entry_id = a.entry_id AND r.user_id = a.user_id
				LEFT JOIN thread_settings st ON st.user_id = a.user_id
				WHERE m.created_at <= $1 AND m.id > coalesce(r.last_read_id, 0)
					AND coalesce(r.mailed_id, 0) <= coalesce(r.last_read_id, 0) AND NOT coalesce(st.digest_off, false)
				GROUP BY a.user_id, a.entry_id)
			INSERT INTO thread_reads AS r (entry_id, user_id, mailed_id) SELECT entry_id, user_id, up_to FROM due
			ON CONFLICT (entry_id, user_id) DO UPDATE SET mailed_id = EXCLUDED.mailed_id
				WHERE r.mailed_id <= r.last_read_id AND r.last_read_id < EXCLUDED.mailed_id
			RETURNING user_id, entry_id, mailed_id`, s.now().Add(-ThreadDigestAfter))
		if err != nil {
			return fmt.Errorf("claim thread digests: %w", err)
		}
		for _, r := range rows {
			if err := insertTask(tx, task(r.UserID, r.EntryID, r.UpTo)); err != nil {
				return err
			}
		}
		n = len(rows)
		return nil
	})
	return n, err
}

// ThreadDigest is what one unread digest mail says: to whom, the thread,
// the other side and how many messages wait.
type ThreadDigest struct {
	Email        string `db:"email"`
	Name         string `db:"name"`
	CampaignName string `db:"campaign_name"`
	Other        string `db:"other"`
	Unread       int    `db:"unread"`
}

// ThreadDigestOf reads the digest of user userID for entry entryID's
// thread, up to message upTo. nil when there is nothing to mail any more:
// the person read the thread since, turned digests off, or is gone.
func (s *DB) ThreadDigestOf(ctx context.Context, userID, entryID string, upTo int64) (*ThreadDigest, error) {
	var d ThreadDigest
	err := s.db.GetContext(ctx, &d, `SELECT u.email, u.name, k.name AS campaign_name,
			CASE WHEN u.role = 'USER' THEN b.name ELSE c.name END AS other,
			(SELECT count(*) FROM thread_messages m WHERE m.entry_id = e.id AND m.author_id IS DISTINCT FROM u.id
				AND m.author_side <> CASE WHEN u.role = 'USER' THEN 'creator' ELSE 'brand' END
				AND m.id > coalesce(r.last_read_id, 0) AND m.id <= $3) AS unread
		FROM users u JOIN roster_entries e ON e.id = $2 JOIN campaigns k ON k.id = e.campaign_id
		JOIN brands b ON b.id = k.brand_id JOIN creators c ON c.id = e.creator_id
		LEFT JOIN thread_reads r ON r.entry_id = e.id AND r.user_id = u.id
		LEFT JOIN thread_settings st ON st.user_id = u.id
		WHERE u.id = $1 AND u.deleted_at IS NULL AND NOT coalesce(st.digest_off, false)`, userID, entryID, upTo)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("thread digest: %w", err)
	}
	if d.Unread == 0 {
		return nil, nil
	}
	return &d, nil
}

// ThreadMailSettings are a person's switches for thread mails.
type ThreadMailSettings struct {
	DigestMail bool `json:"digestMail"` // the unread digest (on unless turned off)
}

// GetThreadMailSettings answers actor's thread mail switches.
func (s *DB) GetThreadMailSettings(ctx context.Context, actor *User) (ThreadMailSettings, error) {
	var off bool
	err := s.db.GetContext(ctx, &off, `SELECT coalesce((SELECT digest_off FROM thread_settings WHERE user_id = $1), false)`, actor.ID)
	if err != nil {
		return ThreadMailSettings{}, fmt.Errorf("thread settings: %w", err)
	}
	return ThreadMailSettings{DigestMail: !off}, nil
}

// SetThreadMailSettings stores actor's thread mail switches.
func (s *DB) SetThreadMailSettings(ctx context.Context, actor *User, in ThreadMailSettings) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO thread_settings (user_id, digest_off) VALUES ($1, $2)
		ON CONFLICT (user_id) DO UPDATE SET digest_off = EXCLUDED.digest_off`, actor.ID, !in.DigestMail)
	if err != nil {
		return fmt.Errorf("thread settings: %w", err)
	}
	return nil
}
