package store

import "testing"

// TestTierOf: tiers by the largest following: Micro below 50,000, Mid from
// 50,000 to 499,999, Macro from 500,000.
func TestTierOf(t *testing.T) {
	t.Parallel()
	for followers, want := range map[int64]string{0: TierMicro, 999: TierMicro, 49_999: TierMicro, 50_000: TierMid,
		499_999: TierMid, 500_000: TierMacro, 600_000: TierMacro} {
		if got := TierOf(followers); got != want {
			t.Errorf("TierOf(%d) = %s, want %s", followers, got, want)
		}
	}
}
