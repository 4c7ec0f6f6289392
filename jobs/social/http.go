package social

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// base is what every connector shares: the HTTP client (with its timeout)
// and the clock.
type base struct {
	hc  *http.Client
	now func() time.Time
}

// classifier turns a platform's answer into an error (nil when usable);
// it sees every answer, so it can read usage headers on a 200 too.
type classifier func(res *http.Response, body []byte) error

// maxAnswer bounds an answer's size.
const maxAnswer = 8 << 20

// do sends req, lets classify judge the answer and decodes a usable JSON
// answer into out (when not nil). A network error is returned wrapped (the
// task retries); a 2xx answer that does not decode is an *AnswerError.
func (b base) do(req *http.Request, platform, call string, out any, classify classifier) error {
	res, err := b.hc.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", platform, call, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("%s %s: read answer: %w", platform, call, err)
	}
	if err := classify(res, body); err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return &AnswerError{Platform: platform, Call: call, Detail: fmt.Sprintf("unexpected status %d", res.StatusCode)}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return &AnswerError{Platform: platform, Call: call, Detail: "malformed JSON"}
	}
	return nil
}

// get builds a GET of rawURL with a bearer token (when not empty) and headers.
func get(ctx context.Context, rawURL, bearer string, headers ...string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return req, nil
}

// postForm builds a form POST.
func postForm(ctx context.Context, rawURL string, form url.Values) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return req, nil
}

// oauthContext makes golang.org/x/oauth2 use our client (and its timeout).
func (b base) oauthContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, b.hc)
}

// oauthError maps a failed exchange or refresh of golang.org/x/oauth2: a
// refused grant needs a reconnect, a 429 waits, anything else is returned.
func oauthError(platform string, err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return fmt.Errorf("%s token: %w", platform, err)
	}
	if re.Response != nil && re.Response.StatusCode == http.StatusTooManyRequests {
		return &RateLimitError{Platform: platform, RetryAfter: retryAfter(re.Response.Header, time.Minute), Reason: "token endpoint"}
	}
	switch re.ErrorCode {
	case "invalid_grant", "unauthorized_client", "access_denied", "invalid_scope":
		reason := re.ErrorDescription
		if reason == "" {
			reason = re.ErrorCode
		}
		return &ReconnectError{Platform: platform, Reason: reason}
	}
	return &AnswerError{Platform: platform, Call: "token", Detail: strings.TrimSpace(re.ErrorCode + " " + re.ErrorDescription)}
}

// fromOAuth converts an oauth2 token; refresh keeps the old refresh token
// when the platform does not send a new one.
func fromOAuth(t *oauth2.Token, issued time.Time, oldRefresh string) Token {
	tok := Token{Access: t.AccessToken, Refresh: t.RefreshToken, Expiry: t.Expiry, IssuedAt: issued}
	if tok.Refresh == "" {
		tok.Refresh = oldRefresh
	}
	if v, ok := t.Extra("expires_in").(float64); ok && v > 0 { // on our clock, not the library's
		tok.Expiry = issued.Add(time.Duration(v) * time.Second)
	}
	if s, ok := t.Extra("scope").(string); ok {
		tok.Scopes = s
	}
	if v, ok := t.Extra("refresh_token_expires_in").(float64); ok && v > 0 {
		tok.RefreshExpiry = issued.Add(time.Duration(v) * time.Second)
	}
	return tok
}

// missingScopes returns the wanted scopes absent from granted (split at
// commas and spaces).
func missingScopes(granted string, wanted ...string) []string {
	have := map[string]bool{}
	for _, s := range strings.FieldsFunc(granted, func(r rune) bool { return r == ',' || r == ' ' }) {
		have[s] = true
	}
	var missing []string
	for _, w := range wanted {
		if !have[w] {
			missing = append(missing, w)
		}
	}
	return missing
}

// scopeError is the reconnect error of a grant without the scopes we need.
func scopeError(platform string, missing []string) error {
	return &ReconnectError{Platform: platform, Reason: "permission not granted: " + strings.Join(missing, ", ")}
}
