package store

import "testing"

// TestMaxFollowersFor: the ceiling is the first following whose cheapest
// post costs more than the cap.
func TestMaxFollowersFor(t *testing.T) {
	t.Parallel()
	cheapest := func(f int64) float64 {
		low := 1e18
		for _, p := range Platforms {
			low = min(low, EstimateFee(p, TierOf(f), f))
		}
		return low
	}
	for _, c := range []float64{100, 500, 1666, 2500, 12000} {
		f := maxFollowersFor(c)
		if f <= 0 || cheapest(f) <= c || cheapest(f-1) > c {
			t.Errorf("cap %v: ceiling %d (cheapest there %v, below %v)", c, f, cheapest(f), cheapest(f-1))
		}
	}
	if f := maxFollowersFor(1e9); f != 0 {
		t.Errorf("no ceiling expected, got %d", f)
	}
	if got := feeCap(20000, 20); got != 2000 {
		t.Errorf("fee cap %v", got)
	}
}
