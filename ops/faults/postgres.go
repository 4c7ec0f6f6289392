package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// postgresRestart stops the private Postgres for -pg-down under load and
// starts it again: 503 with a clear message meanwhile, no process crashes,
// and api, worker (tasks and the outbox relay's LISTEN) and scheduler work
// again within 5 s of its return.
func (s *suite) postgresRestart(ctx context.Context) error {
	if err := s.onlyWorkers(1); err != nil {
		return err
	}
	var down tally
	var msgs sync.Map
	stopLoad := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stopLoad:
				return
			case <-time.After(50 * time.Millisecond):
			}
			for _, a := range []answer{s.c.do("GET", "/api/users/me", s.c.admin, nil),
				s.c.signUp(fmt.Sprintf("pgdown%d@example.org", i)), s.c.do("GET", "/api/niche", "", nil)} {
				if a.status == http.StatusServiceUnavailable {
					msgs.Store(a.str("message"), true)
					down.add(a, http.StatusServiceUnavailable, http.StatusOK, http.StatusCreated)
				} else {
					down.add(a, http.StatusOK, http.StatusCreated)
				}
			}
		}
	}()
	time.Sleep(300 * time.Millisecond)
	logf("stopping Postgres for %s", *pgDown)
	if err := s.stopPostgres("fast"); err != nil {
		return err
	}
	time.Sleep(*pgDown)
	if err := s.startPostgres(); err != nil {
		return err
	}
	back := time.Now()
	close(stopLoad)
	wg.Wait()
	var texts []string
	msgs.Range(func(k, _ any) bool { texts = append(texts, k.(string)); return true })
	s.check(down.failed == 0 && down.expected > 0 && len(down.other) == 0, "postgres: calls while it restarts answer 503 (clear message %q), none 500: %s", texts, &down)

	// Each process works again: the api answers, a sign-up's mail goes
	// through the relay and a worker, the scheduler is still up.
	var apiAt, mailAt time.Duration
	apiOK := waitFor(ctx, 30*time.Second, func() bool {
		return s.c.do("GET", "/api/users/me", s.c.admin, nil).status == 200 && s.c.do("GET", "/readyz", "", nil).status == 200
	})
	apiAt = time.Since(back)
	email := "pg-back@example.org"
	signed := waitFor(ctx, 30*time.Second, func() bool { return s.c.signUp(email).status == http.StatusCreated })
	mailOK := signed && waitFor(ctx, 30*time.Second, func() bool { return s.mailedOnce([]string{email}) == "" })
	mailAt = time.Since(back)
	recovered := apiOK && mailOK && mailAt <= 5*time.Second
	s.check(recovered && s.allAlive(s.liveWorkers()),
		"postgres: recovered without a restart: api %.2f s, sign-up mailed (relay + worker) %.2f s after Postgres was back (target <= 5 s); processes alive %v",
		apiAt.Seconds(), mailAt.Seconds(), s.allAlive(s.liveWorkers()))
	return nil
}
