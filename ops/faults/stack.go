package main

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "github.com/lib/pq" // Postgres driver
)

// stack is the suite's own world: a private Postgres cluster, a private
// Redis, and the api, worker and scheduler binaries built from this tree.
type stack struct {
	dir     string // everything lives under it; removed at the end
	bin     string
	pgBin   string
	pgData  string
	pgPort  int
	asPG    []string // runs Postgres tools as the postgres user when we are root
	redis   *exec.Cmd
	rdPort  int
	dbURL   string
	redURL  string
	apiAddr string
	db      *sql.DB
	procs   []*proc
	// extraEnv is added to (and wins over) env() for the processes started
	// next, e.g. the Sentinel settings of the sentinel scenario.
	extraEnv []string
}

// proc is one running process of ours.
type proc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

func freePort() int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// newStack builds the binaries and starts Postgres and Redis.
func newStack() (*stack, error) {
	dir, err := os.MkdirTemp("", "creatorcoach-faults-")
	if err != nil {
		return nil, err
	}
	_ = os.Chmod(dir, 0o755) // the postgres user must reach its data directory
	s := &stack{dir: dir, bin: filepath.Join(dir, "bin"), pgData: filepath.Join(dir, "pg"), pgPort: freePort(), rdPort: freePort()}
	logf("building api, worker, scheduler")
	if out, err := exec.Command("go", "build", "-o", s.bin+"/", "./cmd/api", "./cmd/worker", "./cmd/scheduler").CombinedOutput(); err != nil {
		return s, fmt.Errorf("go build: %v\n%s", err, out)
	}
	if err := s.initPostgres(); err != nil {
		return s, err
	}
	if err := s.startPostgres(); err != nil {
		return s, err
	}
	if err := s.startRedis(); err != nil {
		return s, err
	}
	s.dbURL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/creatorcoach?sslmode=disable", s.pgPort)
	s.redURL = fmt.Sprintf("redis://127.0.0.1:%d/0", s.rdPort)
	if out, err := exec.Command(filepath.Join(s.pgBin, "createdb"), "-h", "127.0.0.1", "-p", strconv.Itoa(s.pgPort), "-U", "postgres", "creatorcoach").CombinedOutput(); err != nil {
		return s, fmt.Errorf("createdb: %v %s", err, out)
	}
	if s.db, err = sql.Open("postgres", s.dbURL); err != nil {
		return s, err
	}
	s.apiAddr = fmt.Sprintf("127.0.0.1:%d", freePort())
	return s, nil
}

func (s *stack) initPostgres() error {
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	if len(bins) == 0 {
		return fmt.Errorf("no Postgres server binaries under /usr/lib/postgresql (apt-get install postgresql)")
	}
	sort.Slice(bins, func(i, j int) bool { return pgMajor(bins[i]) < pgMajor(bins[j]) })
	s.pgBin = bins[len(bins)-1]
	if err := os.MkdirAll(s.pgData, 0o700); err != nil {
		return err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return fmt.Errorf("running as root needs the postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(s.pgData, uid, gid); err != nil {
			return err
		}
		s.asPG = []string{"runuser", "-u", "postgres", "--"}
	}
	out, err := s.pgCmd("initdb", "-D", s.pgData, "-U", "postgres", "-A", "trust", "-E", "UTF8").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	return nil
}

func pgMajor(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func (s *stack) pgCmd(tool string, args ...string) *exec.Cmd {
	argv := append(append([]string{}, s.asPG...), append([]string{filepath.Join(s.pgBin, tool)}, args...)...)
	return exec.Command(argv[0], argv[1:]...)
}

func (s *stack) startPostgres() error {
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -k %s -c fsync=off -c max_connections=300", s.pgPort, s.pgData)
	out, err := s.pgCmd("pg_ctl", "-D", s.pgData, "-l", filepath.Join(s.pgData, "server.log"), "-w", "-o", opts, "start").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl start: %v\n%s", err, out)
	}
	return nil
}

