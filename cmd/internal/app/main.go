package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// gcPercent is the processes' GOGC when the environment does not set one:
// their live heaps are a few megabytes, so letting the heap grow to five
// times that before a collection costs little memory and spares most of the
// collector's work per request.
const gcPercent = 400

// Main runs a process's run function until SIGINT or SIGTERM cancels its
// context, writes out the buffered logs, and exits 1 with "name: error" on
// failure. api, worker and scheduler all start here. Unless GOGC is set,
// the collector runs at gcPercent.
func Main(name string, run func(ctx context.Context) error) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	stop()
	FlushLogs()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}
