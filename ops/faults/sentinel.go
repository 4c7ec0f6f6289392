package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

// sentinelMaster is the name the Sentinels monitor the master under.
const sentinelMaster = "creatorcoach"

// sentinelRedis is a Sentinel-managed Redis on loopback: one master, one
// replica and three Sentinels, each on a port of its own, with fast failover
// settings (down after 1 s, failover timeout 5 s). Start it with
// startSentinelRedis; the processes run until close.
type sentinelRedis struct {
	dir        string
	MasterName string               // REDIS_MASTER_NAME
	Sentinels  []string             // REDIS_SENTINELS, host:port each
	nodes      map[string]*exec.Cmd // redis-server processes by host:port
	sentinels  []*exec.Cmd
}

// Env is the environment that points a process at this Redis.
func (r *sentinelRedis) Env() []string {
	return []string{"REDIS_SENTINELS=" + strings.Join(r.Sentinels, ","), "REDIS_MASTER_NAME=" + r.MasterName}
}

// startSentinelRedis starts the topology under dir (made when missing) and
// returns once the Sentinels agree on the master and see its replica. It
// runs Debian's redis-server; the Sentinels are redis-sentinel when
// installed, else the same redis-server binary with --sentinel (Debian's
// redis-sentinel package is that binary under another name).
func startSentinelRedis(dir string) (*sentinelRedis, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	r := &sentinelRedis{dir: dir, MasterName: sentinelMaster, nodes: map[string]*exec.Cmd{}}
	nodeConf := func(port int) string {
		return fmt.Sprintf("port %d\nbind 127.0.0.1\nsave \"\"\nappendonly no\nmaxmemory-policy noeviction\ndir %s\nlogfile %s\n",
			port, dir, filepath.Join(dir, fmt.Sprintf("redis-%d.log", port)))
	}
	masterPort, cmd, err := r.listen("redis", nodeConf, "redis-server")
	if err != nil {
		r.close()
		return nil, err
	}
	r.nodes[fmt.Sprintf("127.0.0.1:%d", masterPort)] = cmd
	replicaPort, cmd, err := r.listen("redis", func(port int) string {
		return nodeConf(port) + fmt.Sprintf("replicaof 127.0.0.1 %d\n", masterPort)
	}, "redis-server")
	if err != nil {
		r.close()
		return nil, err
	}
	r.nodes[fmt.Sprintf("127.0.0.1:%d", replicaPort)] = cmd
	sentinelBin := []string{"redis-sentinel"}
	if _, err := exec.LookPath("redis-sentinel"); err != nil {
		sentinelBin = []string{"redis-server", "--sentinel"}
	}
	for i := 0; i < 3; i++ {
		port, cmd, err := r.listen("sentinel", func(port int) string {
			return fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nlogfile %s\n"+
				"sentinel monitor %s 127.0.0.1 %d 2\nsentinel down-after-milliseconds %[4]s 1000\n"+
				"sentinel failover-timeout %[4]s 5000\nsentinel parallel-syncs %[4]s 1\n",
				port, dir, filepath.Join(dir, fmt.Sprintf("sentinel-%d.log", port)), r.MasterName, masterPort)
		}, sentinelBin...)
		if err != nil {
			r.close()
			return nil, err
		}
		r.sentinels = append(r.sentinels, cmd)
		r.Sentinels = append(r.Sentinels, fmt.Sprintf("127.0.0.1:%d", port))
	}
	ready := waitFor(context.Background(), 20*time.Second, func() bool {
		for _, s := range r.Sentinels {
			sc := redis.NewSentinelClient(&redis.Options{Addr: s})
			replicas, err := sc.Replicas(context.Background(), r.MasterName).Result()
			others, err2 := sc.Sentinels(context.Background(), r.MasterName).Result()
			sc.Close()
			if err != nil || err2 != nil || len(replicas) != 1 || len(others) != 2 {
				return false
			}
		}
		m, err := r.Master()
		return err == nil && m == fmt.Sprintf("127.0.0.1:%d", masterPort)
	})
	if !ready {
		r.close()
		return nil, fmt.Errorf("the Sentinels never agreed on the master and its replica (see %s)", dir)
	}
	return r, nil
}

