package social

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// igVersion is the Graph API version of the Instagram calls.
const igVersion = "v23.0"

// igScopes are the permissions of Instagram API with Instagram Login we need.
var igScopes = []string{"instagram_business_basic", "instagram_business_manage_insights"}

// instagram is the Instagram API with Instagram Login (graph.instagram.com):
// profile followers_count, daily account insights (views, reach,
// accounts_engaged, total_interactions; views replaced impressions),
// follower_count gains, the media's like_count and follower_demographics.
// Long-lived tokens (60 days) are refreshed with ig_refresh_token.
type instagram struct {
	base
	ep       Endpoints
	redirect string
}

func newInstagram(ep Endpoints, redirect string, b base) *instagram {
	return &instagram{base: b, ep: ep, redirect: redirect}
}

func (c *instagram) Platform() string { return Instagram }
func (c *instagram) PKCE() bool       { return false }

func (c *instagram) AuthURL(state, _ string) string {
	cfg := oauth2.Config{ClientID: c.ep.ClientID, RedirectURL: c.redirect, Endpoint: oauth2.Endpoint{AuthURL: c.ep.AuthURL}}
	return cfg.AuthCodeURL(state, oauth2.SetAuthURLParam("scope", strings.Join(igScopes, ",")))
}

// Exchange trades the code for a short-lived token, then that for a
// long-lived one (ig_exchange_token).
func (c *instagram) Exchange(ctx context.Context, code, _ string) (Token, error) {
	req, err := postForm(ctx, c.ep.TokenURL, url.Values{"client_id": {c.ep.ClientID}, "client_secret": {c.ep.ClientSecret},
		"grant_type": {"authorization_code"}, "redirect_uri": {c.redirect}, "code": {code}})
	if err != nil {
		return Token{}, err
	}
	var short struct {
		Data []igShortToken `json:"data"`
		igShortToken
	}
	if err := c.do(req, Instagram, "token", &short, c.classify); err != nil {
		return Token{}, err
	}
	if len(short.Data) > 0 {
		short.igShortToken = short.Data[0]
	}
	if short.AccessToken == "" {
		return Token{}, &AnswerError{Platform: Instagram, Call: "token", Detail: "no access_token"}
	}
	scopes := string(short.Permissions)
	var list []string
	if json.Unmarshal(short.Permissions, &list) == nil {
		scopes = strings.Join(list, ",")
	} else if s, err := strconv.Unquote(scopes); err == nil {
		scopes = s
	}
	if missing := missingScopes(scopes, igScopes...); len(missing) > 0 {
		return Token{}, scopeError(Instagram, missing)
	}
	q := url.Values{"grant_type": {"ig_exchange_token"}, "client_secret": {c.ep.ClientSecret}, "access_token": {short.AccessToken}}
	tok, err := c.longLived(ctx, c.ep.APIBase+"/access_token?"+q.Encode(), "long-lived token")
	tok.Scopes = scopes
	return tok, err
}

// igShortToken is the code exchange's answer (flat or inside data[]).
type igShortToken struct {
	AccessToken string          `json:"access_token"`
	UserID      json.Number     `json:"user_id"`
	Permissions json.RawMessage `json:"permissions"`
}

func (c *instagram) longLived(ctx context.Context, rawURL, call string) (Token, error) {
	req, err := get(ctx, rawURL, "")
	if err != nil {
		return Token{}, err
	}
	var out struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := c.do(req, Instagram, call, &out, c.classify); err != nil {
		return Token{}, err
	}
	if out.AccessToken == "" || out.ExpiresIn <= 0 {
		return Token{}, &AnswerError{Platform: Instagram, Call: call, Detail: "no access_token or expires_in"}
	}
	now := c.now()
	return Token{Access: out.AccessToken, IssuedAt: now, Expiry: now.Add(time.Duration(out.ExpiresIn) * time.Second)}, nil
}

