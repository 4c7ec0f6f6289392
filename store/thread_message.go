package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// ThreadMessageIn is the body of a new message: its text and the keys of
// files the author uploaded (at most ThreadAttachmentsMax).
type ThreadMessageIn struct {
	Body        string `json:"body"`
	Attachments []struct {
		Key string `json:"key"`
	} `json:"attachments"`
}

// ThreadEvent is what a live stream carries of a change: the event's id,
// its kind (message, move, draft, review, read) and the thread.
type ThreadEvent struct {
	ID            int64   `db:"id" json:"id"`
	EntryID       string  `db:"entry_id" json:"offerId"`
	Kind          string  `db:"kind" json:"kind"`
	BrandID       *string `db:"brand_id" json:"-"`
	CreatorUserID *string `db:"creator_user_id" json:"-"`
}

// For reports whether u may see e: ADMIN every event, a brand role its
// brand's, a creator its own.
func (e *ThreadEvent) For(u *User) bool {
	switch {
	case u.Role == RoleAdmin:
		return true
	case u.IsBrand() && u.Brand != nil:
		return e.BrandID != nil && *e.BrandID == u.Brand.ID
	}
	return e.CreatorUserID != nil && *e.CreatorUserID == u.ID
}

// addEvent records an event of t (kind) in tx and answers it.
func addEvent(ctx context.Context, tx *sqlx.Tx, t *Thread, kind string) (ThreadEvent, error) {
	ev := ThreadEvent{EntryID: t.EntryID, Kind: kind, BrandID: &t.BrandID, CreatorUserID: t.CreatorUserID}
	err := tx.GetContext(ctx, &ev.ID, `INSERT INTO thread_events (entry_id, kind, brand_id, creator_user_id) VALUES ($1, $2, $3, $4) RETURNING id`,
		t.EntryID, kind, t.BrandID, t.CreatorUserID)
	return ev, err
}

