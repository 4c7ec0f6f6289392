package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"creatorcoach/store"
)

// cpuByCommand sums the CPU time (user and system, in seconds) of the
// machine's processes by command name (the worker, stripe-mock,
// postgres, redis-server, this benchmark), from /proc.
func cpuByCommand() map[string]float64 {
	out := map[string]float64{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		open, closing := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || closing < open {
			continue
		}
		f := strings.Fields(s[closing+1:]) // from the state on: utime and stime are the 12th and 13th
		if len(f) < 13 {
			continue
		}
		var ut, st float64
		fmt.Sscan(f[11], &ut)
		fmt.Sscan(f[12], &st)
		out[s[open+1:closing]] += (ut + st) / 100 // clock ticks (USER_HZ 100)
	}
	if b, err := os.ReadFile("/proc/stat"); err == nil { // the machine: busy (all but idle and iowait) and idle
		f := strings.Fields(strings.SplitN(string(b), "\n", 2)[0])
		for i, v := range f[1:] {
			var t float64
			fmt.Sscan(v, &t)
			if i == 3 || i == 4 {
				out["(idle)"] += t / 100
			} else if i < 8 { // user nice system idle iowait irq softirq steal; guest is in user already
				out["(machine busy)"] += t / 100
			}
		}
	}
	return out
}

// cpuPerOffer is the CPU each command spent between two readings, in ms
// per offer, the busiest first.
func cpuPerOffer(before, after map[string]float64, n float64) string {
	type use struct {
		cmd string
		ms  float64
	}
	var uses []use
	total := 0.0
	var machine []string
	for _, cmd := range []string{"(machine busy)", "(idle)"} {
		machine = append(machine, fmt.Sprintf("%s %.2f", cmd, (after[cmd]-before[cmd])*1000/n))
	}
	for cmd, t := range after {
		if strings.HasPrefix(cmd, "(") {
			continue
		}
		if ms := (t - before[cmd]) * 1000 / n; ms >= 0.01 {
			uses, total = append(uses, use{cmd, ms}), total+ms
		}
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].ms > uses[j].ms })
	parts := append(machine, fmt.Sprintf("processes %.2f", total))
	for _, u := range uses[:min(len(uses), 5)] {
		parts = append(parts, fmt.Sprintf("%s %.2f", u.cmd, u.ms))
	}
	return strings.Join(parts, ", ")
}

// procCPU is the CPU time (user and system, in seconds) of process pid.
func procCPU(pid int) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	var ut, st float64
	fmt.Sscan(f[11], &ut)
	fmt.Sscan(f[12], &st)
	return (ut + st) / 100
}

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
		c.postgres += procCPU(pid)
	}
	for _, pid := range pidsOf(workerPath) {
		c.worker += procCPU(pid)
	}
	for _, pid := range pidsOf("stripe-mock") {
		c.stripeMock += procCPU(pid)
	}
	for _, pid := range pidsOf(os.Getenv("HOME") + "/go/bin/stripe-mock") {
		c.stripeMock += procCPU(pid)
	}
	c.bench = procCPU(os.Getpid())
	return c
}

// perOffer says a round's CPU in ms per offer, by process.
func (c ownCPU) perOffer(before ownCPU, n float64) string {
	ms := func(a, b float64) float64 { return (a - b) * 1000 / n }
	return fmt.Sprintf("postgres backends %.2f, worker %.2f, this benchmark %.2f, stripe-mock %.2f",
		ms(c.postgres, before.postgres), ms(c.worker, before.worker), ms(c.bench, before.bench), ms(c.stripeMock, before.stripeMock))
}
