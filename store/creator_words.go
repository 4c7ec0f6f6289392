package store

import (
	"context"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lib/pq"
)

// Walking creator_words (migration 00016). The GIN index finds a search's
// matches fast when one of its words is rare; when all are common ("lucia
// romero": two lists of 33,000 creators each, 1,100 matches in a million),
// intersecting the lists and sorting the matches costs tens of
// milliseconds. Then the page walks the rarest whole word's list in the
// page's order (followers, largest or smallest first), checks each creator
// against the whole term and the filters, and stops at the page's end: a
// few hundred index entries and row reads. The total is then estimated
// from how far down the list the page's last match was (exact when the walk
// reached the list's end), and answered as an estimate.

// Word frequencies come from Postgres's statistics of creators.search (the
// most common lexemes ANALYZE found, with their share of rows), re-read
// every wordStatsAge.
const wordStatsAge = time.Minute

// A walk is chosen when the rarest whole word has at least walkMinRows
// creators and the term is expected (words independent) to match at least
// walkMinMatches: below that the GIN index is as fast, and its count exact.
const (
	walkMinRows    = 2000
	walkMinMatches = 100
)

// wordStats are the lexeme frequencies of creators.search and the
// distribution of creators.followers.
type wordStats struct {
	freq  map[string]float64 // share of creators having the word
	words []string           // freq's words, sorted (for prefixes)
	rows  float64            // the table's row estimate
	// followers: the most common values with their shares, and the
	// histogram bounds of the others (equal shares between bounds).
	commonFollowers []int64
	commonShares    []float64
	followersBounds []int64
	// niches: the share of creators in each common niche (lowercased, as
	// creator_words keeps it), and the share of any other niche.
	niches     map[string]float64
	otherNiche float64
	at         time.Time
}

// nicheShare estimates the share of creators in niche; without
// statistics, 1 (the walk's own ratio stands).
func (st *wordStats) nicheShare(niche string) float64 {
	if st.niches == nil {
		return 1
	}
	if v, ok := st.niches[strings.ToLower(niche)]; ok {
		return v
	}
	return st.otherNiche
}

// share estimates the share of creators whose followers lie in [lo, hi].
func (st *wordStats) share(lo, hi int64) float64 {
	common, in := 0.0, 0.0
	for i, v := range st.commonFollowers {
		common += st.commonShares[i]
		if v >= lo && v <= hi {
			in += st.commonShares[i]
		}
	}
	b := st.followersBounds
	if len(b) < 2 {
		return 1 // nothing known: the walk's own ratio stands
	}
	covered := 0.0
	for i := 0; i+1 < len(b); i++ {
		x0, x1 := float64(b[i]), float64(b[i+1])
		a, z := max(x0, float64(lo)), min(x1, float64(hi))
		switch {
		case z < a:
		case x1 == x0:
			covered++
		default:
			covered += (z - a) / (x1 - x0)
		}
	}
	return min(1, in+(1-common)*covered/float64(len(b)-1))
}

// followersRange is the range f sets on the largest following (tier and,
// without a platform, the follower bounds), and whether it sets one.
func followersRange(f CreatorFilter) (lo, hi int64, ok bool) {
	lo, hi = math.MinInt64, math.MaxInt64
	switch f.Tier {
	case TierMicro:
		hi = MidFollowers - 1
	case TierMid:
		lo, hi = MidFollowers, MacroFollowers-1
	case TierMacro:
		lo = MacroFollowers
	}
	if f.Platform == "" && f.MinFollowers != nil {
		lo = max(lo, *f.MinFollowers)
	}
	if f.Platform == "" && f.MaxFollowers != nil {
		hi = min(hi, *f.MaxFollowers)
	}
	return lo, hi, lo != math.MinInt64 || hi != math.MaxInt64
}

type wordStatsCache struct {
	mu      sync.Mutex
	stats   *wordStats
	loading bool
}

