package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Media kit: a creator's public page /kit/{slug} with the fields they choose
// to show (photo, bio, niche, location, handles, verified figures, audience
// split, audience-quality reading, past campaigns, rate card). Off by
// default; unpublished it answers 404 at once. Brands book from it: a draft
// offer at a rate-card price on one of their campaigns' rosters.

// Media kit rules and messages.
const (
	MsgKitSlug         = "Use 3 to 30 letters, digits, '-' or '_'"
	MsgKitSlugTaken    = "This address is taken: choose another"
	MsgKitGone         = "This media kit is not published"
	MsgKitBio          = "A bio is at most 600 characters"
	MsgKitHandle       = "Choose handles of your own accounts"
	MsgKitCampaign     = "Choose campaigns you completed"
	MsgKitLines        = "A rate card has at most 20 lines"
	MsgKitLineLabel    = "Name the deliverable (1 to 80 characters)"
	MsgKitLinePrice    = "Enter a price from 0.01 to 1,000,000.00"
	MsgKitLineUnknown  = "This line is not on your rate card"
	MsgKitBookLine     = "Choose a line of this creator's rate card"
	MsgKitBookCampaign = "Choose a campaign"
	MsgKitNoEntry      = "This creator is not in the creator network yet, so they cannot be booked"
	MsgKitOnlyCreators = "Only creators have a media kit"
	maxKitBio          = 600
	maxKitLines        = 20
	maxKitCampaigns    = 10
	maxKitLabel        = 80
	maxKitPriceCents   = 100_000_000
)

var kitSlugRe = regexp.MustCompile(`^[A-Za-z0-9_-]{3,30}$`)

// ValidKitSlug reports whether slug follows the kit address rules: 3 to 30
// letters, digits, '-' or '_'.
func ValidKitSlug(slug string) bool { return kitSlugRe.MatchString(slug) }

// KitShow says which fields a kit shows.
type KitShow struct {
	Photo    bool `json:"photo"`
	Bio      bool `json:"bio"`
	Niche    bool `json:"niche"`
	Location bool `json:"location"`
	Figures  bool `json:"figures"`
	Audience bool `json:"audience"`
	Quality  bool `json:"quality"`
}

// KitRateLine is one rate-card line: a deliverable and its price in cents.
type KitRateLine struct {
	ID         string `json:"id" db:"id"`
	Label      string `json:"label" db:"label"`
	PriceCents int64  `json:"priceCents" db:"price_cents"`
}

// KitSettings is a creator's kit as they edit it (GET/PUT /api/kit).
type KitSettings struct {
	Slug          string        `json:"slug"`
	Published     bool          `json:"published"`
	SearchEngines bool          `json:"searchEngines"`
	Bio           string        `json:"bio"`
	Show          KitShow       `json:"show"`
	Handles       []string      `json:"handles"`     // platforms whose handle is shown
	CampaignIDs   []string      `json:"campaignIds"` // past campaigns shown, in order
	RateCard      []KitRateLine `json:"rateCard"`
}

// KitHandle is a handle on one platform.
type KitHandle struct {
	Platform string `json:"platform" db:"platform"`
	Handle   string `json:"handle" db:"handle"`
}

// KitFigure is a figure with its basis; Value is null when unreported
// (basis unavailable, shown "n/a").
type KitFigure[T any] struct {
	Value *T     `json:"value"`
	Basis string `json:"basis"`
}

// KitCampaign is a past campaign as a kit shows it: the brand's name only
// when the brand consents (Named), else "a fashion brand" from its industry;
// the campaign's name only when named; measured views and engagements
// (likes + comments + shares) of the creator's posts, and their rate.
type KitCampaign struct {
	CampaignID     string             `json:"campaignId,omitempty"` // the creator's own settings only
	Brand          string             `json:"brand"`
	Named          bool               `json:"named"`
	Campaign       string             `json:"campaign,omitempty"`
	Period         string             `json:"period"`
	Posts          int                `json:"posts"`
	Views          KitFigure[int64]   `json:"views"`
	Engagements    KitFigure[int64]   `json:"engagements"`
	EngagementRate KitFigure[float64] `json:"engagementRate"`
}

