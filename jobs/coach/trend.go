package coach

import (
	"math"
	"strings"

	"creatorcoach/store"
)

// Step is the number of days averaged on each side of a change.
const Step = 7

// follower word of a platform: YouTube has subscribers.
func audienceWord(p string) string {
	if p == store.YouTube {
		return "subscribers"
	}
	return "followers"
}

// summary is an account's last Window days.
type summary struct {
	now, gain    int64
	growth       float64
	period       span
	viewsChange  float64
	viewsCompare bool
}

// overview describes each account in scope: following, its growth, views
// and likes over the last Window days.
func (c *call) overview(detail bool) {
	for _, a := range c.scope {
		c.summarise(a, detail)
	}
}

// summarise states an account's trend and returns its figures.
func (c *call) summarise(a store.CoachAccount, detail bool) summary {
	p, word := platformTitle(a.Platform), audienceWord(a.Platform)
	recent, before := c.lastWindows(a.Days)
	var s summary
	s.now = a.Days[len(a.Days)-1].Followers
	then, thenDay := levelAt(a.Days, followers, recent.From.AddDate(0, 0, -1))
	s.period = span{thenDay, recent.To}
	s.gain, s.growth = s.now-then, pct(float64(then), float64(s.now))
	fNow := c.fact(p+" "+word, s.now, word, num(s.now), Measured, day(recent.To))
	fGain := c.fact(p+" "+word+" change, last 30 days", s.gain, word, signed(s.gain), Derived, s.period.String())
	fGrowth := c.fact(p+" "+word+" growth, last 30 days", s.growth, "%", percent(s.growth, true), Derived, s.period.String())
	c.say("On " + p + " you have " + fNow + " " + word + " (" + day(recent.To) + "), " + fGain + " (" + fGrowth +
		") over the last 30 days: your following is " + trendWord(s.growth) + ".")
	if a.Status == "reconnect_needed" {
		c.say("Your " + p + " account needs reconnecting: its data stops on " + day(recent.To) + ".")
	}
	for _, m := range []metric{views, likes} {
		if !detail && m == likes {
			break
		}
		if !available(a.Days, m) {
			c.say(p + " does not report " + m.name + ", so they are not available.")
			continue
		}
		r, _ := sum(a.Days, m, recent)
		b, bn := sum(a.Days, m, before)
		fr := c.fact(p+" "+m.name+", last 30 days", r, m.name, num(r), Measured, recent.String())
		if bn < Window/2 {
			c.say(capital(m.name) + ": " + fr + " in the last 30 days (not enough history to compare with the 30 days before).")
			continue
		}
		c.fact(p+" "+m.name+", previous 30 days", b, m.name, num(b), Measured, before.String())
		ch := pct(float64(b), float64(r))
		fc := c.fact(p+" "+m.name+" change vs previous 30 days", ch, "%", percent(ch, true), Derived, recent.String())
		c.say(capital(m.name) + ": " + fr + " in the last 30 days, " + fc + " on the 30 days before (" + num(b) + ").")
		if m == views {
			s.viewsChange, s.viewsCompare = ch, true
		}
	}
	return s
}

func capital(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func signed(n int64) string {
	if n > 0 {
		return "+" + num(n)
	}
	return num(n)
}

// perDay names m per day as labels and sentences write it: "daily views",
// or for followers, a level, "daily follower gain".
func perDay(m metric) string {
	if m == followers {
		return "daily follower gain"
	}
	return "daily " + m.name
}

// metricNamed is the metric a question is about (views by default).
func metricNamed(q string) metric {
	q = strings.ToLower(q)
	switch {
	case strings.Contains(q, "like"):
		return likes
	case strings.Contains(q, "impression") || strings.Contains(q, "reach"):
		return impressions
	case strings.Contains(q, "follower") || strings.Contains(q, "subscriber"):
		return followers
	}
	return views
}

// directionOf is -1 for a question about a fall, +1 for a rise, else 0.
func directionOf(q string) int {
	q = strings.ToLower(q)
	for _, w := range []string{"drop", "fell", "fall", "declin", "dip", "lost", "lose", "decreas", "down"} {
		if strings.Contains(q, w) {
			return -1
		}
	}
	for _, w := range []string{"rise", "rose", "jump", "spike", "increas", "up", "grew", "grow"} {
		if strings.Contains(q, w) {
			return 1
		}
	}
	return 0
}

// values is m per day: the flow itself, or for followers the day's net gain.
func values(days []store.CoachDay, m metric) []float64 {
	out := make([]float64, len(days))
	for i, d := range days {
		switch {
		case m != followers:
			out[i] = float64(m.get(d))
		case i > 0:
			out[i] = float64(d.Followers - days[i-1].Followers)
		}
	}
	return out
}

func mean(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// around is the mean of the Step values before index i and of the Step
// values from i on (fewer at either end of the data).
func around(v []float64, i int) (before, after float64) {
	return mean(v[max(0, i-Step):i]), mean(v[i:min(len(v), i+Step)])
}

// changePoint finds, among v[from:], the day where the average of the Step
// days after differs most from the Step days before, in direction dir (-1
// down, +1 up, 0 either). Only days with Step complete days on both sides
// count, so a change is never read off a window cut short by the end of the
// data. A change under 10% of the level before is none.
func changePoint(v []float64, from, dir int) (at int, before, after float64, ok bool) {
	var best float64
	for i := max(from, Step); i <= len(v)-Step; i++ {
		b, a := around(v, i)
		score := (a - b) * float64(dir)
		if dir == 0 {
			score = math.Abs(a - b)
		}
		if score > best && math.Abs(a-b) >= 0.1*math.Max(math.Abs(b), 1) {
			best, at, before, after, ok = score, i, b, a, true
		}
	}
	return at, before, after, ok
}

// indexOf returns the index of the day t in days, or -1.
func indexOf(days []store.CoachDay, d store.CoachDay) int {
	for i := range days {
		if days[i].Day.Equal(d.Day) {
			return i
		}
	}
	return -1
}

// daily writes an average per day as a whole number.
func daily(x float64) int64 { return int64(math.Round(x)) }
