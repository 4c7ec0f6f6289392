package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/rosterfile"
	"creatorcoach/jobs/rosterfile/rosterfilegen"
)

// rosterCSV is n generated creators as CSV with five columns (about 70
// bytes a row, so 100,000 rows stay under the 10 MB upload limit).
func rosterCSV(n int) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	fields := []rosterfile.Field{rosterfile.FieldName, rosterfile.FieldEmail, rosterfile.FieldNiche, rosterfile.FieldInstagram, rosterfile.FieldInstagramFollowers}
	rec := make([]string, len(fields))
	for i, f := range fields {
		rec[i] = rosterfile.Headers[f]
	}
	_ = w.Write(rec)
	for i := 0; i < n; i++ {
		row := rosterfilegen.Row(i)
		for j, f := range fields {
			rec[j] = row[f]
		}
		_ = w.Write(rec)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// pickedUp reports whether another worker has taken the killed import's
// task: its copy (see jobs/recover.go) or the original's retry is active or
// done.
func (s *suite) pickedUp(id string) bool {
	for _, taskID := range []string{jobs.TypeCreatorImport + ":" + id + ":recovered", jobs.TypeCreatorImport + ":" + id} {
		info, err := s.insp.GetTaskInfo(jobs.QueueCreatorImport, taskID)
		if err == nil && (info.State == asynq.TaskStateCompleted || (info.State == asynq.TaskStateActive && !info.IsOrphaned && info.Retried > 0) ||
			(info.State == asynq.TaskStateActive && strings.HasSuffix(taskID, ":recovered"))) {
			return true
		}
	}
	return false
}

// emptyNetwork removes every creator, so an import's counts start from zero.
func (s *suite) emptyNetwork(ctx context.Context) error {
	return truncateCreators(ctx, s.db)
}

// truncateCreators empties the network (TRUNCATE creators CASCADE). Its
// exclusive locks, taken table by table, may meet a periodic task's
// statement holding one of those tables and waiting for another: Postgres
// then ends one of the two as a deadlock, and the truncate is tried again.
func truncateCreators(ctx context.Context, db *sql.DB) error {
	var err error
	for try := 0; try < 5; try++ {
		if _, err = db.ExecContext(ctx, `TRUNCATE creators CASCADE`); err == nil {
			return nil
		}
		var pqErr *pq.Error
		if !errors.As(err, &pqErr) || pqErr.Code != "40P01" { // deadlock_detected
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// exact checks an import job against the file's n rows and the table.
func (s *suite) exact(ctx context.Context, j job, n int) (bool, string) {
	var creators int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM creators`).Scan(&creators); err != nil {
		return false, err.Error()
	}
	num := func(k string) int { f, _ := j.Result[k].(float64); return int(f) }
	ok := j.Status == "succeeded" && j.Processed == n && j.Failed == 0 && creators == n && num("rows") == n &&
		num("imported") == n && num("created") == n && num("updated") == 0 && num("unchanged") == 0
	return ok, fmt.Sprintf("status %s, %d creators, processed %d, failed %d, result rows %d created %d updated %d unchanged %d",
		j.Status, creators, j.Processed, j.Failed, num("rows"), num("created"), num("updated"), num("unchanged"))
}

// workerKill imports -kill-rows rows, kills the worker with SIGKILL once a
// part is saved, starts another worker at once and measures the time from
// the kill until the import is done and exact. Repeated -runs times.
func (s *suite) workerKill(ctx context.Context) error {
	data, err := rosterCSV(*killRows)
	if err != nil {
		return err
	}
	var times []float64
	exactRuns := 0
	for run := 1; run <= *runs; run++ {
		if err := s.onlyWorkers(1); err != nil {
			return err
		}
		if err := s.emptyNetwork(ctx); err != nil {
			return err
		}
		id, err := s.c.upload("roster.csv", data)
		if err != nil {
			return err
		}
		if _, ok := s.c.waitJob(ctx, id, time.Minute, func(j job) bool { return j.Processed >= *killRows/5 || finished(j) }); !ok {
			return fmt.Errorf("run %d: the import never got going", run)
		}
		victim := s.liveWorkers()[0]
		victim.kill()
		killed := time.Now()
		before, _ := s.c.job(id)
		if _, err := s.startWorker(); err != nil {
			return err
		}
		pickedOK := waitFor(ctx, 2*time.Minute, func() bool { return s.pickedUp(id) })
		pickedAt := time.Since(killed)
		j, done := s.c.waitJob(ctx, id, 3*time.Minute, finished)
		took := time.Since(killed)
		ok, detail := s.exact(ctx, j, *killRows)
		if ok {
			exactRuns++
			times = append(times, took.Seconds())
		}
		s.check(done && ok && pickedOK && pickedAt <= 40*time.Second,
			"kill run %d: killed at %d of %d rows; picked up %.1f s after the kill (target <= 40 s), exact %.1f s after: %s",
			run, before.Processed, *killRows, pickedAt.Seconds(), took.Seconds(), detail)
	}
	sort.Float64s(times)
	median := 0.0
	if len(times) > 0 {
		median = times[len(times)/2]
		if len(times)%2 == 0 {
			median = (times[len(times)/2-1] + times[len(times)/2]) / 2
		}
	}
	s.check(exactRuns == *runs, "kill: %d of %d runs ended exact; median kill-to-exact %.1f s", exactRuns, *runs, median)
	return nil
}

// twoWorkers runs a -two-rows import and -two-mails sign-ups (one OTP mail
// each) on two worker processes at once.
func (s *suite) twoWorkers(ctx context.Context) error {
	if err := s.onlyWorkers(2); err != nil {
		return err
	}
	if err := s.emptyNetwork(ctx); err != nil {
		return err
	}
	data, err := rosterCSV(*twoRows)
	if err != nil {
		return err
	}
	started := time.Now()
	id, err := s.c.upload("roster.csv", data)
	if err != nil {
		return err
	}
	var signUps tally
	addrs := make([]string, *twoMails)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range addrs {
		addrs[i] = fmt.Sprintf("two%d@example.org", i)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			signUps.add(s.c.signUp(addrs[i]), http.StatusCreated)
		}()
	}
	wg.Wait()
	s.check(signUps.ok == *twoMails, "two: %d sign-ups: %s", *twoMails, &signUps)
	j, done := s.c.waitJob(ctx, id, 5*time.Minute, finished)
	ok, detail := s.exact(ctx, j, *twoRows)
	s.check(done && ok, "two: %d-row import beside the mails, two workers: %s (%.1f s)", *twoRows, detail, time.Since(started).Seconds())
	mailed := waitFor(ctx, 2*time.Minute, func() bool { return s.mailedOnce(addrs) == "" })
	time.Sleep(2 * time.Second) // a duplicate would show up now
	s.check(mailed && s.mailedOnce(addrs) == "", "two: exactly one mail per request for %d requests %s (%.1f s)",
		*twoMails, s.mailedOnce(addrs), time.Since(started).Seconds())
	return nil
}