// KitPlatform is a verified (connected) platform's following, with the day
// it was measured.
type KitPlatform struct {
	Platform  string `json:"platform"`
	Followers int64  `json:"followers"`
	AsOf      string `json:"asOf"`
	Basis     string `json:"basis"`
}

// PublicKit is a published kit as anyone reads it: only the chosen fields
// (a hidden one is absent, never null), never an e-mail or an account id.
type PublicKit struct {
	Slug          string           `json:"slug"`
	Name          string           `json:"name"`
	PhotoURL      string           `json:"photoUrl,omitempty"`
	Bio           string           `json:"bio,omitempty"`
	Niche         string           `json:"niche,omitempty"`
	Location      string           `json:"location,omitempty"`
	Handles       []KitHandle      `json:"handles"`
	Platforms     *[]KitPlatform   `json:"platforms,omitempty"` // shown: the connected platforms, maybe none
	Audience      *ProfileAudience `json:"audience,omitempty"`
	Quality       *CreatorQuality  `json:"quality,omitempty"`
	Campaigns     []KitCampaign    `json:"campaigns"`
	RateCard      []KitRateLine    `json:"rateCard"`
	SearchEngines bool             `json:"searchEngines"`
	UpdatedAt     time.Time        `json:"updatedAt"`
}

// KitEditor is what the creator's settings page reads: their kit (nil before
// the first save), the handles and past campaigns they may show.
type KitEditor struct {
	Kit       *KitSettings  `json:"kit"`
	Handles   []KitHandle   `json:"handles"`
	Campaigns []KitCampaign `json:"campaigns"`
}

type kitRow struct {
	UserID        string         `db:"user_id"`
	Slug          string         `db:"slug"`
	Published     bool           `db:"published"`
	SearchEngines bool           `db:"search_engines"`
	Bio           string         `db:"bio"`
	ShowPhoto     bool           `db:"show_photo"`
	ShowBio       bool           `db:"show_bio"`
	ShowNiche     bool           `db:"show_niche"`
	ShowLocation  bool           `db:"show_location"`
	ShowFigures   bool           `db:"show_figures"`
	ShowAudience  bool           `db:"show_audience"`
	ShowQuality   bool           `db:"show_quality"`
	Handles       pq.StringArray `db:"handles"`
	CampaignIDs   pq.StringArray `db:"campaign_ids"`
	UpdatedAt     time.Time      `db:"updated_at"`
}

const kitColumns = `user_id, slug, published, search_engines, bio, show_photo, show_bio, show_niche, show_location,
	show_figures, show_audience, show_quality, handles, campaign_ids::text[] AS campaign_ids, updated_at`

func (r *kitRow) settings(lines []KitRateLine) *KitSettings {
	return &KitSettings{Slug: r.Slug, Published: r.Published, SearchEngines: r.SearchEngines, Bio: r.Bio,
		Show: KitShow{Photo: r.ShowPhoto, Bio: r.ShowBio, Niche: r.ShowNiche, Location: r.ShowLocation,
			Figures: r.ShowFigures, Audience: r.ShowAudience, Quality: r.ShowQuality},
		Handles: nonNil([]string(r.Handles)), CampaignIDs: nonNil([]string(r.CampaignIDs)), RateCard: lines}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// GetKit returns the creator actor's kit settings with what they may show.
// EFORBIDDEN for any other role.
func (s *DB) GetKit(ctx context.Context, actor *User) (*KitEditor, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, MsgKitOnlyCreators)
	}
	return s.kitEditor(ctx, s.db, actor.ID)
}

func (s *DB) kitEditor(ctx context.Context, q sqlx.QueryerContext, userID string) (*KitEditor, error) {
	out := &KitEditor{}
	var rows []kitRow
	if err := sqlx.SelectContext(ctx, q, &rows, `SELECT `+kitColumns+` FROM media_kits WHERE user_id = $1`, userID); err != nil {
		return nil, fmt.Errorf("get kit: %w", err)
	}
	if len(rows) == 1 {
		lines, err := kitLines(ctx, q, userID)
		if err != nil {
			return nil, err
		}
		out.Kit = rows[0].settings(lines)
	}
	var err error
	if out.Handles, err = kitHandles(ctx, q, userID); err != nil {
		return nil, err
	}
	if out.Campaigns, err = kitCampaigns(ctx, q, userID, nil); err != nil {
		return nil, err
	}
	return out, nil
}

