package main

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"testing"
	"time"

	"creatorcoach/cmd/internal/seed"
	"creatorcoach/jobs/coach"
	"creatorcoach/store"
)

// coachFacts answers question under platform ("" = all) with the built-in
// coach from the creator's analytics as the coach reads them (the input of
// one of their chat entries), and returns the facts by label (values as
// JSON numbers or strings) and their periods.
func coachFacts(t *testing.T, peers coach.Peers, in store.CoachInput, question, platform string) (values map[string]any, periods map[string]string) {
	t.Helper()
	in.Question, in.Platform = question, platform
	r, err := coach.Answer(context.Background(), &in, peers)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(r.Facts)
	var facts []coach.Fact
	if err := json.Unmarshal(raw, &facts); err != nil {
		t.Fatal(err)
	}
	values, periods = map[string]any{}, map[string]string{}
	for _, f := range facts {
		values[f.Label], periods[f.Label] = f.Value, f.Period
	}
	return values, periods
}

// TestFigures_APIMatchesCoach: for every demo creator, the dashboard's
// figures (GET /api/accounts/engagement over 30 days) and the coach's facts
// give the same number for the same metric and window: each platform's
// views, likes and followers, the views of all platforms, and each
// platform's audience shares; both cover the same days (the window ends on
// the creator's last synced day, here days before today, as when a seed
// ran days ago). A figure a platform does not report is null with its reason.
func TestFigures_APIMatchesCoach(t *testing.T) {
	t.Parallel()
	e := setupSeeded(t)
	ctx := context.Background()
	e.clock.Advance(3 * 24 * time.Hour) // the seed ran days ago: today is after the last synced day
	var creators []struct {
		ID    string `db:"id"`
		Email string `db:"email"`
	}
	if err := e.db.SQL().Select(&creators, `SELECT u.id, u.email FROM users u WHERE u.role = 'USER' AND u.email LIKE '%@example.com'
		AND EXISTS (SELECT 1 FROM social_accounts a WHERE a.user_id = u.id)
		AND EXISTS (SELECT 1 FROM chat_entries c WHERE c.user_id = u.id) ORDER BY u.email`); err != nil {
		t.Fatal(err)
	}
	if len(creators) < 2 {
		t.Fatalf("demo creators %v, want creator@ and pro@", creators)
	}
	notReported := 0
	for _, c := range creators {
		token := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": c.Email, "password": seed.DemoPassword}), http.StatusOK).str("data", "accessToken")
		eng := e.want(e.call("GET", "/api/accounts/engagement?days=30", token, nil), http.StatusOK).data()["engagement"].(map[string]any)
		win := eng["window"].(map[string]any)
		from, _ := time.Parse(time.DateOnly, win["from"].(string))
		to, _ := time.Parse(time.DateOnly, win["to"].(string))
		if to.After(e.clock.Now()) || to.Sub(from) != 29*24*time.Hour {
			t.Errorf("%s: window %v", c.Email, win)
		}
		period := from.Format("Jan 2, 2006") + " to " + to.Format("Jan 2, 2006")
		var entryID string
		if err := e.db.SQL().Get(&entryID, `SELECT id FROM chat_entries WHERE user_id = $1 LIMIT 1`, c.ID); err != nil {
			t.Fatalf("%s: no chat entry: %v", c.Email, err)
		}
		in, err := e.db.LoadCoachInput(ctx, entryID)
		if err != nil {
			t.Fatal(err)
		}
		var allViews float64
		audiences := map[string]map[string]any{}
		for _, p := range eng["demographics"].(map[string]any)["platforms"].([]any) {
			audiences[p.(map[string]any)["platform"].(string)] = p.(map[string]any)
		}
		for _, raw := range eng["platform"].([]any) {
			p := raw.(map[string]any)
			id, name := p["platform"].(string), p["platformName"].(string)
			data := p["data"].([]any)[0].(map[string]any)
			facts, periods := coachFacts(t, e.db, *in, "How am I doing?", id)
			word := "followers"
			if id == "youtube" {
				word = "subscribers"
			}
			if facts[name+" "+word] != data["followers"] {
				t.Errorf("%s %s %s: coach %v, dashboard %v", c.Email, name, word, facts[name+" "+word], data["followers"])
			}
			for _, m := range []struct{ label, field string }{{"views", store.FigureViews}, {"likes", store.FigureLikes}} {
				label := name + " " + m.label + ", last 30 days"
				if facts[label] != data[m.field] || periods[label] != period {
					t.Errorf("%s %s: coach %v (%s), dashboard %v (%s)", c.Email, label, facts[label], periods[label], data[m.field], period)
				}
			}
			if v, ok := data["view"].(float64); ok {
				allViews += v
			}
			reason := store.NotReported(id, store.FigureImpressions)
			if reason != "" {
				notReported++
				if data["organicImpression"] != nil || p["notReported"].(map[string]any)["organicImpression"] != reason {
					t.Errorf("%s %s impressions: %v, notReported %v; want null with %q", c.Email, name, data["organicImpression"], p["notReported"], reason)
				}
				for _, h := range p["history"].([]any) {
					if h.(map[string]any)["organicImpression"] != nil {
						t.Fatalf("%s %s: a day's impressions %v, want null", c.Email, name, h)
					}
				}
			} else if _, ok := data["organicImpression"].(float64); !ok {
				t.Errorf("%s %s impressions %v, want a number", c.Email, name, data["organicImpression"])
			}
			audience, _ := coachFacts(t, e.db, *in, "Who is my audience and when should I post?", id)
			shares := audiences[id]
			for _, dim := range []struct{ key, bucket, prefix string }{{"age", "range", "aged "}, {"gender", "gender", ""}, {"countries", "country", "in "}} {
				list, _ := shares[dim.key].([]any)
				if len(list) == 0 {
					t.Errorf("%s %s: no %s shares on the dashboard", c.Email, name, dim.key)
					continue
				}
				top := list[0].(map[string]any)
				if dim.key == "age" { // the dashboard lists ages in order; the coach names the largest
					for _, a := range list {
						if a.(map[string]any)["share"].(float64) > top["share"].(float64) {
							top = a.(map[string]any)
						}
					}
				}
				label := name + " audience " + dim.prefix + top[dim.bucket].(string)
				if want := math.Round(top["share"].(float64)*1000) / 10; audience[label] != want {
					t.Errorf("%s %s: coach %v, dashboard %v%%", c.Email, label, audience[label], want)
				}
			}
		}
		facts, periods := coachFacts(t, e.db, *in, "Why did my views drop?", "")
		if label := "Views, all platforms, last 30 days"; facts[label] != allViews || periods[label] != period {
			t.Errorf("%s %s: coach %v (%s), dashboard %v (%s)", c.Email, label, facts[label], periods[label], allViews, period)
		}
	}
	if notReported == 0 {
		t.Error("no demo creator has a platform without organic impressions")
	}
}
