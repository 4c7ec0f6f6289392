package social_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// bundle is one test's sandbox and connectors sharing a clock.
type bundle struct {
	sb    *sandbox.Server
	conns map[string]social.Connector
	clock *clock
	cfg   social.Config
}

func setup(t *testing.T) *bundle {
	t.Helper()
	clk := &clock{t: time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)}
	sb := sandbox.New()
	sb.Now = clk.Now
	srv := httptest.NewServer(sb.Handler())
	t.Cleanup(srv.Close)
	cfg := social.Config{Platforms: social.SandboxEndpoints(srv.URL), RedirectBase: "http://app.test/api/accounts/callback/",
		Timeout: 5 * time.Second, Now: clk.Now}
	return &bundle{sb: sb, conns: cfg.Connectors(), clock: clk, cfg: cfg}
}

// connect runs the code exchange as the callback would.
func (b *bundle) connect(t *testing.T, platform, handle string) social.Token {
	t.Helper()
	c := b.conns[platform]
	verifier, challenge := "", ""
	if c.PKCE() {
		verifier = "test-verifier-0123456789-0123456789-0123456789"
		sum := sha256.Sum256([]byte(verifier))
		challenge = base64.RawURLEncoding.EncodeToString(sum[:])
	}
	code := b.sb.Code(platform, handle, b.cfg.RedirectBase+platform, challenge)
	tok, err := c.Exchange(context.Background(), code, verifier)
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	return tok
}

func (b *bundle) fetch(platform string, tok social.Token, days int) (social.Snapshot, int, error) {
	calls := 0
	snap, err := b.conns[platform].Fetch(context.Background(), tok, b.clock.Now().AddDate(0, 0, -days+1), func() { calls++ })
	return snap, calls, err
}

func TestConnectors(t *testing.T) {
	t.Parallel()
	demographics := map[string]bool{social.Instagram: true, social.YouTube: true}
	for _, platform := range social.Platforms {
		t.Run(platform, func(t *testing.T) {
			t.Parallel()
			t.Run("OK", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				if tok.Access == "" || tok.Scopes == "" {
					t.Fatalf("token %+v", tok)
				}
				snap, calls, err := b.fetch(platform, tok, 30)
				if err != nil {
					t.Fatal(err)
				}
				if len(snap.Days) != 30 {
					t.Fatalf("got %d days, want 30", len(snap.Days))
				}
				if want := b.conns[platform].Calls(b.clock.Now().AddDate(0, 0, -29)); platform != social.TikTok && calls != want {
					t.Errorf("got %d calls, want the planned %d", calls, want)
				}
				today := sandbox.Day(platform, "maya_fit", snap.Days[29].Day)
				if got := snap.Days[29].Followers; got != today.Followers {
					t.Errorf("followers today: got %d, want %d", got, today.Followers)
				}
				if snap.Username == "" || snap.ExternalID == "" {
					t.Errorf("profile %+v", snap.Profile)
				}
				var likes int64
				for _, d := range snap.Days {
					likes += d.Likes
					if d.Followers <= 0 {
						t.Fatalf("day %s without followers", d.Day)
					}
				}
				if likes == 0 {
					t.Error("no likes in 30 days")
				}
				// Reach: Instagram reports accounts reached and engaged; the others report neither (nil, not 0).
				for _, d := range snap.Days {
					if got := d.Reach != nil && d.AccountsEngaged != nil; got != (platform == social.Instagram) {
						t.Fatalf("%s reach reported %v on %s", platform, got, d.Day)
					}
					if d.Reach != nil && *d.Reach <= 0 {
						t.Fatalf("reach %d on %s", *d.Reach, d.Day)
					}
				}
				if got := len(snap.Demographics) > 0; got != demographics[platform] {
					t.Errorf("demographics shared: got %v, want %v", got, demographics[platform])
				}
			})
			t.Run("Refresh", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				b.clock.Advance(55 * 24 * time.Hour) // past every access token, within Instagram's last 10 days
				fresh, changed, err := b.conns[platform].Refresh(context.Background(), tok)
				if err != nil || !changed || fresh.Access == tok.Access {
					t.Fatalf("refresh: changed %v, err %v", changed, err)
				}
				if _, _, err := b.fetch(platform, fresh, 3); err != nil {
					t.Fatalf("fetch with the refreshed token: %v", err)
				}
			})
			t.Run("ExpiredRefresh", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				b.clock.Advance(55 * 24 * time.Hour)
				b.sb.Switch(platform, "maya_fit", sandbox.ModeExpiredRefresh)
				_, _, err := b.conns[platform].Refresh(context.Background(), tok)
				if social.AsReconnect(err) == nil {
					t.Fatalf("got %v, want a reconnect error", err)
				}
			})
			t.Run("MissingScope", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				b.sb.Switch(platform, "maya_fit", sandbox.ModeMissingScope)
				_, _, err := b.fetch(platform, tok, 3)
				if re := social.AsReconnect(err); re == nil || !strings.Contains(re.Reason, "permission") {
					t.Fatalf("got %v, want a reconnect error naming the permission", err)
				}
			})
			t.Run("RateLimited", func(t *testing.T) {
				b := setup(t)
				b.sb.RetryAfter = 42 * time.Second
				tok := b.connect(t, platform, "maya_fit")
				b.sb.Switch(platform, "maya_fit", sandbox.ModeRateLimit)
				_, _, err := b.fetch(platform, tok, 3)
				if rl := social.AsRateLimit(err); rl == nil || rl.RetryAfter != 42*time.Second {
					t.Fatalf("got %v, want a rate limit of 42s", err)
				}
			})
			t.Run("Revoked", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				b.sb.Switch(platform, "maya_fit", sandbox.ModeRevoked)
				_, _, err := b.fetch(platform, tok, 3)
				if social.AsReconnect(err) == nil {
					t.Fatalf("got %v, want a reconnect error", err)
				}
			})
			t.Run("Malformed", func(t *testing.T) {
				b := setup(t)
				tok := b.connect(t, platform, "maya_fit")
				b.sb.Switch(platform, "maya_fit", sandbox.ModeMalformed)
				_, _, err := b.fetch(platform, tok, 3)
				if ae := social.AsAnswer(err); ae == nil || !strings.Contains(ae.Error(), "could not read") {
					t.Fatalf("got %v, want an answer error", err)
				}
			})
		})
	}
}