// wordStats returns the cached statistics, reading them when missing and
// re-reading them in the background when older than wordStatsAge. Without
// statistics (never analyzed, an error, or while another search reads
// them for the first time) every search uses the GIN index.
func (s *DB) wordStats(ctx context.Context) *wordStats {
	c := &s.words
	c.mu.Lock()
	st, stale := c.stats, c.stats == nil || time.Since(c.stats.at) > wordStatsAge
	refresh := stale && !c.loading
	if refresh {
		c.loading = true
	}
	c.mu.Unlock()
	if !refresh {
		if st == nil { // the first read is under way in another search
			return &wordStats{}
		}
		return st
	}
	load := func(ctx context.Context) *wordStats {
		fresh := s.readWordStats(ctx)
		c.mu.Lock()
		c.stats, c.loading = fresh, false
		c.mu.Unlock()
		return fresh
	}
	if st == nil {
		return load(ctx)
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		load(ctx)
	}()
	return st
}

func (s *DB) readWordStats(ctx context.Context) *wordStats {
	st := &wordStats{freq: map[string]float64{}, at: time.Now()}
	var elems pq.StringArray
	var freqs pq.Float64Array
	err := s.db.QueryRowContext(ctx, `SELECT coalesce(s.most_common_elems::text::text[], '{}'),
		coalesce(s.most_common_elem_freqs::float8[], '{}'), greatest(c.reltuples, 0)::float8
		FROM pg_class c LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'creators'
			AND s.attname = 'search'
		WHERE c.oid = 'creators'::regclass`).Scan(&elems, &freqs, &st.rows)
	if err != nil || len(freqs) < len(elems) {
		return st
	}
	for i, e := range elems {
		st.freq[e] = freqs[i]
	}
	st.words = slices.Sorted(maps.Keys(st.freq))
	var vals, bounds pq.Int64Array
	var shares pq.Float64Array
	err = s.db.QueryRowContext(ctx, `SELECT coalesce(most_common_vals::text::bigint[], '{}'),
		coalesce(most_common_freqs::float8[], '{}'), coalesce(histogram_bounds::text::bigint[], '{}')
		FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'creators' AND attname = 'followers'`).
		Scan(&vals, &shares, &bounds)
	if err == nil && len(vals) == len(shares) {
		st.commonFollowers, st.commonShares, st.followersBounds = vals, shares, bounds
	}
	var niches pq.StringArray
	var nicheShares pq.Float64Array
	var distinct, nulls float64
	err = s.db.QueryRowContext(ctx, `SELECT coalesce(most_common_vals::text::text[], '{}'),
		coalesce(most_common_freqs::float8[], '{}'), n_distinct::float8, null_frac::float8
		FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'creators' AND attname = 'niche'`).
		Scan(&niches, &nicheShares, &distinct, &nulls)
	if err == nil && len(niches) == len(nicheShares) {
		st.niches = map[string]float64{}
		common := 0.0
		for i, n := range niches {
			st.niches[strings.ToLower(n)] += nicheShares[i]
			common += nicheShares[i]
		}
		if distinct < 0 { // a share of the rows
			distinct = -distinct * st.rows
		}
		if others := distinct - float64(len(niches)); others >= 1 {
			st.otherNiche = max(0, 1-nulls-common) / others
		}
	}
	return st
}

