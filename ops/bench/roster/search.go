package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

// fill1M inserts the creators with generate_series, building the search
// indexes afterwards (the same definitions as the migrations'; the insert
// trigger fills creator_words).
const fill1M = `TRUNCATE creators CASCADE;
DROP INDEX creators_search_idx;
DROP INDEX creator_words_idx;
DROP INDEX creator_words_niche_idx;
INSERT INTO creators (identity, name, email, niche, location, instagram_handle, instagram_followers, youtube_handle,
	youtube_subscribers, engagement_rate, audience_male, audience_female)
SELECT coalesce('email:' || e, 'instagram:' || h), f || ' ' || l, e, (ARRAY['Travel','Gaming','Beauty & Makeup','Technology','Food & Cooking'])[1 + g % 5],
	(ARRAY['London','Berlin','New York','Lagos','Tokyo','Paris'])[1 + g % 6], h, (g * 7919) % 900000,
	CASE WHEN g % 4 = 0 THEN h END, CASE WHEN g % 4 = 0 THEN (g * 104729) % 400000 END, (g % 120) / 10.0, g % 70, 100 - g % 70 - g % 5
FROM (SELECT g, f, l, lower(f || '_' || l || g) AS h,
		CASE WHEN g % 7 <> 3 THEN lower(left(f, 1) || '.' || l || g) || '@mail.io' END AS e
	FROM (SELECT g,
		(string_to_array('Ava Liam Mia Noah Zoe Ethan Lena Omar Iris Mateo Chloe Ravi Nora Kenji Sara Diego Lucia Felix Hana Amir Elif Jonas Maya Tariq Ines Leo Priya Hugo Yara Sven', ' '))[1 + ((g * 7919) % 1009) % 30] AS f,
		(string_to_array('Martinez Chen Okafor Novak Silva Kowalski Haddad Rossi Tanaka Larsen Dubois Mensah Ivanova Costa Becker Nguyen Patel Moreau Yilmaz Fischer Walsh Romero Sato Kaur Berg Lopez Wagner Ali Petrov Grant', ' '))[1 + ((g * 104729) % 1013) % 30] AS l
	FROM generate_series(1::bigint, $1) g) x) y;
CREATE INDEX creators_search_idx ON creators USING gin (search);
CREATE INDEX creator_words_idx ON creator_words (word, followers DESC, id) INCLUDE (niche, sig);
CREATE INDEX creator_words_niche_idx ON creator_words (word, niche, followers DESC, id) INCLUDE (sig);
VACUUM ANALYZE creators;
VACUUM ANALYZE creator_words;
CHECKPOINT;`

