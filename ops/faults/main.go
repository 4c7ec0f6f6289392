// Command faults is the fault suite: it builds api, worker and scheduler
// from this tree, runs them against a private Postgres cluster and a private
// Redis of its own (never the machine's shared ones), and checks what they
// do when things break:
//
//	redis     Redis stopped for -outage: every call keeps working, sign-ups are
//	          accepted and their mails go out once Redis is back
//	postgres  Postgres restarted: 503 while it is down, every process
//	          recovers within 5 s of its return, without a restart
//	kill      a worker killed with SIGKILL mid-import: another worker ends
//	          the import exactly, within 40 s (repeated -runs times)
//	payout    a worker killed between the payment provider's transfer and
//	          its commit: another worker pays the offer, exactly one
//	          transfer at the provider (a recording proxy that honours
//	          idempotency keys), the books balanced
//	two       two workers at once: a large import and a thousand OTP mails,
//	          exact rows and exactly one mail per request
//	bomb      an XLSX shared-strings bomb fails cleanly; worker peak RSS
//	sentinel  Redis under Sentinel (master, replica, three Sentinels): the
//	          master killed during sign-ups and an import; the replica is
//	          promoted, every sign-up is accepted and mailed once, the import
//	          ends exact; prints the seconds of degraded service
//	scheduler two schedulers, the leader killed with SIGKILL just before a
//	          slot: the standby takes over within 30 s, and every slot of
//	          the whole run is enqueued once (none lost, none doubled)
//	cluster   HAProxy, two apis, two workers, two schedulers, STORAGE=s3: every
//	          flow across the nodes, a live events stream on api2 fed through
//	          api1 and replayed after api2 is killed, then one api and the
//	          importing worker killed mid-import: no client-visible
//	          failure, the import exact
//	          (repeated -runs times; see cluster.go)
//
// Usage: go run ./ops/faults [-scenarios redis,postgres,kill,payout,two,bomb,sentinel,scheduler,cluster] [-runs 10]
// It prints one line per check and exits 1 when any fails.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
)

var (
	scenarios    = flag.String("scenarios", "redis,postgres,kill,payout,two,bomb,sentinel,scheduler,cluster", "scenarios to run, comma-separated")
	runs         = flag.Int("runs", 1, "repetitions of the kill and cluster scenarios")
	killRows     = flag.Int("kill-rows", 60_000, "rows of the import killed mid-way")
	twoRows      = flag.Int("two-rows", 100_000, "rows of the import run beside the mails with two workers")
	twoMails     = flag.Int("two-mails", 1000, "OTP mails sent with two workers")
	outage       = flag.Duration("outage", 30*time.Second, "how long Redis stays down")
	pgDown       = flag.Duration("pg-down", 5*time.Second, "how long Postgres stays down")
	bombMB       = flag.Int("bomb-mb", 220, "uncompressed size of the bomb's shared strings, MB")
	sentinelRows = flag.Int("sentinel-rows", 30_000, "rows of the import running across the Sentinel failover")
	keep         = flag.Bool("keep", false, "keep the suite's directory (logs) at the end")
)

const (
	adminEmail    = "faults-admin@example.org"
	adminPassword = "Faults#2026"
)

func logf(format string, args ...any) {
	fmt.Printf("[faults %s] %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

// suite is the stack, a client and the running processes.
type suite struct {
	*stack
	c         *client
	insp      *asynq.Inspector
	api       *proc
	scheduler *proc
	workers   []*proc
	failures  []string
	// provider stands in front of the payment provider's stand-in (payout.go).
	provider *providerProxy
}

// check records the outcome of one requirement.
func (s *suite) check(ok bool, format string, args ...any) {
	mark := "PASS"
	if !ok {
		mark = "FAIL"
		s.failures = append(s.failures, fmt.Sprintf(format, args...))
	}
	fmt.Printf("%s  %s\n", mark, fmt.Sprintf(format, args...))
}

func main() {
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := newStack()
	if st != nil {
		defer func() { st.close(*keep || err != nil) }()
	}
	if err == nil {
		err = run(ctx, st)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		st.close(true)
		os.Exit(1)
	}
}

func run(ctx context.Context, st *stack) error {
	s := &suite{stack: st, c: newClient(st.apiAddr),
		insp: asynq.NewInspector(asynq.RedisClientOpt{Addr: fmt.Sprintf("127.0.0.1:%d", st.rdPort)})}
	defer s.insp.Close()
	if err := st.run("api", "migrate"); err != nil {
		return err
	}
	var err error
	if s.provider, err = startProviderProxy(); err != nil {
		return err
	}
	defer s.provider.close()
	st.extraEnv = append(st.extraEnv, "STRIPE_API_BASE="+s.provider.addr)
	if err := st.run("api", "create-admin", "--email", adminEmail, "--password", adminPassword); err != nil {
		return err
	}
	if s.api, err = st.start("api"); err != nil {
		return err
	}
	if s.scheduler, err = st.start("scheduler"); err != nil {
		return err
	}
	if _, err = s.startWorker(); err != nil {
		return err
	}
	if !waitFor(ctx, 30*time.Second, func() bool { return s.c.do("GET", "/readyz", "", nil).status == 200 }) {
		return fmt.Errorf("api not ready (see %s/api.log)", st.dir)
	}
	if err := s.c.setup(adminEmail, adminPassword); err != nil {
		return err
	}
	steps := map[string]func(context.Context) error{
		"redis": s.redisOutage, "postgres": s.postgresRestart, "kill": s.workerKill, "payout": s.payoutKill, "two": s.twoWorkers, "bomb": s.bomb,
		"sentinel": s.sentinelFailover, "scheduler": s.schedulerTakeOver, "cluster": s.clusterScenario,
	}
	for _, name := range strings.Split(*scenarios, ",") {
		step, ok := steps[strings.TrimSpace(name)]
		if !ok {
			return fmt.Errorf("unknown scenario %q", name)
		}
		logf("scenario %s", name)
		if err := step(ctx); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if len(s.failures) > 0 {
		return fmt.Errorf("%d checks failed:\n  %s", len(s.failures), strings.Join(s.failures, "\n  "))
	}
	logf("all checks passed")
	return nil
}

// startWorker starts one more worker process.
func (s *suite) startWorker() (*proc, error) {
	p, err := s.start(fmt.Sprintf("worker-%d", len(s.workers)+1))
	if err == nil {
		s.workers = append(s.workers, p)
	}
	return p, err
}

// liveWorkers are the workers still running.
func (s *suite) liveWorkers() []*proc {
	var live []*proc
	for _, w := range s.workers {
		if w.alive() {
			live = append(live, w)
		}
	}
	return live
}

// onlyWorkers stops workers until n run, or starts them until n run.
func (s *suite) onlyWorkers(n int) error {
	live := s.liveWorkers()
	for i := n; i < len(live); i++ {
		live[i].stop()
	}
	for i := len(live); i < n; i++ {
		if _, err := s.startWorker(); err != nil {
			return err
		}
	}
	return nil
}

// allAlive checks that api, scheduler and the live workers never crashed.
func (s *suite) allAlive(workers []*proc) bool {
	ok := s.api.alive() && s.scheduler.alive()
	for _, w := range workers {
		ok = ok && w.alive()
	}
	return ok
}
