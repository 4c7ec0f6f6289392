package benchkit

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"
)

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

// PeakRSSKB is the worker's peak resident set size (VmHWM) in KB; 0 once it
// has ended.
func (w *Worker) PeakRSSKB() int64 {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(w.cmd.Process.Pid) + "/status")
	m := vmHWM.FindSubmatch(b)
	if m == nil {
		return 0
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb
}

// PeakRSSMB is PeakRSSKB in MB.
func (w *Worker) PeakRSSMB() float64 { return float64(w.PeakRSSKB()) / 1024 }
