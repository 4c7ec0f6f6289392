package jobs

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"
)

func TestScheduler_SlotsAreUTCAndEpochAligned(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 5, 10, 41, 7, 0, time.FixedZone("X", 3600))
	for _, c := range []struct {
		spec string
		want time.Time
	}{
		{"@every 6h", time.Date(2026, 3, 5, 12, 0, 0, 0, time.UTC)},
		{"@every 1m", time.Date(2026, 3, 5, 9, 42, 0, 0, time.UTC)},
		{"17 3 * * *", time.Date(2026, 3, 6, 3, 17, 0, 0, time.UTC)},
		{"17 * * * *", time.Date(2026, 3, 5, 10, 17, 0, 0, time.UTC)},
	} {
		next, err := slotsOf(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := next(at); !got.Equal(c.want) {
			t.Errorf("%s after %s: %s, want %s", c.spec, at, got, c.want)
		}
	}
	if _, err := slotsOf("every day"); err == nil {
		t.Error("a bad cron spec was accepted")
	}
	for _, p := range append(Periodic(), SocialTickPeriodic(6*time.Hour)) {
		if _, err := slotsOf(p.Cronspec); err != nil {
			t.Errorf("%s: %v", p.Task.Type(), err)
		}
	}
}

// TestScheduler_TakeOverNoRunLostOrDoubled runs two schedulers on one
// database and Redis, with periodic tasks every second and every two
// seconds: the leader's lock connection is closed from the server (as a
// Postgres restart or a partition would), then the leader of the next term
// is stopped. Each time the other takes over within a few lock intervals,
// and every slot from the first to the last is in Redis exactly once.
func TestScheduler_TakeOverNoRunLostOrDoubled(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ropt, _ := e.redis()
	const queue = "sched_test"
	periodic := []PeriodicTask{
		{Cronspec: "@every 1s", Task: asynq.NewTask("test:every1s", nil), Opts: []asynq.Option{asynq.Queue(queue)}},
		{Cronspec: "@every 2s", Task: asynq.NewTask("test:every2s", nil), Opts: []asynq.Option{asynq.Queue(queue)}},
	}
	const interval = 500 * time.Millisecond
	newSched := func() (*Scheduler, context.CancelFunc, *sync.WaitGroup) {
		s, err := NewScheduler(SchedulerDeps{DatabaseURL: e.DBURL, RedisOpt: ropt, Periodic: periodic, Log: quietLog(),
			LockInterval: interval, CatchUp: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Run(ctx); err != nil {
				t.Error(err)
			}
		}()
		return s, cancel, &wg
	}
	waitUntil := func(limit time.Duration, cond func() bool) (time.Duration, bool) {
		start := time.Now()
		for time.Since(start) < limit {
			if cond() {
				return time.Since(start), true
			}
			time.Sleep(20 * time.Millisecond)
		}
		return time.Since(start), cond()
	}
	a, stopA, wgA := newSched()
	defer func() { stopA(); wgA.Wait() }()
	if _, ok := waitUntil(5*time.Second, a.Leading); !ok {
		t.Fatal("the first scheduler never took the leader lock")
	}
	b, stopB, wgB := newSched()
	defer func() { stopB(); wgB.Wait() }()
	time.Sleep(2500 * time.Millisecond)
	if b.Leading() {
		t.Fatal("two schedulers lead at once")
	}

	// The leader's lock connection is closed by the server: it stops at once.
	pg, err := sql.Open("postgres", e.DBURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	var killed bool
	if err := pg.QueryRow(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
		AND classid = ($1::bigint >> 32)::oid AND objid = ($1::bigint & 4294967295)::oid AND objsubid = 1`, SchedulerLockID).Scan(&killed); err != nil || !killed {
		t.Fatalf("terminate the leader's lock connection: %v %v", killed, err)
	}
	if took, ok := waitUntil(3*interval, func() bool { return !a.Leading() }); !ok {
		t.Fatalf("the leader still leads %s after its lock connection was closed", took)
	} else {
		t.Logf("the leader stopped %s after its lock connection was closed", took)
	}
	took, ok := waitUntil(4*interval, func() bool { return a.Leading() || b.Leading() })
	if !ok {
		t.Fatal("no scheduler took the lock again")
	}
	t.Logf("a leader again %s later", took)
	time.Sleep(1500 * time.Millisecond)

	// The leader of this term stops; the other takes over.
	leader, other, stop := a, b, stopA
	if b.Leading() {
		leader, other, stop = b, a, stopB
	}
	if leader.Leading() == other.Leading() {
		t.Fatal("not exactly one leader")
	}
	stop()
	took, ok = waitUntil(4*interval, other.Leading)
	if !ok {
		t.Fatal("the standby never took over")
	}
	t.Logf("the standby took over %s after the leader stopped", took)
	time.Sleep(2500 * time.Millisecond)
	end := time.Now()
	stopA()
	stopB()
	wgA.Wait()
	wgB.Wait()

	insp := asynq.NewInspector(ropt)
	defer insp.Close()
	tasks, err := insp.ListPendingTasks(queue, asynq.PageSize(1000))
	if err != nil {
		t.Fatal(err)
	}
	if a.Enqueued()+b.Enqueued() != int64(len(tasks)) {
		t.Errorf("the schedulers enqueued %d + %d tasks, Redis holds %d", a.Enqueued(), b.Enqueued(), len(tasks))
	}
	if a.Enqueued() == 0 || b.Enqueued() == 0 || a.Refused()+b.Refused() == 0 {
		t.Errorf("both schedulers enqueue and a new leader's catch-up meets slots already enqueued: enqueued %d and %d, refused %d and %d",
			a.Enqueued(), b.Enqueued(), a.Refused(), b.Refused())
	}
	for _, p := range periodic {
		every := map[string]time.Duration{"test:every1s": time.Second, "test:every2s": 2 * time.Second}[p.Task.Type()]
		perBucket := map[int64]int{}
		for _, ti := range tasks {
			slot, ok := strings.CutPrefix(ti.ID, p.Task.Type()+":")
			if !ok || ti.Type != p.Task.Type() {
				continue
			}
			at, err := time.Parse(time.RFC3339, slot)
			if err != nil {
				t.Fatalf("task id %s: %v", ti.ID, err)
			}
			perBucket[at.Truncate(every).Unix()]++
		}
		var buckets []int64
		for k := range perBucket {
			buckets = append(buckets, k)
		}
		sort.Slice(buckets, func(i, j int) bool { return buckets[i] < buckets[j] })
		if len(buckets) < int(8*time.Second/every) {
			t.Fatalf("%s: only %d slots enqueued", p.Task.Type(), len(buckets))
		}
		first, last := buckets[0], buckets[len(buckets)-1]
		if gap := end.Sub(time.Unix(last, 0)); gap > every+time.Second {
			t.Errorf("%s: the last slot enqueued is %s before the end", p.Task.Type(), gap)
		}
		var missing, doubled []string
		for k := first; k <= last; k += int64(every / time.Second) {
			switch n := perBucket[k]; {
			case n == 0:
				missing = append(missing, time.Unix(k, 0).UTC().Format(time.TimeOnly))
			case n > 1:
				doubled = append(doubled, time.Unix(k, 0).UTC().Format(time.TimeOnly))
			}
		}
		if len(missing) > 0 || len(doubled) > 0 || len(perBucket) != int((last-first)/int64(every/time.Second))+1 {
			t.Errorf("%s: slots %s..%s: missing %v, doubled %v", p.Task.Type(), time.Unix(first, 0).UTC().Format(time.TimeOnly),
				time.Unix(last, 0).UTC().Format(time.TimeOnly), missing, doubled)
		} else {
			t.Logf("%s: %d slots %s..%s, each once", p.Task.Type(), len(buckets), time.Unix(first, 0).UTC().Format(time.TimeOnly),
				time.Unix(last, 0).UTC().Format(time.TimeOnly))
		}
	}
}

// TestScheduler_LockConnectionSettings: the lock's session tells Postgres to
// give up on a silent client within seconds (the take-over bound of a
// partition) and names the scheduler in pg_stat_activity.
func TestScheduler_LockConnectionSettings(t *testing.T) {
	t.Parallel()
	e := setup(t)
	db, err := sql.Open("postgres", lockURL(e.DBURL))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var idle, interval, count, userTimeout, app string
	if err := db.QueryRow(`SELECT current_setting('tcp_keepalives_idle'), current_setting('tcp_keepalives_interval'),
		current_setting('tcp_keepalives_count'), current_setting('tcp_user_timeout'), current_setting('application_name')`).
		Scan(&idle, &interval, &count, &userTimeout, &app); err != nil {
		t.Fatal(err)
	}
	if idle != "5" || interval != "2" || count != "3" || userTimeout != "10000" || !strings.HasPrefix(app, SchedulerAppName+"/") {
		t.Fatalf("lock session: keepalives idle %s interval %s count %s, tcp_user_timeout %s, application_name %q", idle, interval, count, userTimeout, app)
	}
}

// TestScheduler_EntriesForAsynqmon: the leader publishes every periodic task
// where asynqmon's Schedulers tab reads it (asynq.Inspector): its type,
// spec, options, next and previous run, and the history of its enqueues;
// a leader that stops takes its entries down, and the next leader publishes
// them again and carries on the same history.
func TestScheduler_EntriesForAsynqmon(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ropt, _ := e.redis()
	const queue = "sched_entries"
	periodic := []PeriodicTask{
		{Cronspec: "@every 1s", Task: asynq.NewTask("test:entry1s", []byte(`{"a":1}`)), Opts: []asynq.Option{asynq.Queue(queue)}},
		{Cronspec: "17 3 * * *", Task: asynq.NewTask("test:entrydaily", nil), Opts: []asynq.Option{asynq.Queue(queue)}},
	}
	insp := asynq.NewInspector(ropt)
	defer insp.Close()
	run := func() (context.CancelFunc, *sync.WaitGroup) {
		s, err := NewScheduler(SchedulerDeps{DatabaseURL: e.DBURL, RedisOpt: ropt, Periodic: periodic, Log: quietLog(),
			LockInterval: 300 * time.Millisecond, CatchUp: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); _ = s.Run(ctx) }()
		return cancel, &wg
	}
	entries := func() map[string]*asynq.SchedulerEntry {
		list, err := insp.SchedulerEntries()
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]*asynq.SchedulerEntry{}
		for _, en := range list {
			m[en.Task.Type()] = en
		}
		return m
	}
	history := func() []*asynq.SchedulerEnqueueEvent {
		ev, err := insp.ListSchedulerEnqueueEvents("test:entry1s", asynq.PageSize(100))
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("within 10 s: %s", what)
			}
		}
	}

	stop, wg := run()
	waitFor("two enqueues of the 1 s task recorded", func() bool { return len(history()) >= 2 })
	start := time.Now()
	got := entries()
	if len(got) != 2 {
		t.Fatalf("entries: %v", got)
	}
	every := got["test:entry1s"]
	if every.ID != "test:entry1s" || every.Spec != "@every 1s" || string(every.Task.Payload()) != `{"a":1}` ||
		len(every.Opts) != 1 || every.Opts[0].String() != asynq.Queue(queue).String() {
		t.Fatalf("entry: %+v", every)
	}
	if every.Prev.IsZero() || every.Next.Before(every.Prev) || every.Next.After(start.Add(2*time.Second)) {
		t.Fatalf("1 s entry: prev %s next %s (now %s)", every.Prev, every.Next, start)
	}
	daily := got["test:entrydaily"]
	if daily.Spec != "17 3 * * *" || !daily.Prev.IsZero() || daily.Next.Hour() != 3 || daily.Next.Minute() != 17 || !daily.Next.After(start) {
		t.Fatalf("daily entry: prev %s next %s", daily.Prev, daily.Next)
	}
	first := history()
	for _, ev := range first {
		if !strings.HasPrefix(ev.TaskID, "test:entry1s:") {
			t.Fatalf("event task id %q", ev.TaskID)
		}
	}

	stop()
	wg.Wait()
	if n := len(entries()); n != 0 {
		t.Fatalf("a stopped leader still lists %d entries", n)
	}
	stop, wg = run()
	defer func() { stop(); wg.Wait() }()
	waitFor("the next leader's entries and enqueues", func() bool { return len(entries()) == 2 && len(history()) > len(first) })
	seen := map[string]bool{}
	for _, ev := range history() {
		if seen[ev.TaskID] {
			t.Fatalf("task %s twice in the history", ev.TaskID)
		}
		seen[ev.TaskID] = true
	}
	for _, ev := range first {
		if !seen[ev.TaskID] {
			t.Fatalf("the next leader lost %s from the history", ev.TaskID)
		}
	}
}
