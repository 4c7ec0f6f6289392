package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// A campaign's measured results : every screen that shows them
// (the results tab, the share link, the CSV, the PDF, Mission Control) reads
// them from the statements built here, so a figure is the same everywhere.
//
// A figure is a ResultFigure: {"value", "basis", "formula"?, "reason"?}.
// measured figures are sums of the captured posts' readings; derived ones are
// computed from measured ones (formula stated); a figure no platform of the
// posts reports is null and unavailable (reason stated), never 0.

// Result figure bases beside BasisMeasured and BasisEstimated (creator_profile.go).
const (
	BasisDerived     = "derived"
	BasisUnavailable = "unavailable"
)

// Reasons and formulas of the results' figures.
const (
	ReasonNoPosts          = "No posts captured yet"
	ReasonNoPostsThisMonth = "No posts published this month"
	ReasonNoViews          = "No views yet"
	ReasonNoEngagements    = "No engagements yet"
	ReasonFeesHidden       = "Hidden by the brand"

	FormulaEngagements       = "likes + comments + shares"
	FormulaEngagementPerView = "(likes + comments + shares) / views × 100"
	FormulaSpend             = "sum of accepted and completed offers"
	FormulaCPM               = "spend / views × 1000"
	FormulaCPE               = "spend / (likes + comments + shares)"
	FormulaCostPerView       = "spend / views"
)

// ReasonNotReported is the reason of a figure no platform of the posts reports:
// "No platform of these posts reports reach".
func ReasonNotReported(what string) string { return "No platform of these posts reports " + what }

// ResultFigure is one figure with its basis, as the results answer it.
type ResultFigure struct {
	Value   *float64 `json:"value"`
	Basis   string   `json:"basis"`
	Formula string   `json:"formula,omitempty"`
	Reason  string   `json:"reason,omitempty"`
	// Platforms, on the totals of figures some platforms do not report
	// (shares, reach), are the platforms of the posts that report it.
	Platforms []string `json:"platforms,omitempty"`
}

// Text writes the figure for people as every results screen and export
// writes it (FigureText), or "n/a".
func (f ResultFigure) Text(kind FigureKind) string {
	if f.Value == nil {
		return "n/a"
	}
	return FigureText(*f.Value, kind)
}

// CampaignResults is the decoded answer of the results statement (the CSV
// and the PDF read it; the JSON calls answer the statement's text as is).
type CampaignResults struct {
	Campaign struct {
		ID           string   `json:"_id"`
		CampaignName string   `json:"campaignName"`
		BrandName    string   `json:"brandName"`
		Status       string   `json:"status"`
		TrackingTag  string   `json:"trackingTag"`
		StartDate    string   `json:"startDate"`
		EndDate      string   `json:"endDate"`
		Budget       *float64 `json:"budget"`
	} `json:"campaign"`
	AsOf      *time.Time `json:"asOf"`
	FeesShown bool       `json:"feesShown"`
	Totals    struct {
		Posts             ResultFigure `json:"posts"`
		CreatorsLive      ResultFigure `json:"creatorsLive"`
		Views             ResultFigure `json:"views"`
		Likes             ResultFigure `json:"likes"`
		Comments          ResultFigure `json:"comments"`
		Shares            ResultFigure `json:"shares"`
		Reach             ResultFigure `json:"reach"`
		Engagements       ResultFigure `json:"engagements"`
		EngagementPerView ResultFigure `json:"engagementPerView"`
		Spend             ResultFigure `json:"spend"`
		CPM               ResultFigure `json:"cpm"`
		CPE               ResultFigure `json:"cpe"`
		CostPerView       ResultFigure `json:"costPerView"`
	} `json:"totals"`
	Series []struct {
		Day         string   `json:"day"`
		Views       *float64 `json:"views"`
		Likes       *float64 `json:"likes"`
		Comments    *float64 `json:"comments"`
		Shares      *float64 `json:"shares"`
		Engagements *float64 `json:"engagements"`
	} `json:"series"`
	Creators []ResultsCreator `json:"creators"`
}

