// Package store holds the domain types, their validation and rules, and all
// Postgres access. Public methods open their own transaction and return
// *Error values with the codes of error.go.
package store

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // Postgres driver
)

// DB is the store: a Postgres pool plus the rules that need configuration.
type DB struct {
	db *sqlx.DB
	// Now is the clock; tests replace it to move time forward.
	Now func() time.Time
	// OTPSecret keys the HMAC under which one-time codes are stored.
	OTPSecret []byte
	// BcryptCost is the cost of password hashes.
	BcryptCost int

	stmts sync.Map // query text → *sqlx.Stmt, see prepared
}

// Open connects to Postgres and checks the connection.
func Open(ctx context.Context, url string) (*DB, error) {
	db, err := sqlx.ConnectContext(ctx, "postgres", url)
	if err != nil {
		return nil, fmt.Errorf("connect postgres: %w", err)
	}
	db.SetMaxOpenConns(40)
	db.SetMaxIdleConns(40)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{db: db, Now: time.Now, BcryptCost: 12}, nil
}

// Close closes the cached statements and the pool.
func (s *DB) Close() error {
	s.stmts.Range(func(_, st any) bool { st.(*sqlx.Stmt).Close(); return true })
	return s.db.Close()
}

// prepared returns a cached prepared statement for a hot query. A prepared
// statement runs in one round trip (lib/pq otherwise spends one on parsing
// every parameterised query) and, after a few runs, without planning.
func (s *DB) prepared(ctx context.Context, query string) (*sqlx.Stmt, error) {
	if st, ok := s.stmts.Load(query); ok {
		return st.(*sqlx.Stmt), nil
	}
	st, err := s.db.PreparexContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sqlx.Stmt), nil
	}
	return st, nil
}

// SQL exposes the pool for wiring (readiness checks, the outbox listener).
func (s *DB) SQL() *sqlx.DB { return s.db }

// Ping reports whether Postgres answers.
func (s *DB) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

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