// listen starts bin on the config conf(port) for a free port and returns
// once it answers there. freePort's port is free only when picked: another
// process may take it before bin listens ("Failed listening on port"), so a
// process that exits before it answers is started again on a new port (up to
// five ports).
func (r *sentinelRedis) listen(kind string, conf func(port int) string, bin ...string) (int, *exec.Cmd, error) {
	var last error
	for try := 0; try < 5; try++ {
		port := freePort()
		cmd, done, err := r.spawn(fmt.Sprintf("%s-%d.conf", kind, port), conf(port), bin...)
		if err != nil {
			return 0, nil, err
		}
		if last = waitListening(port, done, 10*time.Second); last == nil {
			return port, cmd, nil
		}
		_ = cmd.Process.Kill()
		<-done
		logf("%s on port %d: %v; trying another port", kind, port, last)
	}
	return 0, nil, fmt.Errorf("%s: %w (see %s)", kind, last, r.dir)
}

// waitListening waits until port answers while the process (done closes
// when it exits) runs.
func waitListening(port int, done <-chan struct{}, limit time.Duration) error {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-done:
			return fmt.Errorf("exited before listening on port %d", port)
		default:
		}
		if c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second); err == nil {
			c.Close()
			select {
			case <-done: // the answer came from another process on the port
				return fmt.Errorf("exited; port %d belongs to another process", port)
			case <-time.After(100 * time.Millisecond):
			}
			return nil
		}
	}
	return fmt.Errorf("nothing answers on port %d", port)
}

// spawn writes a config file and starts bin on it; done closes when it exits.
func (r *sentinelRedis) spawn(name, conf string, bin ...string) (*exec.Cmd, <-chan struct{}, error) {
	path := filepath.Join(r.dir, name)
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return nil, nil, err
	}
	args := append([]string{path}, bin[1:]...)
	cmd := exec.Command(bin[0], args...)
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", bin[0], err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	return cmd, done, nil
}

// Master is the master's host:port as the first Sentinel that answers names it.
func (r *sentinelRedis) Master() (string, error) {
	var last error
	for _, s := range r.Sentinels {
		sc := redis.NewSentinelClient(&redis.Options{Addr: s, DialTimeout: 500 * time.Millisecond})
		addr, err := sc.GetMasterAddrByName(context.Background(), r.MasterName).Result()
		sc.Close()
		if err == nil && len(addr) == 2 {
			return addr[0] + ":" + addr[1], nil
		}
		last = err
	}
	return "", fmt.Errorf("no Sentinel names the master: %v", last)
}

// KillMaster kills the current master with SIGKILL and returns its address.
func (r *sentinelRedis) KillMaster() (string, error) {
	m, err := r.Master()
	if err != nil {
		return "", err
	}
	cmd, ok := r.nodes[m]
	if !ok || cmd.Process == nil {
		return "", fmt.Errorf("master %s is not one of ours", m)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return "", err
	}
	delete(r.nodes, m)
	return m, nil
}

// close stops every process of the topology.
func (r *sentinelRedis) close() {
	for _, c := range append(append([]*exec.Cmd{}, r.sentinels...), mapValues(r.nodes)...) {
		if c.Process != nil {
			_ = c.Process.Signal(syscall.SIGKILL)
		}
	}
}

func mapValues(m map[string]*exec.Cmd) []*exec.Cmd {
	var out []*exec.Cmd
	for _, c := range m {
		out = append(out, c)
	}
	return out
}

