package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/lib/pq"
)

// Bases of a creator profile's figures: measured from a connected account,
// imported from a roster file, or estimated by the product (the fee).
const (
	BasisMeasured  = "measured"
	BasisImported  = "imported"
	BasisEstimated = "estimated"
)

// TrendDays is how many days of trends a creator profile shows.
const TrendDays = 90

// Figure is a value and where it comes from (BasisMeasured, ...).
type Figure[T any] struct {
	Value T      `json:"value"`
	Basis string `json:"basis"`
}

// ProfilePlatform is one platform of a creator profile: the handle, the
// following (null when unknown) and whether a connected account verifies it.
type ProfilePlatform struct {
	Platform  string         `json:"platform"`
	Handle    string         `json:"handle"`
	Followers *Figure[int64] `json:"followers"`
	Verified  bool           `json:"verified"`
}

// ProfileAudience is the audience split in percent, with its basis and,
// measured, the platforms whose shared audience it blends (weighted by
// followers, as the creator's own dashboard blends it): one figure per
// creator, saying where it comes from.
type ProfileAudience struct {
	Gender    map[string]float64 `json:"gender"`
	Ages      map[string]float64 `json:"ages"`
	Basis     string             `json:"basis"`
	Platforms []string           `json:"platforms"`
}

// ProfileFee is the fee estimate of one post: the amount, its basis
// (always estimated), the platform priced and how.
type ProfileFee struct {
	Value    float64 `json:"value"`
	Basis    string  `json:"basis"`
	Platform string  `json:"platform"`
	Method   string  `json:"method"`
}

// TrendDay is one day of a platform's measured history.
type TrendDay struct {
	Date      string `json:"date"`
	Followers int64  `json:"followers"`
	Likes     int64  `json:"likes"`
	Views     int64  `json:"views"`
}

// ProfileTrend is a verified platform's daily history over TrendDays.
type ProfileTrend struct {
	Platform string     `json:"platform"`
	Days     []TrendDay `json:"days"`
}

// CreatorProfile is the detail of a creator profile: every figure with its basis.
type CreatorProfile struct {
	Platforms      []ProfilePlatform `json:"platforms"`
	Followers      Figure[int64]     `json:"followers"`
	Tier           Figure[string]    `json:"tier"`
	EngagementRate *Figure[float64]  `json:"engagementRate"`
	Audience       *ProfileAudience  `json:"audience"`
	Fee            ProfileFee        `json:"fee"`
	Verified       bool              `json:"verified"`
	TrendDays      int               `json:"trendDays"`
	Trends         []ProfileTrend    `json:"trends"`
}

// creatorProfileSQL reads a creator c ($1) as the list shows it to ADMIN
// (to brands: creatorBrandProfileSQL), its linked user, whether that user
// shares detailed analytics with brands, and the platforms its linked
// account has connected (not disconnected).
var creatorProfileSQL = creatorProfileSQLOf(creatorJSON)

// creatorBrandProfileSQL is creatorProfileSQL with the entry as brand users read it.
var creatorBrandProfileSQL = creatorProfileSQLOf(creatorBrandJSON)

func creatorProfileSQLOf(entry string) string {
	return `SELECT ` + entry + `::text AS entry, c.user_id, ` + audienceShared + ` AS shared,
	coalesce((SELECT array_agg(a.platform ORDER BY a.platform) FROM social_accounts a JOIN users u ON u.id = a.user_id
		WHERE a.user_id = c.user_id AND a.status <> 'disconnected' AND u.deleted_at IS NULL), '{}') AS connected
	FROM creators c WHERE c.id = $1`
}

// engagementDoc is what a profile reads of SocialEngagement's answer.
type engagementDoc struct {
	Platform []struct {
		Platform string `json:"platform"`
		Data     []struct {
			Followers int64 `json:"followers"`
		} `json:"data"`
		History []struct {
			Date      string `json:"date"`
			Followers int64  `json:"followers"`
			Like      int64  `json:"like"`
			View      int64  `json:"view"`
		} `json:"history"`
	} `json:"platform"`
	Demographics struct {
		Age []struct {
			Range string  `json:"range"`
			Share float64 `json:"share"`
		} `json:"age"`
		Gender []struct {
			Gender string  `json:"gender"`
			Share  float64 `json:"share"`
		} `json:"gender"`
		Platforms []struct {
			Platform string            `json:"platform"`
			Gender   []json.RawMessage `json:"gender"`
		} `json:"platforms"`
	} `json:"demographics"`
}

