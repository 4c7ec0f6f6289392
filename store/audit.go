package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// auditLockKey is the advisory lock that orders appends to audit_events, so
// each row's prev_hash is the hash of the row before it.
const auditLockKey = 0x61756469 // "audi"

// AuditEvent is one row of the append-only audit log.
type AuditEvent struct {
	ID        int64           `db:"id" json:"id"`
	At        time.Time       `db:"at" json:"at"`
	ActorID   *string         `db:"actor_id" json:"actorId"`
	ActorRole string          `db:"actor_role" json:"actorRole"`
	Action    string          `db:"action" json:"action"`
	Subject   string          `db:"subject" json:"subject"`
	Before    json.RawMessage `db:"before" json:"before,omitempty"`
	After     json.RawMessage `db:"after" json:"after,omitempty"`
	IP        string          `db:"ip" json:"-"`
	UserAgent string          `db:"user_agent" json:"-"`
	PrevHash  []byte          `db:"prev_hash" json:"-"`
	Hash      []byte          `db:"hash" json:"-"`
}

// auditHash is SHA-256 over the previous row's hash and this row's content,
// each field length-prefixed so no two contents share an encoding. JSON is
// compacted first: Postgres's jsonb re-spaces what it stores.
func auditHash(prev []byte, e *AuditEvent) []byte {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	actor := ""
	if e.ActorID != nil {
		actor = *e.ActorID
	}
	field(prev)
	field([]byte(e.At.UTC().Format(time.RFC3339Nano)))
	field([]byte(actor))
	field([]byte(e.ActorRole))
	field([]byte(e.Action))
	field([]byte(e.Subject))
	field(compactJSON(e.Before))
	field(compactJSON(e.After))
	field([]byte(e.IP))
	field([]byte(e.UserAgent))
	return h.Sum(nil)
}

// compactJSON is raw with keys in Postgres jsonb's order and no spaces: it
// decodes and re-encodes through Go's sorted maps. Empty stays empty.
func compactJSON(raw json.RawMessage) []byte {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return raw
	}
	b, _ := json.Marshal(v)
	return b
}

// appendAudit adds e to the chain inside tx. The time is truncated to
// microseconds, Postgres's precision, so the stored row hashes the same.
func (s *DB) appendAudit(tx *sqlx.Tx, e *AuditEvent) error {
	return s.appendAudits(tx, []*AuditEvent{e})
}

// appendAudits adds events to the chain inside tx, in their order, under one
// take of the chain's lock and in one statement a thousand events: a batch
// of system events (a release's payments) waits on the lock once, not once
// an event. Each event's ID is set.
func (s *DB) appendAudits(tx *sqlx.Tx, events []*AuditEvent) error {
	if len(events) == 0 {
		return nil
	}
	ctx := context.Background()
	if _, err := s.txExec(ctx, tx, `SELECT pg_advisory_xact_lock($1)`, auditLockKey); err != nil {
		return fmt.Errorf("lock audit log: %w", err)
	}
	var prev []byte
	err := s.txGet(ctx, tx, &prev, `SELECT hash FROM audit_events ORDER BY id DESC LIMIT 1`)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("last audit event: %w", err)
	}
	if prev == nil {
		prev = []byte{}
	}
	for len(events) > 0 {
		n := min(len(events), auditInsertRows)
		if err := s.insertAudits(ctx, tx, prev, events[:n]); err != nil {
			return err
		}
		prev, events = events[n-1].Hash, events[n:]
	}
	return nil
}

// auditInsertRows is how many events one INSERT writes (11 parameters a row,
// well under Postgres's 65,535).
const auditInsertRows = 1000