// sentinelFailover runs api, a worker and the scheduler on a Sentinel Redis,
// kills its master with SIGKILL during a burst of sign-ups and a roster
// import, and checks: Sentinel promotes the replica; every sign-up is
// accepted at once (as in the redis scenario, no request may fail and the
// client never retries); each is mailed exactly once (a task the old master
// acknowledged but never replicated is queued again by the relay's recheck,
// RELAY_RECHECK_AFTER=5s here); the import ends exact; no process crashes.
// It prints the seconds of degraded service: from the kill until the api
// reaches Redis again (/readyz) and the first sign-up made after the kill has
// its mail, whichever is later.
func (s *suite) sentinelFailover(ctx context.Context) error {
	r, err := startSentinelRedis(filepath.Join(s.dir, "sentinel"))
	if err != nil {
		return err
	}
	defer r.close()
	logf("Sentinel Redis: master %s, Sentinels %s", must(r.Master()), strings.Join(r.Sentinels, ","))
	if err := s.restartAll(append(r.Env(), "RELAY_RECHECK_AFTER=5s")); err != nil {
		return err
	}
	defer func() {
		if err := s.restartAll(nil); err != nil {
			logf("back to the plain Redis: %v", err)
		}
	}()
	if !waitFor(ctx, 30*time.Second, func() bool { return s.c.do("GET", "/readyz", "", nil).status == 200 }) {
		return fmt.Errorf("api not ready on the Sentinel Redis (see %s/api.log)", s.dir)
	}
	if a := s.c.signUp("sentinel-first@example.org"); a.status != http.StatusCreated {
		return fmt.Errorf("sign-up before the failover: %d %v", a.status, a.err)
	}
	if err := s.emptyNetwork(ctx); err != nil {
		return err
	}
	data, err := rosterCSV(*sentinelRows)
	if err != nil {
		return err
	}
	id, err := s.c.upload("roster.csv", data)
	if err != nil {
		return err
	}
	if _, ok := s.c.waitJob(ctx, id, time.Minute, func(j job) bool { return j.Processed >= *sentinelRows/10 || finished(j) }); !ok {
		return fmt.Errorf("the import never got going")
	}

	var (
		signUps  tally
		mu       sync.Mutex
		accepted []signUpAt
		wg       sync.WaitGroup
		stopLoad = make(chan struct{})
	)
	for w := 0; w < 4; w++ { // four users at a time, one sign-up each every 50 ms
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stopLoad:
					return
				case <-time.After(50 * time.Millisecond):
				}
				email := fmt.Sprintf("sentinel%d-%d@example.org", w, i)
				at := time.Now()
				a := s.c.signUp(email)
				signUps.add(a, http.StatusCreated)
				if a.status == http.StatusCreated {
					mu.Lock()
					accepted = append(accepted, signUpAt{email, at})
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(time.Second)
	old, err := r.KillMaster()
	if err != nil {
		close(stopLoad)
		wg.Wait()
		return err
	}
	killed := time.Now()
	logf("killed the Redis master %s (SIGKILL)", old)
	// The api notices the loss (/readyz 503), then reaches the new master.
	waitFor(ctx, 5*time.Second, func() bool { return s.c.do("GET", "/readyz", "", nil).status != 200 })
	var readyBack time.Duration
	readyOK := waitFor(ctx, 30*time.Second, func() bool {
		ok := s.c.do("GET", "/readyz", "", nil).status == 200
		readyBack = time.Since(killed)
		return ok
	})
	var promoted string
	promotedOK := waitFor(ctx, 30*time.Second, func() bool {
		m, err := r.Master()
		promoted = m
		return err == nil && m != old
	})
	promotedAfter := time.Since(killed)
	// Sign-ups go on against the new master for 5 s, and until ten made after
	// the kill are accepted (a sign-up waits while an import batch holds the
	// creators table, which takes long on a loaded machine).
	waitFor(ctx, time.Minute, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return time.Since(killed) > promotedAfter+5*time.Second && postKill(accepted, killed) >= 10
	})
	close(stopLoad)
	wg.Wait()

	s.check(promotedOK, "sentinel: the replica %s promoted after the master %s was killed (seen within %.1f s)", promoted, old, promotedAfter.Seconds())
	s.check(signUps.ok > 0 && signUps.failed+signUps.refused == 0 && len(signUps.other) == 0,
		"sentinel: sign-ups across the failover, none retried: %s (%d made after the kill)", &signUps, postKill(accepted, killed))
	emails := make([]string, len(accepted))
	for i, a := range accepted {
		emails[i] = a.email
	}
	mailed := waitFor(ctx, 40*time.Second, func() bool { return s.mailedOnce(emails) == "" })
	time.Sleep(2 * time.Second) // a duplicate would show up now
	s.check(mailed && s.mailedOnce(emails) == "", "sentinel: each of the %d accepted sign-ups mailed exactly once %s", len(emails), s.mailedOnce(emails))

	// The first mail of a sign-up made after the kill shows when tasks flow again.
	var tasksBack time.Duration
	for _, a := range accepted {
		if at, ok := s.mailTime(a.email); ok && a.at.After(killed) && (tasksBack == 0 || at.Sub(killed) < tasksBack) {
			tasksBack = at.Sub(killed)
		}
	}
	j, done := s.c.waitJob(ctx, id, 3*time.Minute, finished)
	ok, detail := s.exact(ctx, j, *sentinelRows)
	s.check(done && ok, "sentinel: the %d-row import running across the failover ends exact: %s", *sentinelRows, detail)
	s.check(s.allAlive(s.liveWorkers()), "sentinel: no process crashed")
	degraded := max(readyBack, tasksBack)
	s.check(readyOK && tasksBack > 0, "sentinel: degraded service %.1f s (kill to the api reaching Redis again %.1f s, to the first mail of a sign-up made after the kill %.1f s); "+
		"tasks the failover lost and the relay's recheck queued again: %d", degraded.Seconds(), readyBack.Seconds(), tasksBack.Seconds(), s.logCount("worker-*.log", "queued again"))
	return nil
}

