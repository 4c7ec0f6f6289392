package main

import (
	"sync"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"golang.org/x/time/rate"
)

// localLimiter is the in-process stand-in for Redis's counters: one token
// bucket per key with the rate and burst of its redis_rate.Limit (a token
// bucket admits exactly what redis_rate's GCRA admits).
type localLimiter struct {
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	pruned  time.Time
}

// localPruneEvery is how often full buckets, which remember nothing, are dropped.
const localPruneEvery = time.Minute

func newLocalLimiter() *localLimiter {
	return &localLimiter{buckets: map[string]*rate.Limiter{}, pruned: time.Now()}
}

// allowN takes n tokens of key at now (n = 0 only looks).
func (l *localLimiter) allowN(key string, lim redis_rate.Limit, n int, now time.Time) rateResult {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.pruned) > localPruneEvery {
		l.prune(now)
	}
	b := l.buckets[key]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(float64(lim.Rate)/lim.Period.Seconds()), lim.Burst)
		l.buckets[key] = b
	}
	if n == 0 {
		left := int(b.TokensAt(now))
		res := rateResult{allowed: left > 0, remaining: left}
		if !res.allowed {
			res.retryAfter = tokenWait(b, now)
		}
		return res
	}
	if b.AllowN(now, n) {
		return rateResult{allowed: true, remaining: int(b.TokensAt(now))}
	}
	return rateResult{retryAfter: tokenWait(b, now)}
}

// tokenWait is how long until b holds one whole token.
func tokenWait(b *rate.Limiter, now time.Time) time.Duration {
	r := b.ReserveN(now, 1)
	defer r.CancelAt(now)
	return r.DelayFrom(now)
}

// prune drops the buckets that are full again.
func (l *localLimiter) prune(now time.Time) {
	for k, b := range l.buckets {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(l.buckets, k)
		}
	}
	l.pruned = now
}
