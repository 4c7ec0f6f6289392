package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// redisOutage stops Redis for -outage while sign-ups, log-ins, OTP requests
// and reads keep coming, then starts it again.
func (s *suite) redisOutage(ctx context.Context) error {
	if err := s.onlyWorkers(1); err != nil {
		return err
	}
	user := "redis-user@example.org"
	if a := s.c.signUp(user); a.status != http.StatusCreated {
		return fmt.Errorf("sign-up before the outage: %d %v", a.status, a.err)
	}
	logf("stopping Redis for %s", *outage)
	s.stopRedis()
	var (
		signUps, logins, otps, reads, ready tally
		accepted                            []string
		mu                                  sync.Mutex
		wg                                  sync.WaitGroup
	)
	stopAt := time.Now().Add(*outage)
	load := func(every time.Duration, f func(i int)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; time.Now().Before(stopAt) && ctx.Err() == nil; i++ {
				f(i)
				time.Sleep(every)
			}
		}()
	}
	load(200*time.Millisecond, func(i int) {
		email := fmt.Sprintf("outage%d@example.org", i)
		a := s.c.signUp(email)
		signUps.add(a, http.StatusCreated)
		if a.status == http.StatusCreated {
			mu.Lock()
			accepted = append(accepted, email)
			mu.Unlock()
		}
	})
	load(time.Second, func(int) { // 20 a minute per address is the rule
		logins.add(s.c.do("POST", "/api/users/login", "", map[string]string{"email": adminEmail, "password": adminPassword}), http.StatusOK)
	})
	load(200*time.Millisecond, func(i int) {
		otps.add(s.c.do("POST", "/api/users/forgot-password", "", map[string]string{"email": fmt.Sprintf("otp%d@example.org", i)}), http.StatusOK)
		otps.add(s.c.do("POST", "/api/users/send-email-verification-otp", "", map[string]string{"email": fmt.Sprintf("verify%d@example.org", i)}), http.StatusOK)
	})
	load(100*time.Millisecond, func(int) {
		reads.add(s.c.do("GET", "/api/users/me", s.c.admin, nil), http.StatusOK)
		reads.add(s.c.do("GET", "/api/jobs", s.c.admin, nil), http.StatusOK)
		reads.add(s.c.do("GET", "/api/niche", "", nil), http.StatusOK)
	})
	load(time.Second, func(int) {
		a := s.c.do("GET", "/readyz", "", nil)
		if a.status == http.StatusServiceUnavailable && a.body["redis"] == "unreachable" {
			ready.add(answer{status: 200}, 200)
		} else {
			ready.add(a)
		}
	})
	wg.Wait()
	if err := s.startRedis(); err != nil {
		return err
	}
	back := time.Now()
	first := s.c.signUp("first-after@example.org")
	accepted = append(accepted, "first-after@example.org")

	s.check(signUps.failed+signUps.refused == 0 && len(signUps.other) == 0, "redis: sign-ups during a %s outage: %s", *outage, &signUps)
	s.check(logins.failed+logins.refused == 0 && len(logins.other) == 0, "redis: log-ins during the outage: %s", &logins)
	s.check(otps.failed+otps.refused == 0 && len(otps.other) == 0, "redis: OTP requests during the outage: %s", &otps)
	s.check(reads.failed+reads.refused == 0 && len(reads.other) == 0, "redis: reads during the outage: %s", &reads)
	s.check(ready.ok > 0 && ready.failed+len(ready.other) == 0, "redis: /readyz says Redis is down: %s", &ready)
	s.check(first.status == http.StatusCreated, "redis: first request after Redis returns: %d", first.status)

	delivered := waitFor(ctx, 30*time.Second, func() bool { return s.mailedOnce(accepted) == "" })
	s.check(delivered, "redis: mails of the %d sign-ups accepted during the outage sent once each, %.1f s after Redis returned %s",
		len(accepted), time.Since(back).Seconds(), s.mailedOnce(accepted))
	ok := waitFor(ctx, 10*time.Second, func() bool { return s.c.do("GET", "/readyz", "", nil).status == 200 })
	s.check(ok && s.allAlive(s.liveWorkers()), "redis: /readyz ready again, no process crashed")
	return nil
}

// mailedOnce is "" when every address has exactly one mail, else what is off.
func (s *suite) mailedOnce(addrs []string) string {
	n, err := s.mailsTo()
	if err != nil {
		return err.Error()
	}
	missing, dup := 0, 0
	for _, a := range addrs {
		switch {
		case n[a] == 0:
			missing++
		case n[a] > 1:
			dup++
		}
	}
	if missing+dup == 0 {
		return ""
	}
	return fmt.Sprintf("(%d without mail, %d with more than one)", missing, dup)
}
