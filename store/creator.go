package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/jmoiron/sqlx"
)

// Tier thresholds on a creator's largest following (followers or
// subscribers on any one platform): Micro below MidFollowers (including
// accounts under 1,000), Mid from MidFollowers to below MacroFollowers,
// Macro from MacroFollowers up.
const (
	MidFollowers   = 50_000
	MacroFollowers = 500_000
)

// Creator tiers, labelled as the browser shows them: Micro below 50,000
// followers on the largest platform, Mid to 499,999, Macro from 500,000.
const (
	TierMicro = "Micro"
	TierMid   = "Mid"
	TierMacro = "Macro"
)

// TierOf returns the tier of a creator whose largest following is followers.
func TierOf(followers int64) string {
	switch {
	case followers >= MacroFollowers:
		return TierMacro
	case followers >= MidFollowers:
		return TierMid
	default:
		return TierMicro
	}
}

// AgeBands are the audience age bands, in order.
var AgeBands = []string{"13-17", "18-24", "25-34", "35-44", "45-54", "55-64", "65+"}

// PlatformAccount is a creator's handle and following on one platform
// (subscribers for YouTube, reported as followers).
type PlatformAccount struct {
	Handle    string `json:"handle"`
	Followers *int64 `json:"followers"`
}

// Audience is the known audience split, in percent, with its basis:
// measured when the linked creator's connected accounts report the
// audience's gender (Platforms names them), otherwise imported with the
// network entry (Platforms empty).
type Audience struct {
	Gender    map[string]float64 `json:"gender"` // male, female, other
	Ages      map[string]float64 `json:"ages"`   // AgeBands
	Basis     string             `json:"basis"`
	Platforms []string           `json:"platforms"`
}

// Creator is an entry of the creator network as the API shows it.
type Creator struct {
	ID             string                     `json:"_id"`
	Name           string                     `json:"name"`
	Email          string                     `json:"email,omitempty"` // ADMIN only
	Niche          string                     `json:"niche"`
	Location       string                     `json:"location"`
	Tier           string                     `json:"tier"`
	Followers      int64                      `json:"followers"`
	EngagementRate *float64                   `json:"engagementRate"`
	Platforms      map[string]PlatformAccount `json:"platforms"`
	Audience       *Audience                  `json:"audience"`
	UserID         *string                    `json:"userId,omitempty"` // ADMIN only
	OnCreatorCoach bool                       `json:"onCreatorCoach"`
	Contactable    bool                       `json:"contactable"`
	Listed         bool                       `json:"listed"`
	UploadJobID    *string                    `json:"uploadJobId"`
	// Quality is the audience-quality figure (nil without a reading).
	Quality   *int      `json:"quality"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// creatorJSON is a creators row c as Creator's JSON, as ADMIN reads it:
// platforms lists only those with a handle or a count, audience is null
// when nothing is known.
var creatorJSON = creatorJSONOf(false)

// creatorBrandJSON is a creators row c as brand users read it (the
// network, profiles, rosters): without the e-mail and the user id, and the
// audience of a creator linked to an account only when that creator shares
// detailed analytics with brands (users.share_analytics).
var creatorBrandJSON = creatorJSONOf(true)

// audienceShared is true for a creators row c whose audience brands may
// read: an imported entry, or a linked creator who shares detailed analytics.
const audienceShared = `(c.user_id IS NULL OR EXISTS (SELECT 1 FROM users su WHERE su.id = c.user_id AND su.share_analytics))`

// audienceBasisJSON is the basis of a creators row c's audience and the
// platforms it is measured from: measured when the linked user's connected
// accounts report gender demographics (refreshEntry then writes their blend),
// imported otherwise.
var audienceBasisJSON = func() string {
	names := `CASE sa.platform`
	for _, p := range Platforms {
		names += ` WHEN '` + p + `' THEN '` + PlatformNames[p] + `'`
	}
	names += ` ELSE sa.platform END`
	return `(SELECT jsonb_build_object('basis', CASE WHEN count(*) > 0 THEN '` + BasisMeasured + `' ELSE '` + BasisImported + `' END,
		'platforms', coalesce(jsonb_agg(m.name ORDER BY m.name), '[]'))
	FROM (SELECT DISTINCT ` + names + ` AS name FROM social_accounts sa JOIN users u ON u.id = sa.user_id
		WHERE sa.user_id = c.user_id AND sa.status <> 'disconnected' AND u.deleted_at IS NULL
			AND EXISTS (SELECT 1 FROM social_demographics sd WHERE sd.account_id = sa.id AND sd.dimension = 'gender')) m)`
}()

func creatorJSONOf(brand bool) string {
	var platforms []string
	for _, p := range Platforms {
		h, n := "c."+HandleColumn(p), "c."+FollowersColumn(p)
		platforms = append(platforms, `CASE WHEN `+h+` IS NOT NULL OR `+n+` IS NOT NULL THEN jsonb_build_object('`+p+
			`', jsonb_build_object('handle', coalesce(`+h+`, ''), 'followers', `+n+`)) ELSE '{}' END`)
	}
	email, userID, audienceIf := `'email', coalesce(c.email, ''), `, `'userId', c.user_id, `, ``
	if brand {
		email, userID, audienceIf = ``, ``, ` AND `+audienceShared
	}
	return `json_build_object('_id', c.id, 'name', c.name, ` + email + `'niche', c.niche,
	'location', c.location, 'tier', c.tier, 'followers', c.followers, 'engagementRate', c.engagement_rate::float8,
	'platforms', ` + strings.Join(platforms, " || ") + `,
	'audience', CASE WHEN (c.audience_male IS NOT NULL OR c.audience_female IS NOT NULL OR c.audience_other IS NOT NULL
		OR c.audience_ages IS NOT NULL)` + audienceIf + ` THEN jsonb_build_object('gender', jsonb_strip_nulls(jsonb_build_object('male',
		c.audience_male::float8, 'female', c.audience_female::float8, 'other', c.audience_other::float8)),
		'ages', CASE WHEN jsonb_typeof(c.audience_ages) = 'object' THEN c.audience_ages ELSE '{}' END) || ` + audienceBasisJSON + ` END,
	` + userID + `'uploadJobId', c.upload_job_id, 'quality', c.quality_score, ` + creatorReachJSON + `,
	'createdAt', c.created_at, 'updatedAt', c.updated_at)`
}

