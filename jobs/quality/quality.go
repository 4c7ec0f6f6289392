// Package quality computes the audience-quality reading of one connected
// account from its measured daily series: a 0–100 figure and its components
// (live audience rate, follower spikes, engagement consistency, audience
// fit), each with the facts behind it. It is pure: no database, no clock;
// the caller passes the series, the niche-and-tier benchmark and the day the
// reading is computed. One function per component.
package quality

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// MinDays is the shortest series that gets a reading.
const MinDays = 30

// ReasonTooShort is why an account with fewer than MinDays days has no reading.
const ReasonTooShort = "fewer than 30 days of measured data"

// ReasonUnconnected is what an imported creator without connected accounts shows.
const ReasonUnconnected = "connect accounts for a verified reading"

// Day is one measured day of an account. Followers is the count at the end
// of the day. Reach, Views and Engaged are nil when the platform does not
// report them (never 0 for "unknown").
type Day struct {
	Day       time.Time
	Followers int64
	Likes     int64
	Views     *int64
	Reach     *int64
	Engaged   *int64
}

// Benchmark is the niche-and-tier reference of one platform: the median live
// audience rate and a sample of engagement-per-view figures (any order).
type Benchmark struct {
	MedianLiveRate float64   // 0 when unknown
	EngagementPV   []float64 // engagement per view of peers
	// Group says which creators the figures come from (e.g. "Instagram,
	// travel, Mid"), or why there are none; Peers is how many.
	Group string
	Peers int
}

// peerFact states the peer group a component was read against.
func (b Benchmark) peerFact() Fact {
	return Fact{"similar creators compared (" + b.Group + ")", float64(b.Peers), "derived"}
}

// Audience is an account's audience split (shares 0–1) and the market it is
// read against: the creator's stated country, or a campaign's countries and
// age buckets for a roster.
type Audience struct {
	Countries map[string]float64
	Ages      map[string]float64
	Market    []string // ISO country codes
	AgeBands  []string // e.g. "18-24"; empty: ages not weighed
}

// Fact is one figure behind a component: measured (read from the platform)
// or derived (computed from measured figures).
type Fact struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
	Basis string  `json:"basis"` // measured | derived
}

// Component is one part of the reading.
type Component struct {
	Key   string `json:"key"` // live_audience | follower_spikes | engagement | audience_fit
	Score int    `json:"score"`
	Text  string `json:"text"`
	Facts []Fact `json:"facts"`
}

// Spike is a day (or, for a drip, the last day of a week) whose follower
// gain stands far outside the account's own pattern.
type Spike struct {
	Day       time.Time `json:"day"`
	Gain      int64     `json:"gain"`
	Score     float64   `json:"score"`
	Days      int       `json:"days"` // 1 for a day's jump, 7 for a week's drip
	Explained bool      `json:"explained"`
	Followers int64     `json:"followers"`
	Activity  *int64    `json:"activity,omitempty"` // reach (or views) of that day
}

// Reading is the audience-quality reading of one account.
type Reading struct {
	Score      int         `json:"score"`
	Components []Component `json:"components"`
	Spikes     []Spike     `json:"spikes"`
	From       time.Time   `json:"from"`
	To         time.Time   `json:"to"`
	Days       int         `json:"days"`
	ComputedAt time.Time   `json:"computed_at"`
}

// Thresholds of the spike detection (robust z-scores: (x - median) / (1.4826 MAD)).
const (
	DayScore   = 8.0 // a day's gain
	WeekScore  = 6.0 // a week's gain (a slow drip)
	ActRatio   = 1.8 // a day's activity against its median that explains a jump
	WeekActRat = 1.3 // a week's mean activity against its median that explains a drip
)

// weights of the components in the figure (missing ones re-weighted).
var weights = map[string]float64{"live_audience": 0.30, "follower_spikes": 0.35, "engagement": 0.20, "audience_fit": 0.15}

// Read computes the reading, or ok=false when the series is shorter than MinDays.
func Read(days []Day, b Benchmark, aud *Audience, now time.Time) (Reading, bool) {
	if len(days) < MinDays {
		return Reading{}, false
	}
	r := Reading{From: days[0].Day, To: days[len(days)-1].Day, Days: len(days), ComputedAt: now}
	spikes := Spikes(days)
	r.Spikes = spikes
	comps := []Component{LiveAudience(days, b), SpikeComponent(days, spikes), Engagement(days, b, spikes)}
	if aud != nil && len(aud.Countries) > 0 {
		comps = append(comps, AudienceFit(*aud))
	}
	var sum, w float64
	for _, c := range comps {
		if c.Score < 0 {
			continue
		}
		sum += weights[c.Key] * float64(c.Score)
		w += weights[c.Key]
	}
	if w > 0 {
		r.Score = int(math.Round(sum / w))
	}
	r.Components = comps
	return r, true
}

