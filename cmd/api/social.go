package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"
	"golang.org/x/oauth2"

	"creatorcoach/cmd/internal/socialsetup"
	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// socialDeps are the api's social connectors and their set-up (with the
// sandbox it serves when SOCIAL_SANDBOX=1).
type socialDeps struct {
	syncer *jobs.Syncer
	conns  map[string]social.Connector
	setup  socialsetup.Setup
}

// useSocial wires the connectors of set (and serves its sandbox, if any).
func (s *server) useSocial(set socialsetup.Setup) {
	syncer := jobs.NewSyncer(set.Config, nil)
	s.social = &socialDeps{syncer: syncer, conns: syncer.Connectors, setup: set}
}

// Per-user limits of the social calls that make work: connect states (each
// a row and a consent page) and "sync now" (each a run of platform calls).
var (
	limitConnect = redis_rate.Limit{Rate: 30, Burst: 10, Period: time.Hour}
	limitSync    = redis_rate.Limit{Rate: 20, Burst: 5, Period: time.Hour}
)

// msgChoosePlatform is the message of a call naming no platform.
var msgChoosePlatform = "Please choose " + store.PlatformNameList("or") + "."

// accountReaders may read accounts and engagement: the creator, and ADMIN
// (read-only, any creator's through ?userId=).
var accountReaders = []string{store.RoleUser, store.RoleAdmin}

// socialRoutes mounts the social accounts calls (and the sandbox, when on).
func (s *server) socialRoutes(r, signedIn chi.Router) {
	if s.social == nil {
		return
	}
	r.Get("/accounts/callback/{platform}", s.accountCallback)
	r.Get("/accounts/logos/{file}", s.platformLogo)
	signedIn.With(s.allow(allRoles...)).Get("/accounts/platform", s.listPlatforms)
	signedIn.With(s.allow(accountReaders...)).Get("/accounts", s.listAccounts)
	signedIn.With(s.allow(accountReaders...)).Get("/accounts/engagement", s.engagement)
	signedIn.With(s.allow(store.RoleUser)).Post("/accounts", s.authorizeAccount)
	signedIn.With(s.allow(store.RoleUser)).Post("/accounts/token", s.accountToken)
	signedIn.With(s.allow(store.RoleUser)).Post("/accounts/{id}/sync", s.syncAccount)
	signedIn.With(s.allow(store.RoleUser)).Delete("/accounts/{id}", s.disconnectAccount)
}

// mountSandbox serves the platform stand-ins under /sandbox when SOCIAL_SANDBOX=1.
func (s *server) mountSandbox(r chi.Router) {
	if s.social != nil {
		s.social.setup.Mount(r)
	}
}

// listPlatforms answers GET /api/accounts/platform: {platforms: [{id, name, logo_url}]}.
func (s *server) listPlatforms(w http.ResponseWriter, r *http.Request) {
	out := make([]map[string]string, 0, len(store.Platforms))
	for _, p := range store.Platforms {
		out = append(out, map[string]string{"id": p, "name": store.PlatformNames[p], "logo_url": "/api/accounts/logos/" + p + ".svg"})
	}
	respond(w, http.StatusOK, map[string]any{"platforms": out})
}

// platformLogo serves GET /api/accounts/logos/{platform}.svg (public, cacheable).
func (s *server) platformLogo(w http.ResponseWriter, r *http.Request) {
	file := chi.URLParam(r, "file")
	logo := social.Logo(file[:max(0, len(file)-len(".svg"))])
	if logo == nil || file[len(file)-4:] != ".svg" {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, "Logo not found"))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	_, _ = w.Write(logo)
}

