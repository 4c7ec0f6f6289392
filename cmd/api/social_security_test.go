package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/social"
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

// TestSocial_ConnectAndSyncLimits: connect states and "sync now" are limited
// per creator (429 with Retry-After); another creator is not affected.
func TestSocial_ConnectAndSyncLimits(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("limits@social.io", store.RoleUser)
	id := e.connectAccount(tok, social.TikTok, "lim_tt")
	for i := 1; i < limitConnect.Burst; i++ { // connectAccount took one
		e.want(e.call("POST", "/api/accounts", tok, map[string]string{"id": "instagram"}), http.StatusOK)
	}
	e.wantTooMany(e.call("POST", "/api/accounts", tok, map[string]string{"id": "instagram"}))
	for i := 0; i < limitSync.Burst; i++ {
		e.want(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil), http.StatusAccepted)
	}
	e.wantTooMany(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil))
	other := e.account("other@social.io", store.RoleUser)
	e.want(e.call("POST", "/api/accounts", other, map[string]string{"id": "instagram"}), http.StatusOK)
}

// TestSocial_OneSyncPerAccount: while a sync holds an account, a single sync
// of it waits (retried shortly, counted as no failure) and a scheduled batch
// leaves it out, neither calling the platform; once free, it syncs.
func TestSocial_OneSyncPerAccount(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("one@social.io", store.RoleUser)
	id := e.connectAccount(tok, social.TikTok, "one_tt")
	other := e.connectAccount(e.account("two@social.io", store.RoleUser), social.TikTok, "two_tt")
	ctx := context.Background()
	lock, taken, err := e.db.LockSocialSyncs(ctx, []string{id})
	if err != nil || len(taken) != 1 {
		t.Fatalf("lock: %v %v", taken, err)
	}
	single := asynq.NewTask(jobs.TypeSocialSync, []byte(`{"accountId":"`+id+`"}`))
	e.db.SQL().MustExec(`UPDATE social_accounts SET last_synced_at = last_synced_at - interval '2 days'`)
	calls := e.sandbox.Calls(social.TikTok)
	err = e.jobs.HandleSocialSync(ctx, single)
	if got := jobs.RetryDelay(1, err, single); err == nil || got != 5*time.Second || e.sandbox.Calls(social.TikTok) != calls {
		t.Fatalf("single sync of a held account: err %v, retry in %v, %d platform calls", err, got, e.sandbox.Calls(social.TikTok)-calls)
	}
	since := e.clock.Now().UTC().Truncate(6 * time.Hour)
	payload, _ := json.Marshal(jobs.SocialSyncPayload{AccountIDs: []string{id, other}, Since: &since})
	if err := e.jobs.HandleSocialSync(ctx, asynq.NewTask(jobs.TypeSocialSync, payload)); err != nil {
		t.Fatal(err)
	}
	var synced []string
	_ = e.db.SQL().Select(&synced, `SELECT id FROM social_accounts WHERE last_synced_at >= $1`, since)
	if len(synced) != 1 || synced[0] != other {
		t.Errorf("batch synced %v, want only the free account %s", synced, other)
	}
	lock.Release()
	if err := e.jobs.HandleSocialSync(ctx, single); err != nil || e.sandbox.Calls(social.TikTok) == calls {
		t.Fatalf("sync once free: %v", err)
	}
}

