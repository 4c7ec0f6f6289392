package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestAuditVerifyCommand: `api audit verify` passes an intact log and names
// the first row whose content was changed.
func TestAuditVerifyCommand(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	var ids []int64
	for i := 0; i < 3; i++ {
		e := &store.AuditEvent{Action: "agreement.version", Subject: "offer:x"}
		if err := db.AppendAudit(ctx, e); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	var out bytes.Buffer
	if err := auditCommand(ctx, db, []string{"verify"}, &out); err != nil || !strings.Contains(out.String(), "intact: 3 rows") {
		t.Fatalf("intact: %q, %v", out.String(), err)
	}
	db.SQL().MustExec(`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`)
	db.SQL().MustExec(`UPDATE audit_events SET action = 'agreement.sign' WHERE id = $1`, ids[1])
	err := auditCommand(ctx, db, []string{"verify"}, &out)
	if err == nil || !strings.Contains(err.Error(), "broken at row "+itoa64(ids[1])) {
		t.Fatalf("changed row %d: %v", ids[1], err)
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
