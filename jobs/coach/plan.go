package coach

import (
	"math"
	"strconv"
)

// projection estimates when a platform's following reaches a goal (the
// question's, else the next milestone) if the last Window days' average
// daily gain continues in a straight line.
func (c *call) projection() {
	a := c.scope[0]
	for _, o := range c.scope[1:] {
		if o.Days[len(o.Days)-1].Followers > a.Days[len(a.Days)-1].Followers {
			a = o
		}
	}
	p, word := platformTitle(a.Platform), audienceWord(a.Platform)
	recent, _ := c.lastWindows(a.Days)
	now := a.Days[len(a.Days)-1].Followers
	then, thenDay := levelAt(a.Days, followers, recent.From.AddDate(0, 0, -1))
	period := span{thenDay, recent.To}
	goal, from := goalOf(c.in.Question), "the goal you named"
	if goal == 0 {
		goal, from = milestone(now), "your next milestone"
	}
	if len(c.scope) > 1 {
		c.say("I project " + p + ", your largest following (ask with the platform filter for another).")
	}
	fNow := c.fact(p+" "+word, now, word, num(now), Measured, day(recent.To))
	fGoal := c.fact(capital(word)+" goal", goal, word, num(goal), Derived, "")
	if now >= goal {
		c.say("You already have " + fNow + " " + word + " on " + p + ", past " + fGoal + ".")
		return
	}
	elapsed := int(recent.To.Sub(thenDay).Hours()/24 + 0.5)
	if elapsed == 0 {
		c.say("There is not enough history on " + p + " to project your growth.")
		return
	}
	rate := round1(float64(now-then) / float64(elapsed))
	fRate := c.fact("Average daily "+word+" gain on "+p+", last 30 days", rate, word+" per day", strconv.FormatFloat(rate, 'f', 1, 64), Derived, period.String())
	if rate <= 0 {
		c.say("You have " + fNow + " " + word + " on " + p + ". Over the last 30 days you gained " + fRate +
			" a day on average, so at this pace you will not reach " + fGoal + "; growth has to pick up first.")
		return
	}
	left := int(math.Ceil(float64(goal-now) / rate))
	when := recent.To.AddDate(0, 0, left)
	fDays := c.fact("Days to reach "+num(goal)+" "+word+" on "+p, left, "days", num(int64(left)), Estimated, "from "+day(recent.To))
	fWhen := c.fact("Date to reach "+num(goal)+" "+word+" on "+p, isoDay(when), "date", day(when), Estimated, "from "+day(recent.To))
	c.say("You have " + fNow + " " + word + " on " + p + " and gained " + fRate + " a day on average over the last 30 days. At that pace you reach " +
		from + " of " + fGoal + " in about " + fDays + " days, around " + fWhen + ".")
	c.say("This assumes the last 30 days' pace continues in a straight line; growth rarely does, so treat the date as a rough estimate.")
}

// next turns the facts into the few things worth doing now.
func (c *call) next() error {
	var tips []string
	for _, a := range c.in.Accounts {
		if a.Status == "reconnect_needed" && (c.platform == "" || a.Platform == c.platform) {
			tips = append(tips, "Reconnect your "+platformTitle(a.Platform)+" account so its numbers stay current.")
		}
	}
	sums := map[string]summary{}
	topP, topGrowth := "", math.Inf(-1)
	for _, a := range c.scope {
		s := c.quiet(func() summary { return c.summarise(a, false) })
		sums[a.Platform] = s
		if s.growth > topGrowth {
			topP, topGrowth = a.Platform, s.growth
		}
		if s.viewsCompare && s.viewsChange <= -10 {
			tips = append(tips, platformTitle(a.Platform)+" views fell "+percent(-s.viewsChange, false)+
				" on the previous 30 days: ask \"Why did my views drop?\" to find the day it changed and what moved with it.")
		}
	}
	if len(c.scope) > 1 {
		tips = append(tips, "Put more of your effort into "+platformTitle(topP)+", your fastest-growing platform ("+
			percent(topGrowth, true)+" in the last 30 days).")
	}
	var rate, median float64
	var known bool
	var err error
	c.quiet(func() summary { rate, median, known, err = c.benchmark(false); return summary{} })
	if err != nil {
		return err
	}
	if known && rate < median {
		tips = append(tips, "Your engagement rate ("+percent2(rate)+") is below the median of similar creators ("+percent2(median)+
			"): end posts with a question or a call to like and save, and reply to comments in the first hour.")
	} else if known {
		tips = append(tips, "Your engagement rate ("+percent2(rate)+") is at or above the median of similar creators ("+
			percent2(median)+"): keep the formats that earn it and post them more often.")
	}
	var name string
	var ok bool
	c.quiet(func() summary { name, ok = c.bestWeekday(false); return summary{} })
	if ok {
		tips = append(tips, "Publish your most important posts on "+name+"s, your strongest day for views.")
	}
	if len(tips) == 0 {
		tips = append(tips, "Keep posting regularly; I need a little more history to point at something specific.")
	}
	for _, t := range tips {
		c.say(t)
	}
	return nil
}

// quiet runs fn keeping the facts it records but not its sentences.
func (c *call) quiet(fn func() summary) summary {
	n := len(c.sentences)
	s := fn()
	c.sentences = c.sentences[:n]
	return s
}