// activity is a day's reach, or views where reach is not reported; ok false when neither.
func activity(d Day) (int64, bool) {
	if d.Reach != nil {
		return *d.Reach, true
	}
	if d.Views != nil {
		return *d.Views, true
	}
	return 0, false
}

// LiveAudience: average daily reach (or views) ÷ followers against the
// niche-and-tier median. Score 100 at 1.5× the median or more, 67 at the median.
func LiveAudience(days []Day, b Benchmark) Component {
	c := Component{Key: "live_audience", Score: -1}
	var sum float64
	n, reach := 0, 0
	for _, d := range days {
		if a, ok := activity(d); ok {
			sum += float64(a)
			n++
			if d.Reach != nil {
				reach++
			}
		}
	}
	last := days[len(days)-1].Followers
	if n == 0 || last <= 0 {
		c.Text = "this platform reports neither reach nor views"
		return c
	}
	label := "average daily reach"
	if reach < n {
		label = "average daily views"
	}
	rate := sum / float64(n) / float64(last)
	c.Facts = []Fact{{label, math.Round(sum / float64(n)), "measured"}, {"followers", float64(last), "measured"}, {"live audience rate", round4(rate), "derived"}}
	if b.MedianLiveRate <= 0 {
		c.Score = int(math.Round(100 * math.Min(1, rate/0.1)))
		c.Text = fmt.Sprintf("%.1f %% of followers reached a day, read against 10 %%", 100*rate)
		if b.Group != "" {
			c.Text += " (" + b.Group + ")"
		}
		return c
	}
	ratio := rate / b.MedianLiveRate
	c.Facts = append(c.Facts, Fact{"niche and tier median", round4(b.MedianLiveRate), "derived"}, b.peerFact())
	c.Score = int(math.Round(100 * math.Min(ratio, 1.5) / 1.5))
	c.Text = fmt.Sprintf("%.1f %% of followers reached a day, %.1f× the median of similar creators", 100*rate, ratio)
	return c
}

