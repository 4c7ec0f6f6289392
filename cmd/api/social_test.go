package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
	"creatorcoach/jobs/social/sandbox"
	"creatorcoach/store"
)

// noFollow is a client that shows redirects instead of following them.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// consent asks the api for platform's authorize URL, answers the sandbox's
// consent page as the browser would (Allow, with handle) and returns the
// callback URL the platform sent the browser to.
func (e *env) consent(token, platform, handle string, insights bool) string {
	e.t.Helper()
	authURL := e.want(e.call("POST", "/api/accounts", token, map[string]string{"id": platform}), http.StatusOK).str("data", "url")
	u, err := url.Parse(authURL)
	if err != nil || !strings.HasPrefix(authURL, e.srv.URL+"/sandbox/"+platform+"/") {
		e.t.Fatalf("authorize URL %q", authURL)
	}
	page, err := http.Get(authURL)
	if err != nil || page.StatusCode != http.StatusOK {
		e.t.Fatalf("consent page: %v %v", err, page)
	}
	page.Body.Close()
	form := u.Query()
	form.Set("sandbox_handle", handle)
	form.Set("decision", "allow")
	if insights {
		form.Set("sandbox_insights", "1")
	}
	u.RawQuery = ""
	res, err := noFollow.PostForm(u.String(), form)
	if err != nil || res.StatusCode != http.StatusFound {
		e.t.Fatalf("allow: %v %v", err, res)
	}
	res.Body.Close()
	return res.Header.Get("Location")
}

// follow GETs a URL without following its redirect and returns where it points.
func (e *env) follow(link string) string {
	e.t.Helper()
	res, err := noFollow.Get(link)
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	return res.Header.Get("Location")
}

// handOff follows the platform's redirect to the callback and returns what
// the callback hands the web app (/dashboard?connect=&code=&state=) as the
// body of POST /api/accounts/token.
func (e *env) handOff(callback string) map[string]string {
	e.t.Helper()
	back, err := url.Parse(e.follow(callback))
	if err != nil || back.Path != "/dashboard" || back.Query().Get("connect") == "" {
		e.t.Fatalf("callback sent the browser to %q", back)
	}
	q := back.Query()
	return map[string]string{"platform": q.Get("connect"), "code": q.Get("code"), "state": q.Get("state")}
}

// connectAccount connects platform for the creator through the sandbox, as
// the web app does (consent, callback, POST /api/accounts/token), and waits
// for the first sync; it returns the account id.
func (e *env) connectAccount(token, platform, handle string) string {
	e.t.Helper()
	body := e.handOff(e.consent(token, platform, handle, true))
	jobID := e.want(e.call("POST", "/api/accounts/token", token, body), http.StatusCreated).str("data", "job", "id")
	if job := e.waitJob(token, jobID); job["status"] != "succeeded" {
		e.t.Fatalf("first sync: %v", job)
	}
	for _, a := range e.accounts(token) {
		if a["platform"] == platform {
			return a["_id"].(string)
		}
	}
	e.t.Fatalf("%s not listed", platform)
	return ""
}

