package store

import (
	"fmt"
	"math"
	"strings"
)

// feeRate is how one platform prices a post: expected impressions per
// follower, the price per thousand impressions (CPM) and the per-post price
// range of each tier (Micro, Mid, Macro), in US dollars.
type feeRate struct {
	reach float64
	cpm   float64
	min   [3]float64
	max   [3]float64
}

// feeTable holds every constant of the fee estimate. Source: published
// industry rate cards for sponsored posts (2024-2025): CPM about $5-15 on
// Instagram and TikTok and $15-30 on YouTube (LinkedIn's B2B audience sells
// at $20-40); the rule of thumb "$10 per 1,000 Instagram followers" is a
// reach of one impression per follower at $10 CPM. Per-post ranges by tier
// follow the same cards: Instagram Micro $50-500, Mid $500-5,000, Macro
// $5,000-25,000; TikTok a little lower; YouTube integrations higher.
var feeTable = map[string]feeRate{
	Instagram: {reach: 1.0, cpm: 10, min: [3]float64{50, 500, 5_000}, max: [3]float64{500, 5_000, 25_000}},
	TikTok:    {reach: 0.8, cpm: 8, min: [3]float64{25, 400, 4_000}, max: [3]float64{400, 4_000, 20_000}},
	YouTube:   {reach: 0.6, cpm: 25, min: [3]float64{100, 1_500, 10_000}, max: [3]float64{1_500, 10_000, 40_000}},
	LinkedIn:  {reach: 0.5, cpm: 30, min: [3]float64{100, 800, 5_000}, max: [3]float64{800, 5_000, 15_000}},
}

// FeeStep is the rounding unit of fee estimates, in dollars; budget fitting
// counts in this unit, so it is exact on the estimates it fits.
const FeeStep = 10

func tierIndex(tier string) int {
	switch tier {
	case TierMacro:
		return 2
	case TierMid:
		return 1
	}
	return 0
}

// LargestPlatform returns the platform (in Platforms order on a tie) with the
// largest following among followers (by Platforms index) and that following.
func LargestPlatform(followers [4]int64) (string, int64) {
	best := 0
	for i := range followers {
		if followers[i] > followers[best] {
			best = i
		}
	}
	return Platforms[best], followers[best]
}

// EstimateFee is the price of one post on platform for a creator of tier
// with followers there: expected impressions × the platform's CPM, clamped
// into the tier's per-post range and rounded to FeeStep dollars.
func EstimateFee(platform, tier string, followers int64) float64 {
	r, ok := feeTable[platform]
	if !ok {
		r = feeTable[Instagram]
	}
	t := tierIndex(tier)
	fee := float64(followers) * r.reach / 1000 * r.cpm
	fee = math.Min(math.Max(fee, r.min[t]), r.max[t])
	return math.Round(fee/FeeStep) * FeeStep
}

// EstimateCreatorFee is a creator's fee estimate, as rosters and the
// creator profile show it: one post on the platform of their largest
// following (LargestPlatform), priced by EstimateFee.
func EstimateCreatorFee(followers [4]int64, tier string) (platform string, fee float64) {
	platform, n := LargestPlatform(followers)
	return platform, EstimateFee(platform, tier, n)
}

// FeeMethod says in words how EstimateCreatorFee priced a post on platform
// for a creator of tier with followers there.
func FeeMethod(platform, tier string, followers int64) string {
	r, ok := feeTable[platform]
	if !ok {
		platform, r = Instagram, feeTable[Instagram]
	}
	t := tierIndex(tier)
	return fmt.Sprintf("One %s post: %s followers × %s expected impressions each at a %s CPM, kept within the %s tier's range of %s to %s",
		PlatformNames[platform], strings.TrimPrefix(Dollars(float64(followers)), "$"), trimNumber(r.reach, 2), Dollars(r.cpm), tier, Dollars(r.min[t]), Dollars(r.max[t]))
}
