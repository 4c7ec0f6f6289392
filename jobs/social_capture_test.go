package jobs

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/store"
)

// captureClock is the clock the store, the sandbox and the connectors share.
type captureClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *captureClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *captureClock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *captureClock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }

// countingConn counts the post listings of a connector (Posts, or the
// posts part of FetchPosts).
type countingConn struct {
	social.Connector
	posts *atomic.Int32
}

func (c countingConn) Posts(ctx context.Context, tok social.Token, q social.PostQuery, done func()) ([]social.Post, error) {
	c.posts.Add(1)
	return c.Connector.Posts(ctx, tok, q, done)
}

func (c countingConn) FetchPosts(ctx context.Context, tok social.Token, since time.Time, q social.PostQuery, done func()) (social.Snapshot, social.Capture, error) {
	c.posts.Add(1)
	return c.Connector.FetchPosts(ctx, tok, since, q, done)
}

// captureEnv is a handler whose syncs talk HTTP to a sandbox, on one clock,
// with a brand (Acme) whose campaign "Winter Warmup" runs 2026-12-01 to
// 2026-12-31 (tag acmewinterwarmup); it is 2026-12-10 12:00 UTC.
type captureEnv struct {
	*env
	clk        *captureClock
	sb         *sandbox.Server
	cfg        social.Config
	postCalls  *atomic.Int32
	campaignID string
}