// search loads GET /api/admins/get-creators?search= against pgbench on the
// same SQL.
func (b *bench) search(ctx context.Context) error {
	t0 := time.Now()
	var have int
	if err := b.DB.SQL().QueryRowContext(ctx, `SELECT count(*) FROM creators`).Scan(&have); err != nil {
		return err
	}
	filled := "kept from an earlier run"
	if !*reuse || have != *creators {
		if err := b.exec(ctx, strings.Replace(fill1M, "$1", strconv.Itoa(*creators), 1)); err != nil {
			return fmt.Errorf("fill creators: %w", err)
		}
		filled = fmt.Sprintf("filled in %.0f s", time.Since(t0).Seconds())
	} else if err := b.exec(ctx, `VACUUM ANALYZE creators; VACUUM ANALYZE creator_words; CHECKPOINT`); err != nil {
		return err // a kept table may come from before a migration
	}
	// Measured on settled tables: vacuumed (visibility map set, so index-only
	// scans), analyzed, and written out (CHECKPOINT), so the fill's dirty
	// pages are not flushed while a run measures.
	fmt.Printf("\n== creator search over %d creators (%s), %d connections, %s, load from %s\n"+
		"   targets: api >= 1000 req/s, p99 <= 50 ms, >= 0.80 x pgbench\n",
		*creators, filled, m.Conns, m.Duration, benchkit.Loader())
	var handle, name string
	if err := b.DB.SQL().QueryRowContext(ctx, `SELECT instagram_handle, name FROM creators WHERE email IS NOT NULL
		ORDER BY id LIMIT 1 OFFSET 4242`).Scan(&handle, &name); err != nil {
		return err
	}
	first, last := strings.ToLower(strings.Fields(name)[0]), strings.ToLower(strings.Fields(name)[1])
	num := strings.TrimLeft(handle, "abcdefghijklmnopqrstuvwxyz_")
	// The admin list takes a search only; the brands' search takes filters.
	admin := func(term string) scenario {
		return scenario{fmt.Sprintf("search %q", term), store.CreatorFilter{Search: term, Page: 1, Limit: 10},
			"/api/admins/get-creators?limit=10&search=" + url.QueryEscape(term), "admin@bench.io"}
	}
	brand := func(label, term, query string, f store.CreatorFilter) scenario {
		f.Search, f.Page, f.Limit = term, 1, 10
		return scenario{fmt.Sprintf("search %q, %s", term, label), f,
			"/api/creators?limit=10&search=" + url.QueryEscape(term) + "&" + query, "brand@bench.io"}
	}
	i := func(v int64) *int64 { return &v }
	scenarios := []scenario{
		admin(handle), admin(last + num[:len(num)-1]), admin(first + " " + last), admin(first + " " + last[:3]),
		brand("niche Travel", first+" "+last, "niche=Travel", store.CreatorFilter{Niche: "Travel"}),
		brand("tier Macro", first+" "+last, "tier=Macro", store.CreatorFilter{Tier: store.TierMacro}),
		brand("followers 100,000-400,000", first+" "+last, "minFollowers=100000&maxFollowers=400000",
			store.CreatorFilter{MinFollowers: i(100_000), MaxFollowers: i(400_000)}),
		brand("sort -followers", first+" "+last, "sort=-followers", store.CreatorFilter{Sort: "-followers"}),
		{"list page 51 (no search)", store.CreatorFilter{Page: 51, Limit: 10}, "/api/admins/get-creators?page=51&limit=10", "admin@bench.io"},
	}
	var table []string
	for _, sc := range scenarios {
		if !strings.Contains(sc.label, *match) {
			continue
		}
		row, err := b.compare(ctx, sc)
		if err != nil {
			return err
		}
		table = append(table, row)
	}
	fmt.Printf("\n| search | total | api req/s | bare req/s | api/bare | api p99 | api p99 of each run (largest / smallest) |\n|---|---|---|---|---|---|---|\n%s", strings.Join(table, ""))
	return nil
}

// scenario is one measured call: the api's path, with the filter its
// statements are built from and the caller (one of startAPI's accounts).
type scenario struct {
	label string
	f     store.CreatorFilter
	path  string
	email string
}

// compare runs the api and pgbench (with the queries ListCreators runs for
// the scenario's filter) and returns the README table's row.
func (b *bench) compare(ctx context.Context, sc scenario) (string, error) {
	label, f, path := sc.label, sc.f, sc.path
	page, err := b.DB.ListCreators(ctx, f)
	if err != nil {
		return "", err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(page.Items, &items); err != nil {
		return "", err
	}
	total := fmt.Sprint(page.Total)
	if page.Estimated {
		total = "about " + total
	}
	if err := f.Validate(); err != nil {
		return "", err
	}
	q := b.DB.CreatorQuery(ctx, f)
	queries, args := []string{q.SQL}, q.Args
	var known float64
	if err := b.DB.SQL().QueryRowContext(ctx, q.SQL, args...).Scan(new(string), new(int), &known); err != nil {
		return "", err
	}
	if _, _, ok := q.Total(&f, len(items), known); !ok {
		count, _ := store.CreatorCountSQL(f) // its arguments are the first of the page's
		queries = append(queries, count)
	}
	// A fresh sign-in per scenario: a whole run outlasts an access token.
	token, err := b.Login(sc.email)
	if err != nil {
		return "", err
	}
	fig, err := b.Compare(ctx, m, path, token, args, queries...)
	if err != nil {
		return "", err
	}
	fmt.Printf("%s: %d hits (total %s)\n", label, len(items), total)
	fig.Print(os.Stdout)
	runs := make([]string, len(fig.APIP99s))
	for i, p := range fig.APIP99s {
		runs[i] = fmt.Sprintf("%.1f", p)
	}
	return fmt.Sprintf("| %s | %s | %.0f | %.0f | %.2f | %.1f ms | %s ms (%s) |\n", label, total, fig.API, fig.Bare, fig.APIBare, fig.APIP99,
		strings.Join(runs, ", "), benchkit.Spread(fig.APIP99s)), nil
}
