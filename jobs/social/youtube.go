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

// ytScopes are the read-only scopes of YouTube Data v3 and YouTube Analytics.
var ytScopes = []string{"https://www.googleapis.com/auth/youtube.readonly", "https://www.googleapis.com/auth/yt-analytics.readonly"}

// youtube is YouTube Data API v3 (channels.list statistics, counts as
// strings) and YouTube Analytics v2 reports (daily views, likes and
// subscriber gains; viewerPercentage by ageGroup and gender; views by
// country), over Google OAuth with PKCE and refresh tokens. The APIs have no
// impressions: organic impressions stay 0.
type youtube struct {
	base
	ep  Endpoints
	cfg oauth2.Config
}

func newYouTube(ep Endpoints, redirect string, b base) *youtube {
	return &youtube{base: b, ep: ep, cfg: oauth2.Config{ClientID: ep.ClientID, ClientSecret: ep.ClientSecret, RedirectURL: redirect,
		Scopes: ytScopes, Endpoint: oauth2.Endpoint{AuthURL: ep.AuthURL, TokenURL: ep.TokenURL, AuthStyle: oauth2.AuthStyleInParams}}}
}

func (c *youtube) Platform() string { return YouTube }
func (c *youtube) PKCE() bool       { return true }

func (c *youtube) AuthURL(state, verifier string) string {
	return c.cfg.AuthCodeURL(state, oauth2.AccessTypeOffline, oauth2.SetAuthURLParam("prompt", "consent"),
		oauth2.SetAuthURLParam("include_granted_scopes", "true"), oauth2.S256ChallengeOption(verifier))
}

func (c *youtube) Exchange(ctx context.Context, code, verifier string) (Token, error) {
	t, err := c.cfg.Exchange(c.oauthContext(ctx), code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Token{}, oauthError(YouTube, err)
	}
	tok := fromOAuth(t, c.now(), "")
	if missing := missingScopes(tok.Scopes, ytScopes...); len(missing) > 0 {
		return Token{}, scopeError(YouTube, missing)
	}
	return tok, nil
}

// Refresh renews the access token a minute before it expires.
func (c *youtube) Refresh(ctx context.Context, tok Token) (Token, bool, error) {
	return refreshOAuth(ctx, c.base, &c.cfg, YouTube, tok)
}

// refreshOAuth is the refresh of standard OAuth 2 platforms.
func refreshOAuth(ctx context.Context, b base, cfg *oauth2.Config, platform string, tok Token) (Token, bool, error) {
	now := b.now()
	if tok.Expiry.IsZero() || tok.Expiry.Sub(now) > time.Minute {
		return tok, false, nil
	}
	if tok.Refresh == "" || (!tok.RefreshExpiry.IsZero() && now.After(tok.RefreshExpiry)) {
		return tok, false, &ReconnectError{Platform: platform, Reason: "the refresh token expired"}
	}
	t, err := cfg.TokenSource(b.oauthContext(ctx), &oauth2.Token{RefreshToken: tok.Refresh, Expiry: now.Add(-time.Hour)}).Token()
	if err != nil {
		return tok, false, oauthError(platform, err)
	}
	fresh := fromOAuth(t, now, tok.Refresh)
	if fresh.Scopes == "" {
		fresh.Scopes = tok.Scopes
	}
	if fresh.RefreshExpiry.IsZero() {
		fresh.RefreshExpiry = tok.RefreshExpiry
	}
	return fresh, true, nil
}

func (c *youtube) Revoke(ctx context.Context, tok Token) error {
	req, err := postForm(ctx, c.ep.RevokeURL, url.Values{"token": {tok.Access}})
	if err != nil {
		return err
	}
	return c.do(req, YouTube, "revoke", nil, c.classify)
}

func (c *youtube) Calls(time.Time) int { return 4 }