// creatorColumns are the columns creatorJSON and the list orders read.
var creatorColumns = `id, name, email, niche, location, tier, followers, engagement_rate, ` +
	strings.Join(platformColumns(func(col, _ string) string { return col }), ", ") +
	`, audience_male, audience_female, audience_other, audience_ages, user_id, upload_job_id, created_at, updated_at, listed, quality_score`

// CreatorFilter selects creators. Search matches creators having every word
// of the term as a word of their name, e-mail or a handle (words split at
// spaces, '@', '.', '_' and '-'; the term's last word may be the start of a
// word), case-insensitively. The other filters are for brand
// browsing: Niche (exact, case-insensitive), Tier, Platform (has an account
// there; follower bounds then apply to that platform), follower bounds
// (inclusive), MinEngagement (percent), Location (substring), Gender (male,
// female or other: that gender is at least half the audience). Sort is one of
// followers (default, largest first), -followers, engagement, name, recent,
// quality (the audience-quality figure, highest first, creators without one last).
type CreatorFilter struct {
	Search, Niche, Tier, Platform, Location, Gender, Sort string
	// Listed keeps only listed entries (what brands see); OnCreatorCoach,
	// when set, keeps entries linked to an account (true) or imported only.
	Listed                     bool
	OnCreatorCoach             *bool
	MinFollowers, MaxFollowers *int64
	MinEngagement              *float64
	// MinQuality keeps creators whose audience-quality figure is at least
	// this (0–100); Verified keeps those with a figure at all (a reading
	// measured from connected accounts).
	MinQuality  *int
	Verified    bool
	Page, Limit int
	// ForBrand answers entries as brand users read them (creatorBrandJSON):
	// no e-mail or user id, and the audience (shown and filtered on) only
	// where the creator shares it. A search word with an '@' after its
	// start (an e-mail address, not a @handle) is dropped then, so that an
	// address cannot be looked up.
	ForBrand bool
}

// CountCap bounds the exact count of filtered lists: beyond it, a list
// reports total = CountCap (and TotalCapped), so a broad filter over a
// million creators never pays for counting them all. The unfiltered list
// reports Postgres's row estimate once the table is past CountCap.
const CountCap = 10_000

