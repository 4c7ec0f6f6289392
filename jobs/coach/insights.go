package coach

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"creatorcoach/store"
)

// engagementPerView is the glossary's engagement per view as the coach
// reads it: likes per view over the last Window days of the scope's
// platforms that report views (likes of a platform without views would
// inflate it), in percent with two decimals; ok is false when no platform
// reports views.
func (c *call) engagementPerView() (rate float64, period span, ok bool) {
	var withViews []store.CoachAccount
	for _, a := range c.scope {
		if available(a.Days, views) {
			withViews = append(withViews, a)
		}
	}
	if len(withViews) == 0 {
		return 0, span{}, false
	}
	days := aggregate(withViews)
	period, _ = c.lastWindows(days)
	l, _ := sum(days, likes, period)
	v, _ := sum(days, views, period)
	rate, ok = store.EngagementPerView(l, v)
	return rate, period, ok
}

// tier is the creator's tier from their largest following on any connected platform.
func (c *call) tier() string {
	var most int64
	for _, a := range c.in.Accounts {
		if connected(a) && len(a.Days) > 0 {
			most = max(most, a.Days[len(a.Days)-1].Followers)
		}
	}
	return store.TierOf(most)
}

// MinPeers is the smallest group of similar creators the coach compares a
// creator with: a median or percentile of fewer would come close to one
// creator's exact figure.
const MinPeers = 10

// benchmark states the creator's engagement per view (likes per view), then
// compares their engagement rate (per follower: the figure of their network
// entry, the one brands see) with the median and percentile of the
// network's creators of the same niche and tier, whose figure has the same
// definition (a group of at least MinPeers, else it says there are too few
// similar creators); it returns the rate, the median and whether both are
// known.
func (c *call) benchmark(say bool) (rate, median float64, ok bool, err error) {
	where := platformTitle(c.platform)
	if perView, period, ok := c.engagementPerView(); ok {
		fv := c.fact("Engagement per view (likes per view), "+where+", last 30 days", perView, "%", percent2(perView), Derived, period.String())
		c.say("Your engagement per view is " + fv + " (likes per view over the last 30 days on " + where + ").")
	} else {
		c.say("Engagement per view needs views, which " + where + " does not report, so it is not available.")
	}
	niche, tier := c.in.Niche, c.tier()
	if niche == "" {
		c.say("Your profile has no niche, so I cannot find comparable creators.")
		return 0, 0, false, nil
	}
	peers, perr := c.peers.PeerEngagement(c.ctx, niche, tier, c.in.UserID)
	if perr != nil {
		return 0, 0, false, perr
	}
	if peers.Mine == nil {
		c.say("Your engagement rate (likes per follower, the figure brands see in the network) is not measured yet, so I cannot compare it.")
		return 0, 0, false, nil
	}
	rate = *peers.Mine
	fr := c.fact("Engagement rate (likes per follower), network entry", rate, "%", percent2(rate), Measured, "current")
	group := niche + " creators in the " + tier + " tier"
	if peers.Count < MinPeers {
		c.say("Your engagement rate is " + fr + " (likes per follower, as brands see it). There are too few similar creators (" +
			group + ") in our network to compare you with yet.")
		return rate, 0, false, nil
	}
	median = math.Round(peers.Median*100) / 100
	share := int64(math.Round(float64(peers.Below) / float64(peers.Count) * 100))
	fc := c.fact("Network creators compared ("+group+")", peers.Count, "creators", num(int64(peers.Count)), Measured, "current")
	fm := c.fact("Median engagement rate of "+group, median, "%", percent2(median), Derived, "current")
	fp := c.fact("Percentile of your engagement rate among "+group, share, "percentile", strconv.FormatInt(share, 10), Derived, "current")
	if !say {
		return rate, median, true, nil
	}
	rel := "above"
	switch {
	case rate < median:
		rel = "below"
	case rate == median:
		rel = "at"
	}
	c.say("Your engagement rate is " + fr + " (likes per follower, as brands see it in the network). The median of the " +
		fc + " " + group + " of our network is " + fm + ", so you are " + rel + " it: higher than " + fp + "% of them.")
	return rate, median, true, nil
}

