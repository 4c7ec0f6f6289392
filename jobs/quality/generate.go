package quality

import (
	"math"
	"math/rand/v2"
	"time"
)

// Pattern labels a generated series for the backtest.
type Pattern string

// The labelled patterns of the backtest generator.
const (
	Organic  Pattern = "organic"  // steady growth
	Seasonal Pattern = "seasonal" // growth and reach rising and falling together
	Viral    Pattern = "viral"    // a post that went viral: followers and reach rise together
	Bought   Pattern = "bought"   // a follower jump without reach
	Drip     Pattern = "drip"     // a slow bot drip: extra followers for weeks, reach flat
	Pod      Pattern = "pod"      // an engagement pod: likes up, reach flat
	Purge    Pattern = "purge"    // the platform removes followers
)

// Patterns lists every pattern.
var Patterns = []Pattern{Organic, Seasonal, Viral, Bought, Drip, Pod, Purge}

// ShouldFlag says whether the pattern must show unexplained follower growth.
func (p Pattern) ShouldFlag() bool { return p == Bought || p == Drip }

// Generate builds a deterministic daily series of n days ending before
// end for the pattern, from seed (the same seed, the same series). reach
// says whether the platform reports reach (else only views).
func Generate(seed uint64, p Pattern, n int, end time.Time, reach bool) []Day {
	rng := rand.New(rand.NewPCG(seed, uint64(len(p))*0x9e3779b97f4a7c15))
	followers := math.Exp(7 + 6*rng.Float64()) // ~1k to ~400k
	growth := 0.0005 + 0.0025*rng.Float64()    // daily
	live := 0.03 + 0.15*rng.Float64()          // reach per follower a day
	likeRate := 0.02 + 0.06*rng.Float64()      // likes per view
	at := 30 + rng.IntN(n-45)                  // the day the pattern shows
	days := make([]Day, n)
	f := followers
	start := end.AddDate(0, 0, -n)
	for i := range days {
		season := 1.0
		if p == Seasonal {
			season = 1 + 0.6*math.Sin(2*math.Pi*float64(i)/float64(n))
		}
		actMul := season
		gainMul := season
		extra := 0.0
		likeMul := 1.0
		switch p {
		case Viral:
			if k := i - at; k >= 0 && k < 4 {
				m := []float64{10, 5, 2.5, 1.5}[k]
				actMul *= m
				gainMul *= m
			}
		case Bought:
			if i == at {
				extra = f * (0.03 + 0.12*rng.Float64())
			}
			if i > at {
				likeMul = 0.9
			}
		case Drip:
			if i >= at && i < at+14+rng.IntN(10) {
				extra = math.Max(8, f*growth*(3+4*rng.Float64()))
			}
		case Pod:
			if i >= at {
				likeMul = 2.5
			}
		case Purge:
			if i == at {
				extra = -f * (0.02 + 0.08*rng.Float64())
			}
		}
		mu := f * growth * gainMul
		gain := mu + rng.NormFloat64()*(math.Sqrt(mu)+0.25*mu) + extra
		f = math.Max(1, f+gain)
		act := f * live * actMul * math.Exp(0.2*rng.NormFloat64())
		views := act * (1.2 + 0.3*rng.Float64())
		likes := views * likeRate * likeMul * math.Exp(0.1*rng.NormFloat64())
		d := Day{Day: start.AddDate(0, 0, i), Followers: int64(f), Likes: int64(likes)}
		v := int64(views)
		d.Views = &v
		if reach {
			r := int64(act)
			e := int64(likes * 0.8)
			d.Reach, d.Engaged = &r, &e
		}
		days[i] = d
	}
	return days
}
