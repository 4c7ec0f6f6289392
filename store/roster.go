package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// JobKindRosterGenerate is the job kind of a roster generation.
const JobKindRosterGenerate = "roster_generate"

// Roster generation limits.
const (
	RosterSizeDefault   = 20
	RosterSizeMax       = 100
	RosterCandidates    = 2000 // the prefilter's LIMIT: the most followed creators that pass it
	RosterMinFollowers  = 1000 // the follower floor
	rosterAudienceFloor = 30.0 // a known share of the campaign's gender below this is no fit
	MsgRosterSize       = "Size must be a whole number from 1 to 100"
	MsgRosterNiches     = "Unknown niche"
	MsgRosterCompleted  = "A completed campaign's roster cannot be generated again"
)

// RosterRequest asks for a campaign's roster: Size entries at most (default
// 20) and the niche ids the brand targets (empty: niche does not count).
type RosterRequest struct {
	CampaignID string   `json:"campaignId"`
	Size       *int     `json:"size"`
	Niches     []string `json:"niches"`
	// OnCreatorCoach generates from creators on Creator Coach only.
	OnCreatorCoach bool `json:"onCreatorCoach"`
	// MinQuality leaves out creators whose audience-quality reading is
	// below it (0–100); creators without a reading stay unless
	// QualityRequired.
	MinQuality      *int `json:"minQuality"`
	QualityRequired bool `json:"qualityRequired"`
}

// RosterOptions narrow the creators a roster is generated from.
type RosterOptions struct {
	OnCreatorCoach  bool
	MinQuality      *int // nil: the reading does not count
	QualityRequired bool // leave out creators without a reading
}

// GeneratedRoster is the result of a roster job.
type GeneratedRoster struct {
	CampaignID     string  `db:"-" json:"campaignId"`
	Entries        int     `db:"entries" json:"entries"`
	EstimatedTotal float64 `db:"estimated_total" json:"estimatedTotal"`
	Budget         float64 `db:"-" json:"budget"`
	// OnCreatorCoach and NotYet count the entries whose creator is on
	// Creator Coach (linked to an account) and those not yet (imported only).
	OnCreatorCoach int `db:"on_creator_coach" json:"onCreatorCoach"`
	NotYet         int `db:"not_yet" json:"notYet"`
	// Requirement and Message say why nobody was added (omitted otherwise):
	// the requirement (a Require* name) that left no creator, and a
	// sentence with the counts and how to widen it.
	Requirement string `db:"-" json:"requirement,omitempty"`
	Message     string `db:"-" json:"message,omitempty"`
}

// liveOffers are the offer states past draft whose fees count against the
// budget when a roster is generated again (declined, expired and withdrawn
// offers stay listed but free their share).
var liveOffers = []string{OfferSent, OfferCountered, OfferAccepted, OfferCompleted}

// campaignBrief is what generation reads of a campaign.
type campaignBrief struct {
	BrandID  string  `db:"brand_id"`
	Status   string  `db:"status"`
	Budget   float64 `db:"budget"`
	AgeFrom  int     `db:"age_from"`
	AgeTo    int     `db:"age_to"`
	Gender   string  `db:"gender"`
	Location string  `db:"location"`
	// MinFollowers is the campaign's follower floor (0: RosterMinFollowers).
	MinFollowers int `db:"min_followers"`
}

func getBrief(q sqlx.Queryer, id string, lock bool) (*campaignBrief, error) {
	if !isUUID(id) {
		return nil, errCampaignNotFound
	}
	query := `SELECT brand_id, status, budget, age_from, age_to, gender, location, min_followers FROM campaigns WHERE id = $1 AND status <> 'deleted'`
	if lock {
		query += ` FOR UPDATE`
	}
	var b campaignBrief
	if err := sqlx.Get(q, &b, query, id); err != nil {
		return nil, translate(err, "Campaign")
	}
	return &b, nil
}