// TestSocial_DeletedAccountStopsSyncing: once its creator deletes their
// account, an account is left out of the scheduled syncs and a queued sync
// fetches nothing; the purge revokes its grant at the platform and erases it.
func TestSocial_DeletedAccountStopsSyncing(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("gone@social.io", store.RoleUser)
	id := e.connectAccount(tok, social.YouTube, "gone_yt")
	ctx := context.Background()
	var sealed string
	_ = e.db.SQL().Get(&sealed, `SELECT refresh_token FROM social_tokens WHERE account_id = $1`, id)
	refresh, err := social.DevSealer().Open(sealed)
	if err != nil {
		t.Fatal(err)
	}
	e.want(e.call("DELETE", "/api/users", tok, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	e.clock.Advance(7 * 24 * time.Hour)
	if n, err := e.db.EnqueueSocialSyncs(ctx, jobs.TypeSocialSync, jobs.QueueLow, e.clock.Now().UTC().Truncate(6*time.Hour), 6*time.Hour, jobs.SyncBatch); err != nil || n != 0 {
		t.Errorf("scheduled syncs of a deleted creator's account: %d (%v)", n, err)
	}
	calls := e.sandbox.Calls(social.YouTube)
	for _, p := range []string{`{"accountId":"` + id + `"}`, `{"accountIds":["` + id + `"]}`} {
		_ = e.jobs.HandleSocialSync(ctx, asynq.NewTask(jobs.TypeSocialSync, []byte(p)))
	}
	if n := e.sandbox.Calls(social.YouTube) - calls; n != 0 {
		t.Errorf("%d platform calls for a deleted creator's account", n)
	}
	// Still recoverable: the grant is kept until the purge.
	if n := e.count(`SELECT count(*) FROM social_tokens WHERE account_id = $1`, id); n != 1 {
		t.Fatalf("tokens before the purge: %d", n)
	}
	e.clock.Advance(24 * 24 * time.Hour)
	if err := e.jobs.HandleUserPurge(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if n := e.count(`SELECT count(*) FROM social_tokens`); n != 0 {
		t.Errorf("%d tokens left after the purge", n)
	}
	_, _, err = e.jobs.Social.Connectors[social.YouTube].Refresh(ctx, social.Token{Refresh: refresh, Expiry: e.clock.Now().Add(-time.Hour)})
	if social.AsReconnect(err) == nil {
		t.Errorf("the purged grant still refreshes at the platform: %v", err)
	}
}

// TestSocial_LinkBoundToCaller: the public callback connects nothing, it
// hands code and state to the web app; only the creator who started the link
// can finish it (422 for anyone else); and one platform account belongs to
// one creator at most (409 for a second, until the first disconnects it).
func TestSocial_LinkBoundToCaller(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ann := e.account("ann@owner.io", store.RoleUser)
	bob := e.account("bob@owner.io", store.RoleUser)
	// Ann's consent link, completed by Bob's browser: the callback stores
	// nothing and Bob cannot finish it with Ann's state.
	body := e.handOff(e.consent(ann, social.Instagram, "shared_ig", true))
	if n := e.count(`SELECT count(*) FROM social_accounts`); n != 0 {
		t.Fatalf("the callback stored %d accounts", n)
	}
	e.want(e.call("POST", "/api/accounts/token", bob, body), http.StatusUnprocessableEntity)
	job := e.want(e.call("POST", "/api/accounts/token", ann, body), http.StatusCreated).str("data", "job", "id")
	e.waitJob(ann, job)
	// The same Instagram account, consented to by Bob himself: refused.
	r := e.want(e.call("POST", "/api/accounts/token", bob, e.handOff(e.consent(bob, social.Instagram, "shared_ig", true))), http.StatusConflict)
	if r.str("message") != store.MsgAccountTaken {
		t.Fatalf("second creator: %v", r.Body)
	}
	if n := len(e.accounts(bob)); n != 0 {
		t.Fatalf("bob has %d accounts", n)
	}
	// Another Instagram account is his to connect; once Ann disconnects hers, so is hers.
	e.connectAccount(bob, social.YouTube, "shared_ig")
	annIG := e.accounts(ann)[0]["_id"].(string)
	e.want(e.call("DELETE", "/api/accounts/"+annIG, ann, nil), http.StatusOK)
	e.connectAccount(bob, social.Instagram, "shared_ig")
	r = e.want(e.call("POST", "/api/accounts/token", ann, e.handOff(e.consent(ann, social.Instagram, "shared_ig", true))), http.StatusConflict)
	if r.str("message") != store.MsgAccountTaken {
		t.Fatalf("reconnect of an account now bob's: %v", r.Body)
	}
}