// ResultsCreator is one accepted or completed offer of the results, with its posts.
type ResultsCreator struct {
	EntryID           string        `json:"entryId"`
	CreatorID         string        `json:"creatorId"`
	Name              string        `json:"name"`
	Platform          string        `json:"platform"`
	Handle            string        `json:"handle"`
	OfferStatus       string        `json:"offerStatus"`
	Fee               *float64      `json:"fee"`
	Views             ResultFigure  `json:"views"`
	Likes             ResultFigure  `json:"likes"`
	Comments          ResultFigure  `json:"comments"`
	Shares            ResultFigure  `json:"shares"`
	EngagementPerView ResultFigure  `json:"engagementPerView"`
	Posts             []ResultsPost `json:"posts"`
	// UsageTerms are the usage right, exclusivity and end date the posts'
	// usage is read from (the last agreement version, else the campaign);
	// used to fill each post's Usage, never answered.
	UsageTerms *struct {
		Rights      string `json:"rights"`
		Exclusivity string `json:"exclusivity"`
		EndDate     string `json:"endDate"`
	} `json:"usageTerms,omitempty"`
}

// ResultsPost is one captured post.
type ResultsPost struct {
	ID          string    `json:"id"`
	Platform    string    `json:"platform"`
	PostID      string    `json:"postId"`
	URL         string    `json:"url"`
	Caption     string    `json:"caption"`
	PublishedAt time.Time `json:"publishedAt"`
	Views       *int64    `json:"views"`
	Likes       *int64    `json:"likes"`
	Comments    *int64    `json:"comments"`
	Shares      *int64    `json:"shares"`
	Reach       *int64    `json:"reach"`
	// Usage is what the brand may do with the post (store.UsageOf); null
	// where fees are hidden (a share link without fees).
	Usage *PostUsage `json:"usage"`
}

// figureWhen is one case of a figure: when cond holds, it is unavailable for reason.
type figureWhen struct{ cond, reason string }