// rosterEditor checks that actor may generate campaignID's roster: ADMIN,
// or a BRAND_ADMIN or BRAND_MANAGER of its brand. ENOTFOUND for another
// brand's campaign, EFORBIDDEN for other roles.
func rosterEditor(q sqlx.Queryer, actor *User, campaignID string) (*campaignBrief, error) {
	if actor.Role != RoleAdmin {
		if err := campaignEditor(actor); err != nil {
			return nil, err
		}
	}
	b, err := getBrief(q, campaignID, false)
	if err != nil {
		return nil, err
	}
	if actor.Role != RoleAdmin && b.BrandID != actor.Brand.ID {
		return nil, errCampaignNotFound
	}
	return b, nil
}

// RequestRoster checks r and queues a roster generation job for actor with
// its task (built by task from the job id) in one transaction. EINVALID for
// a bad size or niche, ENOTFOUND for a campaign actor cannot see, ECONFLICT
// for a completed campaign, EFORBIDDEN for roles that cannot edit campaigns.
func (s *DB) RequestRoster(ctx context.Context, actor *User, r *RosterRequest, task func(jobID string) Task) (*Job, error) {
	b, err := rosterEditor(s.db, actor, r.CampaignID)
	if err != nil {
		return nil, err
	}
	fe := FieldErrors{}
	if r.Size == nil {
		n := RosterSizeDefault
		r.Size = &n
	}
	if *r.Size < 1 || *r.Size > RosterSizeMax {
		fe.add("size", MsgRosterSize)
	}
	if r.MinQuality != nil && (*r.MinQuality < 0 || *r.MinQuality > 100) {
		fe.add("minQuality", MsgMinQuality)
	}
	if len(r.Niches) > 0 {
		var known int
		err := s.db.GetContext(ctx, &known, `SELECT count(*) FROM niches WHERE id::text = ANY($1)`, pq.Array(r.Niches))
		if err != nil {
			return nil, fmt.Errorf("check niches: %w", err)
		}
		if known != len(uniqueStrings(r.Niches)) {
			fe.add("niches", MsgRosterNiches)
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if b.Status == CampaignCompleted {
		return nil, Errorf(ECONFLICT, MsgRosterCompleted)
	}
	return s.CreateJob(ctx, JobKindRosterGenerate, actor.ID, task)
}

func uniqueStrings(v []string) map[string]bool {
	m := map[string]bool{}
	for _, s := range v {
		m[s] = true
	}
	return m
}

// briefGender maps the campaign form's gender to an audience share key;
// "" (All, or anything else) means gender does not count.
func briefGender(g string) string {
	switch strings.ToLower(strings.TrimSpace(g)) {
	case "female":
		return "female"
	case "male":
		return "male"
	case "non-binary", "other":
		return "other"
	}
	return ""
}

// Prefilter is the SQL side of roster generation: which creators may be
// picked for a campaign, the most followed first.
type Prefilter struct {
	CampaignID   string
	Niches       []string // lower-case niche names; empty = any
	Location     string
	Gender       string // female, male, other or "" (any)
	MaxFollowers int64  // 0 = no ceiling
	Limit        int
	// OnCreatorCoach keeps only creators on Creator Coach (linked to an account).
	OnCreatorCoach bool
	// MinQuality and QualityRequired: see RosterOptions.
	MinQuality      *int
	QualityRequired bool
	// MinFollowers is the campaign's follower floor; below RosterMinFollowers
	// the roster's own floor applies.
	MinFollowers int
}

// followerFloor is the fewest followers a candidate may have.
func (p Prefilter) followerFloor() int { return max(RosterMinFollowers, p.MinFollowers) }

// SQL returns the prefilter statement and its arguments (exported for the
// benchmark's pgbench baseline). It keeps creators with at least
// RosterMinFollowers, below the ceiling the fee cap sets (see feeCap), in one of the
// niches, in or near the location or of unknown location, whose audience
// share of the campaign's gender is unknown or at least 30%, and who are
// not already on the roster with an offer past draft.
func (p Prefilter) SQL() (string, []any) {
	conds, args := p.conditions()
	where := make([]string, len(conds))
	for i, c := range conds {
		where[i] = c.sql
	}
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	return `SELECT ` + candidateColumns + `
		FROM creators WHERE ` + strings.Join(where, " AND ") + ` ORDER BY followers DESC, id LIMIT ` + arg(p.Limit), args
}

// candidateColumns are the creators columns a candidateRow reads.
var candidateColumns = func() string {
	var followers []string
	for _, p := range Platforms {
		followers = append(followers, "coalesce("+FollowersColumn(p)+", 0)")
	}
	return `id, name, niche, location, country, tier, ARRAY[` + strings.Join(followers, ", ") + `] AS platform_followers,
		engagement_rate::float8 AS engagement_rate,
		audience_male::float8 AS audience_male, audience_female::float8 AS audience_female,
		audience_other::float8 AS audience_other, audience_ages, quality_score, ` + measuredAgesSQL
}()

// measuredAgesSQL is the age split (percent per band) of the creator's
// connected accounts, each account counting alike; null without one.
const measuredAgesSQL = `(SELECT jsonb_object_agg(m.bucket, round((100 * m.share / nullif(m.total, 0))::numeric, 2))
		FROM (SELECT sd.bucket, sum(sd.share) AS share, sum(sum(sd.share)) OVER () AS total FROM social_accounts a
			JOIN social_demographics sd ON sd.account_id = a.id AND sd.dimension = 'age'
			WHERE a.user_id = creators.user_id AND a.status <> 'disconnected' GROUP BY sd.bucket) m) AS measured_ages`

// prefilterCond is one requirement of the prefilter: the requirement it
// stands for (a RosterRequirement) and its SQL.
type prefilterCond struct {
	requirement string
	sql         string
}

// Requirements of roster generation, in the order the prefilter applies
// them; an empty generation names the first one that left nobody.
const (
	RequireFollowers = "followers"
	RequireLocation  = "location"
	RequireNiche     = "niche"
	RequireGender    = "gender"
	RequireFee       = "fee"
	RequireFree      = "roster"
	RequireQuality   = "quality"
)

// conditions are the prefilter's requirements with their arguments ($1 is
// the campaign). A location that names a country ("United States", "USA",
// "US") keeps creators of that country; another is matched as text both
// ways ("Berlin" and "Berlin, Germany").
func (p Prefilter) conditions() ([]prefilterCond, []any) {
	args := []any{p.CampaignID, p.followerFloor()}
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	conds := []prefilterCond{{RequireFollowers, `followers >= $2 AND listed` + onCreatorCoachCond(p.OnCreatorCoach)}}
	if place := ParsePlace(p.Location); place.Country != "" {
		conds = append(conds, prefilterCond{RequireLocation, `(location = '' OR country = ` + arg(place.Country) + `)`})
	} else if place.Text != "" {
		a := arg(place.Text)
		conds = append(conds, prefilterCond{RequireLocation, `(location = '' OR position(` + a + ` in lower(location)) > 0 OR position(lower(location) in ` + a + `) > 0)`})
	}
	if len(p.Niches) > 0 {
		conds = append(conds, prefilterCond{RequireNiche, `lower(niche) = ANY(` + arg(pq.Array(p.Niches)) + `)`})
	}
	if p.Gender != "" {
		conds = append(conds, prefilterCond{RequireGender, `(audience_` + p.Gender + ` IS NULL OR audience_` + p.Gender + ` >= ` + arg(rosterAudienceFloor) + `)`})
	}
	switch {
	case p.MinQuality != nil && p.QualityRequired:
		conds = append(conds, prefilterCond{RequireQuality, `quality_score >= ` + arg(*p.MinQuality)})
	case p.MinQuality != nil:
		conds = append(conds, prefilterCond{RequireQuality, `(quality_score IS NULL OR quality_score >= ` + arg(*p.MinQuality) + `)`})
	case p.QualityRequired:
		conds = append(conds, prefilterCond{RequireQuality, `quality_score IS NOT NULL`})
	}
	if p.MaxFollowers > 0 {
		conds = append(conds, prefilterCond{RequireFee, `followers < ` + arg(p.MaxFollowers)})
	}
	conds = append(conds, prefilterCond{RequireFree,
		`id NOT IN (SELECT creator_id FROM roster_entries WHERE campaign_id = $1 AND offer_status <> 'draft')`})
	return conds, args
}

// candidateRow is a row of the prefilter.
type candidateRow struct {
	ID        string          `db:"id"`
	Name      string          `db:"name"`
	Niche     string          `db:"niche"`
	Location  string          `db:"location"`
	Country   string          `db:"country"`
	Tier      string          `db:"tier"`
	Followers pq.Int64Array   `db:"platform_followers"` // by Platforms index
	ER        sql.NullFloat64 `db:"engagement_rate"`
	Male      sql.NullFloat64 `db:"audience_male"`
	Female    sql.NullFloat64 `db:"audience_female"`
	Other     sql.NullFloat64 `db:"audience_other"`
	Ages      []byte          `db:"audience_ages"`
	Quality   sql.NullInt64   `db:"quality_score"`
	Measured  []byte          `db:"measured_ages"` // the connected accounts' age split; null without
}

func (r *candidateRow) candidate() Candidate {
	c := Candidate{ID: r.ID, Name: r.Name, Niche: r.Niche, Location: r.Location, Country: r.Country, Tier: r.Tier,
		Audience: map[string]float64{}}
	copy(c.Followers[:], r.Followers)
	if r.ER.Valid {
		er := r.ER.Float64
		c.EngagementRate = &er
	}
	for k, v := range map[string]sql.NullFloat64{"male": r.Male, "female": r.Female, "other": r.Other} {
		if v.Valid {
			c.Audience[k] = v.Float64
		}
	}
	if r.Quality.Valid {
		q := int(r.Quality.Int64)
		c.Quality = &q
	}
	if len(r.Measured) > 0 && json.Unmarshal(r.Measured, &c.Ages) == nil && len(c.Ages) > 0 {
		c.AgesMeasured = true
	} else if len(r.Ages) > 0 {
		c.Ages = nil
		_ = json.Unmarshal(r.Ages, &c.Ages) // a non-object (bad import) reads as unknown
	}
	return c
}

// maxFollowersFor is the follower ceiling of a fee cap: the smallest
// following whose cheapest post (on any platform, at that following's tier)
// costs more than feeCap, so that every creator below it may cost less; 0
// when no following is too dear. Fees grow with followings, so it is found
// by bisection.
func maxFollowersFor(feeCap float64) int64 {
	cheapest := func(f int64) float64 {
		low := math.Inf(1)
		for _, p := range Platforms {
			low = math.Min(low, EstimateFee(p, TierOf(f), f))
		}
		return low
	}
	lo, hi := int64(0), int64(10_000_000_000)
	if cheapest(hi) <= feeCap {
		return 0
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if cheapest(mid) > feeCap {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// NewPrefilter is the prefilter of campaignID for brief b (whose niches are
// lower-case names and whose budget and size are what is left to fill).
func NewPrefilter(campaignID string, b RosterBrief) Prefilter {
	return Prefilter{CampaignID: campaignID, Niches: b.Niches, Location: b.Location, Gender: b.Gender,
		MaxFollowers: maxFollowersFor(feeCap(b.Budget, b.Size)), Limit: RosterCandidates}
}

// feeCap is the most one entry may cost: twice an even share of the
// budget, never more than the budget. It keeps the prefilter's "most
// followed first" from filling the candidates with creators who would eat
// the whole budget alone.
func feeCap(budget float64, size int) float64 {
	return math.Min(budget, 2*budget/float64(max(size, 1)))
}

// nicheNames returns the lower-case names of niche ids.
func nicheNames(q sqlx.Queryer, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var names []string
	err := sqlx.Select(q, &names, `SELECT lower(name) FROM niches WHERE id::text = ANY($1) ORDER BY name`, pq.Array(ids))
	return names, err
}
