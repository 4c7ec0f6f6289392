package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

// pidsOf are the processes whose command line starts with path.
func pidsOf(path string) []int {
	var pids []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if b, _ := os.ReadFile("/proc/" + d.Name() + "/cmdline"); strings.HasPrefix(string(b), path) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// ownCPU is the CPU time of what a round runs on this machine, apart from
// the other processes sharing it: the Postgres backends serving this
// benchmark's database (its processes' connections), the worker, this
// benchmark, and stripe-mock.
type ownCPU struct{ postgres, worker, bench, stripeMock float64 }

func readOwnCPU(ctx context.Context, db *store.DB, workerPath string) ownCPU {
	var c ownCPU
	var backends []int
	_ = db.SQL().SelectContext(ctx, &backends, `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	for _, pid := range backends {
		c.postgres += cpuSeconds(pid)
	}
	for _, pid := range pidsOf(workerPath) {
		c.worker += cpuSeconds(pid)
	}
	for _, pid := range pidsOf("stripe-mock") {
		c.stripeMock += cpuSeconds(pid)
	}
	for _, pid := range pidsOf(os.Getenv("HOME") + "/go/bin/stripe-mock") {
		c.stripeMock += cpuSeconds(pid)
	}
	c.bench = cpuSeconds(os.Getpid())
	return c
}

// perOffer says a round's CPU in ms per offer, by process.
func (c ownCPU) perOffer(before ownCPU, n float64) string {
	ms := func(a, b float64) float64 { return (a - b) * 1000 / n }
	return fmt.Sprintf("postgres backends %.2f, worker %.2f, this benchmark %.2f, stripe-mock %.2f",
		ms(c.postgres, before.postgres), ms(c.worker, before.worker), ms(c.bench, before.bench), ms(c.stripeMock, before.stripeMock))
}

// cpuSeconds is the CPU time (user and system) of process pid, in seconds.
func cpuSeconds(pid int) float64 { return benchkit.ProcCPU(pid).Seconds() }