// PostMessage adds actor's message to entry id's thread and marks the
// thread read up to it for actor. It answers the message (a time line item)
// and the event to publish. ENOTFOUND for a thread actor may not see,
// EFORBIDDEN for a BRAND_VIEWER, ECONFLICT for a closed thread, EINVALID
// for an empty or too long text, too many attachments or a file that is
// not the author's.
func (s *DB) PostMessage(ctx context.Context, actor *User, id string, in ThreadMessageIn) (json.RawMessage, ThreadEvent, error) {
	var out []byte
	var ev ThreadEvent
	body, ok := threadText(in.Body)
	fe := FieldErrors{}
	if !ok {
		fe.add("body", MsgThreadBody)
	}
	if len(in.Attachments) > ThreadAttachmentsMax {
		fe.add("attachments", MsgThreadAttachments)
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.threadAccess(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if err := t.writable(); err != nil {
			return err
		}
		files, err := ownFiles(ctx, tx, fe, actor, in)
		if err != nil {
			return err
		}
		if err := fe.Err(); err != nil {
			return err
		}
		var mid int64
		if err := tx.GetContext(ctx, &mid, `INSERT INTO thread_messages (entry_id, author_id, author_side, body, off_platform, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, t.EntryID, actor.ID, t.Side, body, pq.Array(OffPlatform(body)), s.now()); err != nil {
			return fmt.Errorf("insert message: %w", err)
		}
		for i, f := range files {
			if _, err := tx.ExecContext(ctx, `INSERT INTO thread_attachments (message_id, position, key, name, type, size) VALUES ($1, $2, $3, $4, $5, $6)`,
				mid, i, f.Key, f.Name, f.Type, f.Size); err != nil {
				return fmt.Errorf("insert attachment: %w", err)
			}
		}
		if err := markRead(ctx, tx, t.EntryID, actor.ID, mid); err != nil {
			return err
		}
		if ev, err = addEvent(ctx, tx, t, "message"); err != nil {
			return fmt.Errorf("message event: %w", err)
		}
		q := `SELECT item::text FROM (` + threadItemsSQL + `) i WHERE ko = 1 AND n = $3`
		return tx.GetContext(ctx, &out, q, t.EntryID, actor.ID, mid)
	})
	return out, ev, err
}

// ownFiles resolves the attachment keys of in to files actor uploaded;
// an unknown or foreign key is a field error attachments.<i>.key.
func ownFiles(ctx context.Context, tx *sqlx.Tx, fe FieldErrors, actor *User, in ThreadMessageIn) ([]File, error) {
	out := make([]File, 0, len(in.Attachments))
	seen := map[string]bool{}
	for i, a := range in.Attachments {
		var f File
		err := tx.GetContext(ctx, &f, `SELECT key, name, type, size FROM files WHERE key = $1 AND owner_id = $2`, a.Key, actor.ID)
		if ErrorCode(translate(err, "")) == ENOTFOUND || (err == nil && seen[f.Key]) {
			fe.add("attachments."+strconv.Itoa(i)+".key", MsgFileNotFound)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("find attachment: %w", err)
		}
		seen[f.Key] = true
		out = append(out, f)
	}
	return out, nil
}

// markRead moves userID's read mark in entryID's thread forward to upTo
// (never back).
func markRead(ctx context.Context, tx sqlx.ExecerContext, entryID, userID string, upTo int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO thread_reads (entry_id, user_id, last_read_id, mailed_id) VALUES ($1, $2, $3, $3)
		ON CONFLICT (entry_id, user_id) DO UPDATE SET last_read_id = greatest(thread_reads.last_read_id, EXCLUDED.last_read_id),
			mailed_id = greatest(thread_reads.mailed_id, EXCLUDED.last_read_id)`, entryID, userID, upTo)
	if err != nil {
		return fmt.Errorf("mark read: %w", err)
	}
	return nil
}

// MarkRead marks entry id's thread read by actor up to message upTo (0 =
// the newest) and answers the caller's unread count left there.
// ENOTFOUND for a thread actor may not see.
func (s *DB) MarkRead(ctx context.Context, actor *User, id string, upTo int64) (int, error) {
	t, err := s.threadAccess(ctx, s.db, actor, id)
	if err != nil {
		return 0, err
	}
	if upTo <= 0 {
		if err := s.db.GetContext(ctx, &upTo, `SELECT coalesce(max(id), 0) FROM thread_messages WHERE entry_id = $1`, t.EntryID); err != nil {
			return 0, fmt.Errorf("newest message: %w", err)
		}
	}
	if err := markRead(ctx, s.db, t.EntryID, actor.ID, upTo); err != nil {
		return 0, err
	}
	var n int
	err = s.db.GetContext(ctx, &n, `SELECT count(*) FROM thread_messages m WHERE m.entry_id = $1 AND m.author_id IS DISTINCT FROM $2
		AND m.id > (SELECT last_read_id FROM thread_reads WHERE entry_id = $1 AND user_id = $2)`, t.EntryID, actor.ID)
	return n, err
}

// unreadScope is the condition on roster_entries e of the threads whose
// unread messages count for user $1 (role $2, brand $3): a creator's own
// offers, a brand role's brand's; ADMINs count none.
const unreadScope = `e.offer_status <> 'draft' AND EXISTS (SELECT 1 FROM campaigns k JOIN creators c ON c.id = e.creator_id
	WHERE k.id = e.campaign_id AND k.status <> 'deleted'
	AND (($2 = 'USER' AND c.user_id = $1) OR ($2 LIKE 'BRAND_%' AND k.brand_id::text = $3)))`

// Unread answers actor's unread messages: the total and one row per thread
// with any ({"offerId", "campaignId", "unread"}), for the sidebar and the
// offer rows. ADMINs have none.
func (s *DB) Unread(ctx context.Context, actor *User) (json.RawMessage, error) {
	brand := ""
	if actor.Brand != nil {
		brand = actor.Brand.ID
	}
	var out []byte
	err := s.db.GetContext(ctx, &out, `WITH t AS (
			SELECT e.id, e.campaign_id, count(*) AS n FROM thread_messages m JOIN roster_entries e ON e.id = m.entry_id
			LEFT JOIN thread_reads r ON r.entry_id = m.entry_id AND r.user_id = $1
			WHERE `+unreadScope+` AND m.author_id IS DISTINCT FROM $1 AND m.id > coalesce(r.last_read_id, 0)
			GROUP BY e.id, e.campaign_id)
		SELECT json_build_object('total', coalesce(sum(n), 0)::int, 'threads', coalesce(json_agg(json_build_object(
			'offerId', id, 'campaignId', campaign_id, 'unread', n) ORDER BY id), '[]'))::text FROM t`, actor.ID, actor.Role, brand)
	if err != nil {
		return nil, fmt.Errorf("unread: %w", err)
	}
	return out, nil
}

// ReportMessage records actor's report of message messageID of entry id's
// thread to the ADMINs with a reason. ENOTFOUND for a thread actor may not
// see or a message not in it, EINVALID without a reason (or past 500
// characters), ECONFLICT for a second report of the same message.
func (s *DB) ReportMessage(ctx context.Context, actor *User, id string, messageID int64, reason string) error {
	reason = strings.TrimSpace(reason)
	if n := len([]rune(reason)); n < 1 || n > 500 || strings.ContainsRune(reason, 0) {
		return FieldErrors{"reason": MsgThreadReason}.Err()
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		t, err := s.threadAccess(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO thread_reports (message_id, reporter_id, reason, created_at)
			SELECT m.id, $3, $4, $5 FROM thread_messages m WHERE m.id = $1 AND m.entry_id = $2
			ON CONFLICT (message_id, reporter_id) DO NOTHING`, messageID, t.EntryID, actor.ID, reason, s.now())
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var exists bool
			if err := tx.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM thread_messages WHERE id = $1 AND entry_id = $2)`, messageID, t.EntryID); err != nil {
				return fmt.Errorf("find message: %w", err)
			}
			if !exists {
				return Errorf(ENOTFOUND, MsgThreadMessage)
			}
			return Errorf(ECONFLICT, MsgThreadReported)
		}
		return nil
	})
}

