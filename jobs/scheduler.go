package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
	"github.com/robfig/cron/v3"
)

// SchedulerLockID is the Postgres advisory lock of the leading scheduler
// (beside store's migration lock, 0x6372636f61636800). Advisory locks are
// per database: every scheduler of one deployment competes for this one.
const SchedulerLockID int64 = 0x6372636f61636801

// SchedulerAppName prefixes the application_name of the leader lock's
// connection: "creatorcoach-scheduler/<process id>/<host name>" (Postgres
// keeps its first 63 bytes), so that pg_stat_activity tells which
// scheduler leads (see docs/operations.md).
const SchedulerAppName = "creatorcoach-scheduler"

// Defaults of SchedulerDeps.
const (
	// DefaultLockInterval is how often a standby tries the leader lock and
	// the leader checks that it still holds it (SCHEDULER_LOCK_INTERVAL).
	DefaultLockInterval = 3 * time.Second
	// DefaultCatchUp is how far back a new leader enqueues the slots that
	// passed while no scheduler led.
	DefaultCatchUp = time.Hour
	// periodicRetention keeps a completed periodic task (its TaskID) in
	// Redis this long, so a slot enqueued again within the catch-up window
	// by a later leader is refused as a duplicate.
	periodicRetention = 24 * time.Hour
)

// lockConnSettings are the server-side TCP settings of the lock's
// connection: with its client gone silent (a network partition, a host
// that lost power), Postgres gives up on the session, and so releases the
// lock, after about tcp_keepalives_idle + count × interval = 5 + 3 × 2 =
// 11 s, or tcp_user_timeout = 10 s of unacknowledged data. A killed
// process's socket is closed by its kernel, which ends the session at once.
const lockConnSettings = "tcp_keepalives_idle=5&tcp_keepalives_interval=2&tcp_keepalives_count=3&tcp_user_timeout=10000"

// SchedulerDeps is what RunScheduler needs.
type SchedulerDeps struct {
	DatabaseURL string // the leader lock's database
	RedisOpt    asynq.RedisConnOpt
	Periodic    []PeriodicTask
	Log         *slog.Logger
	// LockInterval: how often a standby tries the lock and the leader checks
	// it; the check itself must answer within LockInterval. Default
	// DefaultLockInterval.
	LockInterval time.Duration
	// CatchUp: a new leader enqueues the slots of the last CatchUp (those
	// already enqueued are refused by their TaskID). Default DefaultCatchUp.
	CatchUp time.Duration
	Now     func() time.Time // clock; default time.Now
}

// Scheduler enqueues the periodic tasks while it holds the leader lock;
// any number of them may run, one leads (see RunScheduler).
type Scheduler struct {
	d        SchedulerDeps
	entries  []schedEntry
	client   *asynq.Client
	board    *entryBoard // the entries and enqueue history asynqmon shows
	leading  atomic.Bool
	enqueued atomic.Int64 // tasks this scheduler put into Redis (duplicates refused not counted)
	refused  atomic.Int64 // slots already in Redis when this scheduler enqueued them
}

// schedEntry is one periodic task and its schedule.
type schedEntry struct {
	PeriodicTask
	next func(time.Time) time.Time // the first slot after t
}

