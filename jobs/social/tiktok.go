package social

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// ttScopes are the TikTok Login Kit scopes we need.
var ttScopes = []string{"user.info.basic", "user.info.profile", "user.info.stats", "video.list"}

// tiktok is TikTok's v2 API (open.tiktokapis.com): user/info/ for
// follower_count and likes_count, video/list/ (cursor pages) for views and
// likes per video, inside the {"data", "error": {"code", "message",
// "log_id"}} envelope; OAuth with client_key and refresh tokens. Daily views
// and likes are those of the videos posted that day; the API shares no
// impressions nor audience.
type tiktok struct {
	base
	ep       Endpoints
	redirect string
}

func newTikTok(ep Endpoints, redirect string, b base) *tiktok {
	return &tiktok{base: b, ep: ep, redirect: redirect}
}

func (c *tiktok) Platform() string { return TikTok }
func (c *tiktok) PKCE() bool       { return true }

// AuthURL carries the S256 challenge of verifier: Login Kit takes PKCE
// (code_challenge, code_challenge_method) and checks code_verifier when the
// code is exchanged, so a code caught on its way back is of no use alone.
func (c *tiktok) AuthURL(state, verifier string) string {
	q := url.Values{"client_key": {c.ep.ClientID}, "scope": {strings.Join(ttScopes, ",")}, "response_type": {"code"},
		"redirect_uri": {c.redirect}, "state": {state},
		"code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)}, "code_challenge_method": {"S256"}}
	return c.ep.AuthURL + "?" + q.Encode()
}

func (c *tiktok) Exchange(ctx context.Context, code, verifier string) (Token, error) {
	tok, err := c.token(ctx, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {c.redirect},
		"code_verifier": {verifier}})
	if err != nil {
		return tok, err
	}
	if missing := missingScopes(tok.Scopes, ttScopes...); len(missing) > 0 {
		return Token{}, scopeError(TikTok, missing)
	}
	return tok, nil
}

func (c *tiktok) Refresh(ctx context.Context, tok Token) (Token, bool, error) {
	now := c.now()
	if tok.Expiry.IsZero() || tok.Expiry.Sub(now) > time.Minute {
		return tok, false, nil
	}
	if !tok.RefreshExpiry.IsZero() && now.After(tok.RefreshExpiry) {
		return tok, false, &ReconnectError{Platform: TikTok, Reason: "the refresh token expired"}
	}
	fresh, err := c.token(ctx, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.Refresh}})
	return fresh, err == nil, err
}

// token calls /v2/oauth/token/; its errors are {"error", "error_description", "log_id"}.
func (c *tiktok) token(ctx context.Context, form url.Values) (Token, error) {
	form.Set("client_key", c.ep.ClientID)
	form.Set("client_secret", c.ep.ClientSecret)
	req, err := postForm(ctx, c.ep.TokenURL, form)
	if err != nil {
		return Token{}, err
	}
	var out struct {
		AccessToken      string `json:"access_token"`
		ExpiresIn        int64  `json:"expires_in"`
		RefreshToken     string `json:"refresh_token"`
		RefreshExpiresIn int64  `json:"refresh_expires_in"`
		Scope            string `json:"scope"`
		Error            string `json:"error"`
		Description      string `json:"error_description"`
	}
	if err := c.do(req, TikTok, "token", &out, c.classifyToken); err != nil {
		return Token{}, err
	}
	if out.Error != "" {
		return Token{}, ttTokenError(out.Error, out.Description)
	}
	if out.AccessToken == "" {
		return Token{}, &AnswerError{Platform: TikTok, Call: "token", Detail: "no access_token"}
	}
	now := c.now()
	return Token{Access: out.AccessToken, Refresh: out.RefreshToken, Scopes: out.Scope, IssuedAt: now,
		Expiry: now.Add(time.Duration(out.ExpiresIn) * time.Second), RefreshExpiry: now.Add(time.Duration(out.RefreshExpiresIn) * time.Second)}, nil
}

func ttTokenError(code, desc string) error {
	if code == "invalid_grant" || code == "access_denied" || code == "invalid_client" {
		return &ReconnectError{Platform: TikTok, Reason: strings.TrimSpace(code + ": " + desc)}
	}
	return &AnswerError{Platform: TikTok, Call: "token", Detail: strings.TrimSpace(code + " " + desc)}
}

