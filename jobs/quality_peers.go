package jobs

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"creatorcoach/jobs/quality"
	"creatorcoach/store"
)

// MinPeers is the smallest peer group a benchmark is read from; a smaller
// niche-and-tier group widens to the platform's tier, then to the platform,
// and below that the live audience is read against a flat 10 %.
const MinPeers = 10

// peerTTL is how long a peer group's figures are kept before they are read again.
const peerTTL = 6 * time.Hour

// peerCache keeps each peer group's benchmark for peerTTL (per worker process).
var peerCache = struct {
	sync.Mutex
	m map[peerKey]cachedBenchmark
}{m: map[peerKey]cachedBenchmark{}}

// peerKey is a peer group of one database.
type peerKey struct {
	db *store.DB
	g  store.QualityGroup
}

type cachedBenchmark struct {
	b  quality.Benchmark
	at time.Time
}

// qualityBenchmark returns the benchmark of g's peers: the niche and tier
// first, widened while fewer than MinPeers accounts are measured.
func (h *Handler) qualityBenchmark(ctx context.Context, g store.QualityGroup, now time.Time) (quality.Benchmark, error) {
	peerCache.Lock()
	key := peerKey{h.Store, g}
	c, ok := peerCache.m[key]
	peerCache.Unlock()
	if ok && now.Sub(c.at) < peerTTL {
		return c.b, nil
	}
	b := quality.Benchmark{Group: "fewer than 10 similar creators measured"}
	tries := []store.QualityGroup{g, {Platform: g.Platform, Tier: g.Tier}, {Platform: g.Platform}}
	for i, try := range tries {
		if i > 0 && try == tries[i-1] {
			continue
		}
		peers, err := h.Store.AudienceQualityPeers(ctx, try)
		if err != nil {
			return b, err
		}
		if len(peers) < MinPeers {
			continue
		}
		rates := make([]float64, 0, len(peers))
		for _, p := range peers {
			rates = append(rates, p.LiveRate)
			if p.EPV != nil {
				b.EngagementPV = append(b.EngagementPV, *p.EPV)
			}
		}
		slices.Sort(rates)
		b.MedianLiveRate = medianOf(rates)
		b.Peers, b.Group = len(peers), groupLabel(try)
		break
	}
	peerCache.Lock()
	peerCache.m[key] = cachedBenchmark{b, now}
	peerCache.Unlock()
	return b, nil
}

// medianOf is the median of sorted xs (0 for none).
func medianOf(xs []float64) float64 {
	n := len(xs)
	switch {
	case n == 0:
		return 0
	case n%2 == 1:
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// groupLabel names a peer group: "Instagram, travel, Mid"; a widened one says so.
func groupLabel(g store.QualityGroup) string {
	parts := []string{store.PlatformNames[g.Platform]}
	if g.Niche != "" {
		parts = append(parts, g.Niche)
	} else {
		parts = append(parts, "all niches")
	}
	if g.Tier != "" {
		parts = append(parts, g.Tier)
	} else {
		parts = append(parts, "all tiers")
	}
	return strings.Join(parts, ", ")
}
