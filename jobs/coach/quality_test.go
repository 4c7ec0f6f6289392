package coach_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/jobs/quality"
	"creatorcoach/store/storetest"
)

// TestCoach_Quality: "why is my audience-quality lower?" is answered from the
// reading brands see: the figure, the weakest components with their facts,
// the unexplained spike by day, and how to contest it; an account without a
// reading says why. Every figure of the answer is a fact.
func TestCoach_Quality(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "quality@coach.io", niche)
	acc := coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower()})

	r := ask(t, db, user, "Why is my audience-quality lower?", "")
	wantSays(t, r, "Instagram has no audience-quality reading yet")

	day := time.Date(2026, 10, 29, 0, 0, 0, 0, time.UTC)
	reading := quality.Reading{Score: 50, From: day.AddDate(0, 0, -60), To: day.AddDate(0, 0, 29), Days: 90, ComputedAt: day.AddDate(0, 0, 30),
		Components: []quality.Component{
			{Key: "live_audience", Score: 100, Text: "10.5 % of followers reached a day", Facts: []quality.Fact{{Label: "live audience rate", Value: 0.105, Basis: "derived"}}},
			{Key: "follower_spikes", Score: 0, Text: "unexplained follower growth: 6028 followers on 1 occasion(s) without a rise in reach",
				Facts: []quality.Fact{{Label: "unexplained spikes", Value: 1, Basis: "derived"}, {Label: "unexplained follower growth", Value: 6028, Basis: "derived"}}},
			{Key: "engagement", Score: 64, Text: "too few similar creators measured", Facts: []quality.Fact{{Label: "engagement per view", Value: 0.0287, Basis: "derived"}}},
		},
		Spikes: []quality.Spike{{Day: day, Gain: 6028, Score: 613, Days: 1, Followers: 47920}}}
	if err := db.SaveAudienceQuality(context.Background(), acc, 50, reading, true, ""); err != nil {
		t.Fatal(err)
	}
	r = ask(t, db, user, "Why is my audience-quality lower?", "")
	wantSays(t, r, "Brands see an audience-quality reading of 50/100 on Instagram")
	wantSays(t, r, "It is lowest on follower growth (0/100): unexplained spikes 1, unexplained follower growth 6,028")
	wantSays(t, r, "On 2026-10-29 your Instagram followers rose by 6,028 while reach did not rise with them")
	wantSays(t, r, "add a note on it under What brands see")
	wantSays(t, r, "Request review")
	if strings.Contains(strings.ToLower(r.Answer), "fake") || strings.Contains(strings.ToLower(r.Answer), "fraud") {
		t.Fatalf("the answer judges intent: %s", r.Answer)
	}
}
