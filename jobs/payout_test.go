package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// storedRefundEvent stores a charge.refunded event of a payment the ledger
// does not know (applied, it is recorded as unknown) and returns the task
// that applies it.
func storedRefundEvent(t *testing.T, h *Handler, id string) *asynq.Task {
	t.Helper()
	raw := `{"id": "` + id + `", "object": "event", "type": "charge.refunded", "created": 1900000000,
		"data": {"object": {"id": "ch_x", "object": "charge", "amount_refunded": 5000, "payment_intent": "pi_unknown"}}}`
	if _, err := h.Store.RecordPayoutEvent(context.Background(), store.PaymentEvent{ID: id, Type: "charge.refunded",
		Payload: json.RawMessage(raw), ProviderAt: time.Unix(1900000000, 0).UTC()}, "", NewPayoutEventTask(id)); err != nil {
		t.Fatal(err)
	}
	payload, _ := json.Marshal(PayoutEventPayload{EventID: id})
	return asynq.NewTask(TypePayoutEvent, payload)
}

// eventOutcome reads a stored event's outcome; "" while it is not processed.
func eventOutcome(t *testing.T, h *Handler, id string) string {
	t.Helper()
	e, err := h.Store.GetPayoutEvent(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if e.ProcessedAt == nil {
		return ""
	}
	return e.Outcome
}

// advisoryLocks counts the advisory locks held in the test's database.
func advisoryLocks(t *testing.T, h *Handler) int {
	t.Helper()
	var n int
	if err := h.Store.SQL().Get(&n, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPayoutEvent_TwoConnections: a provider event's task run as the worker
// runs it (under its task lock) with a pool of two connections, its lock's
// and one for its work, as the worker sizes its pool per task: the lock
// that one run at a time applies the event with is waited for on the task
// lock's connection, so the work still gets the other, and the event is
// applied; no lock is left behind.
func TestPayoutEvent_TwoConnections(t *testing.T) {
	t.Parallel()
	h := setup(t).Handler
	task := storedRefundEvent(t, h, "evt_two_connections")
	h.Store.SQL().SetMaxOpenConns(2)
	run := h.lockTask(asynq.HandlerFunc(h.HandlePayoutEvent))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // a wait for a third connection fails here
	err := run.ProcessTask(ctx, task)
	cancel()
	if err != nil {
		t.Fatalf("event task with two connections: %v", err)
	}
	if got := eventOutcome(t, h, "evt_two_connections"); got != store.OutcomeUnknown {
		t.Fatalf("outcome %q, want %q", got, store.OutcomeUnknown)
	}
	if n := advisoryLocks(t, h); n != 0 {
		t.Fatalf("%d advisory locks left after the task", n)
	}
}

// TestPayoutEvent_WaitsForTheApplyingRun: while another session applies the
// event (holds its lock), the event's task waits on its lock's connection
// alone, applying nothing, and the pool keeps a connection for others; a
// wait cut short by the task's deadline fails the run and leaves neither its
// task lock nor the event's lock behind; once the other session is done the
// task applies the event once.
func TestPayoutEvent_WaitsForTheApplyingRun(t *testing.T) {
	t.Parallel()
	h := setup(t).Handler
	const id = "evt_waits"
	task := storedRefundEvent(t, h, id)
	run := h.lockTask(asynq.HandlerFunc(h.HandlePayoutEvent))
	ctx := context.Background()
	other, err := h.Store.WaitLock(ctx, "payout-event-apply-"+id)
	if err != nil {
		t.Fatal(err)
	}
	release := sync.OnceFunc(other.Release)
	defer release()

	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	err = run.ProcessTask(short, task)
	cancel()
	if err == nil || eventOutcome(t, h, id) != "" {
		t.Fatalf("a run cut short while the event was being applied: %v, outcome %q", err, eventOutcome(t, h, id))
	}
	// The run's session ends with its wait; Postgres frees its locks as it sees it go.
	for deadline := time.Now().Add(5 * time.Second); advisoryLocks(t, h) != 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d advisory locks held after the run cut short, want the other session's alone", advisoryLocks(t, h))
		}
	}

	h.Store.SQL().SetMaxOpenConns(3) // the other session's, and the task's two
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		done <- run.ProcessTask(ctx, task)
	}()
	time.Sleep(300 * time.Millisecond)
	var outcome *string
	rctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	err = h.Store.SQL().GetContext(rctx, &outcome, `SELECT outcome FROM payout_events WHERE id = $1 AND processed_at IS NOT NULL`, id)
	cancel()
	if !errors.Is(err, sql.ErrNoRows) {
		// Want no row (nothing applied) read on the third connection: the waiting task holds its lock's alone.
		t.Fatalf("reading the event while the task waits for its lock: %v, outcome %v", err, outcome)
	}
	select {
	case err := <-done:
		t.Fatalf("the run ended (%v) while another session held the event's lock", err)
	default:
	}
	release()
	if err := <-done; err != nil {
		t.Fatalf("run after the other session let go: %v", err)
	}
	if got := eventOutcome(t, h, id); got != store.OutcomeUnknown {
		t.Fatalf("outcome %q, want %q", got, store.OutcomeUnknown)
	}
	if n := advisoryLocks(t, h); n != 0 {
		t.Fatalf("%d advisory locks left after the task", n)
	}
}