// authorizeAccount answers POST /api/accounts {"id": platform} with
// {"url"}: the platform's consent page, with a state bound to the caller
// (and a PKCE challenge where the platform takes one).
func (s *server) authorizeAccount(w http.ResponseWriter, r *http.Request) {
	var body struct {
		ID string `json:"id"`
	}
	if !s.decode(w, r, &body) || !s.rateLimit(w, r, rateKey{"connect:user:" + currentUser(r).ID, limitConnect}) {
		return
	}
	conn := s.social.conns[body.ID]
	if conn == nil {
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: msgChoosePlatform, Fields: map[string]string{"id": store.MsgPlatformChoice}})
		return
	}
	state := randomToken()
	verifier := ""
	if conn.PKCE() {
		verifier = oauth2.GenerateVerifier()
	}
	sealed, err := s.social.syncer.Sealer.Seal(verifier)
	if err == nil {
		err = s.store.SaveOAuthState(r.Context(), hashState(state), currentUser(r).ID, body.ID, sealed)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]string{"url": conn.AuthURL(state, verifier)})
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashState(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

// connect completes an authorization of userID: it uses up the state (which
// must be userID's), exchanges the code, learns whose platform account it is
// (one creator's at most: ECONFLICT otherwise), stores the account with its
// sealed tokens and queues its first sync, whose job it returns.
func (s *server) connect(ctx context.Context, platform, code, state, userID string) (*store.Job, error) {
	conn := s.social.conns[platform]
	if conn == nil {
		return nil, store.Errorf(store.ENOTFOUND, "Unknown platform")
	}
	if state == "" || code == "" {
		return nil, &store.Error{Code: store.EINVALID, Message: "The platform's answer lacks its code or state. Please connect again.",
			Fields: map[string]string{"code": "Required", "state": "Required"}}
	}
	owner, sealedVerifier, err := s.store.TakeOAuthState(ctx, hashState(state), platform, userID)
	if err != nil {
		return nil, err
	}
	verifier, err := s.social.syncer.Sealer.Open(sealedVerifier)
	if err != nil {
		return nil, err
	}
	tok, err := conn.Exchange(ctx, code, verifier)
	if err != nil {
		return nil, grantError(err)
	}
	who, err := conn.Identify(ctx, tok)
	if err != nil {
		return nil, grantError(err)
	}
	sealed, err := s.social.syncer.SealTokens(tok)
	if err != nil {
		return nil, err
	}
	// A refused grant is dropped, not revoked: at some platforms revoking it
	// would revoke the grant of the creator who holds the account too.
	return s.store.ConnectSocialAccount(ctx, store.SocialConnection{UserID: owner, Platform: platform, Tokens: sealed,
		ExternalID: who.ExternalID, Username: who.Username, FullName: who.FullName}, jobs.NewSocialSyncTask)
}

// accountCallback is where the platform sends the browser back
// (GET /api/accounts/callback/{platform}?code=&state=, or ?error=). It is
// public, so it connects nothing: it hands code and state to the web app at
// /dashboard?connect=<platform>&code=&state=, which finishes the link as the
// signed-in creator through POST /api/accounts/token (the state must be
// theirs). A refusal at the platform uses up the state and sends the browser
// to /dashboard?connectError=<message>.
func (s *server) accountCallback(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	q := r.URL.Query()
	platform := chi.URLParam(r, "platform")
	fail := func(msg string) {
		http.Redirect(w, r, "/dashboard?connectError="+url.QueryEscape(msg), http.StatusFound)
	}
	if e := q.Get("error"); e != "" {
		_, _, _ = s.store.TakeOAuthState(r.Context(), hashState(q.Get("state")), platform, "")
		fail(store.PlatformNames[platform] + " access was not granted.")
		return
	}
	if !store.IsPlatform(platform) {
		fail("Unknown platform.")
		return
	}
	if q.Get("code") == "" || q.Get("state") == "" {
		fail("The platform's answer lacks its code or state. Please connect again.")
		return
	}
	hand := url.Values{"connect": {platform}, "code": {q.Get("code")}, "state": {q.Get("state")}}
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, "/dashboard?"+hand.Encode(), http.StatusFound)
}

