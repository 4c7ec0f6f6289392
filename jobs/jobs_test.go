package jobs

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hibiken/asynq"
)

// TestTaskTypes: every registered task type names a worker queue, has its
// own name, a handler, a timeout and retries, and the relay applies them.
func TestTaskTypes(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, tt := range taskTypes {
		if seen[tt.Name] {
			t.Errorf("%s registered twice", tt.Name)
		}
		seen[tt.Name] = true
		if !slices.Contains(allQueues(), tt.Queue) {
			t.Errorf("%s: queue %q is not served by the worker", tt.Name, tt.Queue)
		}
		if tt.Handle == nil || tt.Timeout <= 0 || tt.MaxRetry <= 0 {
			t.Errorf("%s: handler %v, timeout %v, retries %d", tt.Name, tt.Handle != nil, tt.Timeout, tt.MaxRetry)
		}
		if got := len(taskOptions(tt.Name)); got != 3 {
			t.Errorf("%s: %d relay options, want 3 (queue, retries, timeout)", tt.Name, got)
		}
	}
	if got := taskOptions("test:unknown"); got != nil {
		t.Errorf("unknown type options = %v, want none", got)
	}
	if userPurge.Timeout != 10*time.Minute || creatorImport.MaxRetry != 5 || userSendOTP.Queue != QueueCritical {
		t.Errorf("options changed: user purge %v, roster retries %d, otp queue %s", userPurge.Timeout, creatorImport.MaxRetry, userSendOTP.Queue)
	}
}

// TestLockTask_MailsGoUnlocked: a mail task or an analytics sync runs even
// while its task lock is held (they take no lock), while a job's task finds the lock held and is
// done without running.
func TestLockTask_MailsGoUnlocked(t *testing.T) {
	t.Parallel()
	h := setup(t).Handler
	ctx := context.Background()
	ran := map[string]int{}
	handler := h.lockTask(asynq.HandlerFunc(func(_ context.Context, t *asynq.Task) error { ran[t.Type()]++; return nil }))
	for _, tt := range taskTypes {
		// Outside asynq a task has no id, so its lock key is its type and "/".
		lock, err := h.Store.LockTask(ctx, tt.Name+"/")
		if err != nil || lock == nil {
			t.Fatalf("%s: lock %v, %v", tt.Name, lock, err)
		}
		if err := handler.ProcessTask(ctx, asynq.NewTask(tt.Name, []byte(`{}`))); err != nil {
			t.Fatal(err)
		}
		lock.Release()
	}
	for _, name := range []string{TypeUserSendOTP, TypeTeamSendInvite, TypeUserSendSignupNotice, TypeBillingMail, TypeSocialSync} {
		if ran[name] != 1 {
			t.Errorf("%s ran %d times under a held lock, want 1", name, ran[name])
		}
	}
	for _, name := range []string{TypeCreatorImport, TypeRosterGenerate, TypeCoachReply, TypeBillingEvent, TypeUserPurge} {
		if ran[name] != 0 {
			t.Errorf("%s ran %d times under a held lock, want 0", name, ran[name])
		}
	}
}

// TestTaskTypes_FormerNames: every task type renamed since keeps its
// former name for one release: the worker's mux routes a task queued under
// it to the same handler, and the relay gives it the type's options.
func TestTaskTypes_FormerNames(t *testing.T) {
	t.Parallel()
	renamed := map[string]string{"otp:mail": TypeUserSendOTP, "register:notice": TypeUserSendSignupNotice,
		"invite:mail": TypeTeamSendInvite, "files:purge": TypeFilePurge, "roster:parse": TypeCreatorImport,
		"analytics:sync": TypeSocialSync, "analytics:tick": TypeSocialTick, "payments:event": TypeBillingEvent,
		"subscriptions:expire": TypeBillingExpire}
	h := setup(t).Handler
	mux := asynq.NewServeMux()
	h.Register(mux)
	for former, name := range renamed {
		tt, ok := taskType(former)
		if !ok || tt.Name != name {
			t.Errorf("%s: task type %q (%v), want %q", former, tt.Name, ok, name)
		}
		if _, pattern := mux.Handler(asynq.NewTask(former, nil)); pattern != former {
			t.Errorf("%s: the worker does not serve it (pattern %q)", former, pattern)
		}
		if got := len(taskOptions(former)); got != 3 {
			t.Errorf("%s: %d relay options, want 3", former, got)
		}
	}
	// A purge queued under its former name runs and records a job of the kind now.
	if err := mux.ProcessTask(context.Background(), asynq.NewTask("files:purge", nil)); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, h.Store, `SELECT count(*) FROM jobs WHERE kind = 'file_purge' AND status = 'succeeded'`); n != 1 {
		t.Errorf("%d file purges recorded, want 1", n)
	}
}