func kitLines(ctx context.Context, q sqlx.QueryerContext, userID string) ([]KitRateLine, error) {
	lines := []KitRateLine{}
	err := sqlx.SelectContext(ctx, q, &lines, `SELECT id, label, price_cents FROM kit_rate_lines
		WHERE user_id = $1 ORDER BY position`, userID)
	if err != nil {
		return nil, fmt.Errorf("rate card: %w", err)
	}
	return lines, nil
}

// kitHandles are the creator's handles: their network entry's, and their
// connected accounts' where the entry has none.
func kitHandles(ctx context.Context, q sqlx.QueryerContext, userID string) ([]KitHandle, error) {
	var parts []string
	for _, p := range Platforms {
		parts = append(parts, `SELECT '`+p+`' AS platform, coalesce(nullif(c.`+HandleColumn(p)+`, ''),
			(SELECT a.username FROM social_accounts a WHERE a.user_id = $1 AND a.platform = '`+p+`' AND a.status <> 'disconnected'), '') AS handle
			FROM (SELECT 1) one LEFT JOIN creators c ON c.user_id = $1`)
	}
	var rows []KitHandle
	if err := sqlx.SelectContext(ctx, q, &rows, strings.Join(parts, " UNION ALL "), userID); err != nil {
		return nil, fmt.Errorf("kit handles: %w", err)
	}
	out := []KitHandle{}
	for _, r := range rows {
		if r.Handle != "" {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b KitHandle) int {
		return slices.Index(Platforms, a.Platform) - slices.Index(Platforms, b.Platform)
	})
	return out, nil
}

// kitCampaignRow is a campaign of one of the creator's accepted or
// completed offers with the measured totals of their tagged posts.
type kitCampaignRow struct {
	ID          string        `db:"id"`
	Name        string        `db:"name"`
	Start       time.Time     `db:"start_date"`
	Brand       string        `db:"brand"`
	Named       bool          `db:"named_in_kits"`
	Industry    string        `db:"industry"`
	Posts       int           `db:"posts"`
	Views       sql.NullInt64 `db:"views"`
	Engagements sql.NullInt64 `db:"engagements"`
}