func (e *env) accounts(token string) []map[string]any {
	e.t.Helper()
	r := e.want(e.call("GET", "/api/accounts", token, nil), http.StatusOK)
	raw, _ := json.Marshal(r.data()["accounts"])
	var out []map[string]any
	_ = json.Unmarshal(raw, &out)
	return out
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.SQL().Get(&n, query, args...); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestSocial_ConnectSyncAndEngagement(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("cleo@social.io", store.RoleUser)
	platforms := e.want(e.call("GET", "/api/accounts/platform", tok, nil), http.StatusOK).data()["platforms"].([]any)
	if len(platforms) != 4 {
		t.Fatalf("platforms %v", platforms)
	}
	logo := platforms[0].(map[string]any)["logo_url"].(string)
	if res, err := http.Get(e.srv.URL + logo); err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("logo %s: %v %v", logo, err, res)
	}
	id := e.connectAccount(tok, social.Instagram, "cleo_fit")
	e.connectAccount(tok, social.YouTube, "cleo_fit")
	accts := e.accounts(tok)
	if len(accts) != 2 {
		t.Fatalf("accounts %v", accts)
	}
	today := e.clock.Now().UTC().Truncate(24 * time.Hour)
	ig := accts[0]
	want := float64(sandbox.Day(social.Instagram, "cleo_fit", today).Followers)
	if ig["status"] != "connected" || ig["username"] != "cleo_fit" || ig["analytics"].(map[string]any)["followers"] != want || ig["lastSyncedAt"] == nil {
		t.Errorf("instagram account %v, want followers %v", ig, want)
	}
	if _, ok := accts[1]["analytics"].(map[string]any)["subscribers"]; !ok {
		t.Errorf("youtube account answers subscribers: %v", accts[1])
	}
	// Tokens are sealed: the column never holds the plain token.
	var sealed string
	if err := e.db.SQL().Get(&sealed, `SELECT access_token FROM social_tokens WHERE account_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	plain, err := social.DevSealer().Open(sealed)
	if err != nil || plain == "" || strings.Contains(sealed, plain) || !strings.HasPrefix(sealed, "dev:") {
		t.Fatalf("sealed %q opens to %q (%v)", sealed, plain, err)
	}
	eng := e.want(e.call("GET", "/api/accounts/engagement?days=7", tok, nil), http.StatusOK).data()["engagement"].(map[string]any)
	plats := eng["platform"].([]any)
	first := plats[0].(map[string]any)
	if len(plats) != 2 || first["platformName"] != "Instagram" || len(first["history"].([]any)) != 7 {
		t.Fatalf("engagement platforms %v", plats)
	}
	var likes float64
	for _, h := range first["history"].([]any) {
		likes += h.(map[string]any)["like"].(float64)
	}
	if got := first["data"].([]any)[0].(map[string]any)["like"].(float64); got != likes || likes == 0 {
		t.Errorf("data[0].like %v, want the history's sum %v", got, likes)
	}
	demo := eng["demographics"].(map[string]any)
	if len(demo["age"].([]any)) == 0 || len(demo["gender"].([]any)) != 3 || len(demo["countries"].([]any)) != 5 {
		t.Errorf("demographics %v", demo)
	}
	only := e.want(e.call("GET", "/api/accounts/engagement?platform=youtube&days=90", tok, nil), http.StatusOK).data()["engagement"].(map[string]any)
	if p := only["platform"].([]any); len(p) != 1 || len(p[0].(map[string]any)["history"].([]any)) != 30 {
		t.Errorf("youtube only, 90 days asked with 30 stored: %v", p)
	}
	for _, q := range []string{"?days=0", "?days=366", "?days=x", "?platform=myspace"} {
		e.want(e.call("GET", "/api/accounts/engagement"+q, tok, nil), http.StatusUnprocessableEntity)
	}
}

func TestSocial_State(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ann := e.account("ann@state.io", store.RoleUser)
	bob := e.account("bob@state.io", store.RoleUser)
	back := e.consent(ann, social.TikTok, "ann_tt", true)
	body := e.handOff(back)
	if body["platform"] != "tiktok" || body["code"] == "" || body["state"] == "" {
		t.Fatalf("callback handed %v", body)
	}
	// Bob cannot use Ann's state, nor can anyone use a made-up one.
	e.want(e.call("POST", "/api/accounts/token", bob, body), http.StatusUnprocessableEntity)
	e.want(e.call("POST", "/api/accounts/token", ann, map[string]string{"platform": "tiktok", "code": body["code"], "state": "made-up"}),
		http.StatusUnprocessableEntity)
	job := e.want(e.call("POST", "/api/accounts/token", ann, body), http.StatusCreated).data()["job"].(map[string]any)
	if got := e.waitJob(ann, job["id"].(string)); got["status"] != "succeeded" {
		t.Fatalf("sync %v", got)
	}
	// Reused: refused.
	e.want(e.call("POST", "/api/accounts/token", ann, body), http.StatusUnprocessableEntity)
	// Consent without the analytics permission: a clear refusal, nothing stored.
	r := e.want(e.call("POST", "/api/accounts/token", bob, e.handOff(e.consent(bob, social.LinkedIn, "bob_li", false))), http.StatusUnprocessableEntity)
	if !strings.Contains(r.str("message"), "permission") {
		t.Errorf("missing scope: %v", r.Body)
	}
	if n := e.count(`SELECT count(*) FROM social_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'bob@state.io'`); n != 0 {
		t.Errorf("%d accounts stored for a refused grant", n)
	}
	e.want(e.call("POST", "/api/accounts", ann, map[string]string{"id": "myspace"}), http.StatusUnprocessableEntity)
}

func TestSocial_SyncFailures(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("dee@fail.io", store.RoleUser)
	id := e.connectAccount(tok, social.LinkedIn, "dee_li")
	ctx := context.Background()
	task := asynq.NewTask(jobs.TypeSocialSync, []byte(`{"accountId":"`+id+`"}`))
	snapshot := func() string {
		var s string
		if err := e.db.SQL().Get(&s, `SELECT count(*) || ':' || sum(followers) || ':' || sum(likes) || ':' || sum(organic_impressions)
			FROM social_daily WHERE account_id = $1`, id); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := snapshot()
	for i := 0; i < 2; i++ { // idempotent: the same day synced again changes nothing
		if err := e.jobs.HandleSocialSync(ctx, task); err != nil {
			t.Fatal(err)
		}
	}
	if after := snapshot(); after != before {
		t.Errorf("sync again changed the rows: %s → %s", before, after)
	}
	e.sandbox.RetryAfter = 90 * time.Second
	e.sandbox.Switch(social.LinkedIn, "dee_li", sandbox.ModeRateLimit)
	err := e.jobs.HandleSocialSync(ctx, task)
	if got := jobs.RetryDelay(1, err, task); got != 90*time.Second {
		t.Errorf("rate limit: retry in %v (err %v), want 90s", got, err)
	}
	e.sandbox.Switch(social.LinkedIn, "dee_li", sandbox.ModeMalformed)
	e.db.SQL().MustExec(`DELETE FROM social_daily WHERE account_id = $1`, id)
	job := e.want(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil), http.StatusAccepted).data()["job"].(map[string]any)
	got := e.waitJob(tok, job["id"].(string))
	if got["status"] != "failed" || !strings.Contains(got["error"].(string), "could not read") {
		t.Errorf("malformed answer: %v", got)
	}
	if n := e.count(`SELECT count(*) FROM social_daily WHERE account_id = $1`, id); n != 0 {
		t.Errorf("%d days stored from a malformed answer", n)
	}
	e.sandbox.Switch(social.LinkedIn, "dee_li", sandbox.ModeRevoked)
	job = e.want(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil), http.StatusAccepted).data()["job"].(map[string]any)
	if got := e.waitJob(tok, job["id"].(string)); got["status"] != "failed" {
		t.Errorf("revoked: %v", got)
	}
	a := e.accounts(tok)[0]
	if a["status"] != "reconnect_needed" || !strings.Contains(a["statusReason"].(string), "revoked") {
		t.Errorf("account after a revoked token: %v", a)
	}
	e.want(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil), http.StatusConflict)
	// Reconnecting the same platform reuses the account and clears the state.
	e.sandbox.Switch(social.LinkedIn, "dee_li", "")
	if again := e.connectAccount(tok, social.LinkedIn, "dee_li"); again != id {
		t.Errorf("reconnect made account %s, want %s", again, id)
	}
}

func TestSocial_OwnerAndRoles(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := e.account("own@roles.io", store.RoleUser)
	other := e.account("other@roles.io", store.RoleUser)
	admin := e.account("adm@roles.io", store.RoleAdmin)
	brand := e.account("brand@roles.io", store.RoleBrandAdmin)
	id := e.connectAccount(owner, social.YouTube, "own_yt")
	e.db.SQL().MustExec(`INSERT INTO creators (identity, user_id, name, email) SELECT 'email:own@roles.io', id, 'Own', email FROM users WHERE email = 'own@roles.io'`)
	e.jobs.HandleSocialSync(context.Background(), asynq.NewTask(jobs.TypeSocialSync, []byte(`{"accountId":"`+id+`"}`)))
	var net struct {
		Handle    string   `db:"youtube_handle"`
		Followers int64    `db:"youtube_subscribers"`
		Rate      *float64 `db:"engagement_rate"`
		Verified  string   `db:"verified_platforms"`
	}
	if err := e.db.SQL().Get(&net, `SELECT youtube_handle, youtube_subscribers, engagement_rate, verified_platforms::text FROM creators WHERE identity = 'email:own@roles.io'`); err != nil {
		t.Fatal(err)
	}
	if net.Handle != "own_yt" || net.Followers == 0 || net.Rate == nil || net.Verified != "{youtube}" {
		t.Errorf("network entry %+v", net)
	}
	// Another creator's account is not found; brand staff may not use the calls; ADMIN reads only.
	e.want(e.call("POST", "/api/accounts/"+id+"/sync", other, nil), http.StatusNotFound)
	e.want(e.call("DELETE", "/api/accounts/"+id, other, nil), http.StatusNotFound)
	if n := len(e.accounts(other)); n != 0 {
		t.Errorf("other creator sees %d accounts", n)
	}
	for _, c := range []struct{ method, path string }{{"GET", "/api/accounts"}, {"GET", "/api/accounts/engagement"},
		{"POST", "/api/accounts"}, {"POST", "/api/accounts/" + id + "/sync"}, {"DELETE", "/api/accounts/" + id}} {
		e.want(e.call(c.method, c.path, brand, map[string]string{"id": "instagram"}), http.StatusForbidden)
		e.want(e.call(c.method, c.path, "", nil), http.StatusUnauthorized)
		if c.method != "GET" {
			e.want(e.call(c.method, c.path, admin, map[string]string{"id": "instagram"}), http.StatusForbidden)
		}
	}
	var ownerID string
	_ = e.db.SQL().Get(&ownerID, `SELECT id FROM users WHERE email = 'own@roles.io'`)
	r := e.want(e.call("GET", "/api/accounts?userId="+ownerID, admin, nil), http.StatusOK)
	if n := len(r.data()["accounts"].([]any)); n != 1 {
		t.Errorf("admin reads %d accounts, want 1", n)
	}
	e.want(e.call("GET", "/api/accounts/engagement?userId="+ownerID, admin, nil), http.StatusOK)
	// Disconnect: tokens revoked and deleted, history kept.
	var plain string
	var sealed string
	_ = e.db.SQL().Get(&sealed, `SELECT access_token FROM social_tokens WHERE account_id = $1`, id)
	plain, _ = social.DevSealer().Open(sealed)
	e.want(e.call("DELETE", "/api/accounts/"+id, owner, nil), http.StatusOK)
	if n := e.count(`SELECT count(*) FROM social_tokens WHERE account_id = $1`, id); n != 0 {
		t.Errorf("tokens left after disconnect")
	}
	if n := e.count(`SELECT count(*) FROM social_daily WHERE account_id = $1`, id); n == 0 {
		t.Errorf("history deleted on disconnect")
	}
	req, _ := http.NewRequest("GET", e.srv.URL+"/sandbox/youtube/youtube/v3/channels?part=statistics&mine=true", nil)
	req.Header.Set("Authorization", "Bearer "+plain)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusUnauthorized {
		t.Errorf("revoked token still works at the platform: %v %v", err, res)
	}
	if n := len(e.accounts(owner)); n != 0 {
		t.Errorf("disconnected account still listed")
	}
	e.want(e.call("DELETE", "/api/accounts/"+id, owner, nil), http.StatusNotFound)
}

func TestSocial_Tick(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("tick@social.io", store.RoleUser)
	e.connectAccount(tok, social.TikTok, "tick_tt")
	e.connectAccount(tok, social.YouTube, "tick_yt")
	ctx := context.Background()
	e.db.SQL().MustExec(`DELETE FROM task_outbox`)
	for i := 0; i < 2; i++ { // a second scheduler, or a retried tick, adds nothing
		if err := e.jobs.HandleSocialTick(ctx, asynq.NewTask(jobs.TypeSocialTick, nil)); err != nil {
			t.Fatal(err)
		}
	}
	bucket := e.clock.Now().UTC().Truncate(6 * time.Hour)
	for deadline := time.Now().Add(10 * time.Second); e.count(`SELECT count(*) FROM task_outbox`) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("outbox not relayed")
		}
	}
	ins := asynq.NewInspector(e.asynqOpt)
	defer ins.Close()
	var accounts []struct{ ID, Platform string }
	if err := e.db.SQL().Select(&accounts, `SELECT id, platform FROM social_accounts`); err != nil || len(accounts) != 2 {
		t.Fatalf("accounts %v (%v)", accounts, err)
	}
	for _, a := range accounts { // one task per platform's batch and interval, whatever its state by now
		key := jobs.TypeSocialSync + ":" + a.Platform + ":" + strconv.FormatInt(bucket.Unix(), 10) + ":0/1"
		info, err := ins.GetTaskInfo(jobs.QueueLow, key)
		if err != nil {
			t.Errorf("task %s: %v", key, err)
			continue
		}
		var p jobs.SocialSyncPayload
		if err := json.Unmarshal(info.Payload, &p); err != nil || fmt.Sprint(p.AccountIDs) != "["+a.ID+"]" || p.Since == nil || !p.Since.Equal(bucket) {
			t.Errorf("task %s: payload %s (%v)", key, info.Payload, err)
		}
	}
}

// TestSocial_SyncBatch: a scheduled batch skips the accounts synced in its
// interval, records a revoked grant on its account and syncs the others; a
// rate limit stops it, keeps what it fetched and asks for a retry after the
// platform's wait, which fetches only the accounts left.
func TestSocial_SyncBatch(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var ids []string
	handle := map[string]string{}
	for _, h := range []string{"bat_a", "bat_b", "bat_c", "bat_d"} {
		id := e.connectAccount(e.account(h+"@batch.io", store.RoleUser), social.TikTok, h)
		ids, handle[id] = append(ids, id), h
	}
	slices.Sort(ids)
	since := e.clock.Now().UTC().Truncate(6 * time.Hour)
	payload, _ := json.Marshal(jobs.SocialSyncPayload{AccountIDs: ids, Since: &since})
	task := asynq.NewTask(jobs.TypeSocialSync, payload)
	ctx := context.Background()
	synced := func() (out []string) { // the accounts synced at the clock's now
		_ = e.db.SQL().Select(&out, `SELECT id FROM social_accounts WHERE last_synced_at = $1 ORDER BY id`, e.clock.Now())
		return out
	}
	rewind := func() { // as if last synced in the interval before
		e.clock.Advance(time.Second)
		e.db.SQL().MustExec(`UPDATE social_accounts SET last_synced_at = $1::timestamptz - interval '1 day'`, since)
	}
	// Synced when connected, within this interval: nothing to fetch.
	calls := e.sandbox.Calls(social.TikTok)
	if err := e.jobs.HandleSocialSync(ctx, task); err != nil || e.sandbox.Calls(social.TikTok) != calls {
		t.Fatalf("batch of freshly synced accounts: %v, %d platform calls", err, e.sandbox.Calls(social.TikTok)-calls)
	}
	rewind()
	e.sandbox.Switch(social.TikTok, handle[ids[1]], sandbox.ModeRevoked)
	if err := e.jobs.HandleSocialSync(ctx, task); err != nil {
		t.Fatalf("a revoked grant in a batch: %v, want no retry", err)
	}
	if got, want := synced(), []string{ids[0], ids[2], ids[3]}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("synced %v, want %v", got, want)
	}
	var status string
	_ = e.db.SQL().Get(&status, `SELECT status || ': ' || status_reason FROM social_accounts WHERE id = $1`, ids[1])
	if !strings.HasPrefix(status, "reconnect_needed: ") || !strings.Contains(status, "revoked") {
		t.Errorf("revoked account: %q", status)
	}
	rewind()
	e.sandbox.RetryAfter = 90 * time.Second
	e.sandbox.Switch(social.TikTok, handle[ids[2]], sandbox.ModeRateLimit)
	err := e.jobs.HandleSocialSync(ctx, task)
	if got := jobs.RetryDelay(1, err, task); got != 90*time.Second {
		t.Errorf("rate limit in a batch: retry in %v (err %v), want 90s", got, err)
	}
	if got := synced(); fmt.Sprint(got) != fmt.Sprint(ids[:1]) {
		t.Errorf("synced before the rate limit %v, want %v (and nothing after it)", got, ids[:1])
	}
	e.clock.Advance(time.Second)
	e.sandbox.Switch(social.TikTok, handle[ids[2]], "")
	if err := e.jobs.HandleSocialSync(ctx, task); err != nil {
		t.Fatal(err)
	}
	if got := synced(); fmt.Sprint(got) != fmt.Sprint(ids[2:]) {
		t.Errorf("the retry synced %v, want only the account left %v", got, ids[2:])
	}
}
