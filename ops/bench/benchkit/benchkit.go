// Package benchkit holds what the benchmark programs under ops/bench share:
// a scratch database and Redis, the real api process, an HTTP load
// generator and pgbench as the SQL baseline. Every figure is meant to be
// read as a ratio against a baseline measured in the same run.
package benchkit

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
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

// ScratchRedis returns REDIS_URL pointed at database 15, flushed.
func ScratchRedis(ctx context.Context) string {
	u, _ := url.Parse(Env("REDIS_URL", "redis://127.0.0.1:6379/0"))
	u.Path = "/15"
	opt, _ := redis.ParseURL(u.String())
	rdb := redis.NewClient(opt)
	rdb.FlushDB(ctx)
	rdb.Close()
	return u.String()
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

// Build compiles the named commands (api, worker, ...) into dir.
func Build(dir string, cmds ...string) error {
	for _, c := range cmds {
		if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, c), "./cmd/"+c).CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %v\n%s", c, err, out)
		}
	}
	return nil
}
