package main

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"creatorcoach/store"
)

// accessTTL is the lifetime of an access token; the session it names is
// checked on every request, so logout takes effect at once anyway.
const accessTTL = 15 * time.Minute

type claims struct {
	jwt.RegisteredClaims
	SessionID string `json:"sid"`
	Role      string `json:"role"`
}

// tokens is the answer of every call that signs a user in.
type tokens struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
}

func (s *server) issueTokens(sess *store.Session, role string) (tokens, error) {
	now := s.store.Now()
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    "creatorcoach",
			Subject:   sess.UserID,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(accessTTL)),
		},
		SessionID: sess.ID,
		Role:      role,
	}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(s.cfg.JWTSecret))
	return tokens{AccessToken: signed, RefreshToken: sess.RefreshToken}, err
}

// parseAccess checks the signature (HS256 only), issuer and expiry.
// Verified tokens are remembered (see tokenCache), so a client's repeated
// calls skip the JSON decoding; expiry is checked again on every use.
func (s *server) parseAccess(raw string) (*claims, error) {
	if c := s.verified.get(raw); c != nil {
		if c.ExpiresAt.After(s.store.Now()) {
			return c, nil
		}
		return nil, jwt.ErrTokenExpired
	}
	var c claims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return []byte(s.cfg.JWTSecret), nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithIssuer("creatorcoach"),
		jwt.WithExpirationRequired(), jwt.WithTimeFunc(s.store.Now))
	if err != nil {
		return nil, err
	}
	s.verified.put(raw, &c)
	return &c, nil
}

// tokenCache holds the claims of access tokens whose signature was already
// verified. It is bounded: when full it starts over.
type tokenCache struct {
	mu sync.RWMutex
	m  map[string]*claims
}

const tokenCacheSize = 50_000

func (t *tokenCache) get(raw string) *claims {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.m[raw]
}

func (t *tokenCache) put(raw string, c *claims) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil || len(t.m) >= tokenCacheSize {
		t.m = make(map[string]*claims)
	}
	t.m[raw] = c
}

var errUnauthenticated = store.Errorf(store.EUNAUTHORIZED, "Unauthenticated")

// authenticate loads the user of the bearer token's live session.
func (s *server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			s.writeError(w, r, errUnauthenticated)
			return
		}
		c, err := s.parseAccess(strings.TrimSpace(raw))
		if err != nil {
			s.writeError(w, r, errUnauthenticated)
			return
		}
		u, err := s.store.Authenticate(r.Context(), c.SessionID)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		i := info(r)
		i.user, i.session = u, c.SessionID
		next.ServeHTTP(w, r)
	})
}

// allow admits only the given roles (after authenticate); others get 403.
func (s *server) allow(roles ...string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !slices.Contains(roles, currentUser(r).Role) {
				s.writeError(w, r, store.Errorf(store.EFORBIDDEN, "You don't have permission to do this"))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func currentUser(r *http.Request) *store.User { return info(r).user }

func currentSession(r *http.Request) string { return info(r).session }

// Role groups: every role; and the roles with account settings (all but BRAND_VIEWER).
var (
	allRoles      = []string{store.RoleUser, store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}
	settingsRoles = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleUser}
)
