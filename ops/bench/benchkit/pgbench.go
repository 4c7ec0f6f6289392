package benchkit

import (
	"creatorcoach/store"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"
)

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+)`)

// Pgbench runs pgbench against dbURL with conns clients for d in query mode
// mode (simple, extended or prepared) and the extra arguments (scripts:
// "-f", path, ...); it returns tps and the p99 latency in ms.
func Pgbench(dbURL string, conns int, d time.Duration, mode string, extra ...string) (float64, float64, error) {
	logDir, err := os.MkdirTemp("", "pgbenchlog")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(logDir)
	args := append([]string{"-n", "-M", mode, "-c", strconv.Itoa(conns), "-j", strconv.Itoa(min(conns, 4)),
		"-T", strconv.Itoa(max(1, int(d.Seconds()))), "-l", "--log-prefix", filepath.Join(logDir, "log")}, extra...)
	cmd := exec.Command("pgbench", append(args, dbURL)...)
	cmd.Env = append(os.Environ(), "PGOPTIONS=-c "+strings.ReplaceAll(store.SessionSettings, "&", " -c ")) // as the api's connections
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, 0, fmt.Errorf("pgbench: %v\n%s", err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("pgbench output: %s", out)
	}
	tps, _ := strconv.ParseFloat(string(m[1]), 64)
	var lat []float64
	files, _ := filepath.Glob(filepath.Join(logDir, "log*"))
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		for _, line := range strings.Split(string(raw), "\n") {
			if fs := strings.Fields(line); len(fs) >= 3 {
				us, _ := strconv.ParseFloat(fs[2], 64)
				lat = append(lat, us/1000)
			}
		}
	}
	if len(lat) == 0 {
		return tps, 0, nil
	}
	sort.Float64s(lat)
	return tps, lat[len(lat)*99/100], nil
}

var param = regexp.MustCompile(`\$(\d+)`)

// Script writes queries as the pgbench script dir/name.sql and returns the
// pgbench arguments that run it in query mode mode. Under "prepared", $n (the
// same args for every query) become the variables :pn, given with -D
// (pgbench's \set holds only numbers), so pgbench prepares the statements
// once and binds the same parameters as the api. Under "simple" (pgbench's
// default) the arguments are written into the SQL as literals, and Postgres
// parses and plans every statement it runs. preamble, when not empty, is SQL
// run first (the session check, say).
func Script(dir, name, mode string, args []any, preamble string, queries ...string) ([]string, error) {
	script := preamble
	for _, q := range queries {
		if mode == "simple" {
			q = param.ReplaceAllStringFunc(q, func(m string) string {
				i, _ := strconv.Atoi(m[1:])
				return pq.QuoteLiteral(fmt.Sprint(args[i-1]))
			})
		} else {
			q = param.ReplaceAllString(q, ":p$1")
		}
		script += q + ";\n"
	}
	if mode == "simple" {
		args = nil
	}
	var defs []string
	for i, a := range args {
		defs = append(defs, "-D", fmt.Sprintf("p%d=%v", i+1, a))
	}
	path := filepath.Join(dir, name+"-"+mode+".sql")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		return nil, err
	}
	return append(defs, "-f", path), nil
}
