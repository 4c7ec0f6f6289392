// Package benchkit holds what the benchmark programs under ops/bench share:
// their command line (Main, MeasureFlags), a scratch stack of database,
// Redis, built binaries and the real api and worker processes (Stack), the
// calls they make to the api (Call, PostJob, WaitJob), an HTTP load
// generator and pgbench as the SQL baseline (Compare). Every figure is meant to be
// read as a ratio against a baseline measured in the same run.
package benchkit

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// Env returns the environment variable k, or def when it is empty.
func Env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// DatabaseBase is the Postgres server URL without a database (as ops/services.sh exports it).
func DatabaseBase() string { return Env("DATABASE_URL_BASE", "postgres://postgres@127.0.0.1:5432") }

// ScratchDB drops and recreates database name, migrates it and opens it
// (bcrypt cost 4, so seeding accounts is quick).
func ScratchDB(ctx context.Context, name string) (*store.DB, string, error) {
	return scratchDB(ctx, name, false)
}

// KeptDB is ScratchDB keeping database name when it exists (creating it
// when not), so a benchmark can reuse data it generated in an earlier run;
// migrations added since are applied.
func KeptDB(ctx context.Context, name string) (*store.DB, string, error) {
	return scratchDB(ctx, name, true)
}

func scratchDB(ctx context.Context, name string, keep bool) (*store.DB, string, error) {
	// BENCH_DB_SUFFIX keeps apart the scratch databases of checkouts
	// benchmarking on one Postgres at the same time.
	name += os.Getenv("BENCH_DB_SUFFIX")
	admin, err := sql.Open("postgres", DatabaseBase()+"/postgres?sslmode=disable")
	if err != nil {
		return nil, "", err
	}
	exists := false
	if keep {
		_ = admin.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists)
	} else {
		_, _ = admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`)
	}
	if !exists {
		_, err = admin.ExecContext(ctx, `CREATE DATABASE `+name)
	}
	admin.Close()
	if err != nil {
		return nil, "", err
	}
	dbURL := DatabaseBase() + "/" + name + "?sslmode=disable"
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		return nil, "", err
	}
	db.OTPSecret, db.BcryptCost = []byte("bench"), 4
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, "", err
	}
	return db, dbURL, nil
}

// Redis is where a benchmark's processes find Redis: it returns the URL of
// a database of the benchmark's own and a function that gives it back.
type Redis func(context.Context) (string, func(), error)

// RedisDB is the Redis database n of REDIS_URL's server, flushed first.
func RedisDB(n string) Redis {
	return func(ctx context.Context) (string, func(), error) {
		u, err := url.Parse(Env("REDIS_URL", "redis://127.0.0.1:6379/0"))
		if err != nil {
			return "", nil, err
		}
		u.Path = "/" + n
		opt, err := redis.ParseURL(u.String())
		if err != nil {
			return "", nil, err
		}
		rdb := redis.NewClient(opt)
		rdb.FlushDB(ctx)
		rdb.Close()
		return u.String(), func() {}, nil
	}
}

// LeasedRedis is a Redis database leased as the Go tests lease theirs
// (storetest.LeaseRedis): never the browser tests' 14 and 15 nor a running test's.
func LeasedRedis(ctx context.Context) (string, func(), error) {
	return storetest.LeaseRedis(ctx, Env("REDIS_URL", "redis://127.0.0.1:6379/0"), 2*time.Minute)
}

// FreeAddr returns a free loopback address.
func FreeAddr() string {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	defer l.Close()
	return l.Addr().String()
}

// Median returns the middle value of xs.
func Median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// Spread says how far apart xs are: the largest over the smallest, as
// "1.14×" ("n/a" for fewer than two, or a smallest of 0).
func Spread(xs []float64) string {
	if len(xs) < 2 {
		return "n/a"
	}
	lo, hi := slices.Min(xs), slices.Max(xs)
	if lo <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", hi/lo)
}

// Build compiles the named commands (api, worker, ...) into dir.
func Build(dir string, cmds ...string) error {
	for _, c := range cmds {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, c), "./cmd/"+c).CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %v\n%s", c, err, out)
		}
	}
	return nil
}

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