// kitCampaigns lists the creator's past campaigns (accepted or completed
// offers), newest first, or only ids (in their order) when ids is not nil.
func kitCampaigns(ctx context.Context, q sqlx.QueryerContext, userID string, ids []string) ([]KitCampaign, error) {
	var rows []kitCampaignRow
	err := sqlx.SelectContext(ctx, q, &rows, `SELECT c.id, c.name, c.start_date, b.name AS brand, b.named_in_kits, b.industry,
			count(p.id) AS posts, sum(p.views) AS views,
			CASE WHEN count(p.likes) + count(p.comments) + count(p.shares) > 0
				THEN sum(coalesce(p.likes, 0) + coalesce(p.comments, 0) + coalesce(p.shares, 0)) END AS engagements
		FROM creators cr JOIN roster_entries e ON e.creator_id = cr.id
		JOIN campaigns c ON c.id = e.campaign_id AND c.status <> 'deleted'
		JOIN brands b ON b.id = c.brand_id
		LEFT JOIN campaign_posts p ON p.entry_id = e.id
		WHERE cr.user_id = $1 AND e.offer_status IN ('accepted', 'completed')
		GROUP BY c.id, b.id ORDER BY c.start_date DESC, c.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("kit campaigns: %w", err)
	}
	all := make([]KitCampaign, 0, len(rows))
	for _, r := range rows {
		all = append(all, r.kitCampaign())
	}
	if ids == nil {
		return all, nil
	}
	out := []KitCampaign{}
	for _, id := range ids {
		for _, c := range all {
			if c.CampaignID == id {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

func (r kitCampaignRow) kitCampaign() KitCampaign {
	c := KitCampaign{CampaignID: r.ID, Brand: BrandLabel(r.Industry), Period: r.Start.Format("Jan 2006"), Posts: r.Posts,
		Views: KitFigure[int64]{Basis: BasisUnavailable}, Engagements: KitFigure[int64]{Basis: BasisUnavailable},
		EngagementRate: KitFigure[float64]{Basis: BasisUnavailable}}
	if r.Named {
		c.Brand, c.Named, c.Campaign = r.Brand, true, r.Name
	}
	if r.Views.Valid {
		v := r.Views.Int64
		c.Views = KitFigure[int64]{&v, BasisMeasured}
	}
	if r.Engagements.Valid {
		v := r.Engagements.Int64
		c.Engagements = KitFigure[int64]{&v, BasisMeasured}
		if r.Views.Valid && r.Views.Int64 > 0 {
			rate := round2(float64(v) * 100 / float64(r.Views.Int64))
			c.EngagementRate = KitFigure[float64]{&rate, BasisDerived}
		}
	}
	return c
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

// BrandLabel is how a kit names a brand that did not consent to be named:
// "a fashion brand" from its industry, "a brand" without one.
func BrandLabel(industry string) string {
	ind := strings.ToLower(strings.TrimSpace(industry))
	if ind == "" {
		return "a brand"
	}
	if r, _ := utf8.DecodeRuneInString(ind); strings.ContainsRune("aeiou", r) {
		return "an " + ind + " brand"
	}
	return "a " + ind + " brand"
}

// SaveKit validates and stores the creator actor's kit (the rate card's
// lines keep their ids; a line without one is new; a line left out is
// removed) and returns the settings page's data. EINVALID per field (slug,
// bio, handles, campaignIds, rateCard, rateCard.N.label, rateCard.N.priceCents),
// MsgKitSlugTaken on slug when another kit has it in any case.
func (s *DB) SaveKit(ctx context.Context, actor *User, in KitSettings) (*KitEditor, error) {
	if actor.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, MsgKitOnlyCreators)
	}
	f := FieldErrors{}
	in.Slug = strings.TrimSpace(in.Slug)
	in.Bio = strings.TrimSpace(in.Bio)
	if !ValidKitSlug(in.Slug) {
		f["slug"] = MsgKitSlug
	}
	if utf8.RuneCountInString(in.Bio) > maxKitBio {
		f["bio"] = MsgKitBio
	}
	handles, err := kitHandles(ctx, s.db, actor.ID)
	if err != nil {
		return nil, err
	}
	var shown []string
	for _, p := range in.Handles {
		if !slices.ContainsFunc(handles, func(h KitHandle) bool { return h.Platform == p }) {
			f["handles"] = MsgKitHandle
		} else if !slices.Contains(shown, p) {
			shown = append(shown, p)
		}
	}
	past, err := kitCampaigns(ctx, s.db, actor.ID, nil)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, id := range in.CampaignIDs {
		if !slices.ContainsFunc(past, func(c KitCampaign) bool { return c.CampaignID == id }) {
			f["campaignIds"] = MsgKitCampaign
		} else if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) > maxKitCampaigns {
		f["campaignIds"] = fmt.Sprintf("Choose at most %d campaigns", maxKitCampaigns)
	}
	if len(in.RateCard) > maxKitLines {
		f["rateCard"] = MsgKitLines
	}
	for i := range in.RateCard {
		l := &in.RateCard[i]
		l.Label = strings.TrimSpace(l.Label)
		if n := utf8.RuneCountInString(l.Label); n == 0 || n > maxKitLabel || strings.IndexFunc(l.Label, unicode.IsControl) >= 0 {
			f[fmt.Sprintf("rateCard.%d.label", i)] = MsgKitLineLabel
		}
		if l.PriceCents < 1 || l.PriceCents > maxKitPriceCents {
			f[fmt.Sprintf("rateCard.%d.priceCents", i)] = MsgKitLinePrice
		}
		if l.ID != "" && !isUUID(l.ID) {
			f[fmt.Sprintf("rateCard.%d.id", i)] = MsgKitLineUnknown
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	var out *KitEditor
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		var taken bool
		if err := tx.GetContext(ctx, &taken, `SELECT EXISTS (SELECT 1 FROM media_kits WHERE lower(slug) = lower($1) AND user_id <> $2)`,
			in.Slug, actor.ID); err != nil {
			return fmt.Errorf("kit slug: %w", err)
		}
		if taken {
			return FieldErrors{"slug": MsgKitSlugTaken}.Err()
		}
		sh := in.Show
		_, err := tx.ExecContext(ctx, `INSERT INTO media_kits (user_id, slug, published, search_engines, bio, show_photo, show_bio,
				show_niche, show_location, show_figures, show_audience, show_quality, handles, campaign_ids, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::uuid[], $15)
			ON CONFLICT (user_id) DO UPDATE SET slug = excluded.slug, published = excluded.published,
				search_engines = excluded.search_engines, bio = excluded.bio, show_photo = excluded.show_photo,
				show_bio = excluded.show_bio, show_niche = excluded.show_niche, show_location = excluded.show_location,
				show_figures = excluded.show_figures, show_audience = excluded.show_audience, show_quality = excluded.show_quality,
				handles = excluded.handles, campaign_ids = excluded.campaign_ids, updated_at = excluded.updated_at`,
			actor.ID, in.Slug, in.Published, in.SearchEngines, in.Bio, sh.Photo, sh.Bio, sh.Niche, sh.Location, sh.Figures,
			sh.Audience, sh.Quality, pq.StringArray(nonNil(shown)), pq.StringArray(nonNil(ids)), s.now())
		if err != nil {
			if ErrorCode(translate(err, "")) == ECONFLICT {
				return FieldErrors{"slug": MsgKitSlugTaken}.Err()
			}
			return fmt.Errorf("save kit: %w", err)
		}
		if err := saveKitLines(ctx, tx, actor.ID, in.RateCard); err != nil {
			return err
		}
		out, err = s.kitEditor(ctx, tx, actor.ID)
		return err
	})
	return out, err
}

// saveKitLines replaces userID's rate card with lines, keeping the ids given.
func saveKitLines(ctx context.Context, tx *sqlx.Tx, userID string, lines []KitRateLine) error {
	var have []string
	if err := tx.SelectContext(ctx, &have, `SELECT id FROM kit_rate_lines WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("rate card: %w", err)
	}
	var keep []string
	for i, l := range lines {
		if l.ID != "" && !slices.Contains(have, l.ID) {
			return FieldErrors{fmt.Sprintf("rateCard.%d.id", i): MsgKitLineUnknown}.Err()
		}
		if l.ID != "" {
			keep = append(keep, l.ID)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM kit_rate_lines WHERE user_id = $1 AND NOT (id = ANY ($2::uuid[]))`,
		userID, pq.StringArray(nonNil(keep))); err != nil {
		return fmt.Errorf("rate card: %w", err)
	}
	for i, l := range lines {
		var err error
		if l.ID != "" {
			_, err = tx.ExecContext(ctx, `UPDATE kit_rate_lines SET position = $2, label = $3, price_cents = $4 WHERE id = $1`,
				l.ID, i, l.Label, l.PriceCents)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO kit_rate_lines (user_id, position, label, price_cents) VALUES ($1, $2, $3, $4)`,
				userID, i, l.Label, l.PriceCents)
		}
		if err != nil {
			return fmt.Errorf("rate card line: %w", err)
		}
	}
	return nil
}

