package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// BrandSummary is a brand as the admin list shows it: its name, its first
// BRAND_ADMIN (owner) and how many staff accounts it has.
type BrandSummary struct {
	ID         string    `db:"id" json:"_id"`
	Name       string    `db:"name" json:"name"`
	OwnerName  string    `db:"owner_name" json:"ownerName"`
	OwnerEmail string    `db:"owner_email" json:"ownerEmail"`
	Members    int       `db:"members" json:"members"`
	CreatedAt  time.Time `db:"created_at" json:"createdAt"`
}

// BrandFilter selects brands: Search matches a substring of the brand name
// or of a staff member's name or e-mail, case-insensitively. Page and Limit
// default to 1 and 10.
type BrandFilter struct {
	Search      string
	Page, Limit int
}

// ListBrands returns a page of brands, newest first, and the total (exact
// up to CountCap). EINVALID for a bad page or limit.
func (s *DB) ListBrands(ctx context.Context, f BrandFilter) ([]BrandSummary, int, error) {
	fe := FieldErrors{}
	checkPage(fe, &f.Page, &f.Limit)
	if err := fe.Err(); err != nil {
		return nil, 0, err
	}
	where, args := "", []any{}
	if q := strings.ToLower(strings.TrimSpace(f.Search)); q != "" {
		args = append(args, "%"+escapeLike(q)+"%")
		where = ` WHERE lower(b.name) LIKE $1 OR EXISTS (SELECT 1 FROM users m WHERE m.brand_id = b.id
			AND m.deleted_at IS NULL AND (lower(m.name) LIKE $1 OR m.email LIKE $1))`
	}
	n := len(args)
	q := `SELECT b.id, b.name, b.created_at, coalesce(o.name, '') AS owner_name, coalesce(o.email, '') AS owner_email,
		(SELECT count(*) FROM users m WHERE m.brand_id = b.id AND m.deleted_at IS NULL) AS members
		FROM brands b LEFT JOIN LATERAL (SELECT name, email FROM users WHERE brand_id = b.id AND role = 'BRAND_ADMIN'
			AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1) o ON true` + where +
		` ORDER BY b.created_at DESC, b.id LIMIT $` + strconv.Itoa(n+1) + ` OFFSET $` + strconv.Itoa(n+2)
	items := []BrandSummary{}
	if err := s.db.SelectContext(ctx, &items, q, append(args, f.Limit, (f.Page-1)*f.Limit)...); err != nil {
		return nil, 0, fmt.Errorf("list brands: %w", err)
	}
	var total int
	err := s.db.GetContext(ctx, &total, `SELECT count(*) FROM (SELECT 1 FROM brands b`+where+` LIMIT `+strconv.Itoa(CountCap)+`) t`, args...)
	if err != nil && err != sql.ErrNoRows {
		return nil, 0, fmt.Errorf("count brands: %w", err)
	}
	return items, total, nil
}