// sqlText quotes s as an SQL string literal.
func sqlText(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func unavailableSQL(reason string) string {
	return `json_build_object('value', NULL, 'basis', 'unavailable', 'reason', ` + sqlText(reason) + `)`
}

// measuredSQL is a measured figure: sum (NULL when no post reports it) over
// n posts; unavailable with noPosts when n is 0, with "No platform of these
// posts reports <what>" when sum is NULL.
func measuredSQL(sum, n, what, noPosts string) string {
	return `CASE WHEN ` + n + ` = 0 THEN ` + unavailableSQL(noPosts) +
		` WHEN ` + sum + ` IS NULL THEN ` + unavailableSQL(ReasonNotReported(what)) +
		` ELSE json_build_object('value', ` + sum + `, 'basis', 'measured') END`
}

// countSQL is a measured count (0 is a real count).
func countSQL(n string) string {
	return `json_build_object('value', ` + n + `, 'basis', 'measured')`
}

// derivedSQL is a derived figure: value with its formula, unless one of the
// cases holds (the first that does gives the reason).
func derivedSQL(value, formula string, cases ...figureWhen) string {
	fig := `json_build_object('value', ` + value + `, 'basis', 'derived', 'formula', ` + sqlText(formula) + `)`
	if len(cases) == 0 {
		return fig
	}
	var b strings.Builder
	b.WriteString(`CASE`)
	for _, c := range cases {
		b.WriteString(` WHEN ` + c.cond + ` THEN ` + unavailableSQL(c.reason))
	}
	b.WriteString(` ELSE ` + fig + ` END`)
	return b.String()
}

// engagementSumSQL is likes + comments + shares over the rows of a group
// (columns prefixed with p), NULL when no row reports any of them.
func engagementSumSQL(p string) string {
	return `CASE WHEN count(` + p + `likes) + count(` + p + `comments) + count(` + p + `shares) > 0 THEN sum(coalesce(` + p +
		`likes, 0) + coalesce(` + p + `comments, 0) + coalesce(` + p + `shares, 0)) END`
}

// engagementPerViewSQL is the glossary's engagement per view (store.EngagementPerView)
// of the row in scope, from its columns n (posts), views and eng (engagements).
func engagementPerViewSQL(n, views, eng, noPosts string) string {
	return derivedSQL(`round(`+eng+` * 100.0 / `+views+`, 2)`, FormulaEngagementPerView,
		figureWhen{n + ` = 0`, noPosts},
		figureWhen{views + ` IS NULL`, ReasonNotReported("views")},
		figureWhen{views + ` = 0`, ReasonNoViews},
		figureWhen{eng + ` IS NULL`, ReasonNotReported("likes, comments or shares")})
}

// costSQL is a cost figure spend / per × scale: unavailable when fees are
// hidden (NOT shown), there are no posts, per is not reported or is 0.
func costSQL(shown, spend, n, per, perWhat, zeroReason string, scale string, decimals int, formula string) string {
	return derivedSQL(fmt.Sprintf(`round(%s * %s / %s, %d)`, spend, scale, per, decimals), formula,
		figureWhen{`NOT ` + shown, ReasonFeesHidden},
		figureWhen{n + ` = 0`, ReasonNoPosts},
		figureWhen{per + ` IS NULL`, ReasonNotReported(perWhat)},
		figureWhen{per + ` = 0`, zeroReason})
}

// handleSQL is the handle of entry e's platform on creator cr, with "@" ("" when unknown).
var handleSQL = func() string {
	var b strings.Builder
	b.WriteString(`coalesce('@' || nullif(ltrim(CASE e.platform`)
	for _, p := range Platforms {
		b.WriteString(` WHEN '` + p + `' THEN cr.` + HandleColumn(p))
	}
	b.WriteString(` END, '@'), ''), '')`)
	return b.String()
}()

// seriesFigures are the figures of the daily series.
var seriesFigures = []string{"views", "likes", "comments", "shares"}

// campaignResultsSQL answers one campaign's results as JSON text: $1 the
// campaign, $2 its brand (NULL = any), $3 whether fees are shown. No row when
// the campaign is deleted, unknown or of another brand.
//
// The daily series is cumulative: each day sums, over the posts, their last
// reading on or before that day. It is computed from each reading's change
// since the post's previous reading, summed by day and then run forward; the
// sums by day are kept current as readings are stored (campaign_result_days),
// so the statement reads one row a day, not every reading.
//
// An api process answers the results it computed while the campaign's
// results version holds (campaignResults): a table this statement comes to
// read needs a trigger calling campaign_results_bump for the campaigns its
// rows change (see migration 00034), or the answer stays stale.
var campaignResultsSQL = buildCampaignResultsSQL(false)

// campaignResultsFullSQL is the results statement computing the daily sums
// from every reading: the reference the kept sums are checked against.
var campaignResultsFullSQL = buildCampaignResultsSQL(true)

// buildCampaignResultsSQL builds the results statement, its daily sums read
// from campaign_result_days or, when fromReadings, computed from the readings.
func buildCampaignResultsSQL(fromReadings bool) string {
	var deltas, daily, run, point, kept []string
	for _, f := range seriesFigures {
		deltas = append(deltas, fmt.Sprintf(`coalesce(pd.%[1]s, 0) - coalesce(lag(pd.%[1]s) OVER w, 0) AS d_%[1]s, (pd.%[1]s IS NOT NULL)::int AS h_%[1]s`, f))
		daily = append(daily, fmt.Sprintf(`sum(d_%[1]s) AS d_%[1]s, sum(h_%[1]s) AS h_%[1]s`, f))
		run = append(run, fmt.Sprintf(`sum(dd.d_%[1]s) OVER o AS %[1]s, coalesce(sum(dd.h_%[1]s) OVER o, 0) AS h_%[1]s`, f))
		point = append(point, fmt.Sprintf(`'%[1]s', CASE WHEN h_%[1]s > 0 THEN %[1]s END`, f))
		kept = append(kept, fmt.Sprintf(`d_%[1]s, h_%[1]s`, f))
	}
	sums := `dd AS (SELECT day, ` + strings.Join(kept, ", ") + ` FROM campaign_result_days
		WHERE campaign_id = (SELECT id FROM c) AND readings > 0),`
	if fromReadings {
		sums = `pd AS (
		SELECT pd.day, ` + strings.Join(deltas, ", ") + `
		FROM campaign_post_daily pd JOIN campaign_posts p ON p.id = pd.post_id JOIN ea ON ea.id = p.entry_id
		WINDOW w AS (PARTITION BY pd.post_id ORDER BY pd.day)),
	dd AS (SELECT day, ` + strings.Join(daily, ", ") + ` FROM pd GROUP BY day),`
	}
	perPost := func(p string) string {
		return `json_build_object('id', ` + p + `id, 'platform', ` + p + `platform, 'postId', ` + p + `external_id, 'url', ` + p + `url,
			'caption', ` + p + `caption, 'publishedAt', ` + p + `published_at, 'views', ` + p + `views, 'likes', ` + p + `likes,
			'comments', ` + p + `comments, 'shares', ` + p + `shares, 'reach', ` + p + `reach)`
	}
	return `WITH c AS (
		SELECT c.id, c.name, b.name AS brand_name, c.status, c.tracking_tag, c.start_date, c.end_date, c.budget
		FROM campaigns c JOIN brands b ON b.id = c.brand_id
		WHERE c.id = $1 AND c.status <> 'deleted' AND ($2::uuid IS NULL OR c.brand_id = $2)),
	ea AS (
		SELECT e.id, e.creator_id, cr.name, e.platform, e.offer_status, coalesce(e.offer_amount, e.estimated_fee) AS fee,
			` + handleSQL + ` AS handle, a.*, u.*
		FROM roster_entries e JOIN creators cr ON cr.id = e.creator_id
		JOIN campaigns kc ON kc.id = e.campaign_id
		CROSS JOIN LATERAL (SELECT coalesce(v.terms->>'contentUsage', kc.content_usage) AS usage_rights,
				coalesce(v.terms->>'exclusivity', kc.exclusivity) AS usage_exclusivity,
				coalesce(v.terms->>'endDate', to_char(kc.end_date, 'YYYY-MM-DD')) AS usage_end
			FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT terms FROM agreement_versions WHERE entry_id = e.id
				ORDER BY version DESC LIMIT 1) v ON true) u
		CROSS JOIN LATERAL (SELECT count(*) AS n, sum(p.views) AS views, sum(p.likes) AS likes, sum(p.comments) AS comments,
				sum(p.shares) AS shares, sum(p.reach) AS reach, ` + engagementSumSQL("p.") + ` AS eng,
				max(p.refreshed_at) AS refreshed, min(p.published_at) AS first_post,
				coalesce(json_agg(` + perPost("p.") + ` ORDER BY p.published_at DESC, p.id), '[]') AS posts
			FROM campaign_posts p WHERE p.entry_id = e.id) a
		WHERE e.campaign_id = (SELECT id FROM c) AND e.offer_status IN ('accepted', 'completed')),
	t AS (
		SELECT coalesce(sum(n), 0) AS n, count(*) FILTER (WHERE n > 0) AS live, sum(views) AS views, sum(likes) AS likes,
			sum(comments) AS comments, sum(shares) AS shares, sum(reach) AS reach,
			CASE WHEN count(likes) + count(comments) + count(shares) > 0 THEN sum(coalesce(eng, 0)) END AS eng,
			coalesce(sum(fee), 0) AS spend, max(refreshed) AS as_of, min(first_post) AS first_post
		FROM ea),
	` + sums + `
	span AS (
		SELECT least((t.first_post AT TIME ZONE 'UTC')::date, (SELECT min(day) FROM dd)) AS first,
			greatest((t.as_of AT TIME ZONE 'UTC')::date, (SELECT max(day) FROM dd)) AS last FROM t),
	s AS (
		SELECT g.day::date AS day, ` + strings.Join(run, ", ") + `
		FROM span CROSS JOIN generate_series(span.first::timestamp, least(span.last, span.first + 400)::timestamp, interval '1 day') g (day)
		LEFT JOIN dd ON dd.day = g.day::date
		WINDOW o AS (ORDER BY g.day))
	SELECT json_build_object(
		'campaign', json_build_object('_id', c.id, 'campaignName', c.name, 'brandName', c.brand_name, 'status', c.status,
			'trackingTag', c.tracking_tag, 'startDate', to_char(c.start_date, 'YYYY-MM-DD'),
			'endDate', to_char(c.end_date, 'YYYY-MM-DD'), 'budget', CASE WHEN $3::boolean THEN c.budget END),
		'asOf', t.as_of,
		'feesShown', $3::boolean,
		'totals', json_build_object(
			'posts', ` + countSQL("t.n") + `,
			'creatorsLive', ` + countSQL("t.live") + `,
			'views', ` + measuredSQL("t.views", "t.n", "views", ReasonNoPosts) + `,
			'likes', ` + measuredSQL("t.likes", "t.n", "likes", ReasonNoPosts) + `,
			'comments', ` + measuredSQL("t.comments", "t.n", "comments", ReasonNoPosts) + `,
			'shares', ` + measuredSQL("t.shares", "t.n", "shares", ReasonNoPosts) + `,
			'reach', ` + measuredSQL("t.reach", "t.n", "reach", ReasonNoPosts) + `,
			'engagements', ` + derivedSQL("t.eng", FormulaEngagements, figureWhen{"t.n = 0", ReasonNoPosts},
		figureWhen{"t.eng IS NULL", ReasonNotReported("likes, comments or shares")}) + `,
			'engagementPerView', ` + engagementPerViewSQL("t.n", "t.views", "t.eng", ReasonNoPosts) + `,
			'spend', ` + derivedSQL("t.spend", FormulaSpend, figureWhen{"NOT $3::boolean", ReasonFeesHidden}) + `,
			'cpm', ` + costSQL("$3::boolean", "t.spend", "t.n", "t.views", "views", ReasonNoViews, "1000", 2, FormulaCPM) + `,
			'cpe', ` + costSQL("$3::boolean", "t.spend", "t.n", "t.eng", "likes, comments or shares", ReasonNoEngagements, "1", 2, FormulaCPE) + `,
			'costPerView', ` + costSQL("$3::boolean", "t.spend", "t.n", "t.views", "views", ReasonNoViews, "1", 4, FormulaCostPerView) + `),
		'series', (SELECT coalesce(json_agg(json_build_object('day', to_char(s.day, 'YYYY-MM-DD'), ` + strings.Join(point, ", ") + `,
				'engagements', CASE WHEN h_likes + h_comments + h_shares > 0 THEN coalesce(likes, 0) + coalesce(comments, 0) + coalesce(shares, 0) END)
			ORDER BY s.day), '[]') FROM s),
		'creators', (SELECT coalesce(json_agg(json_build_object('entryId', ea.id, 'creatorId', ea.creator_id, 'name', ea.name,
				'platform', ea.platform, 'handle', ea.handle, 'offerStatus', ea.offer_status,
				'fee', CASE WHEN $3::boolean THEN ea.fee END,
				'views', ` + measuredSQL("ea.views", "ea.n", "views", ReasonNoPosts) + `,
				'likes', ` + measuredSQL("ea.likes", "ea.n", "likes", ReasonNoPosts) + `,
				'comments', ` + measuredSQL("ea.comments", "ea.n", "comments", ReasonNoPosts) + `,
				'shares', ` + measuredSQL("ea.shares", "ea.n", "shares", ReasonNoPosts) + `,
				'engagementPerView', ` + engagementPerViewSQL("ea.n", "ea.views", "ea.eng", ReasonNoPosts) + `,
				'posts', ea.posts,
				'usageTerms', json_build_object('rights', ea.usage_rights, 'exclusivity', ea.usage_exclusivity, 'endDate', ea.usage_end))
			ORDER BY ea.views DESC NULLS LAST, ea.name, ea.id), '[]') FROM ea)
	)::text FROM c CROSS JOIN t`
}

// CampaignResultsSQL is the results statement, for the benchmark's bare
// handler: $1 campaign id, $2 brand id or NULL, $3 fees shown.
func CampaignResultsSQL() string { return campaignResultsSQL }

// CampaignResultsFromReadingsSQL is the results statement with its daily
// sums computed from every reading (same parameters): the reference the
// kept sums are checked against.
func CampaignResultsFromReadingsSQL() string { return campaignResultsFullSQL }

// campaignResults runs the results statement for campaign id of brandID
// ("" = any brand).
func (s *DB) campaignResults(ctx context.Context, id, brandID string, showFees bool) (json.RawMessage, error) {
	if !isUUID(id) {
		return nil, errCampaignNotFound
	}
	var brand any
	if brandID != "" {
		brand = brandID
	}
	// The version is read before the results are computed: a change
	// committed in between moves it again, so an answer is never kept under
	// a version newer than its figures.
	var version int64
	if err := s.getPrepared(ctx, &version, campaignResultsVersionSQL, id, brand); err != nil {
		return nil, translate(err, "Campaign")
	}
	key := resultsKey{campaign: id, fees: showFees}
	if body, ok := s.results.get(key, version); ok {
		return body, nil
	}
	var out string
	// Prepared once (planned once, see SessionSettings): planning this
	// statement anew costs a good part of running it.
	if err := s.getPrepared(ctx, &out, campaignResultsSQL, id, brand, showFees); err != nil {
		return nil, translate(err, "Campaign")
	}
	body, err := CompleteResults(json.RawMessage(out))
	if err != nil {
		return nil, err
	}
	s.results.put(key, version, body)
	return body, nil
}

// CompleteResults adds to the statement's answer what is written in Go, so
// that it has one source: each post's usage (UsageOf, when fees are shown:
// a share link without fees shows no terms) and the platforms that report
// shares and reach. The usage terms it reads are not answered.
func CompleteResults(raw json.RawMessage) (json.RawMessage, error) {
	r, err := DecodeCampaignResults(raw)
	if err != nil {
		return nil, err
	}
	shares, reach := map[string]bool{}, map[string]bool{}
	for i := range r.Creators {
		c := &r.Creators[i]
		for j := range c.Posts {
			p := &c.Posts[j]
			if p.Shares != nil {
				shares[p.Platform] = true
			}
			if p.Reach != nil {
				reach[p.Platform] = true
			}
			if r.FeesShown && c.UsageTerms != nil {
				u := UsageOf(c.UsageTerms.Rights, c.UsageTerms.Exclusivity, c.UsageTerms.EndDate, p.PublishedAt)
				p.Usage = &u
			}
		}
		c.UsageTerms = nil
	}
	r.Totals.Shares.Platforms = platformNames(shares)
	r.Totals.Reach.Platforms = platformNames(reach)
	out, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode campaign results: %w", err)
	}
	return out, nil
}

