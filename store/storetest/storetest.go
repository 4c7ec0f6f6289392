// Package storetest hands tests a real, freshly migrated Postgres database
// and a private Redis database. Each test's database is cloned from a
// template migrated once per migration set, so tests may run in parallel.
package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
)

// OTPSecret is the OTP HMAC key of test stores.
const OTPSecret = "test-otp-secret"

// adminURL is the server's maintenance database: TEST_DATABASE_URL, else
// DATABASE_URL's server, else the local default.
func adminURL() string {
	raw := os.Getenv("TEST_DATABASE_URL")
	if raw == "" {
		raw = os.Getenv("DATABASE_URL")
	}
	if raw == "" {
		raw = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	return withDB(raw, "postgres")
}

func withDB(raw, name string) string {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	u.Path = "/" + name
	return u.String()
}

// templateName fingerprints the migrations, so a changed migration set gets a new template.
func templateName() string {
	h := sha256.New()
	_ = fs.WalkDir(store.MigrationFS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(store.MigrationFS(), p)
			h.Write([]byte(p))
			h.Write(b)
		}
		return nil
	})
	return "cc_tmpl_" + hex.EncodeToString(h.Sum(nil))[:12]
}

// ensureTemplate creates and migrates the template once across all test
// processes (serialised by an advisory lock).
func ensureTemplate(ctx context.Context, admin *sql.DB, name string) error {
	conn, err := admin.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7261)`); err != nil {
		return err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(7261)`) //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil || exists {
		return err
	}
	building := name + "_build"
	_, _ = conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building)
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building); err != nil {
		return err
	}
	db, err := store.Open(ctx, withDB(adminURL(), building))
	if err != nil {
		return err
	}
	err = db.Migrate(ctx)
	db.Close()
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name)
	return err
}

// New returns a store on a fresh migrated database, dropped when the test
// ends, and the database's URL. Its clock is time.Now; tests may replace it.
func New(t testing.TB) (*store.DB, string) {
	t.Helper()
	admin, err := sql.Open("postgres", adminURL())
	if err != nil {
		t.Fatalf("open admin db: %v", err)
	}
	defer admin.Close()
	tmpl := templateName()
	if err := ensureTemplate(context.Background(), admin, tmpl); err != nil {
		t.Fatalf("template database: %v", err)
	}
	return clone(t, admin, tmpl)
}

// built remembers the filled templates this process has made or found.
var built sync.Map // template name → *sync.Once-guarded error

type buildOnce struct {
	once sync.Once
	err  error
}

// NewFrom is New on a database that already holds what fill writes (the demo
// data, say): fill runs once into a template, and each test gets a copy of it,
// so a package whose tests all start from the same data fills it once. The
// template is named for the migrations, label, this test binary and the
// day (UTC), so any change to the code that fills it builds a new one (and
// drops the label's older templates), and so does a new day: fills date
// their data from today (the demo's social history ends today), and a
// template filled yesterday held figures a test computing from today's
// windows did not expect.
func NewFrom(t testing.TB, label string, fill func(context.Context, *store.DB) error) (*store.DB, string) {
	t.Helper()
	ctx := context.Background()
	admin, err := sql.Open("postgres", adminURL())
	if err != nil {
		t.Fatalf("open admin db: %v", err)
	}
	defer admin.Close()
	base := templateName()
	if err := ensureTemplate(ctx, admin, base); err != nil {
		t.Fatalf("template database: %v", err)
	}
	prefix := base + "_" + label + "_"
	name := prefix + binaryHash() + "_" + time.Now().UTC().Format("20060102")
	v, _ := built.LoadOrStore(name, &buildOnce{})
	b := v.(*buildOnce)
	b.once.Do(func() { b.err = ensureFilled(ctx, admin, base, prefix, name, fill) })
	if b.err != nil {
		t.Fatalf("filled template %s: %v", label, b.err)
	}
	return clone(t, admin, name)
}