func TestConnectors_MissingScopeAtConsent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// A code granting everything but analytics, as the consent page gives with its box unticked.
	for _, platform := range social.Platforms {
		c := b.conns[platform]
		verifier, challenge := "", ""
		if c.PKCE() {
			verifier = "v-0123456789-0123456789-0123456789-0123456789"
			sum := sha256.Sum256([]byte(verifier))
			challenge = base64.RawURLEncoding.EncodeToString(sum[:])
		}
		code := b.sb.CodeWithScopes(platform, "no_insights", b.cfg.RedirectBase+platform, challenge, false)
		_, err := c.Exchange(context.Background(), code, verifier)
		if re := social.AsReconnect(err); re == nil || !strings.Contains(re.Reason, "permission not granted") {
			t.Errorf("%s: got %v, want a missing permission", platform, err)
		}
	}
}

// TestConnectors_PKCE: the platforms that take PKCE (YouTube, TikTok) get an
// S256 challenge on the consent URL and the verifier on the code exchange;
// the sandbox, like the platforms, refuses that code with a missing or wrong
// verifier. Instagram and LinkedIn (web sign-in) take none.
func TestConnectors_PKCE(t *testing.T) {
	t.Parallel()
	b := setup(t)
	want := map[string]bool{social.YouTube: true, social.TikTok: true}
	for _, platform := range social.Platforms {
		c := b.conns[platform]
		if c.PKCE() != want[platform] {
			t.Errorf("%s: PKCE() = %v, want %v", platform, c.PKCE(), want[platform])
			continue
		}
		if !c.PKCE() {
			continue
		}
		verifier := "the-right-verifier-0123456789-0123456789-" + platform
		sum := sha256.Sum256([]byte(verifier))
		challenge := base64.RawURLEncoding.EncodeToString(sum[:])
		u, err := url.Parse(c.AuthURL("st4te", verifier))
		if err != nil {
			t.Fatal(err)
		}
		if q := u.Query(); q.Get("code_challenge") != challenge || q.Get("code_challenge_method") != "S256" {
			t.Errorf("%s: consent URL %s lacks the S256 challenge", platform, u)
		}
		for _, bad := range []string{"", "a-wrong-verifier-0123456789-0123456789-01"} {
			code := b.sb.Code(platform, "maya_fit", b.cfg.RedirectBase+platform, challenge)
			if _, err := c.Exchange(context.Background(), code, bad); err == nil {
				t.Errorf("%s: verifier %q: code exchanged, want it refused", platform, bad)
			}
		}
		code := b.sb.Code(platform, "maya_fit", b.cfg.RedirectBase+platform, challenge)
		if tok, err := c.Exchange(context.Background(), code, verifier); err != nil || tok.Access == "" {
			t.Errorf("%s: right verifier: %+v, %v", platform, tok, err)
		}
	}
}

func TestSealer(t *testing.T) {
	t.Parallel()
	old, err := social.NewSealer("k1:" + base64.StdEncoding.EncodeToString(make([]byte, 32)))
	if err != nil {
		t.Fatal(err)
	}
	sealed, _ := old.Seal("secret-token")
	if strings.Contains(sealed, "secret-token") || !strings.HasPrefix(sealed, "k1:") {
		t.Fatalf("sealed %q", sealed)
	}
	key2 := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))
	rotated, err := social.NewSealer("k2:" + key2 + ",k1:" + base64.StdEncoding.EncodeToString(make([]byte, 32)))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := rotated.Open(sealed); err != nil || got != "secret-token" {
		t.Fatalf("old row: got %q, %v", got, err)
	}
	again, _ := rotated.Seal("secret-token")
	if !strings.HasPrefix(again, "k2:") {
		t.Fatalf("new rows should use the first key: %q", again)
	}
	for _, bad := range []string{"k1", "k1:short", ":" + key2} {
		if _, err := social.NewSealer(bad); err == nil {
			t.Errorf("NewSealer(%q) accepted", bad)
		}
	}
}

// TestInstagram_LikesFromMedia: Instagram's likes are the like_count of the
// media published each day, read page by page back to the window's start.
func TestInstagram_LikesFromMedia(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tok := b.connect(t, social.Instagram, "maya_fit")
	snap, calls, err := b.fetch(social.Instagram, tok, 90)
	if err != nil {
		t.Fatal(err)
	}
	now := b.clock.Now()
	posts := 0
	for _, d := range snap.Days {
		var want int64
		for _, p := range sandbox.Posts("maya_fit", d.Day) {
			if !p.Time.After(now) {
				want += p.LikeCount
				posts++
			}
		}
		if d.Likes != want || want == 0 && d.Day.Before(snap.Days[89].Day) {
			t.Errorf("%s: got %d likes, want %d (the day's media)", d.Day.Format(time.DateOnly), d.Likes, want)
		}
	}
	// 5 profile/insight calls, 90 daily insights, and the media pages of 100.
	if pages := calls - 95; posts <= 100 || pages != (posts+99)/100 && pages != (posts+100)/100 {
		t.Errorf("%d media pages for %d posts", pages, posts)
	}
}