func (c *call) engagement() error {
	_, _, _, err := c.benchmark(true)
	return err
}

// audience states the audience shares the platforms report and the best
// weekday by average views (post-level data is not in the analytics).
func (c *call) audience() {
	for _, a := range c.scope {
		p := platformTitle(a.Platform)
		if len(a.Audience) == 0 {
			c.say("Audience demographics are not available for " + p + " yet.")
			continue
		}
		var parts []string
		seen := map[string]bool{}
		for _, s := range a.Audience { // ordered by dimension, largest share first
			if s.Dimension != "gender" && seen[s.Dimension] {
				continue
			}
			seen[s.Dimension] = true
			share := round1(s.Share * 100)
			what := map[string]string{"age": "aged " + s.Bucket, "gender": s.Bucket, "country": "in " + s.Bucket}[s.Dimension]
			f := c.fact(p+" audience "+what, share, "%", percent(share, false), Measured, "latest sync")
			parts = append(parts, f+" "+what)
		}
		c.say("Your " + p + " audience: " + strings.Join(parts, ", ") + ".")
	}
	c.bestWeekday(true)
}

// bestWeekday finds the weekday with the highest average views over the
// last 12 weeks; it returns the weekday's name and whether it is known.
func (c *call) bestWeekday(say bool) (string, bool) {
	days := aggregate(c.scope)
	m := views
	if !available(days, m) {
		m = likes
	}
	if !available(days, m) || len(days) < 14 {
		if say {
			c.say("There is not enough daily data to tell which day of the week does best.")
		}
		return "", false
	}
	days = days[max(0, len(days)-84):]
	var total [7]float64
	var n [7]int
	for _, d := range days {
		total[d.Day.Weekday()] += float64(m.get(d))
		n[d.Day.Weekday()]++
	}
	best := 0
	for w := range 7 {
		if n[w] > 0 && total[w]/float64(n[w]) > total[best]/math.Max(float64(n[best]), 1) {
			best = w
		}
	}
	all, _ := sum(days, m, span{days[0].Day, days[len(days)-1].Day})
	period := span{days[0].Day, days[len(days)-1].Day}.String()
	name := time.Weekday(best).String()
	fb := c.fact("Average daily "+m.name+" on "+name+"s", daily(total[best]/float64(n[best])), m.name+" per day", num(daily(total[best]/float64(n[best]))), Derived, period)
	fa := c.fact("Average daily "+m.name+", all days", daily(float64(all)/float64(len(days))), m.name+" per day", num(daily(float64(all)/float64(len(days)))), Derived, period)
	if say {
		c.say("Your analytics are daily totals without post times, so I can only judge by day: " + name + "s do best, with " +
			fb + " " + m.name + " on average against " + fa + " across all days (" + period + ").")
	}
	return name, true
}

// goalRe finds a follower goal in a question: 10k, 25,000, 1.5m, 2 million.
var goalRe = regexp.MustCompile(`(?i)(\d+(?:[.,]\d+)*)\s*(k|m|thousand|million)?\b`)

// goalOf reads the largest number of at least 100 a question mentions.
func goalOf(q string) int64 {
	var goal int64
	for _, m := range goalRe.FindAllStringSubmatch(q, -1) {
		s := strings.ReplaceAll(m[1], ",", "")
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			continue
		}
		switch strings.ToLower(m[2]) {
		case "k", "thousand":
			x *= 1e3
		case "m", "million":
			x *= 1e6
		}
		if x >= 100 && int64(x) > goal {
			goal = int64(x)
		}
	}
	return goal
}

// milestone is the next round figure above n: 1,000 below a thousand, else
// the next multiple of n's leading power of ten.
func milestone(n int64) int64 {
	if n < 1000 {
		return 1000
	}
	p := int64(math.Pow(10, math.Floor(math.Log10(float64(n)))))
	return (n/p + 1) * p
}
