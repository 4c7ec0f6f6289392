package seed

import (
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// setup is one test's database: a fresh clone of the migrated template.
func setup(t *testing.T) *store.DB {
	t.Helper()
	db, _ := storetest.New(t)
	return db
}