// medMAD returns the median and the scaled MAD (1.4826 × median absolute deviation) of xs.
func medMAD(xs []float64, buf []float64) (float64, float64) {
	buf = append(buf[:0], xs...)
	slices.Sort(buf)
	m := median(buf)
	for i, x := range xs {
		buf[i] = math.Abs(x - m)
	}
	slices.Sort(buf)
	return m, 1.4826 * median(buf)
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// Spikes finds the days whose follower gain (and the weeks whose summed
// gain, a slow drip) stand far outside the account's own pattern over the
// series, by a robust score; each is explained when reach (or views, or
// accounts engaged) rose with it and unexplained when only followers moved.
// A week is reported only where no day inside it was. The days before the
// follower count first moves are left out (see unreportedLead).
func Spikes(days []Day) []Spike {
	days = days[unreportedLead(days):]
	n := len(days)
	if n < 8 {
		return nil
	}
	gains := make([]float64, n-1)
	for i := 1; i < n; i++ {
		gains[i-1] = float64(days[i].Followers - days[i-1].Followers)
	}
	buf := make([]float64, 0, n)
	gm, gs := medMAD(gains, buf)
	floor := math.Max(1, 0.0002*float64(days[n-1].Followers))
	gs = math.Max(gs, floor)
	acts := make([]float64, 0, n)
	engs := make([]float64, 0, n)
	for _, d := range days {
		if a, ok := activity(d); ok {
			acts = append(acts, float64(a))
		}
		if d.Engaged != nil {
			engs = append(engs, float64(*d.Engaged))
		}
	}
	am, _ := medMAD(acts, buf)
	em, _ := medMAD(engs, buf)
	rose := func(i int, ratio float64) bool { // activity of day i against its median
		d := days[i]
		if a, ok := activity(d); ok && am > 0 && float64(a) >= ratio*am {
			return true
		}
		return d.Engaged != nil && em > 0 && float64(*d.Engaged) >= ratio*em
	}
	var out []Spike
	flagged := make([]bool, n)
	for i := 1; i < n; i++ {
		z := (gains[i-1] - gm) / gs
		if z < DayScore || gains[i-1] <= 0 {
			continue
		}
		expl := false
		for j := max(0, i-2); j <= i; j++ {
			if rose(j, ActRatio) {
				expl = true
			}
		}
		flagged[i] = true
		out = append(out, spike(days, i, int64(gains[i-1]), z, 1, expl))
	}
	// Weeks: sums of 7 daily gains.
	if n-1 >= 21 {
		weeks := make([]float64, n-7)
		var s float64
		for i := 0; i < 7; i++ {
			s += gains[i]
		}
		weeks[0] = s
		for i := 7; i < n-1; i++ {
			s += gains[i] - gains[i-7]
			weeks[i-6] = s
		}
		wm, ws := medMAD(weeks, buf)
		ws = math.Max(ws, 3*floor)
		lastEnd := -100
		for k, w := range weeks {
			end := k + 7 // index into days of the week's last day
			z := (w - wm) / ws
			if z < WeekScore || w <= 0 || end-lastEnd < 7 {
				continue
			}
			inDay := false
			for j := end - 6; j <= end; j++ {
				if flagged[j] {
					inDay = true
				}
			}
			if inDay {
				continue
			}
			// explained: the week's mean activity rose, or a day in it (or just before) rose sharply
			var sa float64
			na := 0
			expl := false
			for j := end - 6; j <= end; j++ {
				if a, ok := activity(days[j]); ok {
					sa += float64(a)
					na++
				}
			}
			if na > 0 && am > 0 && sa/float64(na) >= WeekActRat*am {
				expl = true
			}
			for j := max(0, end-8); j <= end && !expl; j++ {
				if rose(j, ActRatio) {
					expl = true
				}
			}
			lastEnd = end
			out = append(out, spike(days, end, int64(w-wm), z, 7, expl))
		}
	}
	slices.SortFunc(out, func(a, b Spike) int { return a.Day.Compare(b.Day) })
	return out
}

// unreportedLead is the index of the last day of the run of days at the
// start of the series whose follower count equals the first day's, when
// the count moves after it (0 otherwise). A platform that keeps a shorter
// follower history than the series (Instagram keeps 30 days of follower
// gains) gives the days before it at the earliest known count: those days
// are unreported gains, not a pattern of no growth, and read as one they
// turn the first weeks of reported growth into a spike.
func unreportedLead(days []Day) int {
	for i := 1; i < len(days); i++ {
		if days[i].Followers != days[0].Followers {
			return i - 1
		}
	}
	return 0
}

func spike(days []Day, i int, gain int64, z float64, span int, expl bool) Spike {
	s := Spike{Day: days[i].Day, Gain: gain, Score: math.Round(z*10) / 10, Days: span, Explained: expl, Followers: days[i].Followers}
	if a, ok := activity(days[i]); ok {
		s.Activity = &a
	}
	return s
}

// Unexplained reports whether any spike is unexplained.
func Unexplained(spikes []Spike) bool {
	for _, s := range spikes {
		if !s.Explained {
			return true
		}
	}
	return false
}

// SpikeComponent scores the follower growth: 100 without unexplained
// growth, less by the share of followers gained unexplained (10 % → 0) and
// by 10 per unexplained spike.
func SpikeComponent(days []Day, spikes []Spike) Component {
	c := Component{Key: "follower_spikes"}
	var gained int64
	n := 0
	for _, s := range spikes {
		if !s.Explained {
			gained += s.Gain
			n++
		}
	}
	last := days[len(days)-1].Followers
	share := 0.0
	if last > 0 {
		share = float64(gained) / float64(last)
	}
	c.Score = clamp(int(math.Round(100 - 1000*share - 10*float64(n))))
	c.Facts = []Fact{{"spikes", float64(len(spikes)), "derived"}, {"unexplained spikes", float64(n), "derived"}, {"unexplained follower growth", float64(gained), "derived"}}
	switch {
	case n == 0 && len(spikes) == 0:
		c.Text = "steady follower growth"
	case n == 0:
		c.Text = "follower jumps came with reach (explained)"
	default:
		c.Text = fmt.Sprintf("unexplained follower growth: %d followers on %d occasion(s) without a rise in reach", gained, n)
	}
	return c
}

// Engagement: engagement (likes) per view against the niche-and-tier sample
// (percentile) and its steadiness; a lasting drop in engagement per follower
// after an unexplained jump lowers it.
func Engagement(days []Day, b Benchmark, spikes []Spike) Component {
	c := Component{Key: "engagement", Score: -1}
	var per []float64
	var likes, views float64
	for _, d := range days {
		if d.Views != nil && *d.Views > 0 {
			per = append(per, float64(d.Likes)/float64(*d.Views))
			likes += float64(d.Likes)
			views += float64(*d.Views)
		}
	}
	if len(per) < MinDays/2 || views == 0 {
		c.Text = "this platform reports no views to weigh engagement against"
		return c
	}
	epv := likes / views
	pct := 50.0
	if len(b.EngagementPV) > 0 {
		below := 0
		for _, x := range b.EngagementPV {
			if x < epv {
				below++
			}
		}
		pct = 100 * float64(below) / float64(len(b.EngagementPV))
	}
	m, s := medMAD(per, nil)
	steady := 1.0
	if m > 0 {
		steady = math.Max(0, 1-s/m)
	}
	drop := DropAfterJump(days, spikes)
	score := 0.7*pct + 30*steady
	if drop > 0.3 {
		score -= 100 * drop
	}
	c.Score = clamp(int(math.Round(score)))
	c.Facts = []Fact{{"engagement per view", round4(epv), "derived"}, {"percentile among similar creators", math.Round(pct), "derived"}, {"steadiness", round4(steady), "derived"}}
	c.Text = fmt.Sprintf("engagement per view above %.0f %% of similar creators", pct)
	if len(b.EngagementPV) > 0 {
		c.Facts = append(c.Facts, b.peerFact())
	} else {
		c.Text = "too few similar creators measured to compare engagement per view: percentile taken as 50"
	}
	if drop > 0.3 {
		c.Facts = append(c.Facts, Fact{"drop in engagement per follower after a jump", round4(drop), "derived"})
		c.Text += fmt.Sprintf("; engagement per follower fell %.0f %% after unexplained follower growth", 100*drop)
	}
	return c
}

// DropAfterJump is the relative fall of median likes per follower in the 14
// days after the first unexplained spike against the 14 days before (0 when none).
func DropAfterJump(days []Day, spikes []Spike) float64 {
	for _, s := range spikes {
		if s.Explained {
			continue
		}
		i := slices.IndexFunc(days, func(d Day) bool { return d.Day.Equal(s.Day) })
		if i < 7 || i+7 > len(days) {
			return 0
		}
		rate := func(from, to int) float64 {
			var xs []float64
			for j := max(0, from); j < min(len(days), to); j++ {
				if days[j].Followers > 0 {
					xs = append(xs, float64(days[j].Likes)/float64(days[j].Followers))
				}
			}
			slices.Sort(xs)
			return median(xs)
		}
		before, after := rate(i-14-s.Days+1, i-s.Days+1), rate(i+1, i+15)
		if before <= 0 {
			return 0
		}
		return math.Max(0, 1-after/before)
	}
	return 0
}

// AudienceFit: the audience's share in the market (countries) and, for a
// roster, in the campaign's age bands. 100 from a half of the audience in
// the market.
func AudienceFit(a Audience) Component {
	c := Component{Key: "audience_fit", Score: -1}
	if len(a.Market) == 0 {
		c.Text = "no stated location"
		return c
	}
	in := 0.0
	for _, m := range a.Market {
		in += a.Countries[m]
	}
	score := 100 * math.Min(1, in/0.5)
	c.Facts = []Fact{{"audience in the market", round4(in), "measured"}}
	if len(a.AgeBands) > 0 && len(a.Ages) > 0 {
		ages := 0.0
		for _, b := range a.AgeBands {
			ages += a.Ages[b]
		}
		c.Facts = append(c.Facts, Fact{"audience in the campaign's ages", round4(ages), "measured"})
		score = 0.6*score + 0.4*100*math.Min(1, ages/0.5)
	}
	c.Score = clamp(int(math.Round(score)))
	if in < 0.5 {
		c.Text = fmt.Sprintf("audience mostly outside the stated market (%.0f %% inside)", 100*in)
	} else {
		c.Text = fmt.Sprintf("%.0f %% of the audience in the stated market", 100*in)
	}
	return c
}

func clamp(x int) int { return max(0, min(100, x)) }

func round4(x float64) float64 { return math.Round(x*10000) / 10000 }