// accountToken answers POST /api/accounts/token {"platform", "code",
// "state"}: the web app finishes a link with what the callback handed it.
// The state must be one the caller started (422 otherwise); a platform
// account another creator holds is 409; 201 with {"job"} (the first sync).
func (s *server) accountToken(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Platform string `json:"platform"`
		Code     string `json:"code"`
		State    string `json:"state"`
	}
	if !s.decode(w, r, &body) || !s.rateLimit(w, r, secretLimits(r, "")...) {
		return
	}
	if !store.IsPlatform(body.Platform) {
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: msgChoosePlatform, Fields: map[string]string{"platform": store.MsgPlatformChoice}})
		return
	}
	job, err := s.connect(r.Context(), body.Platform, body.Code, body.State, currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"job": job})
}

// readUserID is whose accounts a reader sees: the creator's own; an ADMIN
// names a creator with ?userId=.
func readUserID(r *http.Request) string {
	u := currentUser(r)
	if u.Role == store.RoleAdmin {
		return r.URL.Query().Get("userId")
	}
	return u.ID
}

// listAccounts answers GET /api/accounts with {accounts: [...],
// disconnected: [...]} (the accounts disconnected since, history kept).
func (s *server) listAccounts(w http.ResponseWriter, r *http.Request) {
	items, gone, err := s.store.ListSocialAccounts(r.Context(), readUserID(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	body := append(append([]byte(`{"data":{"accounts":`), items...), `,"disconnected":`...)
	writeBody(w, http.StatusOK, append(append(body, gone...), "}}\n"...))
}

// engagement answers GET /api/accounts/engagement?platform=&days= (days
// 1-365, default 30) with {engagement: {platform: [...], demographics}}.
func (s *server) engagement(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	platform, days := q.Get("platform"), 30
	fe := map[string]string{}
	if platform != "" && !store.IsPlatform(platform) {
		fe["platform"] = store.MsgPlatformChoice
	}
	if v := q.Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 365 {
			fe["days"] = "Must be a number of days from 1 to 365"
		}
		days = n
	}
	if len(fe) > 0 {
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: "Please correct the highlighted fields", Fields: fe})
		return
	}
	doc, err := s.store.SocialEngagement(r.Context(), readUserID(r), platform, days)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeBody(w, http.StatusOK, append(append([]byte(`{"data":{"engagement":`), doc...), "}}\n"...))
}

// syncAccount answers POST /api/accounts/{id}/sync with 202 and the sync
// job (the running one, when a sync is already under way); 429 past the
// creator's limit. A scheduled sync running at the same time is waited for
// (jobs: store.LockSocialSyncs).
func (s *server) syncAccount(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"sync:user:" + currentUser(r).ID, limitSync}) {
		return
	}
	job, err := s.store.StartSocialSync(r.Context(), currentUser(r).ID, chi.URLParam(r, "id"), jobs.NewSocialSyncTask)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"job": job})
}

// disconnectAccount answers DELETE /api/accounts/{id}: the tokens are
// revoked at the platform where it offers revocation (a failure there is
// logged, never blocking) and deleted; the history stays.
func (s *server) disconnectAccount(w http.ResponseWriter, r *http.Request) {
	platform, sealed, err := s.store.DisconnectSocialAccount(r.Context(), currentUser(r).ID, chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if sealed != nil {
		if tok, err := s.social.syncer.OpenTokens(sealed); err == nil {
			err = s.social.conns[platform].Revoke(r.Context(), tok)
			if err != nil {
				s.log.Warn("revoke social token", "platform", platform, "err", err)
			}
		}
	}
	respond(w, http.StatusOK, map[string]string{"message": store.PlatformNames[platform] + " disconnected"})
}

// grantError is how a refused exchange or identification of a new grant is
// answered: the platform's refusal and an unreadable answer are the caller's
// to fix (EINVALID), anything else passes through.
func grantError(err error) error {
	if re := social.AsReconnect(err); re != nil {
		return store.Errorf(store.EINVALID, re.Error()+". Please connect again and allow access.")
	}
	if ae := social.AsAnswer(err); ae != nil {
		return store.Errorf(store.EINVALID, ae.Error())
	}
	return err
}
