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
// index afterwards (the same definition as the migration's).
const fill1M = `TRUNCATE creators;
DROP INDEX creators_search_idx;
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
VACUUM ANALYZE creators;`

// search loads GET /api/admins/get-creators?search= against pgbench on the
// same SQL.
func (b *bench) search(ctx context.Context) error {
	t0 := time.Now()
	if err := b.exec(ctx, strings.Replace(fill1M, "$1", strconv.Itoa(*creators), 1)); err != nil {
		return fmt.Errorf("fill creators: %w", err)
	}
	fmt.Printf("\n== creator search over %d creators (filled in %.0f s), %d connections, %s, load from %s\n"+
		"   targets: api >= 1000 req/s, p99 <= 50 ms, >= 0.80 x pgbench\n",
		*creators, time.Since(t0).Seconds(), *conns, *duration, benchkit.Loader())
	var handle, name string
	if err := b.db.SQL().QueryRowContext(ctx, `SELECT instagram_handle, name FROM creators WHERE email IS NOT NULL
		ORDER BY id LIMIT 1 OFFSET 4242`).Scan(&handle, &name); err != nil {
		return err
	}
	last := strings.Fields(name)[1]
	num := strings.TrimLeft(handle, "abcdefghijklmnopqrstuvwxyz_")
	terms := []string{handle, strings.ToLower(last) + num[:len(num)-1], strings.ToLower(name)}
	for _, term := range terms {
		if err := b.searchTerm(ctx, term); err != nil {
			return err
		}
	}
	f := store.CreatorFilter{Page: 51, Limit: 10}
	return b.compare(ctx, "list page 51 (no search)", f, "/api/admins/get-creators?page=51&limit=10")
}

func (b *bench) searchTerm(ctx context.Context, term string) error {
	f := store.CreatorFilter{Search: term, Page: 1, Limit: 10}
	return b.compare(ctx, fmt.Sprintf("search %q", term), f, "/api/admins/get-creators?limit=10&search="+url.QueryEscape(term))
}

// compare runs the api and pgbench (with the queries ListCreators runs for f).
func (b *bench) compare(ctx context.Context, label string, f store.CreatorFilter, path string) error {
	page, err := b.db.ListCreators(ctx, f)
	if err != nil {
		return err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(page.Items, &items); err != nil {
		return err
	}
	total := page.Total
	query, args := store.CreatorPageSQL(f)
	queries := []string{query}
	var known float64
	if err := b.db.SQL().QueryRowContext(ctx, query, args...).Scan(new(string), new(int), &known); err != nil {
		return err
	}
	if _, ok := f.Total(len(items), known); !ok {
		count, _ := store.CreatorCountSQL(f) // its arguments are the first of the page's
		queries = append(queries, count)
	}
	var sid string
	if err := b.db.SQL().GetContext(ctx, &sid, `SELECT id FROM sessions WHERE revoked_at IS NULL LIMIT 1`); err != nil {
		return err
	}
	fig, err := benchkit.Compare(ctx, b.dbURL, os.TempDir(), "http://"+b.apiAddr+path, b.token, benchkit.SessionCheckSQL(sid),
		*conns, *duration, *searchRuns, args, queries...)
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d hits (total %d)\n", label, len(items), total)
	fig.Print(os.Stdout)
	return nil
}