// NewScheduler checks the cron specs of d.Periodic.
func NewScheduler(d SchedulerDeps) (*Scheduler, error) {
	if d.LockInterval <= 0 {
		d.LockInterval = DefaultLockInterval
	}
	if d.CatchUp <= 0 {
		d.CatchUp = DefaultCatchUp
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	s := &Scheduler{d: d}
	for _, p := range d.Periodic {
		next, err := slotsOf(p.Cronspec)
		if err != nil {
			return nil, fmt.Errorf("periodic task %s: %w", p.Task.Type(), err)
		}
		s.entries = append(s.entries, schedEntry{PeriodicTask: p, next: next})
	}
	return s, nil
}

// slotsOf parses a standard cron spec (in UTC) or "@every <duration>" and
// returns its next-slot function. "@every d" slots are the multiples of d
// since the Unix epoch, not counted from a process's start, so every
// scheduler, whenever it started, computes the same slots.
func slotsOf(spec string) (func(time.Time) time.Time, error) {
	sched, err := cron.ParseStandard(spec)
	if err != nil {
		return nil, fmt.Errorf("cron spec %q: %w", spec, err)
	}
	switch s := sched.(type) {
	case cron.ConstantDelaySchedule:
		d := s.Delay
		return func(t time.Time) time.Time { return t.UTC().Truncate(d).Add(d) }, nil
	case *cron.SpecSchedule:
		if !strings.HasPrefix(spec, "TZ=") && !strings.HasPrefix(spec, "CRON_TZ=") {
			s.Location = time.UTC
		}
		return func(t time.Time) time.Time { return s.Next(t).UTC() }, nil
	}
	return sched.Next, nil
}

// PeriodicTaskID is the asynq TaskID of the run of a periodic task of type
// typ due at slot: two schedulers enqueueing the same slot make one task.
func PeriodicTaskID(typ string, slot time.Time) string {
	return typ + ":" + slot.UTC().Format(time.RFC3339)
}

// Leading reports whether this scheduler holds the leader lock now.
func (s *Scheduler) Leading() bool { return s.leading.Load() }

// Enqueued is how many tasks this scheduler has put into Redis.
func (s *Scheduler) Enqueued() int64 { return s.enqueued.Load() }

// Refused is how many slots this scheduler found already enqueued (by
// itself before a restart or by another leader).
func (s *Scheduler) Refused() int64 { return s.refused.Load() }

// RunScheduler runs a Scheduler of d until ctx ends.
func RunScheduler(ctx context.Context, d SchedulerDeps) error {
	s, err := NewScheduler(d)
	if err != nil {
		return err
	}
	return s.Run(ctx)
}

// Run competes for the leader lock until ctx ends: a standby tries it every
// LockInterval; the leader enqueues each periodic task at its slots and
// checks the lock every LockInterval. A lost lock (its connection closed,
// Postgres restarted, a check that fails or does not answer within
// LockInterval) stops the enqueueing at once; the scheduler then competes
// again like a standby.
func (s *Scheduler) Run(ctx context.Context) error {
	s.client = asynq.NewClient(s.d.RedisOpt)
	defer s.client.Close()
	s.board = newEntryBoard(s.d.RedisOpt, 4*s.d.LockInterval)
	defer s.board.close()
	pool, err := sql.Open("postgres", lockURL(s.d.DatabaseURL))
	if err != nil {
		return fmt.Errorf("leader lock: %w", err)
	}
	defer pool.Close()
	pool.SetMaxIdleConns(0) // a released connection is closed: its session, and any lock, ends
	log := s.d.Log
	state := "" // the last state logged: "", "standby", "no-database"
	for {
		held, conn, err := s.tryLock(ctx, pool)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			if state != "no-database" {
				log.Warn("scheduler: cannot reach Postgres for the leader lock; retrying", "every", s.d.LockInterval, "err", err)
				state = "no-database"
			}
		case !held:
			if state != "standby" {
				log.Info("scheduler: standing by: another scheduler holds the leader lock", "retry_every", s.d.LockInterval)
				state = "standby"
			}
		default:
			state = ""
			s.lead(ctx, conn)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(s.d.LockInterval):
		}
	}
}

// lockURL is url with the lock connection's application_name and TCP settings.
func lockURL(url string) string {
	host, _ := os.Hostname()
	settings := lockConnSettings + "&application_name=" + fmt.Sprintf("%s/%d/%s", SchedulerAppName, os.Getpid(), host)
	if strings.Contains(url, "://") {
		sep := "?"
		if strings.Contains(url, "?") {
			sep = "&"
		}
		return url + sep + settings
	}
	return url + " " + strings.ReplaceAll(settings, "&", " ")
}

// tryLock takes a connection of its own and tries the leader lock on it;
// held = true hands the connection (holding the lock) to the caller.
func (s *Scheduler) tryLock(ctx context.Context, pool *sql.DB) (held bool, conn *sql.Conn, err error) {
	cctx, cancel := context.WithTimeout(ctx, s.d.LockInterval)
	defer cancel()
	conn, err = pool.Conn(cctx)
	if err != nil {
		return false, nil, err
	}
	if err = conn.QueryRowContext(cctx, `SELECT pg_try_advisory_lock($1)`, SchedulerLockID).Scan(&held); err != nil || !held {
		conn.Close()
		return false, nil, err
	}
	return true, conn, nil
}

// lead enqueues the periodic tasks while conn holds the leader lock, then
// closes conn (releasing the lock if the session still lives).
func (s *Scheduler) lead(ctx context.Context, conn *sql.Conn) {
	log := s.d.Log
	term, stop := context.WithCancelCause(ctx)
	s.leading.Store(true)
	log.Info("scheduler: leading: took the leader lock", "catch_up", s.d.CatchUp)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.tick(term)
	}()
	s.keep(term, stop, conn)
	// Stop enqueueing before anything else: the lock may be another's already.
	s.leading.Store(false)
	<-done
	cause := context.Cause(term)
	go conn.Close() // a connection cut off by a partition may block a while; nothing waits for it
	if ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		s.board.clear(cctx)
		cancel()
		log.Info("scheduler: shutting down; leader lock released")
		return
	}
	log.Warn("scheduler: lost the leader lock; stopped enqueueing, competing again", "cause", cause)
}

// errLockLost is the cause of a leadership term's end when the check fails.
var errLockLost = errors.New("leader lock lost")

