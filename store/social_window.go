package store

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// The window "last N days", defined once for the dashboard
// (GET /api/accounts/engagement) and the coach (LoadCoachInput):
//
//   - it ends on the creator's last synced day: the latest day any of their
//     connected accounts has analytics for, never after today (UTC). When the
//     last sync ran yesterday and stored yesterday, the last 30 days are
//     yesterday and the 29 days before; today, not synced yet, is not in it;
//   - it covers N days: from that day minus N-1 to that day, both included;
//   - a creator without any analytics has today as the last day.
//
// Every account of the creator is read over the same days, so the figures
// of one platform and the sums over several platforms cover the same window.

// LastDays returns the first and last day of the window of n days ending on
// lastDay (see above): from lastDay-(n-1) to lastDay.
func LastDays(lastDay time.Time, n int) (from, to time.Time) {
	return lastDay.AddDate(0, 0, 1-n), lastDay
}

// lastDaySQL is the SQL of the window's last day for the user userExpr
// (a uuid) with today todayExpr (a date): the latest day of their connected
// accounts, at most today, else today. Each account's latest day is read
// from the primary key's index.
func lastDaySQL(userExpr, todayExpr string) string {
	return fmt.Sprintf(`coalesce(least((SELECT max((SELECT max(d.day) FROM social_daily d WHERE d.account_id = wa.id))
		FROM social_accounts wa WHERE wa.user_id = %[1]s AND wa.status <> 'disconnected'), %[2]s), %[2]s)`, userExpr, todayExpr)
}

// inLastDaysSQL is the SQL condition "dayExpr is in the window of nExpr
// days ending on lastExpr", the same days as LastDays.
func inLastDaysSQL(dayExpr, lastExpr, nExpr string) string {
	return fmt.Sprintf(`%[1]s > %[2]s - %[3]s AND %[1]s <= %[2]s`, dayExpr, lastExpr, nExpr)
}

// Figures of a day as GET /api/accounts/engagement names them.
const (
	FigureViews       = "view"
	FigureLikes       = "like"
	FigureImpressions = "organicImpression"
)

// socialNotReported are the figures a platform's API does not report (its
// connector in jobs/social stores 0 for them), with the reason shown in
// place of a number: the API answers null, never 0.
var socialNotReported = map[string]map[string]string{
	"youtube":  {FigureImpressions: "YouTube does not report organic impressions"},
	"tiktok":   {FigureImpressions: "TikTok does not report organic impressions"},
	"linkedin": {FigureViews: "LinkedIn does not report views"},
}

// NotReported returns why platform does not report figure (view, like or
// organicImpression), or "" when it does.
func NotReported(platform, figure string) string {
	return socialNotReported[platform][figure]
}

// reportsSQL is the SQL condition "the platform platformExpr reports figure".
func reportsSQL(platformExpr, figure string) string {
	var ps []string
	for p, figs := range socialNotReported {
		if figs[figure] != "" {
			ps = append(ps, "'"+p+"'")
		}
	}
	if len(ps) == 0 {
		return "true"
	}
	sort.Strings(ps)
	return platformExpr + " NOT IN (" + strings.Join(ps, ", ") + ")"
}

// notReportedSQL is the SQL of a platform's notReported object: figure -> reason.
func notReportedSQL(platformExpr string) string {
	var cases []string
	ps := make([]string, 0, len(socialNotReported))
	for p := range socialNotReported {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	for _, p := range ps {
		var pairs []string
		for _, f := range []string{FigureViews, FigureLikes, FigureImpressions} {
			if r := socialNotReported[p][f]; r != "" {
				pairs = append(pairs, fmt.Sprintf("'%s', '%s'", f, r))
			}
		}
		cases = append(cases, fmt.Sprintf("WHEN '%s' THEN json_build_object(%s)", p, strings.Join(pairs, ", ")))
	}
	return "CASE " + platformExpr + " " + strings.Join(cases, " ") + " ELSE '{}'::json END"
}

// figureSQL is a figure's value as the API answers it: valueExpr, or null
// when the platform does not report the figure.
func figureSQL(platformExpr, figure, valueExpr string) string {
	return fmt.Sprintf("CASE WHEN %s THEN %s END", reportsSQL(platformExpr, figure), valueExpr)
}
