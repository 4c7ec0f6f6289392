package store

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Candidate is a creator the roster prefilter found, with what scoring reads.
type Candidate struct {
	ID             string
	Name           string
	Niche          string
	Location       string
	Country        string // alpha-2 code; "" when unknown
	Tier           string
	Followers      [4]int64 // by Platforms index; 0 when unknown
	EngagementRate *float64 // percent
	Audience       map[string]float64
	Ages           map[string]float64 // AgeBands → percent; nil when unknown
	AgesMeasured   bool               // Ages come from the connected accounts' age split, not an import
	Quality        *int               // the audience-quality reading; nil without one
}

// RosterBrief is what a campaign asks of its roster.
type RosterBrief struct {
	Niches   []string // niche names; empty means niche does not count
	Gender   string   // female, male, other, or "" (any: gender does not count)
	AgeFrom  int
	AgeTo    int
	Location string // "" means location does not count
	Budget   float64
	Size     int // at most this many entries
}

// Score part names and their weights (out of 100). A part the campaign
// does not ask for (no niches, any gender, no location) is left out and the
// others share its weight; a part without data about the creator (no
// audience ages, no engagement rate) is unknown and scores 0, never a match.
const (
	PartNiche      = "niche"
	PartGender     = "gender"
	PartAge        = "age"
	PartLocation   = "location"
	PartEngagement = "engagement"
	PartFee        = "fee"
)

var partWeights = []struct {
	name   string
	weight float64
}{{PartNiche, 25}, {PartGender, 20}, {PartAge, 20}, {PartLocation, 10}, {PartEngagement, 15}, {PartFee, 10}}

// ScorePart is one named part of a score. Value is the fit from 0 to 1, nil
// when unknown; Points is its share of the 0-100 score (the parts' points
// add up to the score). The age part also says the audience's share (percent)
// in the campaign's ages and its basis: derived from the connected accounts'
// measured age split, estimated from an imported one, unavailable without.
type ScorePart struct {
	Name   string   `json:"name"`
	Weight float64  `json:"weight"`
	Value  *float64 `json:"value"`
	Points float64  `json:"points"`
	Share  *float64 `json:"share,omitempty"`
	Basis  string   `json:"basis,omitempty"`
}

// Pick is a scored candidate: its score, parts, reasons and fee estimate.
type Pick struct {
	Candidate *Candidate
	Platform  string
	Fee       float64
	Score     float64 // 0-100, one decimal
	Parts     []ScorePart
	Reasons   []string // up to three, and the reading when the brand asked for a minimum (qualityReason)
}

// qualityReason is what a pick's explanation says of its audience-quality
// reading when the brand asked for a minimum or for a reading.
func qualityReason(c *Candidate, o RosterOptions) string {
	switch {
	case o.MinQuality == nil && !o.QualityRequired:
		return ""
	case c.Quality == nil:
		return "No audience-quality reading yet (kept: the minimum applies to creators with one)"
	case o.MinQuality != nil:
		return fmt.Sprintf("Audience quality %d (at least %d asked)", *c.Quality, *o.MinQuality)
	}
	return fmt.Sprintf("Audience quality %d (verified reading)", *c.Quality)
}

// tierStats are the engagement rates of a tier among the candidates, sorted.
type tierStats map[string][]float64

func newTierStats(cs []Candidate) tierStats {
	st := tierStats{}
	for i := range cs {
		if er := cs[i].EngagementRate; er != nil {
			st[cs[i].Tier] = append(st[cs[i].Tier], *er)
		}
	}
	for _, v := range st {
		slices.Sort(v)
	}
	return st
}

