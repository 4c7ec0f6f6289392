// Package store holds the domain types, their validation and rules, and all
// Postgres access. Public methods open their own transaction and return
// *Error values with the codes of error.go.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // Postgres driver
	"golang.org/x/sync/errgroup"
)

// DB is the store: a Postgres pool plus the rules that need configuration.
type DB struct {
	db *sqlx.DB
	// probe is a pool of one connection for Ping alone: a readiness check
	// answers whether Postgres answers, never after the requests queued for
	// the main pool (a load balancer would take a busy process out of its
	// round for being busy).
	probe *sql.DB
	// Now is the clock; tests replace it to move time forward.
	Now func() time.Time
	// OTPSecret keys the HMAC under which one-time codes are stored.
	OTPSecret []byte
	// BcryptCost is the cost of password hashes.
	BcryptCost int
	// SessionMaxAge is the absolute lifetime of a session (default
	// DefaultSessionMaxAge): refreshing never extends it past its start plus this.
	SessionMaxAge time.Duration
	// OTPFailuresPerDay caps the failed code checks of an e-mail address in
	// 24 hours (default DefaultOTPFailuresPerDay); see MsgOTPLocked.
	OTPFailuresPerDay int
	// OfferTTL is how long a sent offer waits for the creator's answer
	// before the periodic offer:expire task expires it (default
	// DefaultOfferTTL).
	OfferTTL time.Duration
	// Payout is the payments' settings (fee, release window, graces).
	Payout PayoutSettings
	// AutoApproveAfter is how long a submitted draft waits for the brand's
	// review before the periodic thread:auto_approve task approves it
	// (default DefaultAutoApproveAfter; a campaign may change it).
	AutoApproveAfter time.Duration

	dummyOnce sync.Once // makes dummy, see dummyHash
	dummy     []byte
	stmts     sync.Map       // query text → *sqlx.Stmt, see prepared
	stmtCount atomic.Int32   // statements in stmts
	preparing sync.Map       // query text → true while txStmt prepares it in the background
	words     wordStatsCache // creators.search's word frequencies, see searchPlan
	results   resultsCache   // campaigns' results by version, see campaignResults
	sessions  *sessionCache  // signed-in users by session, see CacheSessions; nil = none kept
}

// SessionSettings are the Postgres settings of every pool connection, as
// name=value pairs joined by "&".
//   - Prepared statements (see prepared) are planned once, generically: with
//     the default "auto", Postgres keeps re-planning a list query for each
//     page, because a LIMIT/OFFSET it does not know makes the generic plan
//     look dearer, and that planning costs more than running the query.
//   - No parallel query: under concurrent requests the extra workers only
//     take cores from other requests, and a generic plan that guesses a
//     large LIMIT would otherwise start them for a ten-row page.
//   - No JIT compilation: a generic plan guesses a tenth of the table for a
//     LIMIT it does not know, which passes jit_above_cost, and compiling
//     the page's expressions then took 0.6 s for a query that runs in 2 ms
//     (the unfiltered creator list over a million creators). Our statements
//     read few rows by index; none gains from compiling.
const SessionSettings = "plan_cache_mode=force_generic_plan&max_parallel_workers_per_gather=0&jit=off"

// Open connects to Postgres and checks the connection.
func Open(ctx context.Context, url string) (*DB, error) {
	db, err := sqlx.ConnectContext(ctx, "postgres", withSettings(url))
	if err != nil {
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	size := DefaultPoolSize()
	db.SetMaxOpenConns(size)
	db.SetMaxIdleConns(size)
	db.SetConnMaxIdleTime(5 * time.Minute)
	probe, err := sql.Open("postgres", withSettings(url))
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	probe.SetMaxOpenConns(1)
	probe.SetMaxIdleConns(1)
	return &DB{db: db, probe: probe, Now: time.Now, BcryptCost: 12, SessionMaxAge: DefaultSessionMaxAge}, nil
}

// DefaultPoolSize is how many Postgres connections one process opens at most
// when its configuration says nothing (DB_POOL_SIZE): twice the cores the
// process may use (GOMAXPROCS, which follows a container's CPU limit), at
// least 4 and at most 16. More connections than that do not answer more:
// past it a request's statement runs beside more Postgres backends than
// there are cores, so it waits in the kernel's run queue instead of the
// pool's, and every request's tail grows. On two cores, where Postgres
// shares the api's cores, 4 connections instead of 16 took the creator
// search's p99 from 30-70 ms to 16-22 ms at the same or a higher rate.
func DefaultPoolSize() int { return min(max(4, 2*runtime.GOMAXPROCS(0)), 16) }

// SetPoolSize bounds the pool at size connections, all of which it may keep
// idle (for five minutes, unless Warm keeps them for good).
func (s *DB) SetPoolSize(size int) {
	s.db.SetMaxOpenConns(size)
	s.db.SetMaxIdleConns(size)
}

// Warm opens the pool's connections before the process takes requests, all
// at once, and keeps them however long they sit idle: a connection opened
// under load costs a backend's start and a first plan of each prepared
// statement it runs, and a pool that grows while the load rises, or shrinks
// in a quiet minute and grows again, makes every request wait for that
// together. No lifetime either: connections opened together would expire
// together. A connection that breaks is replaced when it is next used. It
// returns the first error of a connection that could not be opened.
func (s *DB) Warm(ctx context.Context) error {
	s.db.SetConnMaxIdleTime(0)
	s.db.SetConnMaxLifetime(0)
	n := s.db.Stats().MaxOpenConnections
	conns := make([]*sql.Conn, n)
	var g errgroup.Group
	for i := range conns {
		g.Go(func() (err error) {
			if conns[i], err = s.db.Conn(ctx); err == nil {
				err = conns[i].PingContext(ctx)
			}
			return err
		})
	}
	err := g.Wait()
	for _, c := range conns { // held until every one is open, so each is a new one
		if c != nil {
			c.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("open postgres connections: %w", err)
	}
	return nil
}

// withSettings adds SessionSettings to a Postgres URL or key=value string;
// lib/pq sends parameters it does not know as run-time settings.
func withSettings(dsn string) string {
	if strings.Contains(dsn, "://") {
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		return dsn + sep + SessionSettings
	}
	return dsn + " " + strings.ReplaceAll(SessionSettings, "&", " ")
}

// Close stops the session cache's listener and closes the cached statements
// and the pool.
func (s *DB) Close() error {
	s.sessions.close()
	s.stmts.Range(func(_, st any) bool { st.(*sqlx.Stmt).Close(); return true })
	s.probe.Close()
	return s.db.Close()
}

// maxPrepared bounds the statement cache: list filters combine into many
// query texts, and each prepared statement lives on every pool connection.
const maxPrepared = 512

// prepared returns a cached prepared statement for a hot query. A prepared
// statement runs in one round trip (lib/pq otherwise spends one on parsing
// every parameterised query) and, under SessionSettings, is planned once. Once
// the cache is full, new texts get a statement of their own that the
// caller's release closes; release is never nil.
func (s *DB) prepared(ctx context.Context, query string) (st *sqlx.Stmt, release func(), err error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sqlx.Stmt), func() {}, nil
	}
	if st, err = s.db.PreparexContext(ctx, query); err != nil {
		return nil, nil, err
	}
	if s.stmtCount.Load() >= maxPrepared {
		return st, func() { st.Close() }, nil
	}
	if prev, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sqlx.Stmt), func() {}, nil
	}
	s.stmtCount.Add(1)
	return st, func() {}, nil
}

