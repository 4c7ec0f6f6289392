package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
)

// Limits on calls that send mail or check a secret, kept in Redis so that
// every api replica shares them.
var (
	limitMailPerEmail   = redis_rate.PerHour(10)
	limitMailPerIP      = redis_rate.PerHour(60)
	limitSecretPerIP    = redis_rate.PerMinute(60)
	limitSecretPerEmail = redis_rate.PerMinute(20)
	// limitOpsFailures is how many wrong passwords a client may send to the
	// operator pages: 10 at once, then one a minute.
	limitOpsFailures = redis_rate.Limit{Rate: 10, Burst: 10, Period: 10 * time.Minute}
)

type rateKey struct {
	key   string
	limit redis_rate.Limit
}

// Redis outage handling of the limiter.
const (
	// redisLimitTimeout bounds one Redis check, so a hung Redis costs a
	// request at most this much before the in-process limiter answers.
	redisLimitTimeout = 300 * time.Millisecond
	// redisRetryEvery is how long the limiter stays in-process after a
	// Redis failure before it asks Redis again.
	redisRetryEvery = time.Second
)

// limiter counts rate-limited calls in Redis, shared by every api replica.
// While Redis is unreachable it counts in process (per replica, same rules),
// so no call fails for it, and it returns to Redis once Redis answers again.
type limiter struct {
	redis      *redis_rate.Limiter
	local      *localLimiter
	log        *slog.Logger
	downUntil  atomic.Int64 // unix nanoseconds: Redis is not asked before then
	down       atomic.Bool  // the last Redis check failed
	retryEvery time.Duration
}

func newLimiter(rdb *redis.Client, log *slog.Logger) *limiter {
	return &limiter{redis: redis_rate.NewLimiter(rdb), local: newLocalLimiter(), log: log, retryEvery: redisRetryEvery}
}

// rateResult is the outcome of one check: allowed, the tokens left, and
// when the next call would be allowed.
type rateResult struct {
	allowed    bool
	remaining  int
	retryAfter time.Duration
}

// allowN takes n tokens of key (n = 0 only looks).
func (l *limiter) allowN(ctx context.Context, key string, lim redis_rate.Limit, n int) rateResult {
	now := time.Now()
	if now.UnixNano() >= l.downUntil.Load() {
		rctx, cancel := context.WithTimeout(ctx, redisLimitTimeout)
		res, err := l.redis.AllowN(rctx, "rl:"+key, lim, n)
		cancel()
		if err == nil {
			if l.down.Swap(false) {
				l.log.Info("rate limits back on Redis")
			}
			allowed := res.Allowed > 0
			if n == 0 {
				allowed = res.Remaining > 0
			}
			return rateResult{allowed: allowed, remaining: res.Remaining, retryAfter: res.RetryAfter}
		}
		if ctx.Err() == nil {
			l.downUntil.Store(now.Add(l.retryEvery).UnixNano())
			if !l.down.Swap(true) {
				l.log.Warn("rate limits: Redis unreachable, counting in process", "err", err)
			}
		}
	}
	return l.local.allowN(key, lim, n, now)
}

// rateLimit checks every key and answers 429 with Retry-After when one is
// exhausted; it returns false then.
func (s *server) rateLimit(w http.ResponseWriter, r *http.Request, keys ...rateKey) bool {
	for _, k := range keys {
		if res := s.limiter.allowN(r.Context(), k.key, k.limit, 1); !res.allowed {
			tooMany(w, r, s, res.retryAfter)
			return false
		}
	}
	return true
}

func tooMany(w http.ResponseWriter, r *http.Request, s *server, retryAfter time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(retryAfter.Seconds())+1))
	s.writeError(w, r, store.Errorf(store.ERATELIMITED, "Too many attempts. Please try again later."))
}

// mailLimits limit calls that send a code to email.
func mailLimits(r *http.Request, email string) []rateKey {
	return []rateKey{
		{"mail:ip:" + clientNet(r), limitMailPerIP},
		{"mail:email:" + store.NormalizeEmail(email), limitMailPerEmail},
	}
}

// secretLimits limit calls that check a password, code or token for email.
func secretLimits(r *http.Request, email string) []rateKey {
	keys := []rateKey{{"secret:ip:" + clientNet(r), limitSecretPerIP}}
	if email != "" {
		keys = append(keys, rateKey{"secret:email:" + store.NormalizeEmail(email), limitSecretPerEmail})
	}
	return keys
}

// opsFailureKey counts a client's wrong passwords on the operator pages.
func opsFailureKey(r *http.Request) string { return fmt.Sprintf("ops:fail:%s", clientNet(r)) }
