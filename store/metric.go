package store

import "math"

// The metrics glossary in code (docs/features/metrics.md): one function per
// metric, so two figures of different definitions never share a name.

// Engagements is likes + comments + shares.
func Engagements(likes, comments, shares int64) int64 { return likes + comments + shares }

// EngagementPerView is engagements / views × 100 (posts, results, the
// coach's "likes per view"), with two decimals; ok is false without views.
func EngagementPerView(engagements, views int64) (v float64, ok bool) {
	if views <= 0 {
		return 0, false
	}
	return math.Round(float64(engagements)/float64(views)*10000) / 100, true
}

// EngagementRate is engagements per post / followers × 100 (profiles and
// the network), with two decimals; ok is false without followers.
func EngagementRate(engagementsPerPost float64, followers int64) (v float64, ok bool) {
	if followers <= 0 {
		return 0, false
	}
	return math.Round(engagementsPerPost/float64(followers)*10000) / 100, true
}