// creatorSorts are the list orders, each served by an index (migrations
// 00003 and 00005; "-followers" reads creators_followers_idx backwards).
// searchSort is the order's first key as an expression no index serves:
// the planner misjudges prefix tsquery selectivity and would walk an order
// index filtering a million rows for a one-hit search; with the expression
// it finds the matches through the search index and sorts them.
var creatorSorts = map[string]struct{ order, searchSort string }{
	"":           {"followers DESC, id", "(followers + 0) DESC, id"},
	"followers":  {"followers DESC, id", "(followers + 0) DESC, id"},
	"-followers": {"followers ASC, id DESC", "(followers + 0) ASC, id DESC"},
	"engagement": {"engagement_rate DESC NULLS LAST, id", "(engagement_rate + 0) DESC NULLS LAST, id"},
	"name":       {"name, id", "(name || '') , id"},
	"recent":     {"created_at DESC, id", "(created_at + interval '0') DESC, id"},
	"quality":    {"quality_score DESC NULLS LAST, id", "(quality_score + 0) DESC NULLS LAST, id"},
}

// Validate checks the filter and fills page defaults (page 1, limit 10).
// EINVALID with field errors.
func (f *CreatorFilter) Validate() error {
	fe := FieldErrors{}
	CheckPaging(fe, &f.Page, &f.Limit)
	f.Search = strings.ToLower(strings.TrimSpace(f.Search))
	if f.ForBrand && strings.Contains(f.Search, "@") {
		f.Search = strings.Join(slices.DeleteFunc(strings.Fields(f.Search), func(w string) bool { return strings.Index(w, "@") > 0 }), " ")
	}
	if _, ok := creatorSorts[f.Sort]; !ok {
		fe.add("sort", "Must be one of followers, -followers, engagement, name, recent, quality")
	}
	if f.Tier != "" && f.Tier != TierMicro && f.Tier != TierMid && f.Tier != TierMacro {
		fe.add("tier", "Must be one of Micro, Mid, Macro")
	}
	if f.Platform != "" && platformIndex(f.Platform) < 0 {
		fe.add("platform", MsgPlatformChoice)
	}
	if f.MinQuality != nil && (*f.MinQuality < 0 || *f.MinQuality > 100) {
		fe.add("minQuality", MsgMinQuality)
	}
	if f.Gender != "" && f.Gender != "male" && f.Gender != "female" && f.Gender != "other" {
		fe.add("gender", "Must be male, female or other")
	}
	return fe.Err()
}

func platformIndex(p string) int {
	for i, q := range Platforms {
		if q == p {
			return i
		}
	}
	return -1
}

// where builds the WHERE clause and its arguments (see conds).
func (f *CreatorFilter) where() (string, []any) {
	conds, _, args := f.conds(false, nil)
	if len(conds) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

// conds builds the conditions of f on creators' columns, with their
// arguments appended to args. With words, the niche condition comes apart
// as wconds on creator_words, for the walk of wordWalkSQL, and the search
// itself is left to the caller.
func (f *CreatorFilter) conds(words bool, args []any) (conds, wconds []string, _ []any) {
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	if q := searchQuery(f.Search); q != "" && !words {
		conds = append(conds, "search @@ to_tsquery('simple', "+arg(q)+")")
	}
	if f.Niche != "" {
		if words {
			wconds = append(wconds, "niche = "+arg(strings.ToLower(f.Niche)))
		} else {
			conds = append(conds, "lower(niche) = "+arg(strings.ToLower(f.Niche)))
		}
	}
	if f.Tier != "" {
		conds = append(conds, "tier = "+arg(f.Tier))
	}
	count := "followers"
	if i := platformIndex(f.Platform); i >= 0 {
		conds = append(conds, HandleColumn(Platforms[i])+" IS NOT NULL")
		count = FollowersColumn(Platforms[i])
	}
	if f.MinFollowers != nil {
		conds = append(conds, count+" >= "+arg(*f.MinFollowers))
	}
	if f.MaxFollowers != nil {
		conds = append(conds, count+" <= "+arg(*f.MaxFollowers))
	}
	if f.MinEngagement != nil {
		conds = append(conds, "engagement_rate >= "+arg(*f.MinEngagement))
	}
	if f.Location != "" {
		// A country ("United States", "USA", "US") keeps its creators
		// (the country code) and those whose location names it; a city is
		// matched as text.
		like := "location ILIKE " + arg(likeContaining(f.Location))
		if code := CountryCode(f.Location); code != "" {
			like = "(country = " + arg(code) + " OR " + like + ")"
		}
		conds = append(conds, like)
	}
	if f.Gender != "" {
		conds = append(conds, "audience_"+f.Gender+" >= 50")
		if f.ForBrand {
			conds = append(conds, strings.ReplaceAll(audienceShared, "c.", "creators."))
		}
	}
	if f.MinQuality != nil {
		conds = append(conds, "quality_score >= "+arg(*f.MinQuality))
	} else if f.Verified {
		conds = append(conds, "quality_score IS NOT NULL")
	}
	conds = append(conds, f.listingConds()...)
	return conds, wconds, args
}

// searchWords splits a search term into the words of a creator's search
// words: split where the creator's search words are (migration 00004),
// also between letters and digits ("dubois95" → dubois, 95); at most the
// last 8. Only letters and digits remain.
func searchWords(term string) []string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(term), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		start, digits := 0, false
		for i, r := range w {
			if i > start && unicode.IsDigit(r) != digits {
				words, start = append(words, w[start:i]), i
			}
			digits = unicode.IsDigit(r)
		}
		words = append(words, w[start:])
	}
	if len(words) > 8 {
		words = words[len(words)-8:]
	}
	return words
}