func setupCapture(t *testing.T) *captureEnv {
	t.Helper()
	e := setup(t)
	clk := &captureClock{t: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)}
	e.Store.Now = clk.Now
	sb := sandbox.New()
	sb.Now = clk.Now
	srv := httptest.NewServer(sb.Handler())
	t.Cleanup(srv.Close)
	cfg := social.Config{Platforms: social.SandboxEndpoints(srv.URL), RedirectBase: "http://app.test/api/accounts/callback/",
		Timeout: 10 * time.Second, Now: clk.Now}
	calls := &atomic.Int32{}
	conns := map[string]social.Connector{}
	for p, c := range cfg.Connectors() {
		conns[p] = countingConn{Connector: c, posts: calls}
	}
	e.Social = &Syncer{Connectors: conns, Sealer: social.DevSealer(), HistoryDays: 3, Interval: 6 * time.Hour}
	ce := &captureEnv{env: e, clk: clk, sb: sb, cfg: cfg, postCalls: calls}
	ctx := context.Background()
	brand, err := e.Store.SaveAccount(ctx, store.AccountSpec{Email: "brand@acme.io", Password: "Str0ng!pass", Role: store.RoleBrandAdmin, BrandName: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	var c store.Campaign
	if err := json.Unmarshal([]byte(`{"campaignName": "Winter Warmup", "goals": ["Brand awareness"], "budget": 5000,
		"duration": {"startDate": "2026-12-01", "endDate": "2026-12-31"}, "demographics": {"ageRange": {"start": 18, "end": 35},
		"gender": "All"}, "contentVibes": ["Cosy"], "terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"},
		"status": "active"}`), &c); err != nil {
		t.Fatal(err)
	}
	out, err := e.Store.CreateCampaign(ctx, brand, c)
	if err != nil {
		t.Fatal(err)
	}
	if out.TrackingTag != "acmewinterwarmup" {
		t.Fatalf("tag %q", out.TrackingTag)
	}
	ce.campaignID = out.ID
	clk.Set(time.Date(2026, 12, 10, 12, 0, 0, 0, time.UTC))
	return ce
}

// creator makes a creator account with a network entry and connects handle
// on platform through the sandbox's code exchange; offer "" puts no offer
// on the campaign. It returns the account's id.
func (ce *captureEnv) creator(t *testing.T, handle, platform, offer string) string {
	t.Helper()
	ctx := context.Background()
	db := ce.Store
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: handle + "@creators.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	var creatorID string
	if err := db.SQL().Get(&creatorID, `INSERT INTO creators (identity, user_id, name, email, niche, location)
		VALUES ('email:' || $2, $1, $3, $2, 'Fitness & Health', 'Berlin')
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name RETURNING id`, u.ID, handle+"@creators.io", handle); err != nil {
		t.Fatal(err)
	}
	if offer != "" {
		db.SQL().MustExec(`INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
			VALUES ($1, $2, 1, 80, '[]', $3, 500, 500, $4)`, ce.campaignID, creatorID, platform, offer)
	}
	conn := ce.cfg.Connectors()[platform]
	tok, err := conn.Exchange(ctx, ce.sb.Code(platform, handle, ce.cfg.RedirectBase+platform, ""), "")
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := ce.Social.SealTokens(tok)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ConnectSocialAccount(ctx, store.SocialConnection{UserID: u.ID, Platform: platform, Username: handle, Tokens: sealed},
		NewSocialSyncTask); err != nil {
		t.Fatal(err)
	}
	var id string
	if err := db.SQL().Get(&id, `SELECT id FROM social_accounts WHERE user_id = $1`, u.ID); err != nil {
		t.Fatal(err)
	}
	return id
}

// sync runs the sync handler on one account, or on a scheduled batch.
func (ce *captureEnv) sync(t *testing.T, ids ...string) {
	t.Helper()
	p := SocialSyncPayload{AccountIDs: ids}
	if len(ids) == 1 {
		p = SocialSyncPayload{AccountID: ids[0]}
	}
	raw, _ := json.Marshal(p)
	if err := ce.HandleSocialSync(context.Background(), asynq.NewTask(TypeSocialSync, raw)); err != nil {
		t.Fatalf("sync %v: %v", ids, err)
	}
}

// capturedPost is a campaign_posts row with its daily readings.
type capturedPost struct {
	ID          string    `db:"id"`
	ExternalID  string    `db:"external_id"`
	Platform    string    `db:"platform"`
	URL         string    `db:"url"`
	Caption     string    `db:"caption"`
	PublishedAt time.Time `db:"published_at"`
	Views       *int64    `db:"views"`
	Likes       *int64    `db:"likes"`
	Comments    *int64    `db:"comments"`
	Shares      *int64    `db:"shares"`
	Reach       *int64    `db:"reach"`
	RefreshedAt time.Time `db:"refreshed_at"`
	Days        int       `db:"days"`
}

func (ce *captureEnv) posts(t *testing.T) []capturedPost {
	t.Helper()
	var out []capturedPost
	if err := ce.Store.SQL().Select(&out, `SELECT p.id, p.external_id, p.platform, p.url, p.caption, p.published_at, p.views, p.likes,
		p.comments, p.shares, p.reach, p.refreshed_at, (SELECT count(*) FROM campaign_post_daily d WHERE d.post_id = p.id) AS days
		FROM campaign_posts p WHERE p.campaign_id = $1 ORDER BY p.published_at`, ce.campaignID); err != nil {
		t.Fatal(err)
	}
	return out
}

func eq(p *int64, v int64) bool { return p != nil && *p == v }

// TestCapture_EndToEnd: the sync of a creator with an accepted offer records
// the post carrying the campaign's tag inside its dates, with the figures
// the platform reports; posts outside the dates, with another tag, of
// creators without an accepted offer are not recorded, and accounts without
// an eligible offer make no post call at all.
func TestCapture_EndToEnd(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	cleo := ce.creator(t, "cleo_knits", social.Instagram, store.OfferAccepted)
	noOffer := ce.creator(t, "otto_nooffer", social.Instagram, "")
	declined := ce.creator(t, "dana_declined", social.TikTok, store.OfferDeclined)
	day := func(d int, h int) time.Time { return time.Date(2026, 12, d, h, 0, 0, 0, time.UTC) }
	in := ce.sb.Publish(social.Instagram, "cleo_knits", "Cosy knits for the cold #AcmeWinterWarmup!", day(5, 9))
	ce.sb.Publish(social.Instagram, "cleo_knits", "Too early #acmewinterwarmup", time.Date(2026, 11, 30, 23, 59, 0, 0, time.UTC))
	ce.sb.Publish(social.Instagram, "cleo_knits", "Not ours #acmewinter and #acmewinterwarmups", day(6, 9))
	ce.sb.Publish(social.Instagram, "otto_nooffer", "#acmewinterwarmup for free", day(5, 10))
	ce.sb.Publish(social.TikTok, "dana_declined", "#acmewinterwarmup anyway", day(5, 11))

	ce.sync(t, noOffer)
	ce.sync(t, declined)
	if n := ce.postCalls.Load(); n != 0 {
		t.Fatalf("%d post listings for accounts without an accepted offer, want none", n)
	}
	ce.sync(t, cleo)
	if n := ce.postCalls.Load(); n != 1 {
		t.Fatalf("%d post listings, want 1 (cleo's)", n)
	}
	got := ce.posts(t)
	if len(got) != 1 {
		t.Fatalf("captured %+v, want cleo's one tagged post", got)
	}
	p := got[0]
	f := sandbox.PostFigures(social.Instagram, "cleo_knits", in.ID, in.At, ce.clk.Now())
	if p.ExternalID != in.ID || p.Platform != social.Instagram || !p.PublishedAt.Equal(in.At) || p.URL == "" || p.Caption != in.Caption {
		t.Errorf("post %+v, published %+v", p, in)
	}
	if !eq(p.Views, f.Views) || !eq(p.Likes, f.Likes) || !eq(p.Comments, f.Comments) || !eq(p.Shares, f.Shares) || !eq(p.Reach, f.Reach) || p.Days != 1 {
		t.Errorf("figures %v %v %v %v %v (%d days), want %+v", *p.Views, *p.Likes, *p.Comments, *p.Shares, *p.Reach, p.Days, f)
	}
	var entry, account string
	if err := ce.Store.SQL().QueryRow(`SELECT entry_id, account_id FROM campaign_posts WHERE id = $1`, p.ID).Scan(&entry, &account); err != nil || account != cleo {
		t.Errorf("entry %s account %s (%v), want cleo's account %s", entry, account, err, cleo)
	}
}

// TestCapture_Idempotent: the same post synced again is one row; its
// figures are updated and each day keeps one reading; a scheduled batch
// captures like a single sync.
func TestCapture_Idempotent(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	cleo := ce.creator(t, "cleo_again", social.TikTok, store.OfferAccepted)
	other := ce.creator(t, "omar_plain", social.TikTok, store.OfferCompleted)
	in := ce.sb.Publish(social.TikTok, "cleo_again", "Day one #acmewinterwarmup", time.Date(2026, 12, 9, 18, 0, 0, 0, time.UTC))
	ce.sync(t, cleo)
	ce.clk.Add(30 * time.Minute)
	ce.sync(t, cleo, other) // a scheduled batch, later the same day
	got := ce.posts(t)
	if len(got) != 1 || got[0].Days != 1 {
		t.Fatalf("after two syncs on one day: %+v, want one post with one daily reading", got)
	}
	first := *got[0].Views
	ce.clk.Add(24 * time.Hour)
	ce.sync(t, cleo)
	got = ce.posts(t)
	f := sandbox.PostFigures(social.TikTok, "cleo_again", in.ID, in.At, ce.clk.Now())
	if len(got) != 1 || got[0].Days != 2 || !eq(got[0].Views, f.Views) || f.Views <= first || !got[0].RefreshedAt.Equal(ce.clk.Now()) {
		t.Fatalf("next day: %+v (views %d then), want one post, two daily readings, views %d", got, first, f.Views)
	}
	var daily []int64
	if err := ce.Store.SQL().Select(&daily, `SELECT views FROM campaign_post_daily WHERE post_id = $1 ORDER BY day`, got[0].ID); err != nil ||
		len(daily) != 2 || daily[0] == daily[1] {
		t.Errorf("daily views %v (%v)", daily, err)
	}
}

// TestCapture_NullFigures: YouTube reports no shares nor reach: they are
// NULL in the post and its daily readings, never 0.
func TestCapture_NullFigures(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	yt := ce.creator(t, "yuki_tube", social.YouTube, store.OfferAccepted)
	ce.sb.Publish(social.YouTube, "yuki_tube", "Winter haul\nGifted by Acme #AcmeWinterWarmup", time.Date(2026, 12, 3, 16, 0, 0, 0, time.UTC))
	ce.sync(t, yt)
	got := ce.posts(t)
	if len(got) != 1 || got[0].Views == nil || got[0].Likes == nil || got[0].Comments == nil || got[0].Shares != nil || got[0].Reach != nil {
		t.Fatalf("%+v: want views, likes and comments, no shares nor reach", got)
	}
	var nulls int
	if err := ce.Store.SQL().Get(&nulls, `SELECT count(*) FROM campaign_post_daily WHERE post_id = $1 AND shares IS NULL AND reach IS NULL
		AND views IS NOT NULL`, got[0].ID); err != nil || nulls != 1 {
		t.Errorf("daily reading with null shares and reach: %d (%v)", nulls, err)
	}
}

// TestCapture_RefreshWindow: a post is refreshed for 30 days after its
// publication, then left as it is; once every post of the campaign is past
// that window the syncs list no posts.
func TestCapture_RefreshWindow(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	li := ce.creator(t, "lina_posts", social.LinkedIn, store.OfferAccepted)
	early := ce.sb.Publish(social.LinkedIn, "lina_posts", "Kick-off #acmewinterwarmup", time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC))
	ce.sync(t, li)
	if got := ce.posts(t); len(got) != 1 || got[0].ExternalID != early.ID {
		t.Fatalf("before the late post: %+v", got)
	}
	// Published after that sync (a post dated ahead of the sandbox's clock
	// is listed at once: sandbox.Server.postClock).
	late := ce.sb.Publish(social.LinkedIn, "lina_posts", "Wrap-up #acmewinterwarmup", time.Date(2026, 12, 28, 9, 0, 0, 0, time.UTC))
	ce.clk.Set(time.Date(2027, 1, 5, 12, 0, 0, 0, time.UTC)) // early is 34 days old, late 8
	ce.sync(t, li)
	got := ce.posts(t)
	if len(got) != 2 || got[0].ExternalID != early.ID || got[1].ExternalID != late.ID {
		t.Fatalf("posts %+v", got)
	}
	if got[0].Days != 1 || got[1].Days != 1 || !got[1].RefreshedAt.Equal(ce.clk.Now()) || got[0].RefreshedAt.Equal(ce.clk.Now()) {
		t.Errorf("the early post was refreshed after 30 days, or the late one not: %+v", got)
	}
	calls := ce.postCalls.Load()
	ce.clk.Set(time.Date(2027, 2, 2, 12, 0, 0, 0, time.UTC)) // 33 days after the end date
	ce.sync(t, li)
	if n := ce.postCalls.Load(); n != calls {
		t.Errorf("%d post listings after every post's refresh window, want none", n-calls)
	}
}

