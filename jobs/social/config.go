package social

import (
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// Endpoints are one platform's OAuth application and base URLs.
type Endpoints struct {
	ClientID      string
	ClientSecret  string
	AuthURL       string // the consent page
	TokenURL      string // code and refresh exchanges
	APIBase       string // data calls
	AnalyticsBase string // YouTube Analytics only
	RevokeURL     string // empty where the platform has no revocation
}

// Config is the whole social configuration: which endpoints each platform
// uses, where the platforms send the browser back, the token keys, the
// calls' timeout, and the sync's schedule and request budgets.
type Config struct {
	Sandbox      bool
	RedirectBase string // PUBLIC_URL + "/api/accounts/callback/"
	Platforms    map[string]Endpoints
	Timeout      time.Duration
	SyncInterval time.Duration
	HistoryDays  int            // days fetched on an account's first sync
	Budgets      map[string]int // platform calls per minute, shared by all workers
	Sealer       *Sealer
	Now          func() time.Time
}

// real are the platforms' published endpoints.
var real = map[string]Endpoints{
	Instagram: {AuthURL: "https://www.instagram.com/oauth/authorize", TokenURL: "https://api.instagram.com/oauth/access_token",
		APIBase: "https://graph.instagram.com"},
	YouTube: {AuthURL: "https://accounts.google.com/o/oauth2/v2/auth", TokenURL: "https://oauth2.googleapis.com/token",
		APIBase: "https://www.googleapis.com/youtube/v3", AnalyticsBase: "https://youtubeanalytics.googleapis.com/v2",
		RevokeURL: "https://oauth2.googleapis.com/revoke"},
	TikTok: {AuthURL: "https://www.tiktok.com/v2/auth/authorize/", TokenURL: "https://open.tiktokapis.com/v2/oauth/token/",
		APIBase: "https://open.tiktokapis.com", RevokeURL: "https://open.tiktokapis.com/v2/oauth/revoke/"},
	LinkedIn: {AuthURL: "https://www.linkedin.com/oauth/v2/authorization", TokenURL: "https://www.linkedin.com/oauth/v2/accessToken",
		APIBase: "https://api.linkedin.com", RevokeURL: "https://www.linkedin.com/oauth/v2/revoke"},
}

// SandboxEndpoints are the endpoints of the sandbox mounted at base (e.g.
// PUBLIC_URL + "/sandbox"); the sandbox serves the same paths as the
// platforms under /{platform}/.
func SandboxEndpoints(base string) map[string]Endpoints {
	b := strings.TrimRight(base, "/")
	ig, yt, tt, li := b+"/instagram", b+"/youtube", b+"/tiktok", b+"/linkedin"
	return map[string]Endpoints{
		Instagram: {ClientID: "sandbox-instagram", ClientSecret: "sandbox-secret", AuthURL: ig + "/oauth/authorize",
			TokenURL: ig + "/oauth/access_token", APIBase: ig + "/graph"},
		YouTube: {ClientID: "sandbox-youtube", ClientSecret: "sandbox-secret", AuthURL: yt + "/o/oauth2/v2/auth",
			TokenURL: yt + "/token", APIBase: yt + "/youtube/v3", AnalyticsBase: yt + "/v2", RevokeURL: yt + "/revoke"},
		TikTok: {ClientID: "sandbox-tiktok", ClientSecret: "sandbox-secret", AuthURL: tt + "/v2/auth/authorize/",
			TokenURL: tt + "/v2/oauth/token/", APIBase: tt, RevokeURL: tt + "/v2/oauth/revoke/"},
		LinkedIn: {ClientID: "sandbox-linkedin", ClientSecret: "sandbox-secret", AuthURL: li + "/oauth/v2/authorization",
			TokenURL: li + "/oauth/v2/accessToken", APIBase: li, RevokeURL: li + "/oauth/v2/revoke"},
	}
}

// LoadConfig reads the social settings from the environment:
//
//	SOCIAL_SANDBOX          1 = use the sandbox under PUBLIC_URL/sandbox (default 1 outside production)
//	SOCIAL_TOKEN_KEY        token keys, "id:base64(32 bytes)[,id:key...]", the first seals (required in production)
//	SOCIAL_HTTP_TIMEOUT     each platform call's timeout (default 15s)
//	SOCIAL_SYNC_INTERVAL    how often every account is synced (default 6h)
//	SOCIAL_HISTORY_DAYS     days fetched on a first sync (default 90)
//	SOCIAL_BUDGET_<P>       calls per minute for platform P, all workers together
//	<P>_CLIENT_ID, <P>_CLIENT_SECRET, <P>_AUTH_URL, <P>_TOKEN_URL, <P>_API_BASE,
//	YOUTUBE_ANALYTICS_BASE, <P>_REVOKE_URL   per platform P (INSTAGRAM, YOUTUBE, TIKTOK, LINKEDIN)
func LoadConfig(production bool, publicURL string) (Config, error) {
	c := Config{Sandbox: !production, RedirectBase: strings.TrimRight(publicURL, "/") + "/api/accounts/callback/",
		Timeout: 15 * time.Second, SyncInterval: 6 * time.Hour, HistoryDays: 90, Now: time.Now,
		Budgets: map[string]int{Instagram: 200, YouTube: 600, TikTok: 600, LinkedIn: 300}}
	if v := os.Getenv("SOCIAL_SANDBOX"); v != "" {
		c.Sandbox = v == "1" || v == "true"
	}
	if production && c.Sandbox {
		return c, fmt.Errorf("SOCIAL_SANDBOX=%s is not allowed in production", os.Getenv("SOCIAL_SANDBOX"))
	}
	var err error
	if c.Sealer, err = NewSealer(os.Getenv("SOCIAL_TOKEN_KEY")); err != nil {
		return c, err
	}
	if c.Sealer == nil {
		if production {
			return c, fmt.Errorf("production needs SOCIAL_TOKEN_KEY (id:base64 of 32 random bytes) to encrypt social tokens")
		}
		c.Sealer = DevSealer()
	}
	if c.SyncInterval, err = SyncInterval(); err != nil {
		return c, err
	}
	for name, dst := range map[string]*time.Duration{"SOCIAL_HTTP_TIMEOUT": &c.Timeout} {
		if v := os.Getenv(name); v != "" {
			if *dst, err = time.ParseDuration(v); err != nil || *dst <= 0 {
				return c, fmt.Errorf("%s must be a positive duration such as 6h", name)
			}
		}
	}
	if v := os.Getenv("SOCIAL_HISTORY_DAYS"); v != "" {
		if c.HistoryDays, err = strconv.Atoi(v); err != nil || c.HistoryDays < 1 || c.HistoryDays > 365 {
			return c, fmt.Errorf("SOCIAL_HISTORY_DAYS must be a number of days from 1 to 365")
		}
	}
	c.Platforms = real
	if c.Sandbox {
		c.Platforms = SandboxEndpoints(strings.TrimRight(publicURL, "/") + "/sandbox")
	}
	c.Platforms = overrideEndpoints(c.Platforms)
	for _, p := range Platforms {
		if v := os.Getenv("SOCIAL_BUDGET_" + strings.ToUpper(p)); v != "" {
			if c.Budgets[p], err = strconv.Atoi(v); err != nil || c.Budgets[p] < 1 {
				return c, fmt.Errorf("SOCIAL_BUDGET_%s must be a positive number of calls per minute", strings.ToUpper(p))
			}
		}
	}
	return c, nil
}

// overrideEndpoints applies the <P>_* variables over eps.
func overrideEndpoints(eps map[string]Endpoints) map[string]Endpoints {
	out := map[string]Endpoints{}
	for p, e := range eps {
		up := strings.ToUpper(p) + "_"
		for name, dst := range map[string]*string{"CLIENT_ID": &e.ClientID, "CLIENT_SECRET": &e.ClientSecret, "AUTH_URL": &e.AuthURL,
			"TOKEN_URL": &e.TokenURL, "API_BASE": &e.APIBase, "ANALYTICS_BASE": &e.AnalyticsBase, "REVOKE_URL": &e.RevokeURL} {
			if v := os.Getenv(up + name); v != "" {
				*dst = v
			}
		}
		out[p] = e
	}
	return out
}

// SyncInterval reads SOCIAL_SYNC_INTERVAL alone (the scheduler needs no keys).
func SyncInterval() (time.Duration, error) {
	v := os.Getenv("SOCIAL_SYNC_INTERVAL")
	if v == "" {
		return 6 * time.Hour, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Minute {
		return 0, fmt.Errorf("SOCIAL_SYNC_INTERVAL must be a duration of at least 1m, such as 6h")
	}
	return d, nil
}

// Connectors builds every platform's connector from c, sharing one HTTP client.
func (c Config) Connectors() map[string]Connector {
	hc := &http.Client{Timeout: c.Timeout, Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second}}
	now := c.Now
	if now == nil {
		now = time.Now
	}
	b := base{hc: hc, now: now}
	return map[string]Connector{
		Instagram: newInstagram(c.Platforms[Instagram], c.RedirectBase+Instagram, b),
		YouTube:   newYouTube(c.Platforms[YouTube], c.RedirectBase+YouTube, b),
		TikTok:    newTikTok(c.Platforms[TikTok], c.RedirectBase+TikTok, b),
		LinkedIn:  newLinkedIn(c.Platforms[LinkedIn], c.RedirectBase+LinkedIn, b),
	}
}
