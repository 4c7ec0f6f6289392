// Package social holds the connectors of the social platforms a creator
// connects (Instagram, YouTube, TikTok, LinkedIn): their OAuth flows and the
// analytics calls of each platform's published wire format, mapped to one
// shape (Snapshot). Errors are typed: a *ReconnectError means the creator
// must connect again, a *RateLimitError says when to try again.
package social

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"creatorcoach/store"
)

// Platform ids (store.Platforms), as stored in social_accounts.platform and used in URLs.
const (
	Instagram = store.Instagram
	YouTube   = store.YouTube
	TikTok    = store.TikTok
	LinkedIn  = store.LinkedIn
)

// Platforms lists the platform ids in display order (store.Platforms).
var Platforms = store.Platforms

// Token is a platform's grant. IssuedAt is when Access was issued (Instagram
// refreshes long-lived tokens by age); a zero Expiry never expires.
type Token struct {
	Access        string
	Refresh       string
	Scopes        string
	IssuedAt      time.Time
	Expiry        time.Time
	RefreshExpiry time.Time
}

// Profile is who the token belongs to at the platform.
type Profile struct {
	ExternalID string
	Username   string
	FullName   string
}

// Day is one day of an account's analytics. Followers is the count at the
// end of the day (subscribers on YouTube).
type Day struct {
	Day                time.Time // UTC midnight
	Followers          int64
	Likes              int64
	Views              int64
	OrganicImpressions int64
	// Reach as the platform reports it, nil where it does not (never 0
	// for "not reported"): accounts reached, accounts engaged and, where
	// the platform splits reach, followers vs non-followers.
	Reach, AccountsEngaged, ReachFollowers, ReachNonFollowers *int64
}

// Share is one bucket of an audience breakdown: Dimension age, gender or
// country; Share between 0 and 1.
type Share struct {
	Dimension string
	Bucket    string
	Share     float64
}

// Snapshot is what one sync learns about an account: its profile, its days
// (oldest first, one per day of the window) and its audience, when the
// platform shares one (Demographics is nil when it does not).
type Snapshot struct {
	Profile
	Days         []Day
	Demographics []Share
}

// Connector is one platform's client.
type Connector interface {
	// Platform is the platform id.
	Platform() string
	// AuthURL is where the browser goes to grant access; verifier is the
	// PKCE verifier (ignored by platforms without PKCE).
	AuthURL(state, verifier string) string
	// PKCE reports whether the platform takes a PKCE challenge.
	PKCE() bool
	// Exchange trades an authorization code for a token.
	Exchange(ctx context.Context, code, verifier string) (Token, error)
	// Refresh returns tok, refreshed when it is due; changed says whether it was.
	Refresh(ctx context.Context, tok Token) (t Token, changed bool, err error)
	// Identify reads who the token belongs to at the platform (one call):
	// the connect flow learns the account's id before storing it.
	Identify(ctx context.Context, tok Token) (Profile, error)
	// Fetch reads the profile, the days from since to today (UTC) and the
	// audience. done is called after each platform call.
	Fetch(ctx context.Context, tok Token, since time.Time, done func()) (Snapshot, error)
	// Calls is how many platform calls Fetch makes for a window starting at since.
	Calls(since time.Time) int
	// Posts reads the account's posts published in [q.From, q.To) that
	// q.Keep keeps, newest first, with their figures (nil where the platform
	// reports none): the capture of campaign posts. done is called after
	// each platform call.
	Posts(ctx context.Context, tok Token, q PostQuery, done func()) ([]Post, error)
	// PostCalls is how many platform calls Posts plans for a span.
	PostCalls(from, to time.Time) int
	// FetchPosts is Fetch and Posts(q) in one sync, the calls they share
	// made once (Instagram's and TikTok's media listing, YouTube's channel)
	// and q.Account taken from the snapshot: what a sync that captures
	// calls. A failure of the posts part alone is Capture.Err (the snapshot
	// is good); a failure of a call both need is the error.
	FetchPosts(ctx context.Context, tok Token, since time.Time, q PostQuery, done func()) (Snapshot, Capture, error)
	// FetchPostCalls is how many platform calls FetchPosts plans on top of
	// Calls(since) for posts published in [from, to).
	FetchPostCalls(since, from, to time.Time) int
	// Revoke withdraws the grant at the platform where it offers revocation.
	Revoke(ctx context.Context, tok Token) error
}

// ReconnectError means the grant no longer works (revoked, expired refresh
// token, missing scope): the account needs the creator to connect again.
// Reason is the platform's own explanation.
type ReconnectError struct {
	Platform string
	Reason   string
}

func (e *ReconnectError) Error() string {
	return fmt.Sprintf("%s needs to be connected again: %s", store.PlatformNames[e.Platform], e.Reason)
}

// RateLimitError means the platform (or our shared budget for it) asks us
// to wait RetryAfter before calling again.
type RateLimitError struct {
	Platform   string
	RetryAfter time.Duration
	Reason     string
}

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("%s rate limit (%s): retry in %s", store.PlatformNames[e.Platform], e.Reason, e.RetryAfter)
}

// AnswerError is an answer we could not use: malformed JSON, a missing
// field, or an unexpected status. Message is fit to show the user.
type AnswerError struct {
	Platform string
	Call     string
	Detail   string
}

func (e *AnswerError) Error() string {
	return fmt.Sprintf("%s sent an answer we could not read (%s): %s", store.PlatformNames[e.Platform], e.Call, e.Detail)
}

// AsReconnect returns the *ReconnectError in err's chain, or nil.
func AsReconnect(err error) *ReconnectError {
	var e *ReconnectError
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// AsRateLimit returns the *RateLimitError in err's chain, or nil.
func AsRateLimit(err error) *RateLimitError {
	var e *RateLimitError
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// AsAnswer returns the *AnswerError in err's chain, or nil.
func AsAnswer(err error) *AnswerError {
	var e *AnswerError
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// retryAfter reads a Retry-After header in seconds, else def.
func retryAfter(h http.Header, def time.Duration) time.Duration {
	var secs int
	if _, err := fmt.Sscanf(h.Get("Retry-After"), "%d", &secs); err == nil && secs > 0 {
		return time.Duration(secs) * time.Second
	}
	return def
}

// day truncates t to its UTC date.
func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// window returns the days from since to today, oldest first.
func window(since, now time.Time) []time.Time {
	var days []time.Time
	for d, end := day(since), day(now); !d.After(end); d = d.AddDate(0, 0, 1) {
		days = append(days, d)
	}
	return days
}

// fillFollowers gives days whose follower count the platform did not report
// (negative) the nearest later known count, and current when none is known.
func fillFollowers(days []Day, current int64) {
	known := current
	for i := len(days) - 1; i >= 0; i-- {
		if days[i].Followers < 0 {
			days[i].Followers = known
		} else {
			known = days[i].Followers
		}
	}
}

// backFollowers fills day i's followers from the current count and the net
// gains of the later days: followers(d-1) = followers(d) - gained(d).
func backFollowers(days []Day, gains map[time.Time]int64, current int64) {
	f := current
	for i := len(days) - 1; i >= 0; i-- {
		days[i].Followers = max(f, 0)
		f -= gains[days[i].Day]
	}
}
