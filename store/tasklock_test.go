package store_test

import (
	"context"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestTaskLock_Nested: a lock waited for through a held task lock takes no
// connection of its own, keeps other sessions out while held, and its
// release frees it alone, leaving the task lock held on its connection.
func TestTaskLock_Nested(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	db.SQL().SetMaxOpenConns(2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	held := func(key string) bool { // whether another session holds key
		t.Helper()
		l, err := db.LockTask(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if l != nil {
			l.Release()
		}
		return l == nil
	}
	task, err := db.LockTask(ctx, "task")
	if err != nil || task == nil {
		t.Fatalf("task lock %v, %v", task, err)
	}
	nested, err := task.WaitLock(ctx, "apply")
	if err != nil {
		t.Fatal(err)
	}
	if n := db.SQL().Stats().InUse; n != 1 {
		t.Fatalf("%d connections in use under the task lock and the nested one, want 1", n)
	}
	if !held("apply") || !held("task") {
		t.Fatal("another session took a key held through the task lock")
	}
	nested.Release()
	if held("apply") || !held("task") {
		t.Fatalf("after the nested release: apply held %v, task held %v; want false, true", held("apply"), held("task"))
	}
	if n := db.SQL().Stats().InUse; n != 1 {
		t.Fatalf("%d connections in use after the nested release, want the task lock's", n)
	}
	task.Release()
	if held("task") || db.SQL().Stats().InUse != 0 {
		t.Fatalf("after the task lock's release: task held %v, %d connections in use", held("task"), db.SQL().Stats().InUse)
	}
}

// TestTaskLock_ReportJob: a progress report made on a task lock's
// connection is committed at once, while the caller's transaction still
// holds the pool's other connection.
func TestTaskLock_ReportJob(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	job, err := db.CreateJob(ctx, store.JobKindRosterGenerate, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := db.StartJob(ctx, job.ID); err != nil || !ok {
		t.Fatalf("start job: %v, %v", ok, err)
	}
	db.SQL().SetMaxOpenConns(2)
	lock, err := db.LockTask(ctx, "task")
	if err != nil || lock == nil {
		t.Fatalf("task lock %v, %v", lock, err)
	}
	defer lock.Release()
	tx, err := db.SQL().BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck // read only
	if err := lock.ReportJob(ctx, job.ID, store.JobProgress{Total: 4, Processed: 1}); err != nil {
		t.Fatal(err)
	}
	var progress int
	if err := tx.GetContext(ctx, &progress, `SELECT progress FROM jobs WHERE id = $1`, job.ID); err != nil || progress != 25 {
		t.Fatalf("progress read in the open transaction %d (%v), want 25", progress, err)
	}
}