// signUpAt is an accepted sign-up and when it was sent.
type signUpAt struct {
	email string
	at    time.Time
}

// postKill counts the sign-ups sent after killed.
func postKill(list []signUpAt, killed time.Time) int {
	n := 0
	for _, a := range list {
		if a.at.After(killed) {
			n++
		}
	}
	return n
}

// restartAll stops api, scheduler and the workers and starts them again
// (one worker) with extra in their environment.
func (s *suite) restartAll(extra []string) error {
	s.api.stop()
	s.scheduler.stop()
	if err := s.onlyWorkers(0); err != nil {
		return err
	}
	s.extraEnv = extra
	var err error
	if s.api, err = s.start("api"); err != nil {
		return err
	}
	if s.scheduler, err = s.start("scheduler"); err != nil {
		return err
	}
	if _, err := s.startWorker(); err != nil {
		return err
	}
	if !waitFor(context.Background(), 30*time.Second, func() bool { return s.c.do("GET", "/readyz", "", nil).status == 200 }) {
		return fmt.Errorf("api not ready after a restart (see %s/api.log)", s.dir)
	}
	return nil
}

// logCount counts the lines holding text in the logs matching glob.
func (s *stack) logCount(glob, text string) int {
	files, _ := filepath.Glob(filepath.Join(s.dir, glob))
	n := 0
	for _, f := range files {
		b, _ := os.ReadFile(f)
		n += strings.Count(string(b), text)
	}
	return n
}

// mailTime is when the mail to addr was written.
func (s *stack) mailTime(addr string) (time.Time, bool) {
	files, _ := filepath.Glob(filepath.Join(s.dir, "data", "mail", "*_"+addr+".eml"))
	if len(files) == 0 {
		return time.Time{}, false
	}
	fi, err := os.Stat(files[0])
	if err != nil {
		return time.Time{}, false
	}
	return fi.ModTime(), true
}

func must(s string, _ error) string { return s }
