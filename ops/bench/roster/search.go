package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lib/pq"

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
	fmt.Printf("\n== creator search over %d creators (filled in %.0f s), %d connections, %s, pgbench -M extended on the same SQL\n"+
		"   targets: api >= 1000 req/s, p99 <= 50 ms, >= 0.80 x pgbench\n",
		*creators, time.Since(t0).Seconds(), *conns, *duration)
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
	items, total, err := b.db.ListCreators(ctx, f)
	if err != nil {
		return err
	}
	script := literal(store.CreatorPageSQL(f)) + ";\n"
	if !(f.Page == 1 && len(items) < f.Limit) && (f.Search != "" || total <= store.CountCap) {
		script += literal(store.CreatorCountSQL(f)) + ";\n"
	}
	rps, p99, err := load("http://"+b.apiAddr+path, b.token)
	if err != nil {
		return err
	}
	tps, err := pgbench(b.dbURL, script, filepath.Join(os.TempDir(), "ccroster-pgbench.sql"))
	if err != nil {
		return err
	}
	var sid string
	if err := b.db.SQL().GetContext(ctx, &sid, `SELECT id FROM sessions WHERE revoked_at IS NULL LIMIT 1`); err != nil {
		return err
	}
	authTPS, err := pgbench(b.dbURL, strings.ReplaceAll(sessionCheck, ":sid", pq.QuoteLiteral(sid))+script,
		filepath.Join(os.TempDir(), "ccroster-pgbench-auth.sql"))
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d hits (total %d)\n  api %6.0f req/s p99 %5.1f ms | pgbench list SQL %6.0f tps (ratio %.2f) | pgbench session check + list SQL %6.0f tps (ratio %.2f)\n",
		label, len(items), total, rps, p99, tps, rps/tps, authTPS, rps/authTPS)
	return nil
}

// sessionCheck is the query store.Authenticate runs on every authenticated request.
const sessionCheck = `SELECT u.id, u.email, u.name, u.role, u.profile_image, u.email_verified_at IS NOT NULL AS verified,
	u.created_at, u.deleted_at, u.password_hash, u.niche_id, n.name AS niche_name, u.brand_id, b.name AS brand_name
	FROM users u LEFT JOIN niches n ON n.id = u.niche_id LEFT JOIN brands b ON b.id = u.brand_id
	WHERE u.id = (SELECT user_id FROM sessions WHERE id = :sid AND revoked_at IS NULL AND expires_at > now()) AND u.deleted_at IS NULL;
`

// literal inlines the arguments of q (pgbench runs a plain script).
func literal(q string, args []any) string {
	for i := len(args); i >= 1; i-- {
		var v string
		switch a := args[i-1].(type) {
		case string:
			v = pq.QuoteLiteral(a)
		default:
			v = fmt.Sprint(a)
		}
		q = strings.ReplaceAll(q, "$"+strconv.Itoa(i), v)
	}
	return strings.Join(strings.Fields(q), " ")
}

func pgbench(dbURL, script, path string) (float64, error) {
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		return 0, err
	}
	defer os.Remove(path)
	out, err := exec.Command("pgbench", "-n", "-M", "extended", "-c", strconv.Itoa(*conns), "-j", "2",
		"-T", strconv.Itoa(int(duration.Seconds())), "-f", path, dbURL).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("pgbench: %v: %s", err, out)
	}
	m := regexp.MustCompile(`tps = ([\d.]+)`).FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("pgbench output: %s", out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}

// load runs conns keep-alive clients for duration; it returns requests/s
// and the p99 latency in ms.
func load(target, token string) (float64, float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns}
	client := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	deadline := time.Now().Add(*duration)
	var wg sync.WaitGroup
	for i := 0; i < *conns; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", target, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						err = fmt.Errorf("%s: status %d", target, res.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, 0, firstErr
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return float64(len(lat)) / duration.Seconds(), float64(lat[len(lat)*99/100].Microseconds()) / 1000, nil
}