// Identify reads the channel of the grant.
func (c *youtube) Identify(ctx context.Context, tok Token) (Profile, error) {
	var ch struct {
		Items []struct {
			ID      string `json:"id"`
			Snippet struct {
				Title     string `json:"title"`
				CustomURL string `json:"customUrl"`
			} `json:"snippet"`
		} `json:"items"`
	}
	if err := c.call(ctx, tok, "channels.list", c.ep.APIBase+"/channels", url.Values{"part": {"snippet"}, "mine": {"true"}}, &ch); err != nil {
		return Profile{}, err
	}
	if len(ch.Items) == 0 {
		return Profile{}, &ReconnectError{Platform: YouTube, Reason: "this Google account has no YouTube channel"}
	}
	it := ch.Items[0]
	return Profile{ExternalID: it.ID, Username: strings.TrimPrefix(it.Snippet.CustomURL, "@"), FullName: it.Snippet.Title}, nil
}

func (c *youtube) Fetch(ctx context.Context, tok Token, since time.Time, done func()) (Snapshot, error) {
	snap, _, err := c.fetch(ctx, tok, since, nil, done)
	return snap, err
}

// fetch is Fetch and, when q is not nil, the posts q keeps: the channels
// call also asks contentDetails (the uploads playlist; the same quota
// unit), and the uploads are read last.
func (c *youtube) fetch(ctx context.Context, tok Token, since time.Time, q *PostQuery, done func()) (Snapshot, Capture, error) {
	var ch struct {
		Items []struct {
			ID      string `json:"id"`
			Snippet struct {
				Title     string `json:"title"`
				CustomURL string `json:"customUrl"`
			} `json:"snippet"`
			Statistics struct {
				SubscriberCount       string `json:"subscriberCount"`
				HiddenSubscriberCount bool   `json:"hiddenSubscriberCount"`
			} `json:"statistics"`
			ContentDetails ytContentDetails `json:"contentDetails"`
		} `json:"items"`
	}
	parts := "snippet,statistics"
	if q != nil {
		parts += ",contentDetails"
	}
	if err := c.call(ctx, tok, "channels.list", c.ep.APIBase+"/channels", url.Values{"part": {parts}, "mine": {"true"}}, &ch); err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	if len(ch.Items) == 0 {
		return Snapshot{}, Capture{}, &ReconnectError{Platform: YouTube, Reason: "this Google account has no YouTube channel"}
	}
	it := ch.Items[0]
	subs, err := strconv.ParseInt(it.Statistics.SubscriberCount, 10, 64)
	if err != nil && !it.Statistics.HiddenSubscriberCount {
		return Snapshot{}, Capture{}, &AnswerError{Platform: YouTube, Call: "channels.list", Detail: "subscriberCount is not a number"}
	}
	snap := Snapshot{Profile: Profile{ExternalID: it.ID, Username: strings.TrimPrefix(it.Snippet.CustomURL, "@"), FullName: it.Snippet.Title}}
	days := window(since, c.now())
	rq := url.Values{"ids": {"channel==MINE"}, "startDate": {days[0].Format(time.DateOnly)}, "endDate": {days[len(days)-1].Format(time.DateOnly)}}
	daily, err := c.report(ctx, tok, rq, "views,likes,subscribersGained,subscribersLost", "day", "day")
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	byDay := map[string][]float64{}
	for _, r := range daily {
		if len(r) == 5 {
			k, _ := r[0].(string)
			byDay[k] = []float64{num(r[1]), num(r[2]), num(r[3]) - num(r[4])}
		}
	}
	gains := map[time.Time]int64{}
	for _, d := range days {
		v := byDay[d.Format(time.DateOnly)]
		if v == nil {
			v = []float64{0, 0, 0}
		}
		gains[d] = int64(v[2])
		snap.Days = append(snap.Days, Day{Day: d, Views: int64(v[0]), Likes: int64(v[1])})
	}
	backFollowers(snap.Days, gains, subs)
	ageGender, err := c.report(ctx, tok, rq, "viewerPercentage", "ageGroup,gender", "")
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	countries, err := c.report(ctx, tok, rq, "views", "country", "-views")
	if err != nil {
		return Snapshot{}, Capture{}, err
	}
	done()
	snap.Demographics = ytShares(ageGender, countries)
	if q == nil {
		return snap, Capture{}, nil
	}
	posts, err := c.uploads(ctx, tok, it.ContentDetails.RelatedPlaylists.Uploads, *q, done)
	return snap, Capture{Posts: posts, Err: err}, nil
}

func num(v any) float64 { f, _ := v.(float64); return f }