// ThreadEventsAfter answers up to limit events after id (oldest first)
// that u may see: a reconnecting stream's replay.
func (s *DB) ThreadEventsAfter(ctx context.Context, u *User, after int64, limit int) ([]ThreadEvent, error) {
	var evs []ThreadEvent
	brand := ""
	if u.Brand != nil {
		brand = u.Brand.ID
	}
	err := s.db.SelectContext(ctx, &evs, `SELECT id, entry_id, kind, brand_id, creator_user_id FROM thread_events
		WHERE id > $1 AND ($2 = 'ADMIN' OR ($2 LIKE 'BRAND_%' AND brand_id::text = $3) OR ($2 = 'USER' AND creator_user_id = $4))
		ORDER BY id LIMIT $5`, after, u.Role, brand, u.ID, limit)
	return evs, err
}

// RecentThreadEvents answers every event recorded in the last seconds:
// each api process reads it now and then to deliver an event whose Redis
// publication was lost.
func (s *DB) RecentThreadEvents(ctx context.Context, seconds int) ([]ThreadEvent, error) {
	var evs []ThreadEvent
	err := s.db.SelectContext(ctx, &evs, `SELECT id, entry_id, kind, brand_id, creator_user_id FROM thread_events
		WHERE at > now() - make_interval(secs => $1) ORDER BY id`, seconds)
	return evs, err
}

// LastThreadEvent is the newest event id (0 without any).
func (s *DB) LastThreadEvent(ctx context.Context) (int64, error) {
	var id int64
	err := s.db.GetContext(ctx, &id, `SELECT coalesce(max(id), 0) FROM thread_events`)
	return id, err
}
