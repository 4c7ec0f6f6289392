package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"creatorcoach/store"
)

// TestSocial_SandboxRedirectsOnlyToCallback: the sandbox's consent page sends
// the browser back to the api's configured callback only; any other
// redirect_uri is refused on the page and on its answer.
func TestSocial_SandboxRedirectsOnlyToCallback(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("redir@social.io", store.RoleUser)
	authURL := e.want(e.call("POST", "/api/accounts", tok, map[string]string{"id": "instagram"}), http.StatusOK).str("data", "url")
	u, _ := url.Parse(authURL)
	for _, evil := range []string{"https://evil.example/steal", e.srv.URL + "/api/accounts/callback/tiktok", e.srv.URL + "/dashboard"} {
		q := u.Query()
		q.Set("redirect_uri", evil)
		bad := *u
		bad.RawQuery = q.Encode()
		if res, err := http.Get(bad.String()); err != nil || res.StatusCode != http.StatusBadRequest {
			t.Errorf("consent page with redirect_uri %s: %v %v, want 400", evil, err, res)
		}
		q.Set("sandbox_handle", "redir_ig")
		q.Set("decision", "allow")
		bad.RawQuery = ""
		res, err := noFollow.PostForm(bad.String(), q)
		if err != nil || res.StatusCode != http.StatusBadRequest || strings.Contains(res.Header.Get("Location"), "evil") {
			t.Errorf("allow with redirect_uri %s: %v %v, want 400 and no redirect", evil, err, res)
		}
	}
	// The configured callback still works.
	if back := e.consent(tok, "instagram", "redir_ig", true); !strings.HasPrefix(back, e.srv.URL+"/api/accounts/callback/instagram?") {
		t.Errorf("consent sent the browser to %q", back)
	}
}
