package main

import (
	"context"
	"net/http"
	"testing"

	"creatorcoach/store"
)

// TestJobs_FormerKindFilter: for one release after the task renames,
// GET /api/jobs?kind= takes a job kind's former name as its name now.
func TestJobs_FormerKindFilter(t *testing.T) {
	t.Parallel()
	e := setup(t)
	admin := e.account("admin@kinds.io", store.RoleAdmin)
	imp, err := e.db.CreateJob(context.Background(), store.JobKindCreatorImport, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.CreateJob(context.Background(), store.JobKindRosterGenerate, "", nil); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"creator_import", "roster_import"} {
		r := e.want(e.call("GET", "/api/jobs?kind="+kind, admin, nil), http.StatusOK)
		list, _ := r.data()["jobs"].([]any)
		if len(list) != 1 || r.data()["total"] != 1.0 {
			t.Fatalf("kind=%s: body %v", kind, r.Body)
		}
		if j := list[0].(map[string]any); j["id"] != imp.ID || j["kind"] != "creator_import" {
			t.Fatalf("kind=%s: job %v", kind, j)
		}
	}
}
