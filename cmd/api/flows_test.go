package main

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/social"
	"creatorcoach/store"
)

// TestChats_NoDataSpendsNoCredit: a question the creator's data cannot
// answer (no platform connected) is answered with why, marked free, and
// spends no free question: more than 5 are answered; the browser's count
// (entries neither failed nor free) stays at 5 left.
func TestChats_NoDataSpendsNoCredit(t *testing.T) {
	t.Parallel()
	e := setup(t)
	token := e.account("empty@chats.io", store.RoleUser)
	for i := range store.FreeQuestions + 2 {
		e.want(ask(e, token, "How am I doing?", ""), http.StatusCreated)
		got := waitAnswered(t, e, token, i+1)
		if got["free"] != true || !strings.Contains(got["answer"].(string), "no connected social accounts") {
			t.Fatalf("entry %d: %v, want a free answer saying nothing is connected", i+1, got)
		}
	}
	left := store.FreeQuestions
	for _, en := range chatEntries(e.chats(token, "")) {
		if m := en.(map[string]any); m["status"] != store.ChatFailed && m["free"] != true {
			left--
		}
	}
	if left != store.FreeQuestions {
		t.Errorf("the browser counts %d left, want %d", left, store.FreeQuestions)
	}
}

// TestSocial_SyncNewDays: "Sync now" reports how many days were new: none
// right after the first sync (already up to date), the days deleted since
// once they are fetched again.
func TestSocial_SyncNewDays(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("new@days.io", store.RoleUser)
	id := e.connectAccount(tok, social.Instagram, "nina_new")
	sync := func() map[string]any {
		t.Helper()
		job := e.want(e.call("POST", "/api/accounts/"+id+"/sync", tok, nil), http.StatusAccepted).data()["job"].(map[string]any)
		got := e.waitJob(tok, job["id"].(string))
		res, _ := got["result"].(map[string]any)
		if got["status"] != "succeeded" || res == nil {
			t.Fatalf("sync job %v", got)
		}
		return res
	}
	if res := sync(); res["newDays"] != float64(0) {
		t.Errorf("sync again at once: %v, want newDays 0", res)
	}
	e.db.SQL().MustExec(`DELETE FROM social_daily WHERE account_id = $1 AND day IN (SELECT day FROM social_daily
		WHERE account_id = $1 ORDER BY day DESC LIMIT 2)`, id)
	if res := sync(); res["newDays"] != float64(2) {
		t.Errorf("sync after 2 days went missing: %v, want newDays 2", res)
	}
}

// TestSocial_DisconnectedListed: a disconnected account stays listed under
// disconnected with the date (its history kept), not among the accounts;
// connecting it again takes it off that list.
func TestSocial_DisconnectedListed(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("gone@social.io", store.RoleUser)
	id := e.connectAccount(tok, social.YouTube, "gus_gone")
	e.want(e.call("DELETE", "/api/accounts/"+id, tok, nil), http.StatusOK)
	r := e.want(e.call("GET", "/api/accounts", tok, nil), http.StatusOK)
	if n := len(r.data()["accounts"].([]any)); n != 0 {
		t.Errorf("%d accounts listed, want 0", n)
	}
	gone, _ := r.data()["disconnected"].([]any)
	if len(gone) != 1 {
		t.Fatalf("disconnected %v, want the YouTube account", r.data()["disconnected"])
	}
	a := gone[0].(map[string]any)
	at, err := time.Parse(time.RFC3339Nano, a["disconnectedAt"].(string))
	if a["_id"] != id || a["platform"] != "youtube" || a["platformName"] != "YouTube" || a["status"] != "disconnected" ||
		a["username"] != "gus_gone" || err != nil || e.clock.Now().Sub(at).Abs() > time.Minute {
		t.Errorf("disconnected account %v", a)
	}
	e.connectAccount(tok, social.YouTube, "gus_gone")
	r = e.want(e.call("GET", "/api/accounts", tok, nil), http.StatusOK)
	if gone, _ := r.data()["disconnected"].([]any); len(gone) != 0 || len(r.data()["accounts"].([]any)) != 1 {
		t.Errorf("after reconnecting: %v", r.data())
	}
}

// TestPlans_StateFairUseCap: the plans state the coach's monthly fair-use
// cap of questions (the configured one), never "Unlimited".
func TestPlans_StateFairUseCap(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("cap@plans.io", store.RoleUser)
	want := "Up to " + strconv.Itoa(store.DefaultCoachMonthlyCap) + " coaching questions a month (fair use)"
	for _, p := range e.want(e.call("GET", "/api/plans", tok, nil), http.StatusOK).data()["plans"].([]any) {
		features := fmt.Sprint(p.(map[string]any)["features"])
		if !strings.Contains(features, want) || strings.Contains(features, "Unlimited") {
			t.Errorf("plan features %s, want %q", features, want)
		}
	}
}
