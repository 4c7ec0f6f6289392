package main

import (
	"net/http"
	"strings"
)

// Content security policies. The web app loads only its own scripts and
// styles (no inline ones; React sets styles through the CSSOM, which a
// policy does not block) and may not be framed. asynqmon's page carries
// inline scripts and styles and Roboto from a font service, so /ops/queues,
// which is behind the ops credentials, gets a looser policy of its own.
const (
	appCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; " +
		"connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	// stripeCSP is appCSP plus what Stripe.js (card Elements) needs: its
	// script, its iframes and its API. Sent only when a real publishable key
	// is configured (app.Config.StripeJS).
	stripeCSP = "default-src 'self'; script-src 'self' https://js.stripe.com https://*.js.stripe.com; style-src 'self'; " +
		"img-src 'self' data: blob: https://*.stripe.com; font-src 'self' data:; connect-src 'self' https://api.stripe.com; " +
		"frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; media-src 'self' blob:; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	opsCSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; " +
		"font-src 'self' data: https://fonts.gstatic.com; img-src 'self' data:; connect-src 'self'; object-src 'none'; " +
		"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
	// hsts is sent when PUBLIC_URL is https: two years, subdomains included.
	hsts = "max-age=63072000; includeSubDomains"
)

// securityHeaders sets the browser security headers on every answer: a
// strict CSP (letting Stripe.js in only with a real publishable key),
// nosniff, no framing, a same-origin referrer policy (no-referrer for a
// share link's page and call, whose path holds its token, and a media kit's) and, when the
// public address is https, HSTS. A handler may replace the CSP with a
// stricter one (file downloads do).
func (s *server) securityHeaders(next http.Handler) http.Handler {
	https := strings.HasPrefix(strings.ToLower(s.cfg.PublicURL), "https://")
	app := appCSP
	if s.cfg.StripeJS() {
		app = stripeCSP
	}
	// The values are shared, read-only slices: setting them costs no
	// allocation per answer (a handler replacing one uses Header.Set).
	one := func(v string) []string { return []string{v} }
	appV, opsV, nosniff, deny, same, hstsV := one(app), one(opsCSP), one("nosniff"), one("DENY"), one("same-origin"), one(hsts)
	noReferrer := one("no-referrer")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		csp := appV
		if r.URL.Path == "/ops/queues" || strings.HasPrefix(r.URL.Path, "/ops/queues/") {
			csp = opsV
		}
		h["Content-Security-Policy"] = csp
		h["X-Content-Type-Options"] = nosniff
		h["X-Frame-Options"] = deny
		h["Referrer-Policy"] = same
		if strings.HasPrefix(r.URL.Path, "/share/") || strings.HasPrefix(r.URL.Path, "/api/share/") ||
			strings.HasPrefix(r.URL.Path, "/kit/") || strings.HasPrefix(r.URL.Path, "/api/kits/") {
			// A share link's token is in its path: never send it on.
			h["Referrer-Policy"] = noReferrer
		}
		h["Cross-Origin-Opener-Policy"] = same
		if https {
			h["Strict-Transport-Security"] = hstsV
		}
		next.ServeHTTP(w, r)
	})
}
