package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Brand is a company that runs campaigns; its staff are users with a brand role.
type Brand struct {
	ID   string `db:"id" json:"_id"`
	Name string `db:"name" json:"name"`
}

// BrandSummary is a brand as the admin list shows it: its name, its first
// BRAND_ADMIN (owner) and how many staff accounts it has.
type BrandSummary struct {
	ID         string    `json:"_id"`
	Name       string    `json:"name"`
	OwnerName  string    `json:"ownerName"`
	OwnerEmail string    `json:"ownerEmail"`
	Members    int       `json:"members"`
	CreatedAt  time.Time `json:"createdAt"`
}

// BrandFilter selects brands: Search matches a substring of the brand name
// or of a staff member's name or e-mail, case-insensitively. Page and Limit
// default to 1 and 10.
type BrandFilter struct {
	Search      string
	Page, Limit int
}

// ListBrands returns a page of brands, newest first (entries are
// BrandSummary's JSON), and the total, exact up to CountCap. EINVALID for a
// bad page or limit.
func (s *DB) ListBrands(ctx context.Context, f BrandFilter) (Page, error) {
	fe := FieldErrors{}
	CheckPaging(fe, &f.Page, &f.Limit)
	if err := fe.Err(); err != nil {
		return Page{}, err
	}
	where, args := "", []any{}
	if q := strings.ToLower(strings.TrimSpace(f.Search)); q != "" {
		args = append(args, likeContaining(q))
		where = ` WHERE lower(b.name) LIKE $1 OR EXISTS (SELECT 1 FROM users m WHERE m.brand_id = b.id
			AND m.deleted_at IS NULL AND (lower(m.name) LIKE $1 OR m.email LIKE $1))`
	}
	n := len(args)
	q := `SELECT coalesce(json_agg(json_build_object('_id', b.id, 'name', b.name, 'ownerName', coalesce(o.name, ''),
			'ownerEmail', coalesce(o.email, ''), 'members', (SELECT count(*) FROM users m WHERE m.brand_id = b.id AND m.deleted_at IS NULL),
			'createdAt', b.created_at) ORDER BY b.created_at DESC, b.id), '[]')::text,
		(SELECT count(*) FROM (SELECT 1 FROM brands b` + where + ` LIMIT ` + strconv.Itoa(CountCap) + `) t)
		FROM (SELECT * FROM brands b` + where + ` ORDER BY b.created_at DESC, b.id LIMIT $` + strconv.Itoa(n+1) +
		` OFFSET $` + strconv.Itoa(n+2) + `) b
		LEFT JOIN LATERAL (SELECT name, email FROM users WHERE brand_id = b.id AND role = 'BRAND_ADMIN'
			AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1) o ON true`
	var total int
	p, err := s.queryPage(ctx, q, append(args, f.Limit, (f.Page-1)*f.Limit), &total)
	if err != nil {
		return Page{}, fmt.Errorf("list brands: %w", err)
	}
	p.Total = total
	return p, nil
}
