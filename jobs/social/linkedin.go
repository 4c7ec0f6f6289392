package social

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// liVersion is the LinkedIn-Version header of the /rest calls.
const liVersion = "202506"

// liScopes are the member scopes we need: sign-in (OpenID) and the
// creator's own analytics.
var liScopes = []string{"openid", "profile", "r_member_postAnalytics", "r_member_profileAnalytics"}

// linkedin is LinkedIn's versioned /rest API (LinkedIn-Version and
// X-Restli-Protocol-Version 2.0.0 headers): memberFollowersCount (total and
// daily gains) and memberCreatorPostAnalytics (daily IMPRESSION and
// REACTION), plus the OpenID userinfo; OAuth with refresh tokens. LinkedIn
// shares no views nor audience with members' apps.
type linkedin struct {
	base
	ep  Endpoints
	cfg oauth2.Config
}

func newLinkedIn(ep Endpoints, redirect string, b base) *linkedin {
	return &linkedin{base: b, ep: ep, cfg: oauth2.Config{ClientID: ep.ClientID, ClientSecret: ep.ClientSecret, RedirectURL: redirect,
		Scopes: liScopes, Endpoint: oauth2.Endpoint{AuthURL: ep.AuthURL, TokenURL: ep.TokenURL, AuthStyle: oauth2.AuthStyleInParams}}}
}

func (c *linkedin) Platform() string { return LinkedIn }
func (c *linkedin) PKCE() bool       { return false }

func (c *linkedin) AuthURL(state, _ string) string { return c.cfg.AuthCodeURL(state) }

func (c *linkedin) Exchange(ctx context.Context, code, _ string) (Token, error) {
	t, err := c.cfg.Exchange(c.oauthContext(ctx), code)
	if err != nil {
		return Token{}, oauthError(LinkedIn, err)
	}
	tok := fromOAuth(t, c.now(), "")
	if missing := missingScopes(tok.Scopes, liScopes...); len(missing) > 0 {
		return Token{}, scopeError(LinkedIn, missing)
	}
	return tok, nil
}

func (c *linkedin) Refresh(ctx context.Context, tok Token) (Token, bool, error) {
	return refreshOAuth(ctx, c.base, &c.cfg, LinkedIn, tok)
}

func (c *linkedin) Revoke(ctx context.Context, tok Token) error {
	req, err := postForm(ctx, c.ep.RevokeURL, url.Values{"client_id": {c.ep.ClientID}, "client_secret": {c.ep.ClientSecret}, "token": {tok.Access}})
	if err != nil {
		return err
	}
	return c.do(req, LinkedIn, "revoke", nil, c.classify)
}

func (c *linkedin) Calls(time.Time) int { return 5 }

// liElements is a /rest finder's answer.
type liElements struct {
	Elements []struct {
		MemberFollowersCount *int64      `json:"memberFollowersCount"`
		Count                int64       `json:"count"`
		DateRange            liDateRange `json:"dateRange"`
	} `json:"elements"`
}

type liDateRange struct {
	Start *struct{ Year, Month, Day int } `json:"start"`
}

func (r liDateRange) day() (time.Time, bool) {
	if r.Start == nil {
		return time.Time{}, false
	}
	return time.Date(r.Start.Year, time.Month(r.Start.Month), r.Start.Day, 0, 0, 0, 0, time.UTC), true
}

