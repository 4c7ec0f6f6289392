// Package sandbox is an offline stand-in for the four social platforms: it
// speaks their OAuth and data wire formats (as jobs/social calls them) under
// /{platform}/, with deterministic synthetic history per handle (growth, a
// weekly rhythm, viral spikes), short-lived tokens, rate-limit headers and
// switches that make it answer 429, 401, a missing scope, an expired refresh
// token or a malformed answer. Each handle has a post history, and
// POST /{platform}/posts publishes a post (posts.go). The api mounts it under /sandbox when
// SOCIAL_SANDBOX=1; tests serve it in-process with httptest.
package sandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
)

// Failure modes a switch sets for one handle on one platform.
const (
	ModeRateLimit      = "rate_limit"      // data calls answer the platform's 429
	ModeRevoked        = "revoked"         // data calls answer 401 (token revoked)
	ModeMissingScope   = "missing_scope"   // data calls answer the platform's permission error
	ModeExpiredRefresh = "expired_refresh" // refresh grants answer invalid_grant
	ModeMalformed      = "malformed"       // data calls answer broken JSON
)

// Server is the sandbox. Its zero value is not usable; call New.
type Server struct {
	// Now is the sandbox's clock (tests move it).
	Now func() time.Time
	// AccessTTL is the lifetime of access tokens (Instagram's long-lived ones live LongTTL).
	AccessTTL, LongTTL, RefreshTTL time.Duration
	// RetryAfter is what a 429 asks the client to wait.
	RetryAfter time.Duration
	// Callback is where the consent page may send the browser back: the
	// api's callback base (PUBLIC_URL + "/api/accounts/callback/"), to which
	// the platform's id is appended. The consent page refuses any other
	// redirect_uri, and every one while Callback is empty.
	Callback string

	secret   []byte
	mu       sync.Mutex
	switches map[string]string      // platform/handle → mode
	revoked  map[string]bool        // revoked grant ids
	calls    map[string]int         // platform → data calls answered
	posts    map[string][]Published // platform/handle → published posts (Publish)
}

// New returns a sandbox with the usual lifetimes: access tokens 1 hour,
// Instagram long-lived tokens 60 days, refresh tokens 1 year.
func New() *Server {
	return &Server{Now: time.Now, AccessTTL: time.Hour, LongTTL: 60 * 24 * time.Hour, RefreshTTL: 365 * 24 * time.Hour,
		RetryAfter: 30 * time.Second, secret: []byte("creatorcoach social sandbox"),
		switches: map[string]string{}, revoked: map[string]bool{}, calls: map[string]int{}}
}

// Switch sets (mode "" clears) a failure mode for handle on platform.
func (s *Server) Switch(platform, handle, mode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if mode == "" {
		delete(s.switches, platform+"/"+handle)
		return
	}
	s.switches[platform+"/"+handle] = mode
}

func (s *Server) mode(platform, handle string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.switches[platform+"/"+handle]
}

// Calls returns how many data calls platform has answered.
func (s *Server) Calls(platform string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[platform]
}

func (s *Server) count(platform string) {
	s.mu.Lock()
	s.calls[platform]++
	s.mu.Unlock()
}

// Handler serves every platform under /{platform}/.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	s.instagramRoutes(r)
	s.youtubeRoutes(r)
	s.tiktokRoutes(r)
	s.linkedinRoutes(r)
	r.Post("/{platform}/switch", s.setSwitch)
	r.Post("/{platform}/posts", s.publish)
	return r
}

// setSwitch answers POST /{platform}/switch?handle=&mode= (mode empty clears).
func (s *Server) setSwitch(w http.ResponseWriter, r *http.Request) {
	mode := r.URL.Query().Get("mode")
	switch mode {
	case "", ModeRateLimit, ModeRevoked, ModeMissingScope, ModeExpiredRefresh, ModeMalformed:
	default:
		http.Error(w, "unknown mode", http.StatusBadRequest)
		return
	}
	s.Switch(chi.URLParam(r, "platform"), r.URL.Query().Get("handle"), mode)
	w.WriteHeader(http.StatusNoContent)
}

// grant is what a code or token carries, signed: the sandbox keeps no
// state for them, so they survive restarts of the api.
type grant struct {
	Platform  string `json:"p"`
	Handle    string `json:"h"`
	Kind      string `json:"k"` // code, short, access, refresh
	Scopes    string `json:"s"`
	Expires   int64  `json:"e"`
	Challenge string `json:"c,omitempty"`
	Redirect  string `json:"r,omitempty"`
	ID        string `json:"i"` // the grant's id, shared by a code and its tokens
	Issued    int64  `json:"t"`
}

func (s *Server) sign(g grant) string {
	raw, _ := json.Marshal(g)
	body := base64.RawURLEncoding.EncodeToString(raw)
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(body))
	return body + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

var errBadToken = errors.New("invalid token")

// open checks a signed value of kind for platform: signature, expiry, revocation.
func (s *Server) open(v, platform, kind string) (grant, error) {
	body, sig, ok := strings.Cut(v, ".")
	mac := hmac.New(sha256.New, s.secret)
	mac.Write([]byte(body))
	want := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
	var g grant
	if !ok || !hmac.Equal([]byte(sig), []byte(want)) {
		return g, errBadToken
	}
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || json.Unmarshal(raw, &g) != nil || g.Platform != platform || g.Kind != kind {
		return g, errBadToken
	}
	if s.Now().Unix() > g.Expires {
		return g, errors.New("token expired")
	}
	s.mu.Lock()
	revoked := s.revoked[g.ID]
	s.mu.Unlock()
	if revoked {
		return g, errors.New("token revoked")
	}
	return g, nil
}

// issue makes a token of kind from g living ttl.
func (s *Server) issue(g grant, kind string, ttl time.Duration) string {
	g.Kind, g.Challenge, g.Redirect = kind, "", ""
	g.Issued = s.Now().UnixNano()
	g.Expires = s.Now().Add(ttl).Unix()
	return s.sign(g)
}

func (s *Server) revoke(id string) {
	s.mu.Lock()
	s.revoked[id] = true
	s.mu.Unlock()
}

// bearer reads the Authorization header's token.
func bearer(r *http.Request) string {
	return strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
}

func hasScope(scopes, want string) bool {
	for _, s := range strings.FieldsFunc(scopes, func(r rune) bool { return r == ',' || r == ' ' }) {
		if s == want {
			return true
		}
	}
	return false
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// malformed writes an answer cut short.
func malformed(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	_, _ = w.Write([]byte(`{"data": [{"name": "views", "values": [`))
}

func (s *Server) retrySeconds() string { return strconv.Itoa(max(1, int(s.RetryAfter.Seconds()))) }