// searchQuery turns a search term into a tsquery: every word of the term
// (searchWords) must be a word of the creator, the last one may be the
// start of a word ("Ann Sil" → ann & sil:*), as in search-as-you-type.
// Whole words let the GIN index skip through long posting lists instead of
// materialising every prefix match, which keeps a selective search fast at
// millions of rows. Only letters and digits reach the query, so it cannot
// be malformed; a term without any is ignored.
func searchQuery(term string) string {
	words := searchWords(term)
	if len(words) == 0 {
		return ""
	}
	words[len(words)-1] += ":*"
	return strings.Join(words, " & ")
}

// hasSearch tells, without building it, whether term makes a search
// (searchQuery(term) != ""): it holds a letter or a digit.
func hasSearch(term string) bool {
	return strings.IndexFunc(term, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// CreatorQuery is the statement ListCreators runs for a filter's page:
// the page as a JSON array, its length and a third column Total reads.
type CreatorQuery struct {
	SQL  string
	Args []any
	// driverRows is, for a walk of creator_words (wordWalkSQL), the
	// estimated length of the walked word's list; 0 otherwise.
	driverRows float64
}

// CreatorQuery returns the page statement of f (validated). A search whose
// words are all common, in the followers orders, walks creator_words (see
// searchPlan); other searches find their matches through the GIN index,
// sort them and count them in the same pass.
func (s *DB) CreatorQuery(ctx context.Context, f CreatorFilter) CreatorQuery {
	if driver, rows, ok := s.searchPlan(ctx, f); ok {
		q, args := wordWalkSQL(f, driver)
		return CreatorQuery{SQL: q, Args: args, driverRows: rows}
	}
	q, args := creatorPageSQL(f)
	return CreatorQuery{SQL: q, Args: args}
}

// creatorPageSQL is the page statement without creator_words: for a
// search, its third column counts the matches; for the unfiltered list it
// is the table's row estimate.
func creatorPageSQL(f CreatorFilter) (string, []any) {
	where, args := f.where()
	args = append(args, f.Limit, (f.Page-1)*f.Limit)
	key := pageShape{where, f.Sort, hasSearch(f.Search), f.ForBrand}
	if q, ok := pageStatements.Load(key); ok {
		return q.(string), args
	}
	q := key.sql(len(args))
	pageStatements.Store(key, q)
	return q, args
}

// pageShape is what creatorPageSQL's text depends on: the WHERE clause
// (its conditions and parameter numbers, never a value), the sort and
// whether there is a search. Filters have few shapes, so their statements
// are built once (pageStatements) rather than on every request.
type pageShape struct {
	where, sort      string
	search, forBrand bool
}

// pageStatements maps a pageShape to its statement text.
var pageStatements sync.Map

// sql is the page statement of the shape whose last of nargs arguments
// are the limit and the offset.
func (k pageShape) sql(nargs int) string {
	order := creatorSorts[k.sort].order
	if k.search {
		order = creatorSorts[k.sort].searchSort
	}
	cols, known := creatorColumns, `0::float8`
	switch {
	case k.search:
		// A search sorts all its matches anyway (see above): counting them
		// in the same pass saves a second walk of the search index.
		cols, known = cols+`, count(*) OVER () AS matches`, `coalesce(max(c.matches), 0)::float8`
	case k.where == "":
		// The unfiltered list reports the planner's estimate beyond CountCap;
		// reading it here saves a round trip per page.
		known = `(SELECT reltuples FROM pg_class WHERE oid = 'creators'::regclass)::float8`
	}
	entry := creatorJSON
	if k.forBrand {
		entry = creatorBrandJSON
	}
	return `SELECT coalesce(json_agg(` + entry + ` ORDER BY ` + order + `), '[]')::text, count(*), ` + known + `
		FROM (SELECT ` + cols + ` FROM creators` + k.where + ` ORDER BY ` + order +
		` LIMIT $` + strconv.Itoa(nargs-1) + ` OFFSET $` + strconv.Itoa(nargs) + `) c`
}

// Total tells the total of matches from what the page statement of f
// answered (n entries and its third column, known), when it can, and
// whether it is an estimate: false means CreatorCountSQL must count them.
func (q CreatorQuery) Total(f *CreatorFilter, n int, known float64) (total int, estimated, ok bool) {
	offset := (f.Page - 1) * f.Limit
	switch {
	case f.Page == 1 && n < f.Limit:
		return n, false, true // the whole result is on this page
	case q.driverRows > 0 && n > 0 && n < f.Limit:
		return offset + n, false, true // the walk reached the end of the list
	case q.driverRows > 0 && n > 0:
		// known is how far down the word's list the page's last match was:
		// the matches found so far in that part, scaled to the whole list.
		return max(offset+n+1, int(float64(offset+n)/known*q.driverRows+0.5)), true, true
	case q.driverRows > 0:
		return 0, false, false
	case hasSearch(f.Search) && n > 0:
		return int(known), false, true // counted while finding the page
	case !hasSearch(f.Search) && known > CountCap:
		return int(known), false, true // the unfiltered list's estimate
	}
	return 0, false, false
}

// CreatorCountSQL returns the capped count query of f.
func CreatorCountSQL(f CreatorFilter) (string, []any) {
	where, args := f.where()
	return `SELECT count(*) FROM (SELECT 1 FROM creators` + where + ` LIMIT ` + strconv.Itoa(CountCap) + `) t`, args
}

// ListCreators returns a page of creators matching f (entries are Creator's
// JSON) and the total, exact up to CountCap (see there) or, for a search
// whose words are all common, an estimate (Page.Estimated). EINVALID for a
// bad filter.
func (s *DB) ListCreators(ctx context.Context, f CreatorFilter) (Page, error) {
	if err := f.Validate(); err != nil {
		return Page{}, err
	}
	q := s.CreatorQuery(ctx, f)
	var n int
	var known float64
	p, err := s.queryPage(ctx, q.SQL, q.Args, &n, &known)
	if err != nil {
		return Page{}, fmt.Errorf("list creators: %w", err)
	}
	var ok bool
	if p.Total, p.Estimated, ok = q.Total(&f, n, known); !ok {
		p.Total, err = s.countCreators(ctx, f)
	}
	return p, err
}

func (s *DB) countCreators(ctx context.Context, f CreatorFilter) (int, error) {
	q, args := CreatorCountSQL(f)
	st, release, err := s.prepared(ctx, q)
	if err != nil {
		return 0, fmt.Errorf("count creators: %w", err)
	}
	defer release()
	var n int
	if err := st.QueryRowContext(ctx, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count creators: %w", err)
	}
	return n, nil
}

// linkCreator links the network entry whose e-mail is email to the user
// userID, when the entry is not linked yet (creator sign-up calls it); it is
// a no-op when nothing matches. It looks first with a plain read, so a
// sign-up whose e-mail names no entry (most of them) never waits for the
// table lock a creator import holds while it writes a batch.
func linkCreator(tx *sqlx.Tx, userID, email string) error {
	var id string
	err := tx.Get(&id, `SELECT id FROM creators WHERE email = $1 AND user_id IS NULL LIMIT 1`, NormalizeEmail(email))
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("link creator: %w", err)
	}
	_, err = tx.Exec(`UPDATE creators SET user_id = $1, updated_at = now()
		WHERE id = $2 AND user_id IS NULL AND NOT EXISTS (SELECT 1 FROM creators WHERE user_id = $1)`, userID, id)
	if err != nil {
		return fmt.Errorf("link creator: %w", err)
	}
	return nil
}