// ytGender maps YouTube's genders to our buckets.
var ytGender = map[string]string{"female": "female", "male": "male", "user_specified": "other"}

func ytShares(ageGender, countries [][]any) []Share {
	age, gender := map[string]float64{}, map[string]float64{}
	for _, r := range ageGender {
		if len(r) == 3 {
			a, _ := r[0].(string)
			g, _ := r[1].(string)
			age[strings.TrimPrefix(a, "age")] += num(r[2]) / 100
			gender[ytGender[g]] += num(r[2]) / 100
		}
	}
	var out []Share
	for k, v := range age {
		out = append(out, Share{Dimension: "age", Bucket: k, Share: min(v, 1)})
	}
	for k, v := range gender {
		if k != "" {
			out = append(out, Share{Dimension: "gender", Bucket: k, Share: min(v, 1)})
		}
	}
	counts, total := map[string]int64{}, int64(0)
	for _, r := range countries {
		if len(r) == 2 {
			k, _ := r[0].(string)
			counts[k] += int64(num(r[1]))
			total += int64(num(r[1]))
		}
	}
	return append(out, toShares("country", counts, total)...)
}

// report runs a YouTube Analytics report and returns its rows.
func (c *youtube) report(ctx context.Context, tok Token, q url.Values, metrics, dims, sort string) ([][]any, error) {
	r := url.Values{}
	for k, v := range q {
		r[k] = v
	}
	r.Set("metrics", metrics)
	r.Set("dimensions", dims)
	if sort != "" {
		r.Set("sort", sort)
	}
	var out struct {
		Kind string  `json:"kind"`
		Rows [][]any `json:"rows"`
	}
	if err := c.call(ctx, tok, "reports", c.ep.AnalyticsBase+"/reports", r, &out); err != nil {
		return nil, err
	}
	if out.Kind != "youtubeAnalytics#resultTable" {
		return nil, &AnswerError{Platform: YouTube, Call: "reports", Detail: "not a result table"}
	}
	return out.Rows, nil
}

func (c *youtube) call(ctx context.Context, tok Token, call, endpoint string, q url.Values, out any) error {
	req, err := get(ctx, endpoint+"?"+q.Encode(), tok.Access)
	if err != nil {
		return err
	}
	return c.do(req, YouTube, call, out, c.classify)
}

// classify reads Google's errors: {"error": {"code", "message", "errors":
// [{"reason"}], "status"}}. A spent daily quota waits for its reset at
// midnight Pacific time.
func (c *youtube) classify(res *http.Response, body []byte) error {
	if res.StatusCode/100 == 2 {
		return nil
	}
	var e struct {
		Error struct {
			Message string `json:"message"`
			Status  string `json:"status"`
			Errors  []struct {
				Reason string `json:"reason"`
			} `json:"errors"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	reason := e.Error.Status
	if len(e.Error.Errors) > 0 {
		reason = e.Error.Errors[0].Reason
	}
	switch {
	case reason == "quotaExceeded" || reason == "dailyLimitExceeded":
		return &RateLimitError{Platform: YouTube, RetryAfter: untilPacificMidnight(c.now()), Reason: e.Error.Message}
	case res.StatusCode == http.StatusTooManyRequests || reason == "rateLimitExceeded" || reason == "userRateLimitExceeded":
		return &RateLimitError{Platform: YouTube, RetryAfter: retryAfter(res.Header, time.Minute), Reason: e.Error.Message}
	case res.StatusCode == http.StatusUnauthorized:
		return &ReconnectError{Platform: YouTube, Reason: e.Error.Message}
	case reason == "insufficientPermissions" || reason == "ACCESS_TOKEN_SCOPE_INSUFFICIENT" || reason == "forbidden":
		return &ReconnectError{Platform: YouTube, Reason: "permission not granted: " + e.Error.Message}
	case e.Error.Message != "":
		return &AnswerError{Platform: YouTube, Call: "api", Detail: e.Error.Message}
	}
	return nil
}

func untilPacificMidnight(now time.Time) time.Duration {
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		loc = time.FixedZone("PT", -8*3600)
	}
	t := now.In(loc)
	next := time.Date(t.Year(), t.Month(), t.Day()+1, 0, 5, 0, 0, loc)
	return next.Sub(now)
}