// Identify reads the member of the grant.
func (c *linkedin) Identify(ctx context.Context, tok Token) (Profile, error) {
	var me struct {
		Sub   string `json:"sub"`
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if err := c.call(ctx, tok, "userinfo", "/v2/userinfo", &me); err != nil {
		return Profile{}, err
	}
	if me.Sub == "" {
		return Profile{}, &AnswerError{Platform: LinkedIn, Call: "userinfo", Detail: "no sub"}
	}
	username, _, _ := strings.Cut(me.Email, "@")
	if username == "" {
		username = strings.ToLower(strings.ReplaceAll(me.Name, " ", "-"))
	}
	return Profile{ExternalID: me.Sub, Username: username, FullName: me.Name}, nil
}

func (c *linkedin) Fetch(ctx context.Context, tok Token, since time.Time, done func()) (Snapshot, error) {
	var me struct {
		Sub   string `json:"sub"`
		Name  string `json:"name"`
		Email string `json:"email"`
	}
	if err := c.call(ctx, tok, "userinfo", "/v2/userinfo", &me); err != nil {
		return Snapshot{}, err
	}
	done()
	if me.Sub == "" {
		return Snapshot{}, &AnswerError{Platform: LinkedIn, Call: "userinfo", Detail: "no sub"}
	}
	username, _, _ := strings.Cut(me.Email, "@")
	if username == "" {
		username = strings.ToLower(strings.ReplaceAll(me.Name, " ", "-"))
	}
	snap := Snapshot{Profile: Profile{ExternalID: me.Sub, Username: username, FullName: me.Name}}
	var total liElements
	if err := c.call(ctx, tok, "memberFollowersCount", "/rest/memberFollowersCount?q=me", &total); err != nil {
		return Snapshot{}, err
	}
	done()
	if len(total.Elements) == 0 || total.Elements[0].MemberFollowersCount == nil {
		return Snapshot{}, &AnswerError{Platform: LinkedIn, Call: "memberFollowersCount", Detail: "no memberFollowersCount"}
	}
	days := window(since, c.now())
	rng := liRange(days[0], days[len(days)-1].AddDate(0, 0, 1))
	var daily liElements
	if err := c.call(ctx, tok, "memberFollowersCount", "/rest/memberFollowersCount?q=dateRange&dateRange="+rng, &daily); err != nil {
		return Snapshot{}, err
	}
	done()
	gains := map[time.Time]int64{}
	for _, e := range daily.Elements {
		if d, ok := e.DateRange.day(); ok && e.MemberFollowersCount != nil {
			gains[d] = *e.MemberFollowersCount
		}
	}
	metrics := map[string]map[time.Time]int64{}
	for _, typ := range []string{"IMPRESSION", "REACTION"} {
		var els liElements
		path := "/rest/memberCreatorPostAnalytics?q=me&queryType=" + typ + "&aggregation=DAILY&dateRange=" + rng
		if err := c.call(ctx, tok, "memberCreatorPostAnalytics", path, &els); err != nil {
			return Snapshot{}, err
		}
		done()
		metrics[typ] = map[time.Time]int64{}
		for _, e := range els.Elements {
			if d, ok := e.DateRange.day(); ok {
				metrics[typ][d] = e.Count
			}
		}
	}
	for _, d := range days {
		snap.Days = append(snap.Days, Day{Day: d, Likes: metrics["REACTION"][d], OrganicImpressions: metrics["IMPRESSION"][d]})
	}
	backFollowers(snap.Days, gains, *total.Elements[0].MemberFollowersCount)
	return snap, nil
}

// liRange is a Rest.li 2.0 date range, end exclusive.
func liRange(start, end time.Time) string {
	f := func(t time.Time) string {
		return fmt.Sprintf("(day:%d,month:%d,year:%d)", t.Day(), int(t.Month()), t.Year())
	}
	return "(start:" + f(start) + ",end:" + f(end) + ")"
}

func (c *linkedin) call(ctx context.Context, tok Token, name, path string, out any) error {
	req, err := get(ctx, c.ep.APIBase+path, tok.Access, "LinkedIn-Version", liVersion, "X-Restli-Protocol-Version", "2.0.0")
	if err != nil {
		return err
	}
	return c.do(req, LinkedIn, name, out, c.classify)
}

// classify reads LinkedIn's errors: {"status", "serviceErrorCode", "code", "message"}.
func (c *linkedin) classify(res *http.Response, body []byte) error {
	if res.StatusCode/100 == 2 {
		return nil
	}
	var e struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	_ = json.Unmarshal(body, &e)
	switch res.StatusCode {
	case http.StatusTooManyRequests:
		return &RateLimitError{Platform: LinkedIn, RetryAfter: retryAfter(res.Header, time.Hour), Reason: e.Message}
	case http.StatusUnauthorized:
		return &ReconnectError{Platform: LinkedIn, Reason: e.Message}
	case http.StatusForbidden:
		return &ReconnectError{Platform: LinkedIn, Reason: "permission not granted: " + e.Message}
	}
	if e.Message != "" {
		return &AnswerError{Platform: LinkedIn, Call: "api", Detail: e.Message}
	}
	return nil
}
