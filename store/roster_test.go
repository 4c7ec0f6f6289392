package store_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"creatorcoach/store"
)

func fp(f float64) *float64 { return &f }

// fixedBrief and fixedCandidates are the hand-checked scoring fixture.
var fixedBrief = store.RosterBrief{Niches: []string{"fitness & health"}, Gender: "female", AgeFrom: 18, AgeTo: 34,
	Location: "Berlin", Budget: 5000, Size: 3}

func fixedCandidates() []store.Candidate {
	return []store.Candidate{
		{ID: "b", Name: "Bo", Niche: "Travel", Location: "Berlin", Tier: "Mid", Followers: [4]int64{80_000, 0, 0, 0},
			EngagementRate: fp(2.0), Audience: map[string]float64{"female": 40, "male": 60}},
		{ID: "d", Name: "Di", Niche: "Fitness & Health", Location: "Munich", Tier: "Macro", Followers: [4]int64{0, 900_000, 0, 0},
			EngagementRate: fp(1.0), Audience: map[string]float64{}},
		{ID: "a", Name: "Al", Niche: "Fitness & Health", Location: "Berlin, Germany", Tier: "Mid", Followers: [4]int64{120_000, 0, 0, 0},
			EngagementRate: fp(4.1), Audience: map[string]float64{"female": 62, "male": 38},
			Ages: map[string]float64{"18-24": 30, "25-34": 28, "35-44": 20}},
		{ID: "e", Name: "Ed", Niche: "fitness & health", Location: "Berlin", Tier: "Mid", Followers: [4]int64{60_000, 0, 0, 0},
			Audience: map[string]float64{"female": 55}, Ages: map[string]float64{"13-17": 10, "18-24": 40}},
		{ID: "c", Name: "Cy", Niche: "Fitness & Health", Tier: "Micro", Followers: [4]int64{0, 0, 30_000, 0},
			EngagementRate: fp(6.0), Audience: map[string]float64{"female": 80}, Ages: map[string]float64{"18-24": 50, "25-34": 30}},
	}
}

type scored struct {
	ID       string
	Score    float64
	Fee      float64
	Platform string
	Points   map[string]float64
	Unknown  []string
	Reasons  []string
}

