package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
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

// TestJob_Worker: a started job names the worker process that runs it
// (host:pid) to an ADMIN, in GET /api/jobs/{id} and the list; its owner does
// not see it.
func TestJob_Worker(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	creator := e.account("c@worker.io", store.RoleUser)
	admin := e.account("a@worker.io", store.RoleAdmin)
	me := e.want(e.call("GET", "/api/users/me", creator, nil), http.StatusOK).str("data", "user", "_id")
	job, err := e.db.CreateJob(ctx, "test_kind", me, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.want(e.call("GET", "/api/jobs/"+job.ID, admin, nil), http.StatusOK).data()["job"].(map[string]any); got["worker"] != nil {
		t.Fatalf("a queued job names a worker: %v", got)
	}
	if ok, err := e.db.StartJob(ctx, job.ID); err != nil || !ok {
		t.Fatalf("start: %v %v", ok, err)
	}
	want := fmt.Sprintf(":%d", os.Getpid())
	got := e.want(e.call("GET", "/api/jobs/"+job.ID, admin, nil), http.StatusOK).data()["job"].(map[string]any)
	if w, _ := got["worker"].(string); !strings.HasSuffix(w, want) || w != store.WorkerName {
		t.Fatalf("worker %q, want %q (host:pid)", got["worker"], store.WorkerName)
	}
	list := e.want(e.call("GET", "/api/jobs?kind=test_kind", admin, nil), http.StatusOK).data()["jobs"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["worker"] != store.WorkerName {
		t.Fatalf("admin's list: %v", list)
	}
	if got := e.want(e.call("GET", "/api/jobs/"+job.ID, creator, nil), http.StatusOK).data()["job"].(map[string]any); got["worker"] != nil {
		t.Fatalf("the owner sees the worker: %v", got)
	}
	list = e.want(e.call("GET", "/api/jobs", creator, nil), http.StatusOK).data()["jobs"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["worker"] != nil {
		t.Fatalf("owner's list: %v", list)
	}
}