// TestCapture_CallsPlanned: an account with an eligible offer reserves its
// post calls from the platform's budget on top of the analytics calls.
func TestCapture_CallsPlanned(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	with := ce.creator(t, "pia_plan", social.Instagram, store.OfferAccepted)
	without := ce.creator(t, "paul_plan", social.Instagram, "")
	targets, err := ce.Store.SocialSyncTargets(context.Background(), []string{with, without}, nil)
	if err != nil || len(targets) != 2 {
		t.Fatalf("%d targets, %v", len(targets), err)
	}
	plan := map[string]int{}
	var since time.Time
	for _, tg := range targets {
		since = ce.Social.since(tg, ce.clk.Now())
		plan[tg.ID] = ce.Social.calls(tg, ce.clk.Now())
		if (len(tg.Capture) == 1) != (tg.ID == with) {
			t.Errorf("account %s captures %+v", tg.ID, tg.Capture)
		}
	}
	conn := ce.cfg.Connectors()[social.Instagram]
	from, to, _ := targets[slices.IndexFunc(targets, func(tg store.SyncTarget) bool { return tg.ID == with })].Capture.Range(ce.clk.Now())
	if extra := plan[with] - plan[without]; extra != conn.FetchPostCalls(since, from, to) || extra <= 0 {
		t.Errorf("plans %v: the capture adds %d calls", plan, extra)
	}
}