// platformNames are the names of the platforms set, in the product's platform order.
func platformNames(set map[string]bool) []string {
	var names []string
	for _, p := range Platforms {
		if set[p] {
			names = append(names, PlatformNames[p])
		}
	}
	return names
}

// campaignResultsVersionSQL is the results version of campaign $1 of brand
// $2 (NULL = any); no row when the campaign is deleted, unknown or of
// another brand.
const campaignResultsVersionSQL = `SELECT coalesce((SELECT version FROM campaign_results_versions WHERE campaign_id = c.id), 0)
	FROM campaigns c WHERE c.id = $1 AND c.status <> 'deleted' AND ($2::uuid IS NULL OR c.brand_id = $2)`

// CampaignResultsJSON returns the results of campaign id as JSON, fees shown,
// for viewer: ADMIN (any brand's) or brand staff (their brand's). ENOTFOUND
// for another brand's, a deleted or an unknown campaign; EFORBIDDEN for
// other roles.
func (s *DB) CampaignResultsJSON(ctx context.Context, viewer *User, id string) (json.RawMessage, error) {
	scope, err := campaignScope(viewer)
	if err != nil {
		return nil, err
	}
	return s.campaignResults(ctx, id, scope, true)
}

// CampaignResults is CampaignResultsJSON decoded (for the CSV).
func (s *DB) CampaignResults(ctx context.Context, viewer *User, id string) (*CampaignResults, error) {
	raw, err := s.CampaignResultsJSON(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	return DecodeCampaignResults(raw)
}

// CampaignResultsOf returns the results of campaign id (any brand), fees
// shown: for the PDF export job, whose request was checked when it started.
func (s *DB) CampaignResultsOf(ctx context.Context, id string) (*CampaignResults, error) {
	raw, err := s.campaignResults(ctx, id, "", true)
	if err != nil {
		return nil, err
	}
	return DecodeCampaignResults(raw)
}

// DecodeCampaignResults decodes the results statement's JSON.
func DecodeCampaignResults(raw json.RawMessage) (*CampaignResults, error) {
	var r CampaignResults
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("decode campaign results: %w", err)
	}
	return &r, nil
}

