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