// binaryHash fingerprints the running test binary (the code that fills a template).
var binaryHash = sync.OnceValue(func() string {
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if b, err := os.ReadFile(exe); err == nil {
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
})

// ensureFilled makes the template name from base and fill, once across all
// test processes (an advisory lock of its own), dropping the older
// templates of the same prefix that nobody is copying.
func ensureFilled(ctx context.Context, admin *sql.DB, base, prefix, name string, fill func(context.Context, *store.DB) error) error {
	conn, err := admin.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7262)`); err != nil {
		return err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(7262)`) //nolint:errcheck
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil || exists {
		return err
	}
	// Each filled template notes when it was made; older builds' templates of the label go after two hours.
	if rows, err := conn.QueryContext(ctx, `SELECT datname FROM pg_database WHERE starts_with(datname, $1)
		AND COALESCE(shobj_description(oid, 'pg_database'), '0')::bigint < $2`, prefix, time.Now().Add(-2*time.Hour).Unix()); err == nil {
		var old []string
		for rows.Next() {
			var n string
			if rows.Scan(&n) == nil {
				old = append(old, n)
			}
		}
		rows.Close()
		for _, n := range old {
			_, _ = conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+n) // in use: left for a later build
		}
	}
	building := name + "_build"
	_, _ = conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building)
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building+` TEMPLATE `+base); err != nil {
		return err
	}
	db, err := store.Open(ctx, withDB(adminURL(), building))
	if err != nil {
		return err
	}
	db.OTPSecret, db.BcryptCost = []byte(OTPSecret), 4
	err = fill(ctx, db)
	db.Close()
	if err != nil {
		_, _ = conn.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`)
		return err
	}
	if _, err = conn.ExecContext(ctx, fmt.Sprintf(`COMMENT ON DATABASE %s IS '%d'`, building, time.Now().Unix())); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name)
	return err
}

// clone makes the test's own database as a copy of tmpl and opens it.
func clone(t testing.TB, admin *sql.DB, tmpl string) (*store.DB, string) {
	t.Helper()
	ctx := context.Background()
	var err error
	name := "cc_test_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:16]
	for attempt := 0; ; attempt++ {
		_, err = admin.ExecContext(ctx, `CREATE DATABASE `+name+` TEMPLATE `+tmpl)
		if err == nil || attempt == 20 {
			break
		}
		time.Sleep(50 * time.Millisecond) // another test is cloning the same template
	}
	if err != nil {
		t.Fatalf("create test database: %v", err)
	}
	dbURL := withDB(adminURL(), name)
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	db.OTPSecret, db.BcryptCost = []byte(OTPSecret), 4
	t.Cleanup(func() {
		db.Close()
		admin, err := sql.Open("postgres", adminURL())
		if err == nil {
			_, _ = admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
			admin.Close()
		}
	})
	return db, dbURL
}

// Redis reserves one of the Redis databases 1-14, or more where the server
// has more (15 is the browser tests'), for the test (across test processes,
// through a lease key in database 0), flushes it, and returns its URL. The
// lease ends with the test.
func Redis(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_REDIS_URL")
	if base == "" {
		base = os.Getenv("REDIS_URL")
	}
	if base == "" {
		base = "redis://127.0.0.1:6379/0"
	}
	u, release, err := LeaseRedis(context.Background(), base, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(release)
	return u
}

// LeaseRedis reserves a Redis database of the server at base as Redis does
// for tests (benchmarks use it too, so they never share a database with a
// test, the browser tests or each other), waiting up to wait for one to be
// free. It flushes the database and returns its URL and the function that
// ends the lease; the lease is renewed until then.
func LeaseRedis(ctx context.Context, base string, wait time.Duration) (string, func(), error) {
	opt, err := redis.ParseURL(base)
	if err != nil {
		return "", nil, fmt.Errorf("redis url: %w", err)
	}
	opt.DB = 0
	lease := redis.NewClient(opt)
	token := uuid.NewString()
	deadline := time.Now().Add(wait)
	dbs := 16
	if v, err := lease.ConfigGet(ctx, "databases").Result(); err == nil {
		if n, err := strconv.Atoi(v["databases"]); err == nil && n > dbs {
			dbs = n
		}
	}
	const ttl = 10 * time.Minute
	for {
		for n := 1; n < dbs; n++ {
			if n == 14 || n == 15 {
				continue // the browser tests' two stacks (ops/test.sh e2e)
			}
			key := fmt.Sprintf("cc:test:redis-lease:%d", n)
			ok, err := lease.SetNX(ctx, key, token, ttl).Result()
			if err != nil {
				lease.Close()
				return "", nil, fmt.Errorf("redis: %w", err)
			}
			if !ok {
				continue
			}
			dbOpt := *opt
			dbOpt.DB = n
			c := redis.NewClient(&dbOpt)
			err = c.FlushDB(ctx).Err()
			c.Close()
			if err != nil {
				lease.Del(ctx, key)
				lease.Close()
				return "", nil, fmt.Errorf("flush redis db %d: %w", n, err)
			}
			done := make(chan struct{})
			go func() { // renew, so a long benchmark keeps its database
				tick := time.NewTicker(ttl / 3)
				defer tick.Stop()
				for {
					select {
					case <-done:
						return
					case <-tick.C:
						if v, _ := lease.Get(context.Background(), key).Result(); v == token {
							lease.Expire(context.Background(), key, ttl)
						}
					}
				}
			}()
			var once sync.Once
			release := func() {
				once.Do(func() {
					close(done)
					if v, _ := lease.Get(context.Background(), key).Result(); v == token {
						lease.Del(context.Background(), key)
					}
					lease.Close()
				})
			}
			u, _ := url.Parse(base)
			u.Path = fmt.Sprintf("/%d", n)
			return u.String(), release, nil
		}
		if time.Now().After(deadline) {
			lease.Close()
			return "", nil, fmt.Errorf("no free Redis database within %s", wait)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