// getPrepared runs query as a cached prepared statement (planned once, see
// SessionSettings) and scans its one row into dest.
func (s *DB) getPrepared(ctx context.Context, dest any, query string, args ...any) error {
	st, release, err := s.prepared(ctx, query)
	if err != nil {
		return err
	}
	defer release()
	return st.GetContext(ctx, dest, args...)
}

// selectPrepared runs query as a cached prepared statement (see
// getPrepared) and scans its rows into dest.
func (s *DB) selectPrepared(ctx context.Context, dest any, query string, args ...any) error {
	st, release, err := s.prepared(ctx, query)
	if err != nil {
		return err
	}
	defer release()
	return st.SelectContext(ctx, dest, args...)
}

// txStmt runs query inside tx: through its cached prepared statement,
// bound to tx's connection, when the cache holds it (prepared); else once
// as it is on tx's connection (oneOff), while the statement is prepared for
// the cache in the background. Preparing it here would take a second pool
// connection while tx holds one: were every connection held by a
// transaction waiting for another, none would ever be given back.
func (s *DB) txStmt(ctx context.Context, tx *sqlx.Tx, query string, prepared func(st *sqlx.Stmt) error, oneOff func() error) error {
	if st, ok := s.stmts.Load(query); ok {
		return prepared(tx.StmtxContext(ctx, st.(*sqlx.Stmt)))
	}
	if s.stmtCount.Load() < maxPrepared {
		if _, busy := s.preparing.LoadOrStore(query, true); !busy {
			go func() {
				defer s.preparing.Delete(query)
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				if _, release, err := s.prepared(ctx, query); err == nil {
					release()
				}
			}()
		}
	}
	return oneOff()
}

// txGet is getPrepared inside tx.
func (s *DB) txGet(ctx context.Context, tx *sqlx.Tx, dest any, query string, args ...any) error {
	return s.txStmt(ctx, tx, query, func(st *sqlx.Stmt) error { return st.GetContext(ctx, dest, args...) },
		func() error { return tx.GetContext(ctx, dest, query, args...) })
}

// txSelect is selectPrepared inside tx.
func (s *DB) txSelect(ctx context.Context, tx *sqlx.Tx, dest any, query string, args ...any) error {
	return s.txStmt(ctx, tx, query, func(st *sqlx.Stmt) error { return st.SelectContext(ctx, dest, args...) },
		func() error { return tx.SelectContext(ctx, dest, query, args...) })
}

// txExec is execPrepared inside tx.
func (s *DB) txExec(ctx context.Context, tx *sqlx.Tx, query string, args ...any) (res sql.Result, err error) {
	err = s.txStmt(ctx, tx, query, func(st *sqlx.Stmt) (err error) {
		res, err = st.ExecContext(ctx, args...)
		return err
	}, func() (err error) {
		res, err = tx.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}

// execPrepared runs query as a cached prepared statement (see getPrepared).
func (s *DB) execPrepared(ctx context.Context, query string, args ...any) error {
	st, release, err := s.prepared(ctx, query)
	if err != nil {
		return err
	}
	defer release()
	_, err = st.ExecContext(ctx, args...)
	return err
}

// SQL exposes the pool for wiring (readiness checks, the outbox listener).
func (s *DB) SQL() *sqlx.DB { return s.db }

// Ping reports whether Postgres answers.
func (s *DB) Ping(ctx context.Context) error { return s.probe.PingContext(ctx) }

// inTx runs fn in a transaction, committing when fn returns nil.
func (s *DB) inTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after commit
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (s *DB) now() time.Time { return s.Now().UTC() }