// insertAudits chains events after prev and writes them in one statement,
// setting each one's ID.
func (s *DB) insertAudits(ctx context.Context, tx *sqlx.Tx, prev []byte, events []*AuditEvent) error {
	const cols = 11
	values := make([]string, len(events))
	args := make([]any, 0, cols*len(events))
	for i, e := range events {
		if e.At.IsZero() {
			e.At = s.now()
		}
		e.At = e.At.UTC().Truncate(time.Microsecond)
		e.Before, e.After = nullJSON(e.Before), nullJSON(e.After)
		e.PrevHash = prev
		e.Hash = auditHash(prev, e)
		prev = e.Hash
		n := i * cols
		values[i] = fmt.Sprintf("($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7, n+8, n+9, n+10, n+11)
		args = append(args, e.At, e.ActorID, e.ActorRole, e.Action, e.Subject, e.Before, e.After, e.IP, e.UserAgent, e.PrevHash, e.Hash)
	}
	insert := `INSERT INTO audit_events (at, actor_id, actor_role, action, subject, before, after, ip, user_agent, prev_hash, hash)
		VALUES ` + strings.Join(values, ", ") + ` RETURNING id`
	if len(events) == 1 { // nearly every append: the prepared statement
		if err := s.txGet(ctx, tx, &events[0].ID, insert, args...); err != nil {
			return fmt.Errorf("append audit event: %w", err)
		}
		return nil
	}
	// The ids come from one sequence in the rows' order: ascending, they are the events' in order.
	var ids []int64
	if err := tx.SelectContext(ctx, &ids, `WITH ins AS (`+insert+`) SELECT id FROM ins ORDER BY id`, args...); err != nil {
		return fmt.Errorf("append audit events: %w", err)
	}
	for i, e := range events {
		e.ID = ids[i]
	}
	return nil
}

func nullJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}

// AppendAudit adds one event to the audit log in its own transaction.
func (s *DB) AppendAudit(ctx context.Context, e *AuditEvent) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return s.appendAudit(tx, e) })
}

// AuditEvents lists the events of one subject ("offer:<entry id>"), oldest first.
func (s *DB) AuditEvents(ctx context.Context, subject string) ([]AuditEvent, error) {
	var out []AuditEvent
	err := s.db.SelectContext(ctx, &out, `SELECT id, at, actor_id, actor_role, action, subject, COALESCE(before, 'null') AS before, COALESCE(after, 'null') AS after, ip, user_agent, prev_hash, hash
		FROM audit_events WHERE subject = $1 ORDER BY id`, subject)
	if err != nil {
		return nil, fmt.Errorf("audit events: %w", err)
	}
	return out, nil
}

// AuditBreak names the first row where the chain does not hold.
type AuditBreak struct {
	ID     int64
	Reason string
}

// VerifyAudit walks the whole chain in id order, a page at a time, and
// returns the number of rows checked and the first broken row (nil when the
// chain holds). A row is broken when its prev_hash is not the previous row's
// hash (a row was deleted or re-chained) or its hash does not match its
// content (a row was changed).
func (s *DB) VerifyAudit(ctx context.Context) (int, *AuditBreak, error) {
	prev := []byte{}
	var after int64
	n := 0
	for {
		var page []AuditEvent
		err := s.db.SelectContext(ctx, &page, `SELECT id, at, actor_id, actor_role, action, subject, COALESCE(before, 'null') AS before, COALESCE(after, 'null') AS after, ip, user_agent, prev_hash, hash
			FROM audit_events WHERE id > $1 ORDER BY id LIMIT 1000`, after)
		if err != nil {
			return n, nil, fmt.Errorf("read audit log: %w", err)
		}
		if len(page) == 0 {
			return n, nil, nil
		}
		for i := range page {
			e := &page[i]
			if !bytes.Equal(e.PrevHash, prev) {
				return n, &AuditBreak{ID: e.ID, Reason: "previous hash does not match the row before (a row was deleted or re-chained)"}, nil
			}
			if !bytes.Equal(auditHash(prev, e), e.Hash) {
				return n, &AuditBreak{ID: e.ID, Reason: "content does not match its hash (the row was changed)"}, nil
			}
			prev, after = e.Hash, e.ID
			n++
		}
	}
}
