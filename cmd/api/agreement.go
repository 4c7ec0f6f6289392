package main

import (
	"context"
	"fmt"
	"io"

	"creatorcoach/store"
)

// auditCommand runs `api audit verify`: it walks the audit log's hash chain
// and names the first broken row (exit status 1), or says how many rows hold.
func auditCommand(ctx context.Context, db *store.DB, args []string, w io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return fmt.Errorf("usage: api audit verify")
	}
	n, br, err := db.VerifyAudit(ctx)
	if err != nil {
		return err
	}
	if br != nil {
		return fmt.Errorf("audit log broken at row %d: %s (%d rows before it hold)", br.ID, br.Reason, n)
	}
	fmt.Fprintf(w, "audit log intact: %d rows\n", n)
	return nil
}