// Refresh renews a long-lived token older than 24 hours that expires within
// 10 days; an expired one cannot be renewed.
func (c *instagram) Refresh(ctx context.Context, tok Token) (Token, bool, error) {
	now := c.now()
	if !tok.Expiry.IsZero() && now.After(tok.Expiry) {
		return tok, false, &ReconnectError{Platform: Instagram, Reason: "the access token expired"}
	}
	if now.Sub(tok.IssuedAt) < 24*time.Hour || tok.Expiry.Sub(now) > 10*24*time.Hour {
		return tok, false, nil
	}
	q := url.Values{"grant_type": {"ig_refresh_token"}, "access_token": {tok.Access}}
	fresh, err := c.longLived(ctx, c.ep.APIBase+"/refresh_access_token?"+q.Encode(), "refresh token")
	if err != nil {
		return tok, false, err
	}
	fresh.Scopes = tok.Scopes
	return fresh, true, nil
}

// Revoke: Instagram offers no token revocation; deleting our copy is all.
func (c *instagram) Revoke(context.Context, Token) error { return nil }

// Calls plans one media page per igPageDays days of the window (the media
// pages depend on how often the creator posts).
func (c *instagram) Calls(since time.Time) int {
	n := len(window(since, c.now()))
	return 5 + n + (n+igPageDays-1)/igPageDays
}

// igMediaPage is the media page size (the platform's maximum) and
// igPageDays the days one page is planned to cover in Calls.
const (
	igMediaPage = 100
	igPageDays  = 30
)

// Identify reads the profile.
func (c *instagram) Identify(ctx context.Context, tok Token) (Profile, error) {
	var me struct {
		ID       string `json:"id"`
		Username string `json:"username"`
		Name     string `json:"name"`
	}
	if err := c.graph(ctx, tok, "profile", "/me", url.Values{"fields": {"user_id,username,name"}}, &me); err != nil {
		return Profile{}, err
	}
	if me.ID == "" {
		return Profile{}, &AnswerError{Platform: Instagram, Call: "profile", Detail: "no id"}
	}
	return Profile{ExternalID: me.ID, Username: me.Username, FullName: me.Name}, nil
}

// Fetch reads the profile, follower gains (the platform keeps 30 days), one
// insights call per day, the media of the window (likes) and the three
// demographic breakdowns.
func (c *instagram) Fetch(ctx context.Context, tok Token, since time.Time, done func()) (Snapshot, error) {
	snap, _, err := c.fetch(ctx, tok, since, nil, done)
	return snap, err
}

// fetch is Fetch and, when q is not nil, the posts q keeps: the media
// listing reads the post fields back to the earlier of the window and
// q.From, and the kept media's insights are read last.
func (c *instagram) fetch(ctx context.Context, tok Token, since time.Time, q *PostQuery, done func()) (Snapshot, Capture, error) {
	var me struct {
		ID             string `json:"id"`
		UserID         string `json:"user_id"`
		Username       string `json:"username"`
		Name           string `json:"name"`
		FollowersCount *int64 `json:"followers_count"`
	}
	if err := c.graph(ctx, tok, "profile", "/me", url.Values{"fields": {"user_id,username,name,followers_count,media_count"}}, &me); err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	if me.ID == "" || me.FollowersCount == nil {
		return Snapshot{}, Capture{}, &AnswerError{Platform: Instagram, Call: "profile", Detail: "no id or followers_count"}
	}
	snap := Snapshot{Profile: Profile{ExternalID: me.ID, Username: me.Username, FullName: me.Name}}
	days := window(since, c.now())
	gainsFrom := day(c.now()).AddDate(0, 0, -29) // the platform keeps 30 days of follower_count
	if days[0].After(gainsFrom) {
		gainsFrom = days[0]
	}
	var gains igInsights
	if err := c.graph(ctx, tok, "follower_count", "/"+me.ID+"/insights", url.Values{"metric": {"follower_count"}, "period": {"day"},
		"since": {unix(gainsFrom)}, "until": {unix(day(c.now()).AddDate(0, 0, 1))}}, &gains); err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	gain := map[time.Time]int64{}
	for _, m := range gains.Data {
		for _, v := range m.Values {
			if t, err := time.Parse(igTime, v.EndTime); err == nil {
				gain[day(t.Add(-8*time.Hour))] = v.Value // end_time is the next midnight, Pacific time
			}
		}
	}
	for _, d := range days {
		var ins igInsights
		if err := c.graph(ctx, tok, "insights", "/"+me.ID+"/insights", url.Values{"metric": {"views,reach,accounts_engaged,total_interactions"},
			"metric_type": {"total_value"}, "period": {"day"}, "since": {unix(d)}, "until": {unix(d.AddDate(0, 0, 1))}}, &ins); err != nil {
			return Snapshot{}, Capture{}, err
		}
		done()
		v := ins.totals()
		snap.Days = append(snap.Days, Day{Day: d, Views: v["views"], OrganicImpressions: v["reach"], Reach: reported(v, "reach"), AccountsEngaged: reported(v, "accounts_engaged")})
	}
	backFollowers(snap.Days, gain, *me.FollowersCount)
	likes, kept, err := c.listMedia(ctx, tok, days[0], q, done)
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	for i := range snap.Days {
		snap.Days[i].Likes = likes[snap.Days[i].Day]
	}
	for _, dim := range []string{"age", "gender", "country"} {
		var ins igInsights
		if err := c.graph(ctx, tok, "follower_demographics", "/"+me.ID+"/insights", url.Values{"metric": {"follower_demographics"},
			"period": {"lifetime"}, "metric_type": {"total_value"}, "breakdown": {dim}}, &ins); err != nil {
			return Snapshot{}, Capture{}, err
		}
		done()
		snap.Demographics = append(snap.Demographics, ins.shares(dim)...)
	}
	if q == nil {
		return snap, Capture{}, nil
	}
	err = c.postInsights(ctx, tok, kept, done)
	return snap, Capture{Posts: kept, Err: err}, nil
}