// GetCreatorProfile returns a creator of the network as the list shows it
// (JSON) and its profile. Brand roles and ADMIN read every creator;
// EFORBIDDEN for USER, ENOTFOUND for an unknown id. The platforms the
// creator's linked account has connected are verified: their following, the
// engagement rate and (when the platform reports it) the audience are
// measured, and their last TrendDays days are the trends, read by
// SocialEngagement. Brand users read no e-mail or user id, and the audience
// and trends of a linked creator only when the creator shares detailed
// analytics with brands; ADMIN reads everything.
func (s *DB) GetCreatorProfile(ctx context.Context, viewer *User, id string) (json.RawMessage, *CreatorProfile, error) {
	if viewer.Role != RoleAdmin && !viewer.IsBrand() {
		return nil, nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	notFound := Errorf(ENOTFOUND, "Creator not found")
	if !isUUID(id) {
		return nil, nil, notFound
	}
	var row struct {
		Entry     []byte         `db:"entry"`
		UserID    *string        `db:"user_id"`
		Shared    bool           `db:"shared"`
		Connected pq.StringArray `db:"connected"`
	}
	q, detailed := creatorProfileSQL, true
	if viewer.Role != RoleAdmin {
		q = creatorBrandProfileSQL
	}
	if err := s.db.GetContext(ctx, &row, q, id); err != nil {
		return nil, nil, translate(err, "Creator")
	}
	var c Creator
	if err := json.Unmarshal(row.Entry, &c); err != nil {
		return nil, nil, fmt.Errorf("read creator: %w", err)
	}
	if viewer.IsBrand() && !c.Listed {
		return nil, nil, notFound // unlisted: brands no longer see the profile
	}
	if viewer.Role != RoleAdmin {
		detailed = row.Shared
	}
	var eng engagementDoc
	if len(row.Connected) > 0 && row.UserID != nil {
		doc, err := s.SocialEngagement(ctx, *row.UserID, "", TrendDays)
		if err != nil {
			return nil, nil, err
		}
		if err := json.Unmarshal(doc, &eng); err != nil {
			return nil, nil, fmt.Errorf("read engagement: %w", err)
		}
	}
	p := buildProfile(&c, &eng)
	if !detailed {
		p.Audience, p.Trends = nil, []ProfileTrend{}
	}
	return row.Entry, p, nil
}

// buildProfile labels c's figures: a platform eng lists is verified and its
// following measured (the last synced count); the rest is imported.
func buildProfile(c *Creator, eng *engagementDoc) *CreatorProfile {
	p := &CreatorProfile{TrendDays: TrendDays, Trends: []ProfileTrend{}, Platforms: []ProfilePlatform{}}
	measured := map[string]int64{}
	for _, ep := range eng.Platform {
		if len(ep.Data) > 0 {
			measured[ep.Platform] = ep.Data[0].Followers
		}
		t := ProfileTrend{Platform: ep.Platform, Days: []TrendDay{}}
		for _, h := range ep.History {
			t.Days = append(t.Days, TrendDay{Date: h.Date, Followers: h.Followers, Likes: h.Like, Views: h.View})
		}
		p.Trends = append(p.Trends, t)
	}
	var counts [4]int64
	for i, name := range Platforms {
		acc, listed := c.Platforms[name]
		n, verified := measured[name]
		if !listed && !verified {
			continue
		}
		pp := ProfilePlatform{Platform: name, Handle: acc.Handle, Verified: verified}
		switch {
		case verified:
			pp.Followers = &Figure[int64]{n, BasisMeasured}
		case acc.Followers != nil:
			pp.Followers = &Figure[int64]{*acc.Followers, BasisImported}
		}
		if pp.Followers != nil {
			counts[i] = pp.Followers.Value
		}
		p.Platforms = append(p.Platforms, pp)
	}
	p.Verified = len(measured) > 0
	platform, largest := LargestPlatform(counts)
	basis := BasisImported
	if _, ok := measured[platform]; ok {
		basis = BasisMeasured
	}
	tier := TierOf(largest)
	p.Followers, p.Tier = Figure[int64]{largest, basis}, Figure[string]{tier, basis}
	if c.EngagementRate != nil {
		p.EngagementRate = &Figure[float64]{*c.EngagementRate, BasisImported}
		if p.Verified {
			p.EngagementRate.Basis = BasisMeasured // the sync writes it from the accounts' likes
		}
	}
	p.Audience = audienceOf(eng, c.Audience)
	platform, fee := EstimateCreatorFee(counts, tier)
	p.Fee = ProfileFee{Value: fee, Basis: BasisEstimated, Platform: platform,
		Method: FeeMethod(platform, tier, counts[slices.Index(Platforms, platform)])}
	return p
}

// audienceOf is a creator's audience split as every screen shows it: measured
// when the connected accounts report the audience's gender (eng), imported
// with the network entry (entry) otherwise; nil when neither is known. The
// network list labels its entries by the same rule (audienceBasisJSON), and
// the sync writes the same blend into the entry, so a creator's audience has
// one figure and one basis on the network, the profile and the media kit.
func audienceOf(eng *engagementDoc, entry *Audience) *ProfileAudience {
	if a := measuredAudience(eng); a != nil {
		return a
	}
	if entry == nil {
		return nil
	}
	return &ProfileAudience{Gender: entry.Gender, Ages: entry.Ages, Basis: BasisImported, Platforms: []string{}}
}

// measuredAudience is the audience the connected accounts report, in
// percent, from the accounts that report its gender; nil when none does.
func measuredAudience(eng *engagementDoc) *ProfileAudience {
	d := eng.Demographics
	if len(d.Gender) == 0 {
		return nil
	}
	a := &ProfileAudience{Gender: map[string]float64{}, Ages: map[string]float64{}, Basis: BasisMeasured, Platforms: []string{}}
	for _, p := range d.Platforms {
		if len(p.Gender) > 0 {
			a.Platforms = append(a.Platforms, PlatformNames[p.Platform])
		}
	}
	for _, g := range d.Gender {
		a.Gender[g.Gender] = round1(g.Share * 100)
	}
	for _, g := range d.Age {
		a.Ages[g.Range] = round1(g.Share * 100)
	}
	return a
}
