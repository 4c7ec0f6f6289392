package main

import (
	"fmt"
	"net"
	"net/http"
	"strconv"

	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// Limits on calls that send mail or check a secret, kept in Redis so that
// every api replica shares them.
var (
	limitMailPerEmail   = redis_rate.PerHour(10)
	limitMailPerIP      = redis_rate.PerHour(60)
	limitSecretPerIP    = redis_rate.PerMinute(60)
	limitSecretPerEmail = redis_rate.PerMinute(20)
)

type rateKey struct {
	key   string
	limit redis_rate.Limit
}

// clientIP is the peer address; forwarded headers are not trusted, since a
// client could forge them to escape the limits.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// rateLimit checks every key and answers 429 with Retry-After when one is
// exhausted; it returns false then. A Redis failure fails closed.
func (s *server) rateLimit(w http.ResponseWriter, r *http.Request, keys ...rateKey) bool {
	for _, k := range keys {
		res, err := s.limiter.Allow(r.Context(), "rl:"+k.key, k.limit)
		if err != nil {
			s.writeError(w, r, fmt.Errorf("rate limit %s: %w", k.key, err))
			return false
		}
		if res.Allowed == 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(res.RetryAfter.Seconds())+1))
			s.writeError(w, r, store.Errorf(store.ERATELIMITED, "Too many attempts. Please try again later."))
			return false
		}
	}
	return true
}

// mailLimits limit calls that send a code to email.
func mailLimits(r *http.Request, email string) []rateKey {
	return []rateKey{
		{"mail:ip:" + clientIP(r), limitMailPerIP},
		{"mail:email:" + store.NormalizeEmail(email), limitMailPerEmail},
	}
}

// secretLimits limit calls that check a password, code or token for email.
func secretLimits(r *http.Request, email string) []rateKey {
	keys := []rateKey{{"secret:ip:" + clientIP(r), limitSecretPerIP}}
	if email != "" {
		keys = append(keys, rateKey{"secret:email:" + store.NormalizeEmail(email), limitSecretPerEmail})
	}
	return keys
}