func (c *tiktok) classifyToken(res *http.Response, body []byte) error {
	if res.StatusCode == http.StatusTooManyRequests {
		return &RateLimitError{Platform: TikTok, RetryAfter: retryAfter(res.Header, time.Minute), Reason: "token endpoint"}
	}
	if res.StatusCode/100 != 2 {
		var e struct {
			Error       string `json:"error"`
			Description string `json:"error_description"`
		}
		if json.Unmarshal(body, &e) == nil && e.Error != "" {
			return ttTokenError(e.Error, e.Description)
		}
	}
	return nil
}

func (c *tiktok) Revoke(ctx context.Context, tok Token) error {
	req, err := postForm(ctx, c.ep.RevokeURL, url.Values{"client_key": {c.ep.ClientID}, "client_secret": {c.ep.ClientSecret}, "token": {tok.Access}})
	if err != nil {
		return err
	}
	return c.do(req, TikTok, "revoke", nil, c.classifyToken)
}

func (c *tiktok) Calls(since time.Time) int { return 2 + len(window(since, c.now()))/20 }

// ttVideoPages bounds the video/list/ pages read per sync.
const ttVideoPages = 50

// Identify reads the user of the grant.
func (c *tiktok) Identify(ctx context.Context, tok Token) (Profile, error) {
	var info struct {
		User *struct {
			OpenID      string `json:"open_id"`
			Username    string `json:"username"`
			DisplayName string `json:"display_name"`
		} `json:"user"`
	}
	if err := c.call(ctx, tok, "user/info", http.MethodGet, "/v2/user/info/?fields=open_id,display_name,username", nil, &info); err != nil {
		return Profile{}, err
	}
	if info.User == nil || info.User.OpenID == "" {
		return Profile{}, &AnswerError{Platform: TikTok, Call: "user/info", Detail: "no user or open_id"}
	}
	return Profile{ExternalID: info.User.OpenID, Username: info.User.Username, FullName: info.User.DisplayName}, nil
}

func (c *tiktok) Fetch(ctx context.Context, tok Token, since time.Time, done func()) (Snapshot, error) {
	snap, _, err := c.fetch(ctx, tok, since, nil, done)
	return snap, err
}

// fetch is Fetch and, when q is not nil, the posts q keeps, from the same
// video listing (listVideos).
func (c *tiktok) fetch(ctx context.Context, tok Token, since time.Time, q *PostQuery, done func()) (Snapshot, Capture, error) {
	var info struct {
		User *struct {
			OpenID        string `json:"open_id"`
			Username      string `json:"username"`
			DisplayName   string `json:"display_name"`
			FollowerCount *int64 `json:"follower_count"`
		} `json:"user"`
	}
	fields := "open_id,union_id,avatar_url,display_name,username,follower_count,following_count,likes_count,video_count"
	if err := c.call(ctx, tok, "user/info", http.MethodGet, "/v2/user/info/?fields="+fields, nil, &info); err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	if info.User == nil || info.User.FollowerCount == nil {
		return Snapshot{}, Capture{}, &AnswerError{Platform: TikTok, Call: "user/info", Detail: "no user or follower_count"}
	}
	days := window(since, c.now())
	snap := Snapshot{Profile: Profile{ExternalID: info.User.OpenID, Username: info.User.Username, FullName: info.User.DisplayName}}
	likes, views, kept, err := c.listVideos(ctx, tok, days[0], q, done)
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	for i, d := range days {
		f := int64(-1)
		if i == len(days)-1 {
			f = *info.User.FollowerCount
		}
		snap.Days = append(snap.Days, Day{Day: d, Followers: f, Likes: likes[d], Views: views[d]})
	}
	fillFollowers(snap.Days, *info.User.FollowerCount)
	if q == nil {
		return snap, Capture{}, nil
	}
	return snap, Capture{Posts: kept}, nil
}

