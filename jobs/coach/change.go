package coach

import (
	"math"
	"strings"

	"creatorcoach/store"
)

// changeHorizon is how many recent days the coach searches for the day a
// metric changed.
const changeHorizon = 60

// change answers "why did my views drop / likes rise": first the trend over
// the last Window days, then the day the metric changed most, then what
// moved with it (other metrics, platforms) and whether a drop only ends a
// spike.
func (c *call) change() {
	q := c.in.Question
	m, dir := metricNamed(q), directionOf(q)
	days := aggregate(c.scope)
	where := platformTitle(c.platform)
	if len(c.scope) == 1 {
		where = platformTitle(c.scope[0].Platform)
	}
	if !available(days, m) {
		c.say(capital(m.name) + " are not available for " + where + ": the platform does not report them.")
		return
	}
	trend, ok := c.trend(days, m, where, dir)
	if !ok {
		return
	}
	v := values(days, m)
	if dir == 0 {
		dir = sign(trend)
	}
	i, b, a, ok := changePoint(v, len(v)-changeHorizon, dir)
	if !ok {
		c.say("There was no single day when your " + m.name + " changed sharply in the last 60 days; the change was gradual.")
		c.fact("Days searched for a sharp change", changeHorizon, "days", "60", Derived, span{days[max(0, len(days)-changeHorizon)].Day, days[len(days)-1].Day}.String())
		return
	}
	at, both := days[i].Day, span{days[i-Step].Day, days[i+Step-1].Day}.String()
	fDay := c.fact("Day "+m.name+" changed most", isoDay(at), "date", day(at), Derived, both)
	fb := c.fact(capital(perDay(m))+", 7-day average before the change", daily(b), m.name+" per day", num(daily(b)), Derived, span{days[i-Step].Day, days[i-1].Day}.String())
	fa := c.fact(capital(perDay(m))+", 7-day average after the change", daily(a), m.name+" per day", num(daily(a)), Derived, span{at, days[i+Step-1].Day}.String())
	ch := pct(b, a)
	fc := c.fact("Change of "+perDay(m)+" on "+day(at), ch, "%", percent(ch, true), Derived, both)
	subject := perDay(m)
	if m == followers {
		subject = "your " + subject
	}
	c.say("The biggest change came on " + fDay + ": " + subject + " averaged " + fb + " in the 7 days before and " + fa + " in the 7 days after (" + fc + ").")
	if a < b {
		c.spike(days, v, m, i, a)
	}
	c.movedWith(days, m, i)
	c.platformShare(m, days[i], a-b)
}

// trend states the metric's last Window days against the Window before and
// whether that matches the direction asked; ok is false without enough history.
func (c *call) trend(days []store.CoachDay, m metric, where string, dir int) (float64, bool) {
	recent, before := c.lastWindows(days)
	var r, b int64
	var bn int
	if m == followers {
		now, _ := levelAt(days, m, recent.To)
		start, _ := levelAt(days, m, recent.From.AddDate(0, 0, -1))
		prev, _ := levelAt(days, m, before.From.AddDate(0, 0, -1))
		r, b, bn = now-start, start-prev, len(days)-Window
	} else {
		r, _ = sum(days, m, recent)
		b, bn = sum(days, m, before)
	}
	label := capital(m.name) + ", " + where + ", last 30 days"
	if m == followers {
		label = "Net follower gain, " + where + ", last 30 days"
	}
	fr := c.fact(label, r, m.name, num(r), Measured, recent.String())
	if bn < Window/2 {
		c.say("Your " + m.name + " on " + where + " over the last 30 days: " + fr + ". There is not enough history before that to say whether they rose or fell.")
		return 0, false
	}
	fb := c.fact(strings.Replace(label, "last 30", "previous 30", 1), b, m.name, num(b), Measured, before.String())
	ch := pct(float64(b), float64(r))
	if b == 0 {
		ch = 0
	}
	fc := c.fact(strings.Replace(label, ", last 30 days", "", 1)+", change vs previous 30 days", ch, "%", percent(ch, true), Derived, recent.String())
	c.say("First the trend: over the last 30 days your " + m.name + " on " + where + " were " + fr + ", " + fc +
		" against the 30 days before (" + fb + ").")
	switch {
	case dir < 0 && ch >= 0:
		c.say("So overall they did not drop; below is the sharpest change within that time.")
	case dir > 0 && ch <= 0:
		c.say("So overall they did not rise; below is the sharpest change within that time.")
	}
	return ch, true
}

func sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// spike checks whether the drop at i ends a spike: a jump of at least half
// in the 30 days before, after which the metric came back to within a fifth
// of where it was before the jump.
func (c *call) spike(days []store.CoachDay, v []float64, m metric, i int, after float64) {
	j, b, a, ok := changePoint(v[:i], i-Window, 1)
	if !ok || a < 1.5*b || math.Abs(after-b) > 0.2*math.Max(b, 1) {
		return
	}
	at := days[j].Day
	fb := c.fact(capital(perDay(m))+", 7-day average before the spike", daily(b), m.name+" per day", num(daily(b)), Derived, span{days[j-Step].Day, days[j-1].Day}.String())
	fa := c.fact(capital(perDay(m))+", 7-day average from the spike", daily(a), m.name+" per day", num(daily(a)), Derived, span{at, days[j+Step-1].Day}.String())
	c.fact("Day of the spike", isoDay(at), "date", day(at), Derived, span{at, at}.String())
	c.say("That drop ends a spike: on " + day(at) + " " + perDay(m) + " jumped from " + fb + " to " + fa +
		". They are now back near the level before it, so your underlying trend is steady rather than falling.")
}

// movedWith names the other metrics whose 7-day averages changed by 10% or
// more on the same day.
func (c *call) movedWith(days []store.CoachDay, m metric, i int) {
	var moved []string
	for _, o := range append(append([]metric{}, flows...), followers) {
		if o == m || !available(days, o) {
			continue
		}
		b, a := around(values(days, o), i)
		ch := pct(b, a)
		if b == 0 || math.Abs(ch) < 10 {
			continue
		}
		name := o.name
		if o == followers {
			name = perDay(o)
		}
		fc := c.fact("Change of "+perDay(o)+" on "+day(days[i].Day), ch, "%", percent(ch, true), Derived,
			span{days[i-Step].Day, days[i+Step-1].Day}.String())
		moved = append(moved, name+" "+fc)
	}
	if len(moved) == 0 {
		c.say("Nothing else moved with it by 10% or more, so the change is specific to " + m.name + ".")
		return
	}
	c.say("On the same day these moved too: " + strings.Join(moved, ", ") + ". When they move together, the change is in how many " +
		"people saw your posts rather than in how they reacted to them.")
}

// platformShare names the platform that moved most on the day, when
// several are in scope, from its own complete 7-day windows around it.
func (c *call) platformShare(m metric, d store.CoachDay, total float64) {
	if len(c.scope) < 2 || total == 0 {
		return
	}
	bestP, bestB, bestA, bestScore := "", 0.0, 0.0, 0.0
	var bestBefore, bestAfter span
	for _, a := range c.scope {
		i := indexOf(a.Days, d)
		if i < Step || i+Step > len(a.Days) {
			continue
		}
		b, af := around(values(a.Days, m), i)
		if score := (af - b) * float64(sign(total)); score > bestScore {
			bestP, bestB, bestA, bestScore = a.Platform, b, af, score
			bestBefore, bestAfter = span{a.Days[i-Step].Day, a.Days[i-1].Day}, span{a.Days[i].Day, a.Days[i+Step-1].Day}
		}
	}
	if bestP == "" {
		return
	}
	p := platformTitle(bestP)
	fb := c.fact(p+" "+perDay(m)+", 7-day average before "+day(d.Day), daily(bestB), m.name+" per day", num(daily(bestB)), Derived, bestBefore.String())
	fa := c.fact(p+" "+perDay(m)+", 7-day average after "+day(d.Day), daily(bestA), m.name+" per day", num(daily(bestA)), Derived, bestAfter.String())
	c.say("Most of it came from " + p + ", where " + perDay(m) + " went from " + fb + " to " + fa + ".")
}

// best compares the platforms in scope by follower growth.
func (c *call) best() {
	if len(c.scope) < 2 {
		c.say("Only " + platformTitle(c.scope[0].Platform) + " has data here, so there is no other platform to compare it with.")
		c.summarise(c.scope[0], false)
		return
	}
	var sums []summary
	top := 0
	for i, a := range c.scope {
		sums = append(sums, c.summarise(a, false))
		if sums[i].growth > sums[top].growth {
			top = i
		}
	}
	p := platformTitle(c.scope[top].Platform)
	c.say(p + " is doing best: its following grew " + percent(sums[top].growth, true) + " in the last 30 days, the fastest of your platforms.")
	for _, a := range c.scope {
		if !available(a.Days, views) || !available(a.Days, likes) {
			continue
		}
		recent, _ := c.lastWindows(a.Days)
		l, _ := sum(a.Days, likes, recent)
		v, _ := sum(a.Days, views, recent)
		if v == 0 {
			continue
		}
		rate, _ := store.EngagementPerView(l, v)
		f := c.fact(platformTitle(a.Platform)+" engagement per view (likes per view), last 30 days", rate, "%", percent2(rate), Derived, recent.String())
		c.say(platformTitle(a.Platform) + " engagement per view: " + f + ".")
	}
}
