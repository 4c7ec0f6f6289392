package store

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// Page is one page of a list as the API answers it. Postgres writes Items,
// a JSON array of the list's entries, in the statement that selects them,
// so a page costs one round trip and no decoding or encoding in Go.
type Page struct {
	Items json.RawMessage
	Total int
	// Estimated tells that Total is an estimate (the creator search of
	// common words), answered as "totalEstimated": true.
	Estimated bool
}

// The paging rule of every list call.
const (
	MaxPageLimit = 100     // the largest page size
	MaxPage      = 100_000 // the last page number (a page near the integer limit would overflow the offset)
)

// CheckPaging applies the paging rule of every list call: page 0 means 1
// and limit 0 means 10; otherwise page must be 1 to MaxPage and limit 1 to
// MaxPageLimit, else a field error on "page" or "limit" is added to fe.
func CheckPaging(fe FieldErrors, page, limit *int) {
	*page, *limit = PagingDefaults(*page, *limit)
	if *page < 1 || *page > MaxPage {
		fe.add("page", "Must be between 1 and "+strconv.Itoa(MaxPage))
	}
	if *limit < 1 || *limit > MaxPageLimit {
		fe.add("limit", "Must be between 1 and "+strconv.Itoa(MaxPageLimit))
	}
}

// PagingDefaults returns page and limit with the defaults applied: page 0
// means 1, limit 0 means 10.
func PagingDefaults(page, limit int) (int, int) {
	if page == 0 {
		page = 1
	}
	if limit == 0 {
		limit = 10
	}
	return page, limit
}

// likeEscaper makes a string literal inside a LIKE or ILIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// likeContaining is the LIKE/ILIKE pattern matching any text that contains
// s literally (its %, _ and \ match themselves).
func likeContaining(s string) string { return "%" + likeEscaper.Replace(s) + "%" }

// queryPage runs query, a prepared statement answering one row whose first
// column is the page's JSON array and whose other columns scan into more.
func (s *DB) queryPage(ctx context.Context, query string, args []any, more ...any) (Page, error) {
	st, release, err := s.prepared(ctx, query)
	if err != nil {
		return Page{}, err
	}
	defer release()
	var items []byte
	if err := st.QueryRowContext(ctx, args...).Scan(append([]any{&items}, more...)...); err != nil {
		return Page{}, err
	}
	return Page{Items: items}, nil
}