// CheckCampaignReader checks that viewer may read campaign id's results
// (ENOTFOUND, EFORBIDDEN as CampaignResultsJSON) without computing them.
func (s *DB) CheckCampaignReader(ctx context.Context, viewer *User, id string) error {
	scope, err := campaignScope(viewer)
	if err != nil {
		return err
	}
	_, err = getCampaign(s.db, id, scope, false)
	return err
}

// brandSQL is the condition "column col is brand $1", $1 never NULL: a
// generic plan looks it up by index.
func brandSQL(col string) string { return col + ` = $1` }

// anyBrandSQL is the condition "column col is brand $1, or $1 is NULL (every
// brand)"; a generic plan cannot look it up by index.
func anyBrandSQL(col string) string { return `($1::uuid IS NULL OR ` + col + ` = $1)` }

// campaignPerformanceQuery answers Mission Control's performance as JSON
// text: $1 the brand (brand is its condition: brandSQL, or anyBrandSQL
// where NULL means every brand), $2 and $3 the month's first and last day,
// $4 and $5 its first instant and the next month's, $6 "YYYY-MM". The
// brand's active campaigns whose dates touch the month, their accepted and
// completed offers' posts published in the month; the figures are built as
// the results' are. The summary statement (campaignSummarySQL) runs it.
func campaignPerformanceQuery(brand func(col string) string) string {
	return `WITH c AS (
		SELECT id, name, budget FROM campaigns
		WHERE status = 'active' AND ` + brand("brand_id") + ` AND start_date <= $3 AND end_date >= $2),
	e AS (
		SELECT e.id, e.campaign_id, e.creator_id, coalesce(e.offer_amount, e.estimated_fee) AS fee FROM roster_entries e
		WHERE e.campaign_id IN (SELECT id FROM c) AND e.offer_status IN ('accepted', 'completed')),
	p AS (
		SELECT p.*, e.campaign_id AS cid, e.creator_id FROM campaign_posts p JOIN e ON e.id = p.entry_id
		WHERE p.published_at >= $4 AND p.published_at < $5),
	t AS (
		SELECT count(*) AS n, sum(views) AS views, ` + engagementSumSQL("") + ` AS eng,
			(SELECT coalesce(sum(fee), 0) FROM e) AS spend, (SELECT coalesce(sum(budget), 0) FROM c) AS budget
		FROM p)
	SELECT json_build_object(
		'month', $6::text,
		'views', ` + measuredSQL("t.views", "t.n", "views", ReasonNoPostsThisMonth) + `,
		'engagements', ` + derivedSQL("t.eng", FormulaEngagements, figureWhen{"t.n = 0", ReasonNoPostsThisMonth},
		figureWhen{"t.eng IS NULL", ReasonNotReported("likes, comments or shares")}) + `,
		'engagementPerView', ` + engagementPerViewSQL("t.n", "t.views", "t.eng", ReasonNoPostsThisMonth) + `,
		'spend', ` + derivedSQL("t.spend", FormulaSpend) + `,
		'budget', t.budget,
		'topPosts', (SELECT coalesce(json_agg(json_build_object('campaignId', x.cid, 'campaignName', x.campaign_name,
				'creatorName', x.creator_name, 'platform', x.platform, 'url', x.url, 'views', x.views, 'likes', x.likes,
				'comments', x.comments, 'shares', x.shares, 'publishedAt', x.published_at)
			ORDER BY x.views DESC NULLS LAST, x.published_at DESC, x.id), '[]')
			FROM (SELECT p.*, c.name AS campaign_name, cr.name AS creator_name FROM p JOIN c ON c.id = p.cid
				JOIN creators cr ON cr.id = p.creator_id
				ORDER BY p.views DESC NULLS LAST, p.published_at DESC, p.id LIMIT 5) x),
		'waitingOnBrand', (SELECT coalesce(json_agg(json_build_object('campaignId', w.campaign_id, 'campaignName', w.campaign_name,
				'entryId', w.id, 'creatorName', w.creator_name, 'amount', w.offer_amount, 'status', w.offer_status,
				'updatedAt', w.offer_updated_at) ORDER BY w.offer_updated_at NULLS FIRST, w.id), '[]')
			FROM (SELECT e.id, e.campaign_id, cc.name AS campaign_name, cr.name AS creator_name, e.offer_amount, e.offer_status,
					e.offer_updated_at
				FROM roster_entries e JOIN campaigns cc ON cc.id = e.campaign_id JOIN creators cr ON cr.id = e.creator_id
				WHERE e.offer_status = 'countered' AND cc.status IN ('draft', 'active') AND ` + brand("cc.brand_id") + `
				ORDER BY e.offer_updated_at NULLS FIRST, e.id LIMIT 20) w)
	)::text FROM t`
}

// noBrand is a brand id no brand has: an ADMIN's summary of a brandId that is
// not a UUID matches nothing.
const noBrand = "00000000-0000-0000-0000-000000000000"
