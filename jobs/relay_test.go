package jobs

import (
	"context"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// testTask is an outbox row of a test task with key.
func testTask(key string) store.Task {
	return newTask(key, TaskType{Name: "test:echo", Queue: QueueDefault}, map[string]string{"key": key})
}

// TestRelay_RedisDownAtCommit: a row committed while Redis is unreachable
// stays in the outbox and is delivered, once, when Redis is back.
func TestRelay_RedisDownAtCommit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	db, dbURL := e.Store, e.DBURL
	redisOpt, _ := e.redis()
	if err := db.EnqueueTask(ctx, testTask("k1")); err != nil {
		t.Fatal(err)
	}
	down := asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond})
	defer down.Close()
	relay := &Relay{Store: db, Client: down, DatabaseURL: dbURL, Log: quietLog()}
	if n, err := relay.Drain(ctx); err == nil || n != 0 {
		t.Fatalf("drain with Redis down: n=%d err=%v, want an error", n, err)
	}
	if n, _ := db.OutboxPending(ctx); n != 1 {
		t.Fatalf("pending %d after failed relay, want 1", n)
	}
	var lastErr string
	if err := db.SQL().Get(&lastErr, `SELECT last_error FROM task_outbox`); err != nil || lastErr == "" {
		t.Fatalf("failure not recorded: %q %v", lastErr, err)
	}

	up := asynq.NewClient(redisOpt)
	defer up.Close()
	relay.Client = up
	if n, err := relay.Drain(ctx); err != nil || n != 1 {
		t.Fatalf("drain with Redis up: n=%d err=%v", n, err)
	}
	if n, _ := db.OutboxPending(ctx); n != 0 {
		t.Fatalf("pending %d, want 0", n)
	}
	// The same key relayed again (a relay that died before deleting its
	// rows) is a TaskID conflict, which counts as sent: no duplicate.
	if err := db.EnqueueTask(ctx, testTask("k1")); err != nil {
		t.Fatal(err)
	}
	if n, err := relay.Drain(ctx); err != nil || n != 1 {
		t.Fatalf("re-drain: n=%d err=%v", n, err)
	}
	insp := asynq.NewInspector(redisOpt)
	defer insp.Close()
	info, err := insp.GetTaskInfo(QueueDefault, "k1")
	if err != nil {
		t.Fatalf("task k1 not in asynq: %v", err)
	}
	if info.Type != "test:echo" {
		t.Fatalf("type %q", info.Type)
	}
	q, err := insp.GetQueueInfo(QueueDefault)
	if err != nil || q.Size != 1 {
		t.Fatalf("queue size %v (%v), want 1", q, err)
	}
}

// TestRelay_WakesOnNotify: with polling effectively off, an insert is relayed
// because the outbox trigger's NOTIFY wakes the relay.
func TestRelay_WakesOnNotify(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := setup(t)
	db, dbURL := e.Store, e.DBURL
	redisOpt, _ := e.redis()
	client := asynq.NewClient(redisOpt)
	defer client.Close()
	relay := &Relay{Store: db, Client: client, DatabaseURL: dbURL, Poll: time.Hour, Log: quietLog()}
	done := make(chan error, 1)
	go func() { done <- relay.Run(ctx) }()
	time.Sleep(200 * time.Millisecond) // let it LISTEN
	if err := db.EnqueueTask(ctx, testTask("wake")); err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(redisOpt)
	defer insp.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := insp.GetTaskInfo(QueueDefault, "wake"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("task not relayed after NOTIFY")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestEnqueueNow: a committed task queued at once leaves no outbox row;
// with Redis unreachable the row stays for the relay, which delivers it.
func TestEnqueueNow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	db, dbURL := e.Store, e.DBURL
	redisOpt, _ := e.redis()
	up := asynq.NewClient(redisOpt)
	defer up.Close()
	insp := asynq.NewInspector(redisOpt)
	defer insp.Close()

	now := testTask("now1")
	if err := db.EnqueueTask(ctx, now); err != nil {
		t.Fatal(err)
	}
	if err := EnqueueNow(ctx, up, db, now); err != nil {
		t.Fatal(err)
	}
	if n, _ := db.OutboxPending(ctx); n != 0 {
		t.Fatalf("pending %d after EnqueueNow, want 0", n)
	}
	if _, err := insp.GetTaskInfo(QueueDefault, "now1"); err != nil {
		t.Fatalf("task now1 not in asynq: %v", err)
	}

	later := testTask("later1")
	if err := db.EnqueueTask(ctx, later); err != nil {
		t.Fatal(err)
	}
	down := asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 100 * time.Millisecond})
	defer down.Close()
	if err := EnqueueNow(ctx, down, db, later); err == nil {
		t.Fatal("EnqueueNow with Redis down: no error")
	}
	if n, _ := db.OutboxPending(ctx); n != 1 {
		t.Fatalf("pending %d with Redis down, want 1 (the relay's fallback)", n)
	}
	relay := &Relay{Store: db, Client: up, DatabaseURL: dbURL, Log: quietLog()}
	if n, err := relay.Drain(ctx); err != nil || n != 1 {
		t.Fatalf("drain: n=%d err=%v", n, err)
	}
	if _, err := insp.GetTaskInfo(QueueDefault, "later1"); err != nil {
		t.Fatalf("task later1 not in asynq: %v", err)
	}
}
