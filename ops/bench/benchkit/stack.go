package benchkit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"

	"creatorcoach/store"
)

// Setup says what a benchmark's Stack holds.
type Setup struct {
	DB    string   // the scratch database's name
	Keep  bool     // keep the database of an earlier run (KeptDB) instead of making it anew (ScratchDB)
	Redis Redis    // the Redis database; nil: LeasedRedis (one no test, browser test or other benchmark holds)
	Build []string // the commands to build ("api", "worker")
	Env   []string // variables every process of the stack gets besides its own (VAR=value)
}

// Stack is a benchmark's scratch stack: its database, its Redis database,
// a temporary directory (the built binaries, pgbench scripts, the
// processes' DATA_DIR) and the api and worker processes it starts there.
type Stack struct {
	DB       *store.DB
	DBURL    string
	RedisURL string
	Dir      string
	// APIAddr is the address of the api that StartAPI started.
	APIAddr string
	// APIPID is the process id of the api that StartAPI started.
	APIPID  int
	stopAPI func()
	env     []string
	closers []func()
}

// NewStack makes the database, Redis and directory of setup and builds its
// commands there (run from the repository's root). Close removes the
// directory and gives the database connection and Redis back.
func NewStack(ctx context.Context, setup Setup) (_ *Stack, err error) {
	s := &Stack{}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	open := ScratchDB
	if setup.Keep {
		open = KeptDB
	}
	if s.DB, s.DBURL, err = open(ctx, setup.DB); err != nil {
		return nil, err
	}
	s.closers = append(s.closers, func() { s.DB.Close() })
	if setup.Redis == nil {
		setup.Redis = LeasedRedis
	}
	var release func()
	if s.RedisURL, release, err = setup.Redis(ctx); err != nil {
		return nil, err
	}
	s.closers = append(s.closers, release)
	if s.Dir, err = os.MkdirTemp("", "ccbench"); err != nil {
		return nil, err
	}
	s.closers = append(s.closers, func() { os.RemoveAll(s.Dir) })
	if err := Build(s.Dir, setup.Build...); err != nil {
		return nil, err
	}
	s.env = append(os.Environ(), "DATABASE_URL="+s.DBURL, "REDIS_URL="+s.RedisURL, "DATA_DIR="+filepath.Join(s.Dir, "data"),
		"OTP_SECRET=bench", "BCRYPT_COST=4", "APP_ENV=development")
	s.env = append(s.env, setup.Env...)
	return s, nil
}

// Close stops the api and undoes NewStack, last made first.
func (s *Stack) Close() {
	s.StopAPI()
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// Env is the environment of the stack's processes with extra (VAR=value)
// on top.
func (s *Stack) Env(extra ...string) []string {
	return append(append([]string(nil), s.env...), extra...)
}

// StartAPI stops the api it started before, if any, then runs the built api
// with the stack's environment, extra and a free HTTP_ADDR, waits until it
// answers and sets APIAddr. StopAPI or Close stops it.
func (s *Stack) StartAPI(extra ...string) error {
	s.StopAPI()
	addr := FreeAddr()
	api := exec.Command(filepath.Join(s.Dir, "api"))
	api.Env = s.Env(append(extra, "HTTP_ADDR="+addr)...)
	if err := api.Start(); err != nil {
		return err
	}
	s.stopAPI = func() { _ = api.Process.Signal(os.Interrupt); _ = api.Wait() }
	s.APIPID = api.Process.Pid
	for i := 0; i < 150; i++ {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			s.APIAddr = addr
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.StopAPI()
	return errors.New("api did not start")
}

// StopAPI stops the api that StartAPI started, if it runs.
func (s *Stack) StopAPI() {
	if s.stopAPI != nil {
		s.stopAPI()
		s.stopAPI, s.APIAddr, s.APIPID = nil, "", 0
	}
}

// Password is the password of the benchmarks' accounts.
const Password = "Bench#2026"

// Account saves the account spec (with Password when it names none) and
// signs it in through the api; it returns the user and its access token.
func (s *Stack) Account(ctx context.Context, spec store.AccountSpec) (*store.User, string, error) {
	if spec.Password == "" {
		spec.Password = Password
	}
	u, err := s.DB.SaveAccount(ctx, spec)
	if err != nil {
		return nil, "", err
	}
	token, err := s.Login(spec.Email)
	return u, token, err
}

// Login signs the account email (with Password) in through the api and
// returns its access token.
func (s *Stack) Login(email string) (string, error) {
	var out struct{ Data struct{ AccessToken string } }
	err := s.CallJSON("POST", "/api/users/login", "", map[string]string{"email": email, "password": Password}, http.StatusOK, &out)
	if err == nil && out.Data.AccessToken == "" {
		err = fmt.Errorf("login %s: no access token", email)
	}
	return out.Data.AccessToken, err
}

// Worker is a worker process that StartWorker started.
type Worker struct {
	cmd  *exec.Cmd
	log  string
	done chan struct{}
	stop sync.Once
}

// StartWorker runs the built worker with the stack's environment and extra,
// its output in Dir/worker.log, and waits (a minute at most) until it says
// it is running: its task servers started and its relay polling.
func (s *Stack) StartWorker(extra ...string) (*Worker, error) {
	w := &Worker{log: filepath.Join(s.Dir, "worker.log"), done: make(chan struct{})}
	f, err := os.Create(w.log)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the worker has its own copy
	w.cmd = exec.Command(filepath.Join(s.Dir, "worker"))
	w.cmd.Env = s.Env(extra...)
	w.cmd.Stdout, w.cmd.Stderr = f, f
	if err := w.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = w.cmd.Wait(); close(w.done) }()
	for t0 := time.Now(); time.Since(t0) < time.Minute; time.Sleep(100 * time.Millisecond) {
		if b, _ := os.ReadFile(w.log); bytes.Contains(b, []byte("worker running")) {
			return w, nil
		}
		if !w.Running() {
			return nil, fmt.Errorf("the worker stopped:\n%s", w.LogTail(3000))
		}
	}
	w.Stop()
	return nil, fmt.Errorf("the worker was not running within a minute:\n%s", w.LogTail(3000))
}

// Stop interrupts the worker and waits until it has ended.
func (w *Worker) Stop() {
	w.stop.Do(func() { _ = w.cmd.Process.Signal(os.Interrupt) })
	<-w.done
}

// Running reports whether the worker process has not ended.
func (w *Worker) Running() bool {
	select {
	case <-w.done:
		return false
	default:
		return true
	}
}

// LogTail is the last n bytes of the worker's output.
func (w *Worker) LogTail(n int) string {
	b, _ := os.ReadFile(w.log)
	return string(b[max(0, len(b)-n):])
}

var vmHWM = regexp.MustCompile(`VmHWM:\s+(\d+) kB`)

// PeakRSSKB is the peak resident set size (VmHWM) of process pid in KB; 0
// once it has ended.
func PeakRSSKB(pid int) int64 {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	m := vmHWM.FindSubmatch(b)
	if m == nil {
		return 0
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb
}

// PeakRSSKB is the worker's peak resident set size (VmHWM) in KB; 0 once it
// has ended.
func (w *Worker) PeakRSSKB() int64 { return PeakRSSKB(w.cmd.Process.Pid) }

// PeakRSSMB is PeakRSSKB in MB.
func (w *Worker) PeakRSSMB() float64 { return float64(w.PeakRSSKB()) / 1024 }