// publishedKit finds the published kit at slug (any case): ENOTFOUND
// (MsgKitGone) for an unknown or unpublished one.
func (s *DB) publishedKit(ctx context.Context, q sqlx.QueryerContext, slug string) (*kitRow, error) {
	gone := Errorf(ENOTFOUND, MsgKitGone)
	if !ValidKitSlug(slug) {
		return nil, gone
	}
	var rows []kitRow
	err := sqlx.SelectContext(ctx, q, &rows, `SELECT `+kitColumns+` FROM media_kits k
		WHERE lower(slug) = lower($1) AND published
		AND EXISTS (SELECT 1 FROM users u WHERE u.id = k.user_id AND u.deleted_at IS NULL)`, slug)
	if err != nil {
		return nil, fmt.Errorf("find kit: %w", err)
	}
	if len(rows) == 0 {
		return nil, gone
	}
	return &rows[0], nil
}

// KitSearchEngines reports whether the published kit at slug lets search
// engines index it (false for an unknown or unpublished one).
func (s *DB) KitSearchEngines(ctx context.Context, slug string) bool {
	k, err := s.publishedKit(ctx, s.db, slug)
	return err == nil && k.SearchEngines
}

// PublicKit returns the published kit at slug with only its chosen fields.
// ENOTFOUND (MsgKitGone) for an unknown or unpublished kit.
func (s *DB) PublicKit(ctx context.Context, slug string) (*PublicKit, error) {
	k, err := s.publishedKit(ctx, s.db, slug)
	if err != nil {
		return nil, err
	}
	var who struct {
		Name     string         `db:"name"`
		Photo    string         `db:"profile_image"`
		Niche    string         `db:"niche"`
		Location string         `db:"location"`
		Entry    sql.NullString `db:"entry"`
	}
	err = s.db.GetContext(ctx, &who, `SELECT coalesce(c.name, u.name) AS name, coalesce(u.profile_image, '') AS profile_image,
			coalesce(nullif(c.niche, ''), n.name, '') AS niche, coalesce(c.location, '') AS location,
			(SELECT `+creatorJSON+`::text FROM creators c WHERE c.user_id = u.id LIMIT 1) AS entry
		FROM users u LEFT JOIN niches n ON n.id = u.niche_id LEFT JOIN LATERAL (SELECT * FROM creators c WHERE c.user_id = u.id LIMIT 1) c ON true
		WHERE u.id = $1`, k.UserID)
	if err != nil {
		return nil, fmt.Errorf("kit creator: %w", err)
	}
	lines, err := kitLines(ctx, s.db, k.UserID)
	if err != nil {
		return nil, err
	}
	out := &PublicKit{Slug: k.Slug, Name: who.Name, Handles: []KitHandle{}, RateCard: lines, SearchEngines: k.SearchEngines,
		UpdatedAt: k.UpdatedAt.UTC()}
	if k.ShowPhoto && (strings.HasPrefix(who.Photo, "/") && !strings.HasPrefix(who.Photo, "//") || strings.HasPrefix(who.Photo, "https://")) {
		out.PhotoURL = who.Photo
	}
	if k.ShowBio {
		out.Bio = k.Bio
	}
	if k.ShowNiche {
		out.Niche = who.Niche
	}
	if k.ShowLocation {
		out.Location = who.Location
	}
	if len(k.Handles) > 0 {
		all, err := kitHandles(ctx, s.db, k.UserID)
		if err != nil {
			return nil, err
		}
		for _, h := range all {
			if slices.Contains(k.Handles, h.Platform) {
				out.Handles = append(out.Handles, h)
			}
		}
	}
	if k.ShowFigures {
		platforms := []KitPlatform{}
		var rows []struct {
			Platform  string    `db:"platform"`
			Followers int64     `db:"followers"`
			Day       time.Time `db:"day"`
		}
		err := s.db.SelectContext(ctx, &rows, `SELECT a.platform, d.followers, d.day FROM social_accounts a
			JOIN LATERAL (SELECT followers, day FROM social_daily WHERE account_id = a.id ORDER BY day DESC LIMIT 1) d ON true
			WHERE a.user_id = $1 AND a.status <> 'disconnected'`, k.UserID)
		if err != nil {
			return nil, fmt.Errorf("kit figures: %w", err)
		}
		for _, r := range rows {
			platforms = append(platforms, KitPlatform{Platform: r.Platform, Followers: r.Followers,
				AsOf: r.Day.Format(time.DateOnly), Basis: BasisMeasured})
		}
		slices.SortFunc(platforms, func(a, b KitPlatform) int {
			return slices.Index(Platforms, a.Platform) - slices.Index(Platforms, b.Platform)
		})
		out.Platforms = &platforms
	}
	if k.ShowAudience {
		if out.Audience, err = s.kitAudience(ctx, k.UserID, who.Entry); err != nil {
			return nil, err
		}
	}
	if k.ShowQuality {
		if out.Quality, err = s.userQuality(ctx, k.UserID); err != nil {
			return nil, err
		}
	}
	if out.Campaigns, err = kitCampaigns(ctx, s.db, k.UserID, k.CampaignIDs); err != nil {
		return nil, err
	}
	for i := range out.Campaigns {
		out.Campaigns[i].CampaignID = "" // a brand's campaign id is not the public's
	}
	return out, nil
}

