package coach

import (
	"context"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"creatorcoach/store"
)

// Window is the length in days of the periods the coach compares: the last
// Window days against the Window days before.
const Window = 30

// call is one question being answered: the accounts in scope and the
// sentences and facts gathered so far.
type call struct {
	ctx       context.Context
	in        *store.CoachInput
	peers     Peers
	scope     []store.CoachAccount // connected accounts of the platform asked about, with data
	platform  string               // the platform asked about, "" = all
	sentences []string
	facts     []Fact
}

func newCall(ctx context.Context, in *store.CoachInput, peers Peers) *call {
	c := &call{ctx: ctx, in: in, peers: peers, platform: in.Platform}
	if c.platform == "" {
		c.platform = platformNamed(in.Question)
	}
	for _, a := range in.Accounts {
		if connected(a) && len(a.Days) > 0 && (c.platform == "" || a.Platform == c.platform) {
			c.scope = append(c.scope, a)
		}
	}
	return c
}

// connected reports whether an account still counts as connected (one that
// needs reconnecting keeps the data it had).
func connected(a store.CoachAccount) bool { return a.Status != "disconnected" }

// platformNamed returns the platform a question names, if exactly one.
func platformNamed(q string) string {
	q = strings.ToLower(q)
	found := ""
	for _, p := range store.Platforms {
		if strings.Contains(q, p) || (p == store.Instagram && strings.Contains(q, " ig ")) {
			if found != "" {
				return ""
			}
			found = p
		}
	}
	return found
}

// platformTitle is the platform's name as people write it.
func platformTitle(p string) string {
	if p == "" {
		return "all platforms"
	}
	return store.PlatformNames[p]
}

// scopeProblem says plainly why there is nothing to answer from, or "".
func (c *call) scopeProblem() string {
	var names []string
	for _, a := range c.in.Accounts {
		if connected(a) {
			names = append(names, platformTitle(a.Platform))
		}
	}
	switch {
	case len(c.scope) > 0:
		return ""
	case len(names) == 0:
		return "You have no connected social accounts yet, so I have no data of yours to answer from. " +
			"Connect " + store.PlatformNameList("or") + " and ask again."
	case c.platform != "" && !strings.Contains(strings.Join(names, ","), platformTitle(c.platform)):
		return "Your " + platformTitle(c.platform) + " account is not connected, so I have no " + platformTitle(c.platform) +
			" data. Connected: " + strings.Join(names, ", ") + ". Connect " + platformTitle(c.platform) +
			" or ask about all social platforms."
	default:
		return "Your connected accounts have no analytics yet: the first sync has not finished. Ask again in a few minutes."
	}
}

func (c *call) say(s string) { c.sentences = append(c.sentences, s) }

// fact records a fact and returns its text for the sentence using it.
func (c *call) fact(label string, value any, unit, text, kind, period string) string {
	for _, f := range c.facts {
		if f.Label == label && f.Period == period {
			return text
		}
	}
	c.facts = append(c.facts, Fact{Label: label, Value: value, Unit: unit, Text: text, Kind: kind, Period: period})
	return text
}

// metric reads one figure of a day; the four below are the only ones.
type metric = *metricDef

type metricDef struct {
	name string // as sentences write it: views, likes, organic impressions, followers
	get  func(store.CoachDay) int64
}

var (
	views       = &metricDef{"views", func(d store.CoachDay) int64 { return d.Views }}
	likes       = &metricDef{"likes", func(d store.CoachDay) int64 { return d.Likes }}
	impressions = &metricDef{"organic impressions", func(d store.CoachDay) int64 { return d.Impressions }}
	followers   = &metricDef{"followers", func(d store.CoachDay) int64 { return d.Followers }}
)

// flows are the per-day metrics (followers are a level, not a flow).
var flows = []metric{views, likes, impressions}

// aggregate sums accounts day by day over every day any of them reports:
// flows (views, likes, impressions) add what each platform measured that
// day; followers, a level, add each platform's latest level, carried over
// days it did not report and taken back to its first level before it
// started, so gains are only those measured.
func aggregate(accounts []store.CoachAccount) []store.CoachDay {
	if len(accounts) == 1 {
		return accounts[0].Days
	}
	seen := map[int64]bool{}
	var out []store.CoachDay
	for _, a := range accounts {
		for _, d := range a.Days {
			if !seen[d.Day.Unix()] {
				seen[d.Day.Unix()] = true
				out = append(out, store.CoachDay{Day: d.Day})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Day.Before(out[j].Day) })
	for _, a := range accounts {
		level, next := a.Days[0].Followers, 0
		for i := range out {
			if next < len(a.Days) && a.Days[next].Day.Equal(out[i].Day) {
				d := a.Days[next]
				out[i].Views += d.Views
				out[i].Likes += d.Likes
				out[i].Impressions += d.Impressions
				level = d.Followers
				next++
			}
			out[i].Followers += level
		}
	}
	return out
}

// span is a run of days [From, To].
type span struct{ From, To time.Time }

func (s span) String() string { return day(s.From) + " to " + day(s.To) }

// lastWindows are the last Window days and the Window days before, as the
// dashboard counts them (store.LastDays): ending on the creator's last
// synced day (in.LastDay), or, when it is unknown, on the last of days.
func (c *call) lastWindows(days []store.CoachDay) (recent, before span) {
	end := c.in.LastDay
	if end.IsZero() {
		end = days[len(days)-1].Day
	}
	recent.From, recent.To = store.LastDays(end, Window)
	before.From, before.To = store.LastDays(recent.From.AddDate(0, 0, -1), Window)
	return recent, before
}

// sum adds m over the days in s; n is how many days had data.
func sum(days []store.CoachDay, m metric, s span) (total int64, n int) {
	for _, d := range days {
		if !d.Day.Before(s.From) && !d.Day.After(s.To) {
			total += m.get(d)
			n++
		}
	}
	return total, n
}

// levelAt is the last level of m on or before t (the first day's when t is
// before every day) and the day it was read.
func levelAt(days []store.CoachDay, m metric, t time.Time) (int64, time.Time) {
	v, at := m.get(days[0]), days[0].Day
	for _, d := range days {
		if d.Day.After(t) {
			break
		}
		v, at = m.get(d), d.Day
	}
	return v, at
}

// available reports whether the data has m at all (a platform that does not
// report a metric sends zeros).
func available(days []store.CoachDay, m metric) bool {
	for _, d := range days {
		if m.get(d) != 0 {
			return true
		}
	}
	return false
}

// pct is the change from a to b in percent, rounded to one decimal.
func pct(a, b float64) float64 {
	if a == 0 {
		return 0
	}
	return round1((b - a) / a * 100)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// num writes an integer with thousands separators.
func num(n int64) string {
	s := strconv.FormatInt(abs(n), 10)
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// percent writes x% with one decimal; signed adds a + to positive values.
func percent(x float64, signed bool) string {
	s := strconv.FormatFloat(x, 'f', 1, 64) + "%"
	if signed && x > 0 {
		s = "+" + s
	}
	return s
}

// day writes a date as "Nov 3, 2026".
func day(t time.Time) string { return t.Format("Jan 2, 2006") }

// isoDay is a date fact's value.
func isoDay(t time.Time) string { return t.Format("2006-01-02") }

// trendWord names a change of the following in percent.
func trendWord(p float64) string {
	switch {
	case p >= 1:
		return "growing"
	case p <= -1:
		return "shrinking"
	}
	return "flat"
}

// percent2 writes x% with two decimals (engagement rates).
func percent2(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) + "%" }