// searchPlan tells whether the page of f walks creator_words, which word's
// list and the estimated length of its part in f's followers range.
func (s *DB) searchPlan(ctx context.Context, f CreatorFilter) (driver string, rows float64, ok bool) {
	if f.Sort != "" && f.Sort != "followers" && f.Sort != "-followers" {
		return "", 0, false
	}
	words := searchWords(f.Search)
	if len(words) < 2 { // the last word is a prefix: its matches are not one list
		return "", 0, false
	}
	st := s.wordStats(ctx)
	if st.rows == 0 {
		return "", 0, false
	}
	expected, best := st.rows, 2.0
	for _, w := range words[:len(words)-1] {
		fr, ok := st.freq[w]
		if !ok {
			return "", 0, false // a rare word: the GIN index skips to its few matches
		}
		if fr < best {
			driver, best = w, fr
		}
		expected *= fr
	}
	prefix, last := 0.0, words[len(words)-1]
	i, _ := slices.BinarySearch(st.words, last)
	for ; i < len(st.words) && strings.HasPrefix(st.words[i], last); i++ {
		prefix += st.freq[st.words[i]]
	}
	expected *= min(prefix, 1)
	if best*st.rows < walkMinRows || expected < walkMinMatches {
		return "", 0, false
	}
	// A followers range only shortens the walk (it starts at the range's
	// top), and a niche walks the word's list in that niche; the GIN index
	// would still read the whole lists.
	rows = best * st.rows
	if lo, hi, ok := followersRange(f); ok {
		rows *= st.share(lo, hi)
	}
	if f.Niche != "" {
		rows *= st.nicheShare(f.Niche)
	}
	return driver, max(rows, 1), true
}

// sigTokens are the tokens of creator_words.sig (migration 00016) every
// creator matching term has, but for the walked word driver: the other
// whole words, and the first three letters of the last word (a prefix).
func sigTokens(term, driver string) []string {
	words := searchWords(term)
	tokens := []string{}
	for _, w := range words[:len(words)-1] {
		if w != driver {
			tokens = append(tokens, "w"+w)
		}
	}
	if last := []rune(words[len(words)-1]); len(last) >= 3 {
		tokens = append(tokens, "p"+string(last[:3]))
	}
	return tokens
}

// wordWalkSQL is the page statement of f walking the list of driver in
// creator_words: its third column is the position in the list (1-based)
// of the page's last match.
func wordWalkSQL(f CreatorFilter, driver string) (string, []any) {
	args := []any{driver, searchQuery(f.Search), strings.Join(sigTokens(f.Search, driver), " ")}
	conds, wconds, args := f.conds(true, args)
	// The niche narrows the walked list itself (creator_words_niche_idx).
	driverWhere := strings.Join(append([]string{"word = $1"}, wconds...), " AND ")
	mask := "(SELECT creator_words_sig(string_to_array($3::text, ' ')))" // computed once
	conds = append([]string{"id = w.id", "search @@ to_tsquery('simple', $2)"}, conds...)
	args = append(args, f.Limit, (f.Page-1)*f.Limit)
	order, corder := "followers DESC, id", "c.followers DESC, c.id"
	if f.Sort == "-followers" {
		order, corder = "followers ASC, id DESC", "c.followers ASC, c.id DESC"
	}
	if lo, hi, ok := followersRange(f); ok {
		// The range is read from the index: the walk starts at its top.
		conds = append(conds, "followers BETWEEN "+strconv.FormatInt(lo, 10)+" AND "+strconv.FormatInt(hi, 10))
		driverWhere += " AND followers BETWEEN " + strconv.FormatInt(lo, 10) + " AND " + strconv.FormatInt(hi, 10)
	}
	// The signature check applies after the numbering (the planner does
	// not move it below a window function), so walked counts the whole list.
	where := " WHERE w.sig & " + mask + " = " + mask
	entry := creatorJSON
	if f.ForBrand {
		entry = creatorBrandJSON
	}
	return `SELECT coalesce(json_agg(` + entry + ` ORDER BY ` + corder + `), '[]')::text, count(*),
		coalesce(max(c.walked), 0)::float8
		FROM (SELECT cr.*, w.walked FROM (SELECT id, followers, sig, row_number() OVER (ORDER BY ` + order + `) AS walked
				FROM creator_words WHERE ` + driverWhere + ` ORDER BY ` + order + `) w
			CROSS JOIN LATERAL (SELECT ` + creatorColumns + ` FROM creators WHERE ` + strings.Join(conds, " AND ") + `) cr` +
		where + ` ORDER BY w.` + strings.ReplaceAll(order, ", id", ", w.id") + ` LIMIT $` + strconv.Itoa(len(args)-1) +
		` OFFSET $` + strconv.Itoa(len(args)) + `) c`, args
}