// listMedia pages through the account's media (newest first) back to the
// window's first day and sums like_count by the UTC day of each media's
// timestamp. The platform has no daily likes, only each media's lifetime
// like_count, so a day's likes are the likes its posts have earned by the
// time of the sync (a post's later likes are not moved to later days); a
// day without posts has none. When q is not nil the same listing serves
// the capture: it asks the post fields, reaches back to q.From when that is
// earlier, and returns the media q keeps (without insights). Pages follow
// the "after" cursor, and end at the last page (no paging.next) or at a
// media older than both. A page holds about three media a day of the span
// (10 to igMediaPage, as Calls plans igPageDays a page).
func (c *instagram) listMedia(ctx context.Context, tok Token, from time.Time, q *PostQuery, done func()) (map[time.Time]int64, []Post, error) {
	likes := map[time.Time]int64{}
	var kept []Post
	fields, stop := "id,timestamp,like_count", from
	if q != nil {
		fields, stop = igPostFields, earlier(from, q.From)
	}
	limit := min(igMediaPage, max(10, 3*len(window(stop, c.now()))))
	params := url.Values{"fields": {fields}, "limit": {strconv.Itoa(limit)}}
	for {
		var page igPostPage
		if err := c.graph(ctx, tok, "media", "/me/media", params, &page); err != nil {
			return nil, nil, err
		}
		done()
		for _, m := range page.Data {
			t, err := time.Parse(igTime, m.Timestamp)
			if err != nil || m.ID == "" {
				return nil, nil, &AnswerError{Platform: Instagram, Call: "media", Detail: "a media without id or timestamp"}
			}
			if t.Before(stop) {
				return likes, kept, nil
			}
			if !day(t).Before(from) && m.LikeCount != nil {
				likes[day(t)] += *m.LikeCount
			}
			if q != nil && q.keep(m.Caption, t) {
				kept = append(kept, Post{ExternalID: m.ID, URL: m.Permalink, Text: m.Caption, PublishedAt: t.UTC(),
					Likes: m.LikeCount, Comments: m.CommentsCount})
			}
		}
		if page.Paging.Next == "" || page.Paging.Cursors.After == "" || len(page.Data) == 0 {
			return likes, kept, nil
		}
		params.Set("after", page.Paging.Cursors.After)
	}
}

// igTime is the format of Graph timestamps (2026-06-10T14:05:00+0000).
const igTime = "2006-01-02T15:04:05-0700"

func unix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

// graph GETs an Instagram Graph path with the token.
func (c *instagram) graph(ctx context.Context, tok Token, call, path string, q url.Values, out any) error {
	req, err := get(ctx, c.ep.APIBase+"/"+igVersion+path+"?"+q.Encode(), tok.Access)
	if err != nil {
		return err
	}
	return c.do(req, Instagram, call, out, c.classify)
}

