package benchkit

import (
	"context"
	"fmt"
	"io"
	"strings"

	"creatorcoach/store"
)

// The setup the endpoint benchmarks (an api call against a bare handler
// running the same SQL and pgbench on it) share: their stack, their
// accounts, the plan lines they show and the heading of each figure.

// EndpointStack is the stack of an endpoint benchmark: pgbench on PATH and
// the api built against scratch database db.
func EndpointStack(ctx context.Context, db string) (*Stack, error) {
	if err := NeedPgbench(); err != nil {
		return nil, err
	}
	return NewStack(ctx, Setup{DB: db, Build: []string{"api"}})
}

// The accounts the endpoint benchmarks sign in as (password Password).
const (
	ViewerEmail  = "viewer@bench.example"  // a BRAND_VIEWER of BenchBrand
	CreatorEmail = "creator@bench.example" // a creator (USER)
	BenchBrand   = "Bench Brand"
)

// BenchAccounts makes the BRAND_VIEWER of BenchBrand and the creator; it
// returns the brand's id and the creator's user id.
func BenchAccounts(ctx context.Context, db *store.DB) (brandID, creatorUserID string, err error) {
	viewer, err := db.SaveAccount(ctx, store.AccountSpec{Email: ViewerEmail, Password: Password,
		Role: store.RoleBrandViewer, BrandName: BenchBrand})
	if err != nil {
		return "", "", err
	}
	creator, err := db.SaveAccount(ctx, store.AccountSpec{Email: CreatorEmail, Password: Password,
		Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		return "", "", err
	}
	return viewer.Brand.ID, creator.ID, nil
}

// Explain prints the lines of query's plan (EXPLAIN ANALYZE with args) that
// contain one of keep ("Execution" when none is given).
func Explain(ctx context.Context, w io.Writer, db *store.DB, query string, args []any, keep ...string) {
	if len(keep) == 0 {
		keep = []string{"Execution"}
	}
	var plan []string
	if err := db.SQL().SelectContext(ctx, &plan, `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) `+query, args...); err != nil {
		fmt.Fprintln(w, "explain:", err)
		return
	}
	for _, l := range plan {
		for _, k := range keep {
			if strings.Contains(l, k) {
				fmt.Fprintln(w, "  plan:", strings.TrimSpace(l))
				break
			}
		}
	}
}

// CompareAndPrint measures path as Compare does and prints its figures
// under a heading: "== name (what; N connections, duration, median of
// runs, load from ...)".
func (s *Stack) CompareAndPrint(ctx context.Context, w io.Writer, m *Measure, name, what, path, token string, args []any,
	queries ...string) (Figures, error) {
	return s.CompareAndPrintEndpoint(ctx, w, m, name, what, Endpoint{Path: path, Token: token, Args: args, Queries: queries})
}

// CompareAndPrintEndpoint is CompareAndPrint for e (whose Body says what
// the bare handler answers).
func (s *Stack) CompareAndPrintEndpoint(ctx context.Context, w io.Writer, m *Measure, name, what string, e Endpoint) (Figures, error) {
	fig, err := s.CompareEndpoint(ctx, m, e)
	if err != nil {
		return fig, err
	}
	if what != "" {
		what += "; "
	}
	fmt.Fprintf(w, "== %s (%s%d connections, %s, median of %d, load from %s)\n", name, what, m.Conns, m.Duration, m.Runs, Loader())
	fig.Print(w)
	return fig, nil
}