// kitAudience is the creator's audience split as audienceOf gives it.
func (s *DB) kitAudience(ctx context.Context, userID string, entry sql.NullString) (*ProfileAudience, error) {
	doc, err := s.SocialEngagement(ctx, userID, "", 1)
	if err != nil {
		return nil, err
	}
	var eng engagementDoc
	if err := json.Unmarshal(doc, &eng); err != nil {
		return nil, fmt.Errorf("read engagement: %w", err)
	}
	var c Creator
	if entry.Valid {
		if err := json.Unmarshal([]byte(entry.String), &c); err != nil {
			return nil, fmt.Errorf("read creator: %w", err)
		}
	}
	return audienceOf(&eng, c.Audience), nil
}

// KitBooking is a brand's booking from a kit: a campaign of theirs and a
// line of the kit's rate card.
type KitBooking struct {
	CampaignID     string `json:"campaignId"`
	RateCardLineID string `json:"rateCardLineId"`
}

// BookFromKit puts the creator of the published kit at slug on the roster
// of in.CampaignID as one draft offer at the price of in.RateCardLineID
// (scored like a creator added by hand). Booking the same line on the same
// campaign again answers the same draft (created false). actor is a
// BRAND_ADMIN or BRAND_MANAGER of the campaign's brand (EFORBIDDEN for other
// roles; ENOTFOUND for another brand's campaign or an unpublished kit);
// EINVALID for a missing campaign or an unknown line, or a campaign neither
// draft nor active; ECONFLICT when the creator has no network entry or is
// already on the roster otherwise.
func (s *DB) BookFromKit(ctx context.Context, actor *User, slug string, in KitBooking) (entry []byte, created bool, err error) {
	if err := campaignEditor(actor); err != nil {
		return nil, false, err
	}
	k, err := s.publishedKit(ctx, s.db, slug)
	if err != nil {
		return nil, false, err
	}
	f := FieldErrors{}
	if strings.TrimSpace(in.CampaignID) == "" {
		f["campaignId"] = MsgKitBookCampaign
	}
	var line KitRateLine
	if !isUUID(in.RateCardLineID) {
		f["rateCardLineId"] = MsgKitBookLine
	} else {
		err := s.db.GetContext(ctx, &line, `SELECT id, label, price_cents FROM kit_rate_lines WHERE id = $1 AND user_id = $2`,
			in.RateCardLineID, k.UserID)
		if errors.Is(err, sql.ErrNoRows) {
			f["rateCardLineId"] = MsgKitBookLine
		} else if err != nil {
			return nil, false, fmt.Errorf("rate card line: %w", err)
		}
	}
	if err := f.Err(); err != nil {
		return nil, false, err
	}
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		b, err := getBrief(tx, in.CampaignID, true) // one booking at a time per campaign
		if err != nil {
			return err
		}
		if b.BrandID != actor.Brand.ID {
			return errCampaignNotFound
		}
		var existing []string
		if err := tx.SelectContext(ctx, &existing, `SELECT entry_id FROM kit_bookings WHERE campaign_id = $1 AND line_id = $2`,
			in.CampaignID, line.ID); err != nil {
			return fmt.Errorf("find booking: %w", err)
		}
		if len(existing) > 0 {
			return tx.GetContext(ctx, &entry, entryByIDSQL, existing[0])
		}
		if b.Status != CampaignDraft && b.Status != CampaignActive {
			return Errorf(EINVALID, MsgRosterAddStatus)
		}
		var r candidateRow
		err = tx.GetContext(ctx, &r, `SELECT `+candidateColumns+` FROM creators WHERE user_id = $1 ORDER BY created_at LIMIT 1`, k.UserID)
		if errors.Is(err, sql.ErrNoRows) {
			return Errorf(ECONFLICT, MsgKitNoEntry)
		}
		if err != nil {
			return fmt.Errorf("kit creator: %w", err)
		}
		c := r.candidate()
		brief := RosterBrief{Gender: briefGender(b.Gender), AgeFrom: b.AgeFrom, AgeTo: b.AgeTo, Location: b.Location,
			Budget: b.Budget, Size: 1}
		pick := ScoreCandidates(brief, []Candidate{c})[0]
		pick.Fee = float64(line.PriceCents) / 100
		pick.Reasons = append([]string{"Booked from the media kit: " + line.Label}, pick.Reasons...)
		if len(pick.Reasons) > 3 {
			pick.Reasons = pick.Reasons[:3]
		}
		if err := insertEntry(ctx, tx, in.CampaignID, pick, s.now(), &entry); err != nil {
			return err
		}
		var e struct {
			ID string `json:"_id"`
		}
		if err := json.Unmarshal(entry, &e); err != nil {
			return fmt.Errorf("read entry: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO kit_bookings (campaign_id, line_id, entry_id, booked_by, created_at)
			VALUES ($1, $2, $3, $4, $5)`, in.CampaignID, line.ID, e.ID, actor.ID, s.now()); err != nil {
			return fmt.Errorf("record booking: %w", err)
		}
		created = true
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return entry, created, nil
}

// KitBrandConsent is a brand's kit setting: whether creators' kits may name
// it, and the industry they name it by otherwise.
type KitBrandConsent struct {
	NamedInKits bool   `json:"namedInKits" db:"named_in_kits"`
	Industry    string `json:"industry" db:"industry"`
}

// GetKitBrandConsent returns the brand setting of actor's brand (brand roles).
func (s *DB) GetKitBrandConsent(ctx context.Context, actor *User) (*KitBrandConsent, error) {
	if !actor.IsBrand() || actor.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	var c KitBrandConsent
	if err := s.db.GetContext(ctx, &c, `SELECT named_in_kits, industry FROM brands WHERE id = $1`, actor.Brand.ID); err != nil {
		return nil, translate(err, "Brand")
	}
	return &c, nil
}

// KitNaming is a published media kit that shows past campaigns of a brand:
// the kit that names the brand with its consent, or by its industry without.
type KitNaming struct {
	Slug      string         `json:"slug" db:"slug"`
	Name      string         `json:"name" db:"name"`
	Campaigns pq.StringArray `json:"campaigns" db:"campaigns"`
}

// KitsNamingBrand lists the published kits that show campaigns of actor's
// brand (brand roles), by creator name, each with those campaigns' names.
func (s *DB) KitsNamingBrand(ctx context.Context, actor *User) ([]KitNaming, error) {
	if !actor.IsBrand() || actor.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	out := []KitNaming{}
	err := s.db.SelectContext(ctx, &out, `SELECT k.slug, coalesce(c.name, u.name) AS name,
			array_agg(cp.name ORDER BY cp.name) AS campaigns
		FROM media_kits k
		JOIN users u ON u.id = k.user_id AND u.deleted_at IS NULL
		LEFT JOIN LATERAL (SELECT name FROM creators c WHERE c.user_id = u.id LIMIT 1) c ON true
		JOIN campaigns cp ON cp.id = ANY (k.campaign_ids) AND cp.brand_id = $1 AND cp.status <> 'deleted'
		WHERE k.published
		GROUP BY k.slug, c.name, u.name
		ORDER BY name, k.slug`, actor.Brand.ID)
	if err != nil {
		return nil, fmt.Errorf("kits naming brand: %w", err)
	}
	return out, nil
}

// SetKitBrandConsent stores the setting of actor's brand: BRAND_ADMIN only;
// an industry of at most 40 letters, spaces or '&'.
func (s *DB) SetKitBrandConsent(ctx context.Context, actor *User, in KitBrandConsent) (*KitBrandConsent, error) {
	if actor.Role != RoleBrandAdmin || actor.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	in.Industry = strings.TrimSpace(in.Industry)
	if utf8.RuneCountInString(in.Industry) > 40 || strings.IndexFunc(in.Industry, func(r rune) bool {
		return !unicode.IsLetter(r) && r != ' ' && r != '&' && r != '-'
	}) >= 0 {
		return nil, FieldErrors{"industry": "Use up to 40 letters, spaces, '-' or '&'"}.Err()
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var before KitBrandConsent
		if err := tx.GetContext(ctx, &before, `SELECT named_in_kits, industry FROM brands WHERE id = $1 FOR UPDATE`, actor.Brand.ID); err != nil {
			return translate(err, "Brand")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE brands SET named_in_kits = $2, industry = $3 WHERE id = $1`,
			actor.Brand.ID, in.NamedInKits, in.Industry); err != nil {
			return fmt.Errorf("brand kit setting: %w", err)
		}
		b, _ := json.Marshal(before)
		a, _ := json.Marshal(in)
		return s.appendAudit(tx, &AuditEvent{ActorID: &actor.ID, ActorRole: actor.Role, Action: "brand.kit_consent",
			Subject: "brand:" + actor.Brand.ID, Before: b, After: a})
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}
