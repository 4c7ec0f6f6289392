package store_test

import (
	"context"
	"encoding/json"
	"testing"

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
