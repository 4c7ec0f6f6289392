package main

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
)

// schedulerEvery is the suite's SOCIAL_SYNC_INTERVAL: the social tick's
// slots are the minutes, so a take-over can be made to straddle one.
const schedulerEvery = time.Minute

// leaderPID is the process id of the scheduler holding the leader lock (0:
// none), from the application_name of the lock's session.
func (s *suite) leaderPID(ctx context.Context) int {
	var name string
	err := s.db.QueryRowContext(ctx, `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
		WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ($1::bigint >> 32)::oid
		AND l.objid = ($1::bigint & 4294967295)::oid AND l.objsubid = 1`, jobs.SchedulerLockID).Scan(&name)
	if err != nil {
		return 0
	}
	f := strings.Split(name, "/") // creatorcoach-scheduler/<pid>/<host>
	if len(f) < 2 {
		return 0
	}
	pid, _ := strconv.Atoi(f[1])
	return pid
}

// schedulerTakeOver runs two schedulers, kills the leader with SIGKILL two
// seconds before a slot of the social tick (so the slot falls while none
// leads), measures the seconds until the standby holds the leader lock
// (target <= 30 s), starts a new standby, and checks that every social tick
// slot since the suite began is in Redis exactly once: none lost across the
// switch (nor across the Redis and Postgres scenarios), none doubled.
func (s *suite) schedulerTakeOver(ctx context.Context) error {
	standby, err := s.start(fmt.Sprintf("scheduler-%d", len(s.schedulers())+1))
	if err != nil {
		return err
	}
	var leader *proc
	if !waitFor(ctx, 30*time.Second, func() bool {
		leader = nil
		for _, p := range s.schedulers() {
			if p.alive() && p.cmd.Process.Pid == s.leaderPID(ctx) {
				leader = p
			}
		}
		return leader != nil
	}) {
		return fmt.Errorf("no scheduler holds the leader lock (see %s/scheduler*.log)", s.dir)
	}
	if leader == standby { // the first one is the leader in every run but the odd one
		standby = s.scheduler
	}
	next := time.Now().Truncate(schedulerEvery).Add(schedulerEvery)
	if time.Until(next) < 5*time.Second {
		next = next.Add(schedulerEvery)
	}
	logf("scheduler: %s leads; killing it at %s, 2 s before the slot %s", leader.name, next.Add(-2*time.Second).Format(time.TimeOnly), next.Format(time.TimeOnly))
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Until(next.Add(-2 * time.Second))):
	}
	leader.kill()
	killed := time.Now()
	tookOver := waitFor(ctx, 40*time.Second, func() bool { return s.leaderPID(ctx) == standby.cmd.Process.Pid })
	took := time.Since(killed)
	s.scheduler = standby
	if _, err := s.start(fmt.Sprintf("scheduler-%d", len(s.schedulers())+1)); err != nil { // the next standby
		return err
	}
	s.check(tookOver && took <= 30*time.Second, "scheduler: the standby took over %.1f s after the leader was killed with SIGKILL (target <= 30 s)", took.Seconds())

	// Every minute slot of the social tick from the first to the last is
	// in Redis once; the one that passed while none led is there too.
	time.Sleep(time.Until(next.Add(5 * time.Second)))
	perSlot, err := s.tickSlots()
	if err != nil {
		return err
	}
	var slots []int64
	for k := range perSlot {
		slots = append(slots, k)
	}
	sort.Slice(slots, func(i, j int) bool { return slots[i] < slots[j] })
	var missing, doubled []string
	if len(slots) > 0 {
		for k := slots[0]; k <= slots[len(slots)-1]; k += int64(schedulerEvery / time.Second) {
			switch n := perSlot[k]; {
			case n == 0:
				missing = append(missing, time.Unix(k, 0).UTC().Format(time.TimeOnly))
			case n > 1:
				doubled = append(doubled, time.Unix(k, 0).UTC().Format(time.TimeOnly))
			}
		}
	}
	straddled := perSlot[next.Unix()] == 1
	span := ""
	if len(slots) > 0 {
		span = time.Unix(slots[0], 0).UTC().Format(time.TimeOnly) + ".." + time.Unix(slots[len(slots)-1], 0).UTC().Format(time.TimeOnly)
	}
	s.check(len(slots) > 1 && straddled && len(missing) == 0 && len(doubled) == 0,
		"scheduler: %d social-tick slots %s each enqueued once (the one due while none led: %v); missing %v, doubled %v",
		len(slots), span, straddled, missing, doubled)
	return nil
}

// schedulers are the scheduler processes started so far.
func (s *suite) schedulers() []*proc {
	var out []*proc
	for _, p := range s.procs {
		if strings.HasPrefix(p.name, "scheduler") {
			out = append(out, p)
		}
	}
	return out
}

// tickSlots counts the social tick's tasks in Redis, in any state, by the
// minute of the slot in their TaskID.
func (s *suite) tickSlots() (map[int64]int, error) {
	list := []func(string, ...asynq.ListOption) ([]*asynq.TaskInfo, error){s.insp.ListPendingTasks, s.insp.ListActiveTasks,
		s.insp.ListScheduledTasks, s.insp.ListRetryTasks, s.insp.ListArchivedTasks, s.insp.ListCompletedTasks}
	out := map[int64]int{}
	for _, l := range list {
		for page := 1; ; page++ {
			tasks, err := l(jobs.QueueLow, asynq.PageSize(500), asynq.Page(page))
			if err != nil {
				return nil, err
			}
			for _, t := range tasks {
				slot, ok := strings.CutPrefix(t.ID, jobs.TypeSocialTick+":")
				if !ok || strings.HasSuffix(slot, ":recovered") {
					// A ":recovered" copy is a worker's orphan scanner's copy of a run whose lease ran out (its
					// worker lost, e.g. across the Sentinel failover before), not a second enqueue by a scheduler:
					// the task lock lets one of them run.
					continue
				}
				at, err := time.Parse(time.RFC3339, slot)
				if err != nil {
					return nil, fmt.Errorf("social tick task id %s: %w", t.ID, err)
				}
				out[at.Truncate(schedulerEvery).Unix()]++
			}
			if len(tasks) < 500 {
				break
			}
		}
	}
	return out, nil
}
