package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Main runs a process's run function until SIGINT or SIGTERM cancels its
// context, writes out the buffered logs, and exits 1 with "name: error" on
// failure. api, worker and scheduler all start here.
func Main(name string, run func(ctx context.Context) error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	stop()
	FlushLogs()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}