func summarize(picks []store.Pick) []scored {
	var out []scored
	for _, p := range picks {
		s := scored{ID: p.Candidate.ID, Score: p.Score, Fee: p.Fee, Platform: p.Platform, Points: map[string]float64{}, Reasons: p.Reasons}
		for _, part := range p.Parts {
			s.Points[part.Name] = part.Points
			if part.Value == nil {
				s.Unknown = append(s.Unknown, part.Name)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestScoreCandidates: the fixed set scores, ranks and explains as computed
// by hand; unknown data scores nothing.
func TestScoreCandidates(t *testing.T) {
	t.Parallel()
	got := summarize(store.ScoreCandidates(fixedBrief, fixedCandidates()))
	want := []scored{
		{ID: "a", Score: 89.4, Fee: 1200, Platform: "instagram",
			Points:  map[string]float64{"niche": 25, "gender": 17.7, "age": 16.6, "location": 10, "engagement": 10.1, "fee": 10},
			Reasons: []string{"Fitness & Health niche", "62% female audience", "58% of audience aged 18-34"}},
		{ID: "c", Score: 82.5, Fee: 190, Platform: "tiktok",
			Points:  map[string]float64{"niche": 25, "gender": 20, "age": 20, "location": 0, "engagement": 7.5, "fee": 10},
			Unknown: []string{"location"},
			Reasons: []string{"Fitness & Health niche", "80% female audience", "80% of audience aged 18-34"}},
		{ID: "e", Score: 72.1, Fee: 600, Platform: "instagram",
			Points:  map[string]float64{"niche": 25, "gender": 15.7, "age": 11.4, "location": 10, "engagement": 0, "fee": 10},
			Unknown: []string{"engagement"},
			Reasons: []string{"fitness & health niche", "55% female audience", "40% of audience aged 18-34"}},
		{ID: "b", Score: 36.3, Fee: 800, Platform: "instagram",
			Points:  map[string]float64{"niche": 0, "gender": 11.4, "age": 0, "location": 10, "engagement": 4.9, "fee": 10},
			Unknown: []string{"age"},
			Reasons: []string{"Based in Berlin", "Mid tier, est. $800 within budget"}},
		{ID: "d", Score: 33.7, Fee: 13500, Platform: "youtube",
			Points:  map[string]float64{"niche": 25, "gender": 0, "age": 0, "location": 0, "engagement": 7.5, "fee": 1.2},
			Unknown: []string{"gender", "age"},
			Reasons: []string{"Fitness & Health niche"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("scores (-want +got):\n%s", diff)
	}
}

// TestScoreCandidates_EngagementReason: the engagement reason names the
// creator's place among the tier's candidates.
func TestScoreCandidates_EngagementReason(t *testing.T) {
	t.Parallel()
	var cs []store.Candidate
	for i := range 10 {
		cs = append(cs, store.Candidate{ID: strconv.Itoa(i), Niche: "Gaming", Tier: "Mid", Followers: [4]int64{100_000, 0, 0, 0},
			EngagementRate: fp(float64(i + 1))})
	}
	picks := store.ScoreCandidates(store.RosterBrief{AgeFrom: 18, AgeTo: 30, Budget: 1000, Size: 1}, cs)
	if got := picks[0].Reasons; !slices.Contains(got, "10% engagement, top 10% of Mid creators") {
		t.Fatalf("reasons %q", got)
	}
	if got := picks[1].Reasons; !slices.Contains(got, "9% engagement, top 20% of Mid creators") {
		t.Fatalf("reasons %q", got)
	}
}

// TestScoreCandidates_PartsNotAsked: without niches, gender or location the
// score shares their weight among the other parts.
func TestScoreCandidates_PartsNotAsked(t *testing.T) {
	t.Parallel()
	b := fixedBrief
	b.Niches, b.Gender, b.Location = nil, "", ""
	p := store.ScoreCandidates(b, fixedCandidates())
	for _, pick := range p {
		var names []string
		var weights float64
		for _, part := range pick.Parts {
			names = append(names, part.Name)
			weights += part.Weight
		}
		if diff := cmp.Diff([]string{"age", "engagement", "fee"}, names); diff != "" {
			t.Fatalf("parts (-want +got):\n%s", diff)
		}
		if weights < 99.8 || weights > 100.2 { // each weight is rounded to a tenth
			t.Fatalf("weights add up to %v", weights)
		}
	}
}

// TestFitBudget_Fixed: the fixed set's best roster within the budget.
func TestFitBudget_Fixed(t *testing.T) {
	t.Parallel()
	picks := store.ScoreCandidates(fixedBrief, fixedCandidates())
	ids := func(ps []store.Pick) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Candidate.ID)
		}
		return out
	}
	for _, tt := range []struct {
		budget float64
		size   int
		want   []string
	}{
		{5000, 3, []string{"a", "c", "e"}},
		{1500, 3, []string{"a", "c"}},
		{20000, 5, []string{"a", "c", "e", "b", "d"}},
		{100, 3, nil},
	} {
		if diff := cmp.Diff(tt.want, ids(store.FitBudget(picks, tt.budget, tt.size))); diff != "" {
			t.Errorf("budget %v size %d (-want +got):\n%s", tt.budget, tt.size, diff)
		}
	}
}

// TestFitBudget_BruteForce: on many small random sets, no subset within
// budget and size has a better total than the fit, and the fit never
// exceeds the budget.
func TestFitBudget_BruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 2026))
	for trial := range 300 {
		n := 1 + rng.IntN(12)
		picks := make([]store.Pick, n)
		for i := range picks {
			picks[i] = store.Pick{Candidate: &store.Candidate{ID: strconv.Itoa(i)},
				Fee: float64(10 * (1 + rng.IntN(300))), Score: float64(rng.IntN(1001)) / 10}
		}
		slices.SortStableFunc(picks, func(x, y store.Pick) int { return int(y.Score*10 - x.Score*10) })
		budget := float64(rng.IntN(3000))
		size := 1 + rng.IntN(6)
		got := store.FitBudget(picks, budget, size)
		var gotScore, gotFee float64
		for _, p := range got {
			gotScore += p.Score
			gotFee += p.Fee
		}
		if gotFee > budget || len(got) > size {
			t.Fatalf("trial %d: fit costs %v of %v with %d of %d entries", trial, gotFee, budget, len(got), size)
		}
		best := 0.0
		for mask := 0; mask < 1<<n; mask++ {
			var s, f float64
			k := 0
			for i := range n {
				if mask&(1<<i) != 0 {
					s, f, k = s+picks[i].Score, f+picks[i].Fee, k+1
				}
			}
			if f <= budget && k <= size && s > best {
				best = s
			}
		}
		if gotScore+1e-6 < best {
			t.Fatalf("trial %d: fit totals %v, brute force finds %v", trial, gotScore, best)
		}
	}
}

// TestEstimateFee: impressions × CPM, clamped into the tier's range.
func TestEstimateFee(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		platform, tier string
		followers      int64
		want           float64
	}{
		{"instagram", "Mid", 120_000, 1200},
		{"instagram", "Micro", 2_000, 50},
		{"instagram", "Macro", 10_000_000, 25_000},
		{"tiktok", "Micro", 30_000, 190},
		{"youtube", "Mid", 200_000, 3000},
		{"linkedin", "Mid", 60_000, 900},
	} {
		if got := store.EstimateFee(tt.platform, tt.tier, tt.followers); got != tt.want {
			t.Errorf("%s %s %d: got %v, want %v", tt.platform, tt.tier, tt.followers, got, tt.want)
		}
	}
}
