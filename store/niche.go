package store

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Niche is a creator niche a creator picks at sign-up.
type Niche struct {
	ID   string `db:"id" json:"_id"`
	Name string `db:"name" json:"name"`
}

// ListNiches returns every niche sorted by name.
func (s *DB) ListNiches(ctx context.Context) ([]Niche, error) {
	niches := []Niche{}
	if err := s.db.SelectContext(ctx, &niches, `SELECT id, name FROM niches ORDER BY name`); err != nil {
		return nil, fmt.Errorf("list niches: %w", err)
	}
	return niches, nil
}

// nicheExists reports whether id names a niche; a malformed id is simply unknown.
func nicheExists(tx *sqlx.Tx, id string) (bool, error) {
	if !isUUID(id) {
		return false, nil
	}
	var ok bool
	err := tx.Get(&ok, `SELECT EXISTS (SELECT 1 FROM niches WHERE id = $1)`, id)
	return ok, err
}
