package benchkit

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// CPUByCommand sums the CPU time (user and system, in seconds) of the
// machine's processes by command name (the api, the worker, postgres,
// redis-server, stripe-mock, the benchmark), from /proc, with the whole
// machine's busy and idle time as "(machine busy)" and "(idle)".
func CPUByCommand() map[string]float64 {
	out := map[string]float64{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		if cmd, t, ok := procStat(string(b)); ok {
			out[cmd] += t.Seconds()
		}
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

// CPUPer is the CPU each command spent between two CPUByCommand readings,
// in ms per unit of work (n units: accounts, offers), the busiest first.
func CPUPer(before, after map[string]float64, n float64) string {
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

// LoadAvg is the machine's load average (1, 5, 15 minutes).
func LoadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// DelayProxy serves target's answers after waiting d before each call (a
// provider's or a platform's latency in front of a local stand-in); it
// answers its address and the function that stops it.
func DelayProxy(target string, d time.Duration) (string, func(), error) {
	u, err := url.Parse(target)
	if err != nil {
		return "", nil, err
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	proxy.Transport = &http.Transport{MaxIdleConnsPerHost: 256, IdleConnTimeout: 90 * time.Second}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(d)
		proxy.ServeHTTP(w, r)
	})}
	go srv.Serve(l)
	return l.Addr().String(), func() { srv.Close() }, nil
}

// ProcCPU is the CPU time (user and system) process pid has used, from
// /proc/pid/stat; 0 when the process is gone.
func ProcCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	_, t, _ := procStat(string(b))
	return t
}

// procStat reads a /proc/pid/stat line: the command name and the CPU time
// (user and system).
func procStat(s string) (string, time.Duration, bool) {
	open, closing := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || closing < open {
		return "", 0, false
	}
	f := strings.Fields(s[closing+1:]) // from the state on: utime and stime are the 12th and 13th
	if len(f) < 13 {
		return "", 0, false
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return s[open+1 : closing], time.Duration(ut+st) * (time.Second / 100), true // clock ticks (USER_HZ 100)
}

// Backends is a reading of the CPU time of the Postgres server processes
// serving one database (its client backends and the autovacuum workers
// that visit it), by process id.
type Backends map[int]time.Duration

// DatabaseBackends reads the CPU time of the server processes connected to
// database name (Postgres must run on this machine, as ops/services.sh
// starts it).
func DatabaseBackends(ctx context.Context, db *sql.DB, name string) (Backends, error) {
	rows, err := db.QueryContext(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = $1`, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := Backends{}
	for rows.Next() {
		var pid int
		if err := rows.Scan(&pid); err != nil {
			return nil, err
		}
		out[pid] = ProcCPU(pid)
	}
	return out, rows.Err()
}

// Since is the CPU the backends of b used after the reading before (a
// backend started since counts whole) and how many of before's backends
// are gone (their CPU since before is not in the sum: keep the pool's
// connections open while measuring).
func (b Backends) Since(before Backends) (time.Duration, int) {
	var sum time.Duration
	for pid, t := range b {
		sum += t - before[pid]
	}
	gone := 0
	for pid := range before {
		if _, ok := b[pid]; !ok {
			gone++
		}
	}
	return sum, gone
}
