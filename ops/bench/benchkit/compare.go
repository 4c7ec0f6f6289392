package benchkit

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/lib/pq"

	"creatorcoach/store"
)

// Body says what the bare handler answers: it is called with the body so
// far for every row of each of its queries in turn (stmt the query's
// index, cols the row's columns as Postgres sent them) and returns the body
// with the row's part. The bare handler starts each answer empty.
type Body func(body []byte, stmt int, cols []sql.RawBytes) []byte

// FirstColumn, the bare handler's default Body, answers the first column
// of the first query's last row: the answer of a statement that builds the
// call's JSON itself.
func FirstColumn(body []byte, stmt int, cols []sql.RawBytes) []byte {
	if stmt != 0 {
		return body
	}
	return append(body[:0], cols[0]...)
}

// EveryColumn answers every column of every row of every query, appended
// as Postgres sent them: for a call whose answer the api assembles from
// several statements' rows, the bare handler writes about as many bytes as
// the api without the work of assembling them (see the sizes Print shows).
func EveryColumn(body []byte, _ int, cols []sql.RawBytes) []byte {
	for _, c := range cols {
		body = append(body, c...)
	}
	return body
}

// Bare starts the middle baseline between pgbench and the api on a free
// loopback address: a bare chi handler that runs, when sessionID is not
// empty, the api's session check (store.AuthenticateSQL with the session
// and the time, as the api sends them), then queries (prepared, with the
// api's session settings; each with as many of args as it names) and
// answers what body makes of their rows (FirstColumn when nil), with
// nothing else: no auth, logging or metrics. api/bare is what our code
// costs; bare/pgbench is what the HTTP hop itself costs on this machine.
func Bare(ctx context.Context, dbURL string, args []any, sessionID string, body Body, queries ...string) (string, func(), error) {
	if body == nil {
		body = FirstColumn
	}
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return "", nil, err
	}
	type stmt struct {
		st   *sql.Stmt
		args func() []any
		i    int // the index in queries; -1 for the session check
	}
	var stmts []stmt
	prepare := func(q string, args func() []any, i int) error {
		st, err := db.SQL().PrepareContext(ctx, q)
		if err != nil {
			db.Close()
			return fmt.Errorf("bare: %w", err)
		}
		stmts = append(stmts, stmt{st, args, i})
		return nil
	}
	if sessionID != "" {
		if err := prepare(store.AuthenticateSQL, func() []any { return []any{sessionID, time.Now()} }, -1); err != nil {
			return "", nil, err
		}
	}
	for i, q := range queries {
		n := 0
		for _, m := range param.FindAllStringSubmatch(q, -1) {
			i, _ := strconv.Atoi(m[1])
			n = max(n, i)
		}
		if err := prepare(q, func() []any { return args[:n] }, i); err != nil {
			return "", nil, err
		}
	}
	r := chi.NewRouter()
	r.Get("/", func(w http.ResponseWriter, r *http.Request) {
		var b []byte
		for _, s := range stmts {
			rows, err := s.st.QueryContext(r.Context(), s.args()...)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			cols, _ := rows.Columns()
			dest := make([]any, len(cols))
			for i := range dest {
				dest[i] = new(sql.RawBytes)
			}
			raw := make([]sql.RawBytes, len(cols))
			for rows.Next() {
				if err := rows.Scan(dest...); err == nil && s.i >= 0 {
					for i, d := range dest {
						raw[i] = *d.(*sql.RawBytes)
					}
					b = body(b, s.i, raw)
				}
			}
			rows.Close()
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		db.Close()
		return "", nil, err
	}
	srv := &http.Server{Handler: r}
	go srv.Serve(l)
	return l.Addr().String(), func() { srv.Close(); db.Close() }, nil
}

// Figures are one scenario's medians: the api, the bare handler and pgbench
// in both query modes on the list SQL alone and after the session check.
type Figures struct {
	API, APIP99, Bare, BareP99                       float64
	Simple, SimpleAuth, Prepared, PreparedAuth, Runs float64
	// APIP99s are the api's p99 of each run, in order: how far apart they
	// are says how steady the measurement is.
	APIP99s []float64
	// APIOwnP99 is the bucket bound under which the api's own metrics put
	// 99 % of its answers over every run (the unmeasured warm-up second
	// included): the part of APIP99 spent in the api's handlers, the rest
	// being the load generator's, the kernel's and the connections' waits
	// for the shared cores. 0 when its /metrics could not be read.
	APIOwnP99 float64
	// APIBare is the median of each run's api/bare: the two are measured
	// one after the other in every run, so a drift of the shared machine's
	// speed between runs cancels out of each ratio.
	APIBare float64
	// APIBytes and BareBytes are the sizes of one answer of each (the
	// body, uncompressed as the load generator asks): a fair api/bare has
	// them about equal.
	APIBytes, BareBytes int
}

// Compare measures the api at target (with token) against its baselines on
// queries with args (see Bare and Script), runs times each; the baselines
// first check the token's own session, as the api does (pgbench as
// SessionCheckSQL). The bare handler answers body (FirstColumn when nil).
// Scripts go to dir.
func Compare(ctx context.Context, dbURL, dir, target, token string, conns int, d time.Duration, runs int,
	body Body, args []any, queries ...string) (Figures, error) {
	sessionID, err := tokenSession(token)
	if err != nil {
		return Figures{}, err
	}
	sessionCheck := SessionCheckSQL(sessionID)
	bareAddr, stopBare, err := Bare(ctx, dbURL, args, sessionID, body, queries...)
	if err != nil {
		return Figures{}, err
	}
	defer stopBare()
	// The bare handler gets the same request, bearer token included (it
	// reads no header): both sides parse the same bytes.
	bare := "http://" + bareAddr + "/"
	var f Figures
	if f.APIBytes, err = bodySize(target, token); err != nil {
		return Figures{}, err
	}
	if f.BareBytes, err = bodySize(bare, token); err != nil {
		return Figures{}, err
	}
	type series struct {
		out        *float64
		run        func() (float64, float64, error)
		rate, p99s []float64
	}
	pg := func(mode, preamble string) func() (float64, float64, error) {
		name := "bench-list"
		if preamble != "" {
			name = "bench-session-list"
		}
		return func() (float64, float64, error) {
			script, err := Script(dir, name, mode, args, preamble, queries...)
			if err != nil {
				return 0, 0, err
			}
			return Pgbench(dbURL, conns, d, mode, script...)
		}
	}
	all := []*series{
		{out: &f.API, run: func() (float64, float64, error) { return Load(target, token, conns, d) }},
		{out: &f.Bare, run: func() (float64, float64, error) { return Load(bare, token, conns, d) }},
		{out: &f.Simple, run: pg("simple", "")},
		{out: &f.SimpleAuth, run: pg("simple", sessionCheck)},
		{out: &f.Prepared, run: pg("prepared", "")},
		{out: &f.PreparedAuth, run: pg("prepared", sessionCheck)},
	}
	// One short unmeasured round of the api and the bare handler first: the
	// first run otherwise pays for what only a fresh process does (its pool's
	// Postgres connections opened, their catalog caches filled and
	// statements planned), which moved that run's p99 alone.
	for _, u := range []string{target, bare} {
		if _, _, err := Load(u, token, conns, time.Second); err != nil {
			return Figures{}, err
		}
	}
	for i := 0; i < runs; i++ {
		for _, s := range all {
			r, p, err := s.run()
			for retry := 0; err != nil && retry < 2; retry++ {
				// The machines are shared: another run may hold every
				// Postgres connection for a moment (an api answer 503,
				// pgbench refused). Say so and measure again.
				fmt.Fprintf(os.Stderr, "bench: %.200s\n  measuring again\n", err)
				time.Sleep(2 * time.Second)
				r, p, err = s.run()
			}
			if err != nil {
				return Figures{}, err
			}
			s.rate, s.p99s = append(s.rate, r), append(s.p99s, p)
		}
	}
	for _, s := range all {
		*s.out = Median(s.rate)
	}
	ratios := make([]float64, runs)
	for i := range ratios {
		ratios[i] = all[0].rate[i] / all[1].rate[i]
	}
	f.APIP99, f.APIP99s, f.Runs, f.APIBare = Median(all[0].p99s), all[0].p99s, float64(runs), Median(ratios)
	f.BareP99 = Median(all[1].p99s)
	return f, nil
}

// bodySize is the size of the body target answers a GET with token, as
// the load generator asks for it (no Accept-Encoding); any answer but 200
// is an error.
func bodySize(target, token string) (int, error) {
	req, err := http.NewRequest("GET", target, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	// As wrk sends it: without this header Go's client would ask for gzip.
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err == nil && res.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: status %d: %.200s", target, res.StatusCode, b)
	}
	return len(b), err
}

// Print writes the figures with the api's ratio to each baseline.
func (f Figures) Print(w io.Writer) {
	fmt.Fprintf(w, "  answer: api %d bytes, bare handler %d bytes\n", f.APIBytes, f.BareBytes)
	own := ""
	if f.APIOwnP99 > 0 {
		own = fmt.Sprintf("  (its own metrics: 99 %% answered within %g ms)", 1000*f.APIOwnP99)
	}
	fmt.Fprintf(w, "  api                                   %7.0f req/s  p99 %6.2f ms%s\n", f.API, f.APIP99, own)
	fmt.Fprintf(w, "  bare chi handler, same SQL            %7.0f req/s  p99 %6.2f ms  api/bare %.2f  (what our code costs; median of the runs' ratios)\n", f.Bare, f.BareP99, f.APIBare)
	fmt.Fprintf(w, "  pgbench -M simple, list SQL           %7.0f tps    api/it %.2f\n", f.Simple, f.API/f.Simple)
	fmt.Fprintf(w, "  pgbench -M simple, session check+list %7.0f tps    api/it %.2f  (the api's own SQL, pgbench's default mode)\n", f.SimpleAuth, f.API/f.SimpleAuth)
	fmt.Fprintf(w, "  pgbench -M prepared, list SQL         %7.0f tps    api/it %.2f\n", f.Prepared, f.API/f.Prepared)
	fmt.Fprintf(w, "  pgbench -M prepared, session+list     %7.0f tps    api/it %.2f  bare/it %.2f  (what one HTTP hop costs)\n", f.PreparedAuth, f.API/f.PreparedAuth, f.Bare/f.PreparedAuth)
}

// tokenSession reads the session id (claim sid) of an api access token.
func tokenSession(token string) (string, error) {
	var c struct{ SID string }
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", fmt.Errorf("not an access token")
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err == nil {
		err = json.Unmarshal(payload, &c)
	}
	if err != nil || c.SID == "" {
		return "", fmt.Errorf("access token without a session: %v", err)
	}
	return c.SID, nil
}

// SessionCheckSQL is store.AuthenticateSQL as a pgbench statement for the
// session sessionID: the query every signed-in API request runs.
func SessionCheckSQL(sessionID string) string {
	q := strings.ReplaceAll(store.AuthenticateSQL, "$1", "'"+strings.ReplaceAll(sessionID, "'", "''")+"'")
	return strings.ReplaceAll(q, "$2", "now()") + ";\n"
}

// Compare is Compare for path on the stack's api, m's size and the stack's
// database, with the pgbench scripts in Dir.
func (s *Stack) Compare(ctx context.Context, m *Measure, path, token string, args []any, queries ...string) (Figures, error) {
	return s.CompareEndpoint(ctx, m, Endpoint{Path: path, Token: token, Args: args, Queries: queries})
}

// Endpoint is a call an endpoint benchmark measures: GET Path with Token
// on the api, against the bare handler and pgbench running Queries with
// Args; the bare handler answers Body (FirstColumn when nil).
type Endpoint struct {
	Path, Token string
	Args        []any
	Queries     []string
	Body        Body
}

// CompareEndpoint is Compare for e.
// The api's own metrics of the route are read before and after, for
// Figures.APIOwnP99.
func (s *Stack) CompareEndpoint(ctx context.Context, m *Measure, e Endpoint) (Figures, error) {
	route := "/api/"
	before := ReadServed(ctx, route, s.APIAddr)
	f, err := Compare(ctx, s.DBURL, s.Dir, s.URL(e.Path), e.Token, m.Conns, m.Duration, m.Runs, e.Body, e.Args, e.Queries...)
	if after := ReadServed(ctx, route, s.APIAddr); err == nil && before != nil && after != nil {
		f.APIOwnP99, _ = after.P99Since(before)
	}
	return f, err
}

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
			// pgbench cannot define an empty variable: an empty string
			// argument is written as the literal ''.
			q = param.ReplaceAllStringFunc(q, func(m string) string {
				i, _ := strconv.Atoi(m[1:])
				if s, ok := args[i-1].(string); ok && s == "" {
					return "''"
				}
				return ":p" + m[1:]
			})
		}
		script += q + ";\n"
	}
	if mode == "simple" {
		args = nil
	}
	var defs []string
	for i, a := range args {
		if s, ok := a.(string); ok && s == "" {
			continue
		}
		defs = append(defs, "-D", fmt.Sprintf("p%d=%v", i+1, a))
	}
	path := filepath.Join(dir, name+"-"+mode+".sql")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		return nil, err
	}
	return append(defs, "-f", path), nil
}
