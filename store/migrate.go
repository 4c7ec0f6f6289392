package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationLockID is the Postgres advisory lock held while migrating, so that
// several api replicas starting together apply each migration once.
const migrationLockID = 0x6372636f61636800

// Migrate applies every pending migration under an advisory lock.
func (s *DB) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrationLockID))
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectPostgres, s.db.DB, fsys, goose.WithSessionLocker(locker),
		// Features land in parallel: a migration numbered below one already applied still applies.
		goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate up: %w", err)
	}
	return nil
}

// MigrationFS returns the embedded migration files (used to fingerprint test templates).
func MigrationFS() fs.FS { return migrations }
