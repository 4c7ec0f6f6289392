package jobs

import (
	"context"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// A Redis failover can lose a task the old master acknowledged (replication
// is asynchronous). These tests make that loss by deleting the task from
// Redis after the relay put it there.

// TestRelay_RecheckLostTask: a relayed task missing from Redis is queued
// again, once; a task still waiting in its queue is left alone (no double);
// a checked task is forgotten.
func TestRelay_RecheckLostTask(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	db := e.Store
	redisOpt, _ := e.redis()
	client := asynq.NewClient(redisOpt)
	defer client.Close()
	insp := asynq.NewInspector(redisOpt)
	defer insp.Close()
	relay := &Relay{Store: db, Client: client, DatabaseURL: e.DBURL, RecheckAfter: time.Millisecond, Log: quietLog()}

	for _, k := range []string{"lost", "waiting"} {
		if err := db.EnqueueTask(ctx, testTask(k)); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := relay.Drain(ctx); err != nil || n != 2 {
		t.Fatalf("drain: n=%d err=%v", n, err)
	}
	if n, _ := db.RelayedPending(ctx); n != 2 {
		t.Fatalf("%d relayed tasks kept, want 2", n)
	}
	if err := insp.DeleteTask(QueueDefault, "lost"); err != nil { // the failover's loss
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond)
	if n, err := relay.Recheck(ctx); err != nil || n != 1 {
		t.Fatalf("recheck: requeued %d (%v), want 1", n, err)
	}
	for _, k := range []string{"lost", "waiting"} {
		if _, err := insp.GetTaskInfo(QueueDefault, k); err != nil {
			t.Fatalf("task %s not in Redis after the recheck: %v", k, err)
		}
	}
	if q, err := insp.GetQueueInfo(QueueDefault); err != nil || q.Pending != 2 {
		t.Fatalf("queue %+v (%v), want 2 pending: each task once", q, err)
	}
	// The waiting task was found and forgotten; the requeued one is checked
	// once more, then forgotten too.
	if n, _ := db.RelayedPending(ctx); n != 1 {
		t.Fatalf("%d relayed tasks kept after the recheck, want 1 (the requeued one)", n)
	}
	time.Sleep(5 * time.Millisecond)
	if n, err := relay.Recheck(ctx); err != nil || n != 0 {
		t.Fatalf("second recheck: requeued %d (%v), want 0", n, err)
	}
	if n, _ := db.RelayedPending(ctx); n != 0 {
		t.Fatalf("%d relayed tasks kept, want 0", n)
	}

	// Not yet due: a task relayed just now, or one due later, is not checked.
	relay.RecheckAfter = time.Hour
	later := time.Now().Add(time.Minute)
	soon := testTask("scheduled")
	soon.ProcessAt = &later
	if err := db.EnqueueTask(ctx, soon); err != nil {
		t.Fatal(err)
	}
	if _, err := relay.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if err := insp.DeleteTask(QueueDefault, "scheduled"); err != nil {
		t.Fatal(err)
	}
	if n, err := relay.Recheck(ctx); err != nil || n != 0 {
		t.Fatalf("recheck before due: requeued %d (%v)", n, err)
	}
	// EnqueueNow keeps its task for the recheck too.
	now := testTask("now")
	if err := db.EnqueueTask(ctx, now); err != nil {
		t.Fatal(err)
	}
	if err := EnqueueNow(ctx, client, db, now); err != nil {
		t.Fatal(err)
	}
	if n, _ := db.RelayedPending(ctx); n != 2 {
		t.Fatalf("%d relayed tasks kept, want 2 (scheduled, now)", n)
	}
}

// TestRelay_LostMailSentOnce runs a real worker whose relay rechecks a
// task 1 s after relaying it: a mail whose task vanished from Redis before it ran is sent, once;
// a mail already sent whose finished task then vanishes is not sent again
// (the signup notice has no "sent" mark of its own: the worker forgets a
// finished task before the recheck).
func TestRelay_LostMailSentOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	smtp := e.withMail()
	db := e.Store
	redisOpt, _ := e.redis()
	client := asynq.NewClient(redisOpt)
	defer client.Close()
	insp := asynq.NewInspector(redisOpt)
	defer insp.Close()
	niches, _ := db.ListNiches(ctx)

	// A sign-up's code: relayed, then lost before any worker ran it.
	if err := db.Register(ctx, store.Registration{Name: "Ann", Email: "ann@x.io", Password: "Str0ng!pass", Niche: niches[0].ID},
		NewSendOTPTask(), NewSignupNoticeTask); err != nil {
		t.Fatal(err)
	}
	relay := &Relay{Store: db, Client: client, DatabaseURL: e.DBURL, Log: quietLog()}
	if n, err := relay.Drain(ctx); err != nil || n != 1 {
		t.Fatalf("drain: n=%d err=%v", n, err)
	}
	tasks, err := insp.ListPendingTasks(QueueCritical)
	if err != nil || len(tasks) != 1 {
		t.Fatalf("pending %v (%v)", tasks, err)
	}
	if err := insp.DeleteTask(QueueCritical, tasks[0].ID); err != nil {
		t.Fatal(err)
	}

	e.startWorker(WorkerDeps{RedisOpt: redisOpt, RecheckAfter: time.Second})
	smtp.Wait(t, "ann@x.io", 1)

	// A notice mailed by the worker, whose finished task Redis then loses.
	var userID string
	if err := db.SQL().Get(&userID, `SELECT id FROM users WHERE email = 'ann@x.io'`); err != nil {
		t.Fatal(err)
	}
	notice := NewSignupNoticeTask(userID)
	if err := db.EnqueueTask(ctx, notice); err != nil {
		t.Fatal(err)
	}
	smtp.Wait(t, "ann@x.io", 2)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if info, err := insp.GetTaskInfo(QueueCritical, notice.Key); err == nil && info.State == asynq.TaskStateCompleted {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the notice's task never completed")
		}
	}
	// Its outbox row is forgotten once the worker's finisher records the
	// finished task (in batches: a loaded machine takes a while). Only then
	// does Redis lose the task: before, the recheck rightly sends it again.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if n, err := db.RelayedPending(ctx); err == nil && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the finished tasks' outbox rows were never forgotten")
		}
	}
	if err := insp.DeleteTask(QueueCritical, notice.Key); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second) // past its recheck (relayed + 1 s, every 1 s)
	if n := smtp.Count("ann@x.io"); n != 2 {
		t.Fatalf("%d mails to ann@x.io, want 2 (one code, one notice)", n)
	}
	if n, _ := db.RelayedPending(ctx); n != 0 {
		t.Fatalf("%d relayed tasks kept, want 0", n)
	}
}
