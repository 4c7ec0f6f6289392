package coach_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// periodSum sums f over every day of every history dated from..to (inclusive).
func periodSum(histories [][]store.CoachDay, from, to time.Time, f func(store.CoachDay) int64) int64 {
	var s int64
	for _, days := range histories {
		for _, d := range days {
			if !d.Day.Before(from) && !d.Day.After(to) {
				s += f(d)
			}
		}
	}
	return s
}

// levelOn is the followers of days on t (the history must cover t).
func levelOn(t *testing.T, days []store.CoachDay, on time.Time) int64 {
	t.Helper()
	for _, d := range days {
		if d.Day.Equal(on) {
			return d.Followers
		}
	}
	t.Fatalf("no day %s", on.Format("2006-01-02"))
	return 0
}

// TestCoach_AllPlatforms: figures over all platforms add up what each
// platform measured in the period, however their histories are aligned:
// Instagram has 120 days, YouTube only 45 and stopped syncing 2 days before
// the end, LinkedIn reports likes but no views.
func TestCoach_AllPlatforms(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "all@coach.io", niche)
	ig := coachtest.SteadyGrower()
	yt := coachtest.DropAfterSpike()[coachtest.Days-47 : coachtest.Days-2]
	li := coachtest.SteadyGrower()
	for i := range li {
		li[i].Views, li[i].Impressions = 0, 0
	}
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: ig})
	coachtest.Insert(t, db, user, coachtest.History{Platform: "youtube", Days: yt})
	coachtest.Insert(t, db, user, coachtest.History{Platform: "linkedin", Days: li})
	all := [][]store.CoachDay{ig, yt, li}
	end := coachtest.End
	recentFrom, prevFrom, prevTo := end.AddDate(0, 0, -29), end.AddDate(0, 0, -59), end.AddDate(0, 0, -30)

	t.Run("Views", func(t *testing.T) {
		r := ask(t, db, user, "Why did my views drop?", "")
		recent, prev := periodSum(all, recentFrom, end, viewsOf), periodSum(all, prevFrom, prevTo, viewsOf)
		wantNum(t, r, "Views, all platforms, last 30 days", float64(recent))
		wantNum(t, r, "Views, all platforms, previous 30 days", float64(prev))
		wantNum(t, r, "Views, all platforms, change vs previous 30 days", round1(float64(recent-prev)/float64(prev)*100))
	})
	t.Run("Likes", func(t *testing.T) {
		r := ask(t, db, user, "Why did my likes rise?", "")
		recent, prev := periodSum(all, recentFrom, end, likesOf), periodSum(all, prevFrom, prevTo, likesOf)
		wantNum(t, r, "Likes, all platforms, last 30 days", float64(recent))
		wantNum(t, r, "Likes, all platforms, previous 30 days", float64(prev))
	})
	t.Run("Followers", func(t *testing.T) {
		// YouTube's level is carried from its last day; each gain is one a platform measured.
		r := ask(t, db, user, "Why did my followers rise?", "")
		start := end.AddDate(0, 0, -30)
		gain := ig[len(ig)-1].Followers - levelOn(t, ig, start) + yt[len(yt)-1].Followers - levelOn(t, yt, start) +
			li[len(li)-1].Followers - levelOn(t, li, start)
		wantNum(t, r, "Net follower gain, all platforms, last 30 days", float64(gain))
	})
	t.Run("Engagement", func(t *testing.T) {
		// LinkedIn reports no views, so its likes are left out of likes per view.
		r := ask(t, db, user, "How does my engagement compare to similar creators?", "")
		withViews := [][]store.CoachDay{ig, yt}
		rate := math.Round(float64(periodSum(withViews, recentFrom, end, likesOf))/float64(periodSum(withViews, recentFrom, end, viewsOf))*10000) / 100
		wantNum(t, r, "Engagement per view (likes per view), all platforms, last 30 days", rate)
	})
}

// TestCoach_ChangeNeedsCompleteWindows: the sharpest change is only placed
// where 7 days before and 7 days after are in the data; a sharper fall in
// the last 3 days (a window cut short) is not it.
func TestCoach_ChangeNeedsCompleteWindows(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "late@coach.io", niche)
	days := coachtest.SteadyGrower()
	n := len(days)
	for i := range days {
		days[i].Views = 1000
		if i >= 100 {
			days[i].Views = 700
		}
		if i >= n-3 {
			days[i].Views = 100
		}
		days[i].Likes = days[i].Views / 20
	}
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: days})
	r := ask(t, db, user, "Why did my views drop?", "")
	if got := fact(t, r, "Day views changed most"); got != days[100].Day.Format("2006-01-02") {
		t.Errorf("change day %v, want %s", got, days[100].Day.Format("2006-01-02"))
	}
	wantNum(t, r, "Daily views, 7-day average before the change", 1000)
	wantNum(t, r, "Daily views, 7-day average after the change", 700)
	for _, f := range r.Facts {
		if strings.Contains(f.Label, "7-day average") && f.Period != "" {
			from, to, ok := strings.Cut(f.Period, " to ")
			if !ok {
				continue
			}
			a, _ := time.Parse("Jan 2, 2006", from)
			b, _ := time.Parse("Jan 2, 2006", to)
			if got := int(b.Sub(a).Hours()/24) + 1; got != 7 {
				t.Errorf("%s covers %d days (%s), want 7", f.Label, got, f.Period)
			}
		}
	}
}