func (s *stack) stopPostgres(mode string) error {
	out, err := s.pgCmd("pg_ctl", "-D", s.pgData, "-m", mode, "-w", "stop").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// startRedis runs redis-server on the suite's port with an append-only file,
// so a stop and start keeps the queues as a real Redis restart would.
func (s *stack) startRedis() error {
	dir := filepath.Join(s.dir, "redis")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	s.redis = exec.Command("redis-server", "--port", strconv.Itoa(s.rdPort), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "yes", "--dir", dir, "--maxmemory-policy", "noeviction", "--logfile", filepath.Join(dir, "redis.log"))
	if err := s.redis.Start(); err != nil {
		return fmt.Errorf("redis-server: %w", err)
	}
	return waitPort(s.rdPort, 10*time.Second)
}

func (s *stack) stopRedis() {
	if s.redis == nil {
		return
	}
	_ = s.redis.Process.Signal(syscall.SIGTERM)
	_ = s.redis.Wait()
	s.redis = nil
}

func waitPort(port int, limit time.Duration) error {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return nil
		}
	}
	return fmt.Errorf("nothing answers on port %d", port)
}

// env is the environment of our processes.
func (s *stack) env() []string {
	env := append(os.Environ(), "APP_ENV=development", "DATABASE_URL="+s.dbURL, "REDIS_URL="+s.redURL,
		"HTTP_ADDR="+s.apiAddr, "PUBLIC_URL=http://"+s.apiAddr, "DATA_DIR="+filepath.Join(s.dir, "data"),
		"WEB_DIR="+filepath.Join(s.dir, "web"), "MAIL_URL=", "WORKER_POLL_INTERVAL=100ms", "BCRYPT_COST=4",
		"TRUSTED_PROXIES=127.0.0.1/32", "OPS_PASSWORD=", "JWT_SECRET=", "OTP_SECRET=",
		"SOCIAL_SYNC_INTERVAL="+schedulerEvery.String()) // a social tick slot every minute (scheduler.go)
	return append(env, s.extraEnv...)
}

// start runs one of the binaries (api, worker, scheduler) with args.
func (s *stack) start(name string, args ...string) (*proc, error) {
	base := strings.SplitN(name, "-", 2)[0] // worker-2 runs the worker binary
	logFile, err := os.OpenFile(filepath.Join(s.dir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(s.bin, base), args...)
	cmd.Env, cmd.Stdout, cmd.Stderr = s.env(), logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{name: name, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(p.done) }()
	s.procs = append(s.procs, p)
	return p, nil
}

// run runs a binary to completion (api migrate, api create-admin).
func (s *stack) run(name string, args ...string) error {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Env = s.env()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
	}
	return nil
}

func (p *proc) alive() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop asks the process to shut down and waits (SIGKILL after 30 s).
func (p *proc) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		p.kill()
	}
}

// peakRSS is the process's peak resident memory (VmHWM) in MB.
func (p *proc) peakRSS() float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// close stops everything and removes the suite's directory.
func (s *stack) close(keep bool) {
	for _, p := range s.procs {
		if p.alive() {
			p.stop()
		}
	}
	if s.db != nil {
		s.db.Close()
	}
	s.stopRedis()
	if s.pgBin != "" {
		_ = s.stopPostgres("immediate")
	}
	if keep {
		logf("kept %s (logs of every process)", s.dir)
		return
	}
	os.RemoveAll(s.dir)
}

// mailsTo counts the mail files written for address.
func (s *stack) mailsTo() (map[string]int, error) {
	files, err := os.ReadDir(filepath.Join(s.dir, "data", "mail"))
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	n := map[string]int{}
	for _, f := range files {
		name := strings.TrimSuffix(f.Name(), ".eml")
		n[name[strings.LastIndexByte(name, '_')+1:]]++
	}
	return n, nil
}

// waitFor polls cond every 50 ms until it holds or limit passes.
func waitFor(ctx context.Context, limit time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if ctx.Err() != nil {
			return false
		}
		if cond() {
			return true
		}
	}
	return cond()
}