// igInsights is an insights answer: time series (values) or totals
// (total_value, with breakdowns for demographics).
type igInsights struct {
	Data []struct {
		Name   string `json:"name"`
		Values []struct {
			Value   int64  `json:"value"`
			EndTime string `json:"end_time"`
		} `json:"values"`
		TotalValue *struct {
			Value      int64 `json:"value"`
			Breakdowns []struct {
				Results []struct {
					DimensionValues []string `json:"dimension_values"`
					Value           int64    `json:"value"`
				} `json:"results"`
			} `json:"breakdowns"`
		} `json:"total_value"`
	} `json:"data"`
}

func (in igInsights) totals() map[string]int64 {
	m := map[string]int64{}
	for _, d := range in.Data {
		if d.TotalValue != nil {
			m[d.Name] = d.TotalValue.Value
		}
	}
	return m
}

// igGender maps the breakdown's F/M/U to our buckets.
var igGender = map[string]string{"F": "female", "M": "male", "U": "other"}

func (in igInsights) shares(dim string) []Share {
	counts := map[string]int64{}
	var total int64
	for _, d := range in.Data {
		if d.TotalValue == nil {
			continue
		}
		for _, b := range d.TotalValue.Breakdowns {
			for _, r := range b.Results {
				if len(r.DimensionValues) == 0 {
					continue
				}
				k := r.DimensionValues[0]
				if dim == "gender" {
					k = igGender[k]
				}
				if k != "" {
					counts[k] += r.Value
					total += r.Value
				}
			}
		}
	}
	return toShares(dim, counts, total)
}

// toShares turns counts into shares of total.
func toShares(dim string, counts map[string]int64, total int64) []Share {
	var out []Share
	for k, n := range counts {
		if total > 0 {
			out = append(out, Share{Dimension: dim, Bucket: k, Share: float64(n) / float64(total)})
		}
	}
	return out
}

// classify reads Graph errors ({"error": {"message", "type", "code",
// "error_subcode", "fbtrace_id"}}) and the usage headers.
func (c *instagram) classify(res *http.Response, body []byte) error {
	if wait, hot := igUsage(res.Header); hot {
		return &RateLimitError{Platform: Instagram, RetryAfter: wait, Reason: "usage near the limit"}
	}
	if res.StatusCode/100 == 2 {
		return nil
	}
	var e struct {
		Error struct {
			Message string `json:"message"`
			Code    int    `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	switch code := e.Error.Code; {
	case res.StatusCode == http.StatusTooManyRequests || code == 4 || code == 17 || code == 32 || code == 613:
		return &RateLimitError{Platform: Instagram, RetryAfter: retryAfter(res.Header, 10*time.Minute), Reason: e.Error.Message}
	case code == 190 || code == 102:
		return &ReconnectError{Platform: Instagram, Reason: e.Error.Message}
	case code == 10 || (code >= 200 && code < 300):
		return &ReconnectError{Platform: Instagram, Reason: "permission not granted: " + e.Error.Message}
	case e.Error.Message != "":
		return &AnswerError{Platform: Instagram, Call: "graph", Detail: e.Error.Message}
	}
	return nil
}

// igUsage reads X-App-Usage and X-Business-Use-Case-Usage: at 95% of any
// budget the calls stop until estimated_time_to_regain_access (minutes).
func igUsage(h http.Header) (time.Duration, bool) {
	var app map[string]float64
	if json.Unmarshal([]byte(h.Get("X-App-Usage")), &app) == nil {
		for _, v := range app {
			if v >= 95 {
				return 10 * time.Minute, true
			}
		}
	}
	var buc map[string][]map[string]any
	if json.Unmarshal([]byte(h.Get("X-Business-Use-Case-Usage")), &buc) == nil {
		for _, entries := range buc {
			for _, e := range entries {
				wait, _ := e["estimated_time_to_regain_access"].(float64)
				for _, k := range []string{"call_count", "total_time", "total_cputime"} {
					if v, _ := e[k].(float64); v >= 95 || wait > 0 {
						return max(time.Duration(wait)*time.Minute, time.Minute), true
					}
				}
			}
		}
	}
	return 0, false
}

// reported is a metric of a totals answer, nil when the answer left it out.
func reported(m map[string]int64, name string) *int64 {
	if v, ok := m[name]; ok {
		return &v
	}
	return nil
}
