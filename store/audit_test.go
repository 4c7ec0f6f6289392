package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestAuditChain appends events, sees the chain hold, then changes one row's
// content, and later deletes another, and sees each time the first broken
// row named.
func TestAuditChain(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	var ids []int64
	for i := 0; i < 5; i++ {
		e := &store.AuditEvent{ActorRole: "USER", Action: "agreement.sign", Subject: "offer:x", IP: "198.51.100.1",
			After: json.RawMessage(`{"version": 1, "b": [1, 2]}`)}
		if err := db.AppendAudit(ctx, e); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	n, br, err := db.VerifyAudit(ctx)
	if err != nil || br != nil || n != 5 {
		t.Fatalf("intact chain: %d rows, break %+v, %v", n, br, err)
	}
	if _, err := db.SQL().Exec(`DELETE FROM audit_events WHERE id = $1`, ids[4]); err == nil {
		t.Fatal("a row was deleted through the append-only trigger")
	}

	db.SQL().MustExec(`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`)
	db.SQL().MustExec(`UPDATE audit_events SET after = '{"version": 2}' WHERE id = $1`, ids[2])
	_, br, err = db.VerifyAudit(ctx)
	if err != nil || br == nil || br.ID != ids[2] {
		t.Fatalf("changed row %d: break %+v, %v", ids[2], br, err)
	}
	db.SQL().MustExec(`UPDATE audit_events SET after = '{"version": 1, "b": [1, 2]}' WHERE id = $1`, ids[2])
	if _, br, _ = db.VerifyAudit(ctx); br != nil {
		t.Fatalf("restored row still broken: %+v", br)
	}
	db.SQL().MustExec(`DELETE FROM audit_events WHERE id = $1`, ids[1])
	_, br, err = db.VerifyAudit(ctx)
	if err != nil || br == nil || br.ID != ids[2] {
		t.Fatalf("deleted row %d: first broken %+v, want %d", ids[1], br, ids[2])
	}
}

// TestAuditBatch appends one event, then 2,345 in one batch (three
// statements of at most a thousand rows), then one more: the chain holds
// through them, each event got its own ID in order, and its stored row is
// the event (subject, hash).
func TestAuditBatch(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	first := &store.AuditEvent{ActorRole: "ADMIN", Action: "payout.decided", Subject: "offer:first"}
	if err := db.AppendAudit(ctx, first); err != nil {
		t.Fatal(err)
	}
	batch := make([]*store.AuditEvent, 2345)
	for i := range batch {
		batch[i] = &store.AuditEvent{ActorRole: "system", Action: "payout.released", Subject: fmt.Sprintf("offer:%d", i),
			After: json.RawMessage(fmt.Sprintf(`{"n": %d}`, i))}
	}
	if err := db.AppendAudits(ctx, batch); err != nil {
		t.Fatal(err)
	}
	last := &store.AuditEvent{ActorRole: "system", Action: "payout.transferred", Subject: "offer:last"}
	if err := db.AppendAudit(ctx, last); err != nil {
		t.Fatal(err)
	}
	for i, e := range batch {
		prev := first.ID
		if i > 0 {
			prev = batch[i-1].ID
		}
		if e.ID <= prev {
			t.Fatalf("event %d has id %d after %d", i, e.ID, prev)
		}
	}
	for _, i := range []int{0, 999, 1000, 2344} {
		var row struct {
			Subject string `db:"subject"`
			Hash    []byte `db:"hash"`
		}
		if err := db.SQL().Get(&row, `SELECT subject, hash FROM audit_events WHERE id = $1`, batch[i].ID); err != nil ||
			row.Subject != batch[i].Subject || string(row.Hash) != string(batch[i].Hash) {
			t.Fatalf("event %d stored as %+v (%v)", i, row, err)
		}
	}
	if n, br, err := db.VerifyAudit(ctx); err != nil || br != nil || n != 2347 {
		t.Fatalf("chain: %d rows, break %+v, %v", n, br, err)
	}
}

// TestTransaction_OneConnection: a transaction whose statements are not yet
// prepared (a fresh process) runs on its own connection alone: with a pool
// of one it does not wait for a second to prepare on, and once the
// statements are cached in the background the next one uses them.
func TestTransaction_OneConnection(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	db.SQL().SetMaxOpenConns(1)
	for round := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := db.AppendAudits(ctx, []*store.AuditEvent{{ActorRole: "system", Action: "payout.transferred", Subject: fmt.Sprintf("offer:%d", round)}})
		cancel()
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		time.Sleep(200 * time.Millisecond) // the background preparation, on the connection the transaction gave back
	}
	if n, br, err := db.VerifyAudit(context.Background()); err != nil || br != nil || n != 3 {
		t.Fatalf("audit log: %d events, broken %v, %v", n, br, err)
	}
}

// TestPool_Warm: the pool opens all its connections at once and keeps them,
// so that the first busy moment does not open them one at a time.
func TestPool_Warm(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	db.SetPoolSize(3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.Warm(ctx); err != nil {
		t.Fatal(err)
	}
	if st := db.SQL().Stats(); st.OpenConnections != 3 || st.Idle != 3 {
		t.Fatalf("after warming: %d open, %d idle; want 3 and 3", st.OpenConnections, st.Idle)
	}
	var backends int
	if err := db.SQL().GetContext(ctx, &backends, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`); err != nil {
		t.Fatal(err)
	}
	if backends < 3 {
		t.Fatalf("Postgres sees %d connections of the pool; want 3", backends)
	}
}
