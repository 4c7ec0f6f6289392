// Command qualitycall measures GET /api/creators/{id}/quality, the
// audience-quality reading the creator profile shows brands (the figure,
// its components, the 90-day follower series and the notes), as a
// BRAND_VIEWER, against a bare chi handler running the same statements and
// pgbench on them (see benchkit.Compare). Goal: the api ≥ 0.8× the bare
// handler.
//
// It fills a scratch database creatorcoach_bench_qualitycall (plus
// BENCH_DB_SUFFIX) with a listed creator whose two connected accounts have
// -days days each, a stored reading and a note, starts the real api binary
// and loads both at the same concurrency. It needs Postgres, Redis (as
// ops/services.sh provides) and pgbench.
//
//	go run ./ops/bench/qualitycall [-days 90] [-duration 5s] [-conns 8] [-runs 3]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	m    = benchkit.MeasureFlags("measurement", "runs", 3)
	days = flag.Int("days", 90, "stored days per connected account")
)

func main() { benchkit.Main("bench/qualitycall", run) }

func run(ctx context.Context) error {
	s, err := benchkit.EndpointStack(ctx, "creatorcoach_bench_qualitycall")
	if err != nil {
		return err
	}
	defer s.Close()
	creatorID, userID, err := fill(ctx, s.DB)
	if err != nil {
		return err
	}
	if err := s.StartAPI("NETWORK_PAGES_PER_DAY=1000000000", "NETWORK_PROFILES_PER_DAY=1000000000"); err != nil {
		return err
	}
	viewer, err := s.Login(benchkit.ViewerEmail)
	if err != nil {
		return err
	}
	// The api's statements: $1 the network entry, $2 its user (the bare
	// handler passes each statement the first arguments up to the last it
	// names, so the accounts' statement also names $1 in a constant test).
	args := []any{creatorID, userID}
	queries := []string{
		store.QualityCreatorSQL,
		strings.Replace(strings.ReplaceAll(store.QualityAccountsSQL, "$1", "$2"), "WHERE a.user_id", "WHERE $1::uuid IS NOT NULL AND a.user_id", 1),
	}
	benchkit.Explain(ctx, os.Stdout, s.DB, queries[1], args)
	// The api assembles its answer from the accounts' rows (the stored
	// readings, notes and series as the database's JSON): the bare handler
	// writes every column of them, about as many bytes (both sizes shown).
	_, err = s.CompareAndPrintEndpoint(ctx, os.Stdout, m, "GET /api/creators/{id}/quality", fmt.Sprintf("2 accounts × %d days", *days),
		benchkit.Endpoint{Path: "/api/creators/" + creatorID + "/quality", Token: viewer, Args: args, Queries: queries, Body: benchkit.EveryColumn})
	return err
}

// fill makes the BRAND_VIEWER, and a listed creator with two connected
// accounts of *days days, each with a stored reading, and one note.
func fill(ctx context.Context, db *store.DB) (creatorID, userID string, err error) {
	t0 := time.Now()
	if _, userID, err = benchkit.BenchAccounts(ctx, db); err != nil {
		return
	}
	q := db.SQL()
	if err = q.GetContext(ctx, &creatorID, `INSERT INTO creators (identity, name, instagram_handle, instagram_followers, user_id, listed)
		VALUES ('bench:quality', 'Quality Creator', 'qc', 20000, $1, true) RETURNING id`, userID); err != nil {
		return
	}
	for _, platform := range []string{"instagram", "tiktok"} {
		var acc string
		if err = q.GetContext(ctx, &acc, `INSERT INTO social_accounts (user_id, platform, username, external_id)
			VALUES ($1, $2, 'qc', 'ext-' || $2) RETURNING id`, userID, platform); err != nil {
			return
		}
		if _, err = q.ExecContext(ctx, `INSERT INTO social_daily (account_id, day, followers, likes, views, reach, accounts_engaged)
			SELECT $1, current_date - $2 + g, 20000 + 25 * g, 150 + g % 7, 6000 + 40 * (g % 9), 3000 + 20 * (g % 9), 300 + g % 11
			FROM generate_series(1, $2) g`, acc, *days); err != nil {
			return
		}
		reading := map[string]any{"score": 81, "components": []any{}, "window": map[string]any{"days": *days}}
		if err = db.SaveAudienceQuality(ctx, acc, 81, reading, false, ""); err != nil {
			return
		}
		if _, err = q.ExecContext(ctx, `INSERT INTO quality_annotations (account_id, day, note) VALUES ($1, current_date - 10, 'Giveaway with a brand')`, acc); err != nil {
			return
		}
	}
	fmt.Printf("filled a creator with 2 accounts × %d days in %s\n", *days, time.Since(t0).Round(time.Millisecond))
	return
}
