package benchkit

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"time"
)

// Main parses the command line and runs run, ending the program with
// status 1 and the error after prefix ("bench: ...") when it fails. The
// first Ctrl-C cancels run's context, so that it can stop its processes
// and remove its files; a second one ends the program at once.
func Main(prefix string, run func(context.Context) error) {
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() { <-ctx.Done(); stop() }()
	err := run(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, prefix+":", err)
		os.Exit(1)
	}
}

// Measure is the size of a benchmark's HTTP measurements, from its command
// line.
type Measure struct {
	Duration time.Duration // -duration: how long each measurement loads
	Conns    int           // -conns: concurrent connections (HTTP and pgbench clients)
	Runs     int           // repetitions; medians are reported
}

// MeasureFlags registers -duration (5s), -conns (8) and the repetitions
// flag runsFlag (runs by default) of the measurements called what ("list
// measurement").
func MeasureFlags(what, runsFlag string, runs int) *Measure {
	m := &Measure{}
	flag.DurationVar(&m.Duration, "duration", 5*time.Second, "length of each "+what)
	flag.IntVar(&m.Conns, "conns", 8, "concurrent connections of each "+what)
	flag.IntVar(&m.Runs, runsFlag, runs, "repetitions of each "+what+"; medians are reported")
	return m
}

// NeedPgbench says how to install pgbench when it is not on PATH.
func NeedPgbench() error {
	if _, err := exec.LookPath("pgbench"); err != nil {
		return fmt.Errorf("pgbench not found (apt-get install postgresql-contrib or the postgresql client package)")
	}
	return nil
}

// Parallel calls fn(0) to fn(count-1) from n goroutines, in order of i as
// each goroutine comes free; it returns how many calls failed and the
// first error.
func Parallel(n, count int, fn func(i int) error) (int, error) {
	work := make(chan int)
	var mu sync.Mutex
	var failed int
	var first error
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := fn(i); err != nil {
					mu.Lock()
					if failed++; first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range count {
		work <- i
	}
	close(work)
	wg.Wait()
	return failed, first
}
