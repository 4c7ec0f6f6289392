package store

import (
	"encoding/json"
	"testing"
)

// TestBuildProfile: a platform the linked account connected is verified
// and its following measured (and the largest following, tier and
// engagement with it); the others stay imported; the fee is the roster's
// estimate on the largest platform, with its method.
func TestBuildProfile(t *testing.T) {
	t.Parallel()
	n := func(v int64) *int64 { return &v }
	er := 2.5
	c := &Creator{Tier: TierMicro, EngagementRate: &er, Platforms: map[string]PlatformAccount{
		Instagram: {Handle: "ana", Followers: n(40_000)}, TikTok: {Handle: "ana_tt", Followers: n(30_000)}},
		Audience: &Audience{Gender: map[string]float64{"female": 70}}}

	imported := buildProfile(c, &engagementDoc{})
	if imported.Verified || len(imported.Trends) != 0 || imported.Followers != (Figure[int64]{40_000, BasisImported}) ||
		imported.EngagementRate.Basis != BasisImported || imported.Audience.Basis != BasisImported {
		t.Fatalf("imported %+v", imported)
	}
	if imported.Fee.Value != EstimateFee(Instagram, TierMicro, 40_000) || imported.Fee.Basis != BasisEstimated ||
		imported.Fee.Method != "One Instagram post: 40,000 followers × 1 expected impressions each at a $10 CPM, kept within the Micro tier's range of $50 to $500" {
		t.Fatalf("fee %+v", imported.Fee)
	}

	var eng engagementDoc
	if err := json.Unmarshal([]byte(`{"platform": [{"platform": "tiktok", "data": [{"followers": 61000}],
		"history": [{"date": "2026-11-25", "followers": 61000, "like": 900, "view": 12000}]}],
		"demographics": {"gender": [{"gender": "female", "share": 0.55}], "age": [{"range": "18-24", "share": 0.4}]}}`), &eng); err != nil {
		t.Fatal(err)
	}
	p := buildProfile(c, &eng)
	byPlatform := map[string]ProfilePlatform{}
	for _, pp := range p.Platforms {
		byPlatform[pp.Platform] = pp
	}
	if tt := byPlatform[TikTok]; !tt.Verified || *tt.Followers != (Figure[int64]{61_000, BasisMeasured}) || tt.Handle != "ana_tt" {
		t.Fatalf("tiktok %+v", tt)
	}
	if ig := byPlatform[Instagram]; ig.Verified || ig.Followers.Basis != BasisImported {
		t.Fatalf("instagram %+v", ig)
	}
	if !p.Verified || p.Followers != (Figure[int64]{61_000, BasisMeasured}) || p.Tier != (Figure[string]{TierMid, BasisMeasured}) ||
		p.EngagementRate.Basis != BasisMeasured || p.Fee.Platform != TikTok || p.Fee.Value != EstimateFee(TikTok, TierMid, 61_000) {
		t.Fatalf("verified %+v", p)
	}
	if p.Audience.Basis != BasisMeasured || p.Audience.Gender["female"] != 55 || p.Audience.Ages["18-24"] != 40 {
		t.Fatalf("audience %+v", p.Audience)
	}
	if len(p.Trends) != 1 || p.Trends[0].Days[0] != (TrendDay{"2026-11-25", 61_000, 900, 12_000}) {
		t.Fatalf("trends %+v", p.Trends)
	}
}
