package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// consent is the sandbox's authorize page: a handle, the permission to read
// analytics (unticked = a missing scope), Allow and Deny.
var consent = template.Must(template.New("consent").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Name}} sandbox: allow access</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2328}
label{display:block;margin:.75rem 0}input[type=text]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{padding:.6rem 1.4rem;font-size:1rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #1f2328;cursor:pointer}
.allow{background:#0b5cad;color:#fff;border-color:#0b5cad}.deny{background:#fff;color:#1f2328}</style></head>
<body><main><h1>{{.Name}} (sandbox)</h1>
<p>Creator Coach wants to read your profile and analytics. This is the offline sandbox: no real account is used.</p>
<form method="post">
{{range $k, $v := .Query}}{{range $v}}<input type="hidden" name="{{$k}}" value="{{.}}">{{end}}{{end}}
<label for="handle">Sandbox handle</label><input type="text" id="handle" name="sandbox_handle" value="{{.Handle}}" pattern="[A-Za-z0-9_.]{2,30}" required>
<label><input type="checkbox" name="sandbox_insights" value="1" checked> Share analytics (insights permission)</label>
<button class="allow" type="submit" name="decision" value="allow">Allow</button>
<button class="deny" type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>`))

var handleRe = regexp.MustCompile(`^[A-Za-z0-9_.]{2,30}$`)

// authorize serves a platform's consent page (GET) and its answer (POST):
// Allow sends the browser to redirect_uri (only the configured Callback)
// with a code and the state; Deny
// with error=access_denied. scopes are what the platform grants, insights
// the one left out when the box is unticked.
func (s *Server) authorize(platform, name string, scopes []string, insights string, sep string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		redirect, state := r.Form.Get("redirect_uri"), r.Form.Get("state")
		if u, err := url.Parse(redirect); err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			http.Error(w, "redirect_uri is missing or not an http(s) URL", http.StatusBadRequest)
			return
		}
		if s.Callback == "" || redirect != s.Callback+platform {
			http.Error(w, "redirect_uri is not this app's registered callback", http.StatusBadRequest)
			return
		}
		if r.Form.Get("code_challenge") != "" && r.Form.Get("code_challenge_method") != "S256" {
			http.Error(w, "code_challenge_method must be S256", http.StatusBadRequest)
			return
		}
		if r.Method == http.MethodGet {
			u, _ := url.Parse(redirect)
			w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' "+
				u.Scheme+"://"+u.Host+"; frame-ancestors 'none'; base-uri 'none'")
			q := url.Values{}
			for k, v := range r.URL.Query() {
				q[k] = v
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_ = consent.Execute(w, map[string]any{"Name": name, "Query": q, "Handle": "sandbox_" + randomHex(3)})
			return
		}
		back, _ := url.Parse(redirect)
		q := back.Query()
		q.Set("state", state)
		handle := r.Form.Get("sandbox_handle")
		switch {
		case r.Form.Get("decision") != "allow":
			q.Set("error", "access_denied")
			q.Set("error_description", "The user denied access")
		case !handleRe.MatchString(handle):
			http.Error(w, "the handle must be 2-30 letters, digits, '_' or '.'", http.StatusBadRequest)
			return
		default:
			granted := []string{}
			for _, sc := range scopes {
				if sc != insights || r.Form.Get("sandbox_insights") == "1" {
					granted = append(granted, sc)
				}
			}
			code := s.sign(grant{Platform: platform, Handle: handle, Kind: "code", Scopes: strings.Join(granted, sep),
				Expires: s.Now().Add(10 * time.Minute).Unix(), Challenge: r.Form.Get("code_challenge"), Redirect: redirect,
				ID: randomHex(8)})
			q.Set("code", code)
		}
		back.RawQuery = q.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Code returns an authorization code for handle on platform, as Allow
// would with every scope granted (tests and the demo seed use it).
func (s *Server) Code(platform, handle, redirect, challenge string) string {
	return s.sign(grant{Platform: platform, Handle: handle, Kind: "code", Scopes: strings.Join(allScopes[platform], scopeSep[platform]),
		Expires: s.Now().Add(10 * time.Minute).Unix(), Challenge: challenge, Redirect: redirect, ID: randomHex(8)})
}

// allScopes and scopeSep are what each platform grants and how it joins them.
var allScopes = map[string][]string{
	"instagram": {"instagram_business_basic", "instagram_business_manage_insights"},
	"youtube":   {"https://www.googleapis.com/auth/youtube.readonly", "https://www.googleapis.com/auth/yt-analytics.readonly"},
	"tiktok":    {"user.info.basic", "user.info.profile", "user.info.stats", "video.list"},
	"linkedin":  {"openid", "profile", "r_member_postAnalytics", "r_member_profileAnalytics"},
}

var scopeSep = map[string]string{"instagram": ",", "youtube": " ", "tiktok": ",", "linkedin": ","}

// insightScope is the scope the consent page's box grants.
var insightScope = map[string]string{"instagram": "instagram_business_manage_insights",
	"youtube": "https://www.googleapis.com/auth/yt-analytics.readonly", "tiktok": "user.info.stats", "linkedin": "r_member_postAnalytics"}

// CodeWithScopes is Code with the analytics permission granted or not.
func (s *Server) CodeWithScopes(platform, handle, redirect, challenge string, insights bool) string {
	var granted []string
	for _, sc := range allScopes[platform] {
		if insights || sc != insightScope[platform] {
			granted = append(granted, sc)
		}
	}
	return s.sign(grant{Platform: platform, Handle: handle, Kind: "code", Scopes: strings.Join(granted, scopeSep[platform]),
		Expires: s.Now().Add(10 * time.Minute).Unix(), Challenge: challenge, Redirect: redirect, ID: randomHex(8)})
}