// listVideos pages through the videos (newest first) back to from and sums
// their likes and views by UTC day. When q is not nil the same listing
// serves the capture: it asks the post fields, reaches back to q.From when
// that is earlier, and returns the videos q keeps with their figures.
func (c *tiktok) listVideos(ctx context.Context, tok Token, from time.Time, q *PostQuery, done func()) (likes, views map[time.Time]int64, kept []Post, err error) {
	likes, views = map[time.Time]int64{}, map[time.Time]int64{}
	fields, stop := "id,create_time,like_count,view_count", from
	if q != nil {
		fields, stop = ttPostFields, earlier(from, q.From)
	}
	count := min(20, max(5, 2*len(window(stop, c.now())))) // about two videos a day of the span, at most the platform's 20
	var cursor int64
	for page := 0; page < ttVideoPages; page++ {
		body := map[string]any{"max_count": count}
		if cursor > 0 {
			body["cursor"] = cursor
		}
		var list struct {
			Videos []struct {
				ID               string `json:"id"`
				Title            string `json:"title"`
				VideoDescription string `json:"video_description"`
				CreateTime       int64  `json:"create_time"`
				ShareURL         string `json:"share_url"`
				ViewCount        *int64 `json:"view_count"`
				LikeCount        *int64 `json:"like_count"`
				CommentCount     *int64 `json:"comment_count"`
				ShareCount       *int64 `json:"share_count"`
			} `json:"videos"`
			Cursor  int64 `json:"cursor"`
			HasMore bool  `json:"has_more"`
		}
		if err := c.call(ctx, tok, "video/list", http.MethodPost, "/v2/video/list/?fields="+fields, body, &list); err != nil {
			return nil, nil, nil, err
		}
		done()
		older := false
		for _, v := range list.Videos {
			t := time.Unix(v.CreateTime, 0).UTC()
			if t.Before(stop) {
				older = true
				continue
			}
			if d := day(t); !d.Before(from) {
				likes[d] += deref(v.LikeCount)
				views[d] += deref(v.ViewCount)
			}
			text := strings.TrimSpace(v.Title + "\n" + v.VideoDescription)
			if q != nil && v.ID != "" && q.keep(text, t) {
				kept = append(kept, Post{ExternalID: v.ID, URL: v.ShareURL, Text: text, PublishedAt: t,
					Views: v.ViewCount, Likes: v.LikeCount, Comments: v.CommentCount, Shares: v.ShareCount})
			}
		}
		if !list.HasMore || older || list.Cursor == 0 {
			break
		}
		cursor = list.Cursor
	}
	return likes, views, kept, nil
}

// deref is *p, or 0 for nil.
func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// call sends a data call and unwraps the envelope into out.
func (c *tiktok) call(ctx context.Context, tok Token, name, method, path string, body any, out any) error {
	var req *http.Request
	var err error
	if body != nil {
		raw, _ := json.Marshal(body)
		req, err = http.NewRequestWithContext(ctx, method, c.ep.APIBase+path, bytes.NewReader(raw))
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tok.Access)
		}
	} else {
		req, err = get(ctx, c.ep.APIBase+path, tok.Access)
	}
	if err != nil {
		return err
	}
	var env struct {
		Data  json.RawMessage `json:"data"`
		Error *ttError        `json:"error"`
	}
	if err := c.do(req, TikTok, name, &env, c.classify); err != nil {
		return err
	}
	if env.Error == nil || len(env.Data) == 0 {
		return &AnswerError{Platform: TikTok, Call: name, Detail: "no data or error in the envelope"}
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return &AnswerError{Platform: TikTok, Call: name, Detail: "malformed data"}
	}
	return nil
}

type ttError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	LogID   string `json:"log_id"`
}

// classify reads the envelope's error (also on a 200).
func (c *tiktok) classify(res *http.Response, body []byte) error {
	var env struct {
		Error *ttError `json:"error"`
	}
	_ = json.Unmarshal(body, &env)
	e := env.Error
	if e == nil {
		e = &ttError{}
	}
	switch {
	case res.StatusCode == http.StatusTooManyRequests || e.Code == "rate_limit_exceeded":
		return &RateLimitError{Platform: TikTok, RetryAfter: retryAfter(res.Header, time.Minute), Reason: e.Message}
	case e.Code == "access_token_invalid" || e.Code == "access_token_expired" || res.StatusCode == http.StatusUnauthorized && e.Code != "scope_not_authorized":
		return &ReconnectError{Platform: TikTok, Reason: e.Message}
	case e.Code == "scope_not_authorized" || e.Code == "scope_permission_missed":
		return &ReconnectError{Platform: TikTok, Reason: "permission not granted: " + e.Message}
	case e.Code != "" && e.Code != "ok":
		return &AnswerError{Platform: TikTok, Call: "api", Detail: fmt.Sprintf("%s: %s (log_id %s)", e.Code, e.Message, e.LogID)}
	}
	return nil
}
