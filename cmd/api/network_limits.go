package main

import (
	"net/http"
	"time"

	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// Defaults of NETWORK_PAGES_PER_DAY and NETWORK_PROFILES_PER_DAY (see app.Config).
const (
	defaultNetworkPagesPerDay    = 300
	defaultNetworkProfilesPerDay = 500
)

// networkLimit counts one read of the creator network (what: "pages" or
// "profiles") against the reader's brand: perDay a day, all its users
// together, so that no brand downloads the network. Past it the call answers
// 429 with Retry-After and networkLimit returns false. ADMIN is not counted.
func (s *server) networkLimit(w http.ResponseWriter, r *http.Request, what string, perDay, def int) bool {
	u := currentUser(r)
	if u.Role == store.RoleAdmin {
		return true
	}
	if perDay <= 0 {
		perDay = def
	}
	owner := "user:" + u.ID
	if u.BrandID.Valid {
		owner = "brand:" + u.BrandID.String
	}
	lim := redis_rate.Limit{Rate: perDay, Burst: perDay, Period: 24 * time.Hour}
	return s.rateLimit(w, r, rateKey{"network:" + what + ":" + owner, lim})
}