// keep checks every LockInterval that conn's session still holds the lock
// and returns (having cancelled term) when it does not, when a check does
// not answer within LockInterval, or when term ends.
func (s *Scheduler) keep(term context.Context, stop context.CancelCauseFunc, conn *sql.Conn) {
	every := s.d.LockInterval
	for {
		select {
		case <-term.Done():
			return
		case <-time.After(every):
		}
		answer := make(chan error, 1)
		cctx, cancel := context.WithTimeout(term, every)
		go func() {
			var held bool
			err := conn.QueryRowContext(cctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
				AND pid = pg_backend_pid() AND granted AND classid = ($1::bigint >> 32)::oid
				AND objid = ($1::bigint & 4294967295)::oid AND objsubid = 1)`, SchedulerLockID).Scan(&held)
			if err == nil && !held {
				err = errLockLost
			}
			answer <- err
		}()
		var err error
		select {
		case err = <-answer:
		case <-cctx.Done():
			err = fmt.Errorf("the lock check did not answer within %s", every)
		}
		cancel()
		if term.Err() != nil {
			return
		}
		if err != nil {
			stop(fmt.Errorf("%w: %v", errLockLost, err))
			return
		}
		s.publish(term)
	}
}

// publish writes the entries for asynqmon (a heartbeat: they expire unless
// the leader writes them again).
func (s *Scheduler) publish(ctx context.Context) {
	cctx, cancel := context.WithTimeout(ctx, s.d.LockInterval)
	defer cancel()
	if err := s.board.publish(cctx, s.entries, s.d.Now()); err != nil && ctx.Err() == nil {
		s.d.Log.Debug("scheduler: cannot publish the periodic tasks for asynqmon", "err", err)
	}
}

// tick enqueues every slot of every periodic task as it comes, beginning
// with those of the last CatchUp, until term ends. A slot that cannot be
// enqueued (Redis unreachable) is tried again every second while it is
// within the catch-up window.
func (s *Scheduler) tick(term context.Context) {
	now := s.d.Now()
	last := make([]time.Time, len(s.entries)) // per entry: the last slot enqueued (or given up)
	for i := range last {
		last[i] = now.Add(-s.d.CatchUp)
	}
	failing := false
	for {
		now = s.d.Now()
		wake := now.Add(time.Hour)
		failed := false
		for i, e := range s.entries {
			if from := now.Add(-s.d.CatchUp); last[i].Before(from) {
				if e.next(last[i]).Before(from) { // Redis was out longer than the window
					s.d.Log.Warn("scheduler: periodic runs older than the catch-up window are skipped", "type", e.Task.Type(),
						"after", last[i], "before", from)
				}
				last[i] = from
			}
			for slot := e.next(last[i]); !slot.After(now); slot = e.next(last[i]) {
				if term.Err() != nil {
					return
				}
				if err := s.enqueue(term, e, slot); err != nil {
					if term.Err() == nil && !failing {
						s.d.Log.Error("scheduler: cannot enqueue a periodic task; retrying every second", "type", e.Task.Type(), "slot", slot, "err", err)
					}
					failed = true
					break
				}
				last[i] = slot
			}
			if n := e.next(last[i]); n.Before(wake) {
				wake = n
			}
		}
		s.publish(term)
		if failed {
			wake = now.Add(time.Second)
		} else if failing {
			s.d.Log.Info("scheduler: enqueueing periodic tasks again")
		}
		failing = failed
		select {
		case <-term.Done():
			return
		case <-time.After(wake.Sub(s.d.Now())):
		}
	}
}

// enqueue puts the run of e due at slot into Redis; one already there
// (enqueued by this or another leader) is not an error.
func (s *Scheduler) enqueue(ctx context.Context, e schedEntry, slot time.Time) error {
	id := PeriodicTaskID(e.Task.Type(), slot)
	opts := append(append([]asynq.Option{}, e.Opts...), asynq.TaskID(id), asynq.Retention(periodicRetention))
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := s.client.EnqueueContext(cctx, e.Task, opts...)
	switch {
	case err == nil:
		s.enqueued.Add(1)
		s.d.Log.Info("periodic task enqueued", "type", e.Task.Type(), "task_id", id)
		s.board.done(e.Task.Type(), slot)
		if err := s.board.record(cctx, e.Task.Type(), id, s.d.Now()); err != nil {
			s.d.Log.Debug("scheduler: cannot record the enqueue for asynqmon", "type", e.Task.Type(), "err", err)
		}
		return nil
	case errors.Is(err, asynq.ErrTaskIDConflict), errors.Is(err, asynq.ErrDuplicateTask):
		s.refused.Add(1)
		s.board.done(e.Task.Type(), slot)
		return nil
	}
	return err
}
