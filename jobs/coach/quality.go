package coach

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"creatorcoach/jobs/quality"
)

// qualityNames name the reading's components as the creator's dashboard does.
var qualityNames = map[string]string{
	"live_audience":   "live audience",
	"follower_spikes": "follower growth",
	"engagement":      "engagement consistency",
	"audience_fit":    "audience fit",
}

// qualityFactText writes a component's fact: counts whole, shares and rates in percent.
func qualityFactText(v float64) string {
	if v == math.Trunc(v) {
		return formatInt(int64(v))
	}
	if math.Abs(v) <= 1 {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return fmt.Sprintf("%.1f", v)
}

// formatInt writes n with thousands separators.
func formatInt(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + formatInt(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// quality answers "why is my audience-quality lower?" from the same reading
// brands see: each account's figure, its weakest components with the facts
// behind them, the unexplained spikes, and how to contest it (a note on a
// spike, a review request).
func (c *call) quality() {
	spikes := 0
	for _, a := range c.scope {
		p := platformTitle(a.Platform)
		q := a.Quality
		if q == nil || q.Score == nil {
			reason := "it is computed after the next sync"
			if q != nil && q.Reason != "" {
				reason = q.Reason
			}
			c.say(fmt.Sprintf("%s has no audience-quality reading yet: %s.", p, reason))
			continue
		}
		var r quality.Reading
		if json.Unmarshal(q.Reading, &r) != nil {
			continue
		}
		period := r.From.Format(time.DateOnly) + " to " + r.To.Format(time.DateOnly)
		score := c.fact(p+" audience-quality reading", *q.Score, "/100", fmt.Sprintf("%d/100", *q.Score), Derived, period)
		days := c.fact(p+" days of measured data in the reading", r.Days, "days", fmt.Sprint(r.Days), Measured, period)
		c.say(fmt.Sprintf("Brands see an audience-quality reading of %s on %s, read from %s days of your measured data.", score, p, days))
		comps := slices.Clone(r.Components)
		comps = slices.DeleteFunc(comps, func(k quality.Component) bool { return k.Score < 0 })
		slices.SortStableFunc(comps, func(x, y quality.Component) int { return x.Score - y.Score })
		for i, k := range comps {
			if i == 2 || (i > 0 && k.Score >= 80) {
				break
			}
			name := qualityNames[k.Key]
			part := c.fact(p+" "+name+" component", k.Score, "/100", fmt.Sprintf("%d/100", k.Score), Derived, period)
			var why []string
			for _, f := range k.Facts {
				if strings.HasPrefix(f.Label, "similar creators compared") {
					continue
				}
				why = append(why, f.Label+" "+c.fact(p+" "+f.Label, f.Value, "", qualityFactText(f.Value), f.Basis, period))
			}
			lead := "It is lowest on"
			if i > 0 {
				lead = "Then"
			}
			sentence := fmt.Sprintf("%s %s (%s)", lead, name, part)
			if len(why) > 0 {
				sentence += ": " + strings.Join(why, ", ")
			}
			c.say(sentence + ".")
			if len(Ungrounded(k.Text, "", c.facts)) == 0 {
				c.say(upperFirst(k.Text) + ".")
			}
		}
		for _, s := range r.Spikes {
			if s.Explained {
				continue
			}
			spikes++
			day := s.Day.Format(time.DateOnly)
			gain := c.fact(p+" followers gained on "+day, s.Gain, "followers", formatInt(s.Gain), Measured, day)
			c.say(fmt.Sprintf("On %s your %s followers rose by %s while reach did not rise with them: brands see that as unexplained follower growth.", day, p, gain))
		}
	}
	if spikes > 0 {
		c.say("If a spike has a reason (a giveaway, a collaboration, a feature), add a note on it under What brands see: brands read it beside the spike.")
	}
	c.say("If you think the reading is wrong, use Request review there and an admin will look at it.")
}

// upperFirst capitalises s's first letter.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