func (st tierStats) median(tier string) float64 {
	v := st[tier]
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// topPercent is the smallest multiple of 5 percent of the tier whose top
// holds er (ties count in er's favour).
func (st tierStats) topPercent(tier string, er float64) int {
	v := st[tier]
	above := len(v) - sortSearch(v, er) // rates strictly above er
	pct := int(math.Ceil(float64(above+1) * 100 / float64(len(v))))
	return min(100, (pct+4)/5*5)
}

func sortSearch(v []float64, x float64) int {
	i, _ := slices.BinarySearch(v, math.Nextafter(x, math.Inf(1)))
	return i
}

// ScoreCandidates scores every candidate against b and returns the picks in
// rank order: score, then followers, then id (so the same inputs always give
// the same order).
func ScoreCandidates(b RosterBrief, cs []Candidate) []Pick {
	st := newTierStats(cs)
	niches := map[string]bool{}
	for _, n := range b.Niches {
		niches[strings.ToLower(strings.TrimSpace(n))] = true
	}
	picks := make([]Pick, len(cs))
	for i := range cs {
		picks[i] = scoreOne(b, niches, st, &cs[i])
	}
	slices.SortStableFunc(picks, func(x, y Pick) int {
		if c := cmp.Compare(y.Score, x.Score); c != 0 {
			return c
		}
		_, fx := LargestPlatform(x.Candidate.Followers)
		_, fy := LargestPlatform(y.Candidate.Followers)
		if c := cmp.Compare(fy, fx); c != 0 {
			return c
		}
		return cmp.Compare(x.Candidate.ID, y.Candidate.ID)
	})
	return picks
}

type partValue struct {
	name   string
	value  *float64
	reason string
	share  *float64 // the age part's share of the audience in the campaign's ages
	basis  string   // the age part's basis
}

func scoreOne(b RosterBrief, niches map[string]bool, st tierStats, c *Candidate) Pick {
	platform, fee := EstimateCreatorFee(c.Followers, c.Tier)
	var vals []partValue
	if len(niches) > 0 {
		v, reason := 0.0, ""
		if niches[strings.ToLower(c.Niche)] {
			v, reason = 1, c.Niche+" niche"
		}
		vals = append(vals, partValue{name: PartNiche, value: &v, reason: reason})
	}
	if b.Gender != "" {
		vals = append(vals, genderPart(b.Gender, c))
	}
	vals = append(vals, agePart(b, c))
	if b.Location != "" {
		vals = append(vals, locationPart(b.Location, c))
	}
	vals = append(vals, engagementPart(st, c))
	vals = append(vals, feePart(b, c.Tier, fee))
	return assemble(c, platform, fee, vals)
}

var genderWords = map[string]string{"female": "female", "male": "male", "other": "non-binary"}

func genderPart(gender string, c *Candidate) partValue {
	share, ok := c.Audience[gender]
	if !ok {
		return partValue{name: PartGender}
	}
	v := math.Min(1, share/70)
	reason := ""
	if share >= 50 {
		reason = fmt.Sprintf("%s%% %s audience", trimNumber(share, 0), genderWords[gender])
	}
	return partValue{name: PartGender, value: &v, reason: reason}
}

// ageBandRange is the ages a band covers; "65+" counts as 65 (the oldest a
// campaign can ask for).
func ageBandRange(band string) (int, int) {
	if lo, ok := strings.CutSuffix(band, "+"); ok {
		n, _ := strconv.Atoi(lo)
		return n, n
	}
	lo, hi, _ := strings.Cut(band, "-")
	a, _ := strconv.Atoi(lo)
	z, _ := strconv.Atoi(hi)
	return a, z
}

func agePart(b RosterBrief, c *Candidate) partValue {
	if len(c.Ages) == 0 {
		return partValue{name: PartAge, basis: "unavailable"}
	}
	var overlap float64
	for _, band := range AgeBands {
		lo, hi := ageBandRange(band)
		n := min(hi, b.AgeTo) - max(lo, b.AgeFrom) + 1
		if n > 0 {
			overlap += c.Ages[band] * float64(n) / float64(hi-lo+1)
		}
	}
	v := math.Min(1, overlap/70)
	basis, measured := "estimated", ""
	if c.AgesMeasured {
		basis, measured = "derived", " (measured)"
	}
	reason := ""
	if overlap >= 40 {
		reason = fmt.Sprintf("%s%% of audience aged %d-%d%s", trimNumber(overlap, 0), b.AgeFrom, b.AgeTo, measured)
	}
	share := round1(overlap)
	return partValue{name: PartAge, value: &v, reason: reason, share: &share, basis: basis}
}

func locationPart(loc string, c *Candidate) partValue {
	if c.Location == "" {
		return partValue{name: PartLocation}
	}
	v, reason := 0.0, ""
	if ParsePlace(loc).Matches(c.Location, c.Country) {
		v, reason = 1, "Based in "+c.Location
	}
	return partValue{name: PartLocation, value: &v, reason: reason}
}

func engagementPart(st tierStats, c *Candidate) partValue {
	med := st.median(c.Tier)
	if c.EngagementRate == nil || med <= 0 {
		return partValue{name: PartEngagement}
	}
	er := *c.EngagementRate
	v := math.Min(1, er/(2*med))
	reason := ""
	if top := st.topPercent(c.Tier, er); top <= 50 {
		reason = fmt.Sprintf("%s%% engagement, top %d%% of %s creators", trimNumber(er, 1), top, c.Tier)
	}
	return partValue{name: PartEngagement, value: &v, reason: reason}
}

// feePart rates the fee against an even share of the budget per entry.
func feePart(b RosterBrief, tier string, fee float64) partValue {
	share := b.Budget / float64(max(b.Size, 1))
	v := 1.0
	if fee > share {
		v = share / fee
	}
	reason := ""
	if fee <= share {
		reason = fmt.Sprintf("%s tier, est. %s within budget", tier, Dollars(fee))
	}
	return partValue{name: PartFee, value: &v, reason: reason}
}

// assemble turns part values into points (weights shared over the parts
// the campaign asks for), the score and the best three reasons.
func assemble(c *Candidate, platform string, fee float64, vals []partValue) Pick {
	weights := map[string]float64{}
	var total float64
	for _, w := range partWeights {
		weights[w.name] = w.weight
	}
	for _, pv := range vals {
		total += weights[pv.name]
	}
	p := Pick{Candidate: c, Platform: platform, Fee: fee}
	type ranked struct {
		points float64
		order  int
		reason string
	}
	var rs []ranked
	var score float64
	for i, pv := range vals {
		part := ScorePart{Name: pv.name, Weight: round1(100 * weights[pv.name] / total), Value: pv.value, Share: pv.share, Basis: pv.basis}
		if pv.value != nil {
			part.Points = round1(100 * weights[pv.name] / total * *pv.value)
			score += 100 * weights[pv.name] / total * *pv.value
			v := math.Round(*pv.value*1000) / 1000
			part.Value = &v
		}
		p.Parts = append(p.Parts, part)
		if pv.reason != "" {
			rs = append(rs, ranked{part.Points, i, pv.reason})
		}
	}
	slices.SortStableFunc(rs, func(x, y ranked) int { return cmp.Compare(y.points, x.points) })
	for _, r := range rs[:min(3, len(rs))] {
		p.Reasons = append(p.Reasons, r.reason)
	}
	p.Score = round1(score)
	return p
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

// trimNumber formats f with at most prec decimals, without trailing zeros.
func trimNumber(f float64, prec int) string {
	s := strconv.FormatFloat(f, 'f', prec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// Dollars formats a whole-dollar amount as "$1,200".
func Dollars(f float64) string {
	s := strconv.FormatInt(int64(math.Round(f)), 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return "$" + b.String()
}
