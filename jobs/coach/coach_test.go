package coach_test

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"
	"unicode"

	"creatorcoach/jobs/coach"
	"creatorcoach/jobs/coach/coachtest"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

const niche = "Fitness & Health"

// ask records a question as the API does and answers it with the built-in coach.
func ask(t *testing.T, db *store.DB, userID, question, platform string) coach.Reply {
	t.Helper()
	ctx := context.Background()
	coachtest.Subscribe(t, db, userID, true, time.Now().AddDate(0, 1, 0))
	raw, err := db.Ask(ctx, userID, store.ChatQuestion{Question: question, Platform: platform}, 1000,
		func(entryID, jobID string) store.Task {
			return store.Task{Key: "test:" + entryID, Type: "coach:reply", Queue: "default", Payload: []byte(`{}`)}
		})
	if err != nil {
		t.Fatalf("ask %q: %v", question, err)
	}
	id := between(string(raw), `"_id": "`, `"`)
	in, err := db.LoadCoachInput(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// The entry is answered here, not by the worker: close it, so that the
	// tests' many questions are not counted as pending against the day's
	// free answers.
	if _, err := db.SQL().ExecContext(ctx, `UPDATE chat_entries SET status = 'failed' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	r, err := coach.Answer(ctx, in, db)
	if err != nil {
		t.Fatal(err)
	}
	if bad := coach.Ungrounded(r.Answer, question, r.Facts); len(bad) > 0 {
		t.Errorf("%q: answer has figures %v that are in no fact:\n%s", question, bad, r.Answer)
	}
	for _, f := range r.Facts {
		if f.Kind != coach.Measured && f.Kind != coach.Derived && f.Kind != coach.Estimated {
			t.Errorf("fact %q has kind %q", f.Label, f.Kind)
		}
	}
	if len(r.Suggestions) == 0 {
		t.Errorf("%q: no follow-up suggestions", question)
	}
	return r
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	s = s[i+len(from):]
	return s[:strings.Index(s, to)]
}

// fact returns the value of the fact labelled label, failing when missing.
func fact(t *testing.T, r coach.Reply, label string) any {
	t.Helper()
	for _, f := range r.Facts {
		if f.Label == label {
			return f.Value
		}
	}
	var labels []string
	for _, f := range r.Facts {
		labels = append(labels, f.Label)
	}
	t.Fatalf("no fact %q among %q", label, labels)
	return nil
}

// wantNum compares a numeric fact with want.
func wantNum(t *testing.T, r coach.Reply, label string, want float64) {
	t.Helper()
	var got float64
	switch v := fact(t, r, label).(type) {
	case int64:
		got = float64(v)
	case int:
		got = float64(v)
	case float64:
		got = v
	default:
		t.Fatalf("%s: value %v (%T) is not a number", label, v, v)
	}
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %v, want %v", label, got, want)
	}
}

func wantSays(t *testing.T, r coach.Reply, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(r.Answer, p) {
			t.Errorf("answer lacks %q:\n%s", p, r.Answer)
		}
	}
}

// window sums f over history indexes [from, to).
func window(days []store.CoachDay, from, to int, f func(store.CoachDay) int64) int64 {
	var s int64
	for _, d := range days[from:to] {
		s += f(d)
	}
	return s
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

func viewsOf(d store.CoachDay) int64 { return d.Views }
func likesOf(d store.CoachDay) int64 { return d.Likes }

func TestCoach_SteadyGrower(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "grower@coach.io", niche)
	days := coachtest.SteadyGrower()
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: days, Audience: coachtest.Audience})
	n := len(days)

	t.Run("Overview", func(t *testing.T) {
		r := ask(t, db, user, "How am I doing?", "")
		now, then := days[n-1].Followers, days[n-31].Followers
		wantNum(t, r, "Instagram followers", float64(now))
		wantNum(t, r, "Instagram followers change, last 30 days", float64(now-then))
		wantNum(t, r, "Instagram followers growth, last 30 days", round1(float64(now-then)/float64(then)*100))
		recent, prev := window(days, n-30, n, viewsOf), window(days, n-60, n-30, viewsOf)
		wantNum(t, r, "Instagram views, last 30 days", float64(recent))
		wantNum(t, r, "Instagram views, previous 30 days", float64(prev))
		wantNum(t, r, "Instagram views change vs previous 30 days", round1(float64(recent-prev)/float64(prev)*100))
		wantSays(t, r, "your following is growing")
	})
	t.Run("RiseNotDrop", func(t *testing.T) {
		// Views grew steadily: the coach states the trend and does not invent a drop.
		r := ask(t, db, user, "Why did my views drop?", "")
		wantSays(t, r, "First the trend", "did not drop")
	})
	t.Run("Projection", func(t *testing.T) {
		r := ask(t, db, user, "When will I reach 20k followers?", "")
		now, then := days[n-1].Followers, days[n-31].Followers
		rate := round1(float64(now-then) / 30)
		left := int(math.Ceil(float64(20000-now) / rate))
		wantNum(t, r, "Followers goal", 20000)
		wantNum(t, r, "Average daily followers gain on Instagram, last 30 days", rate)
		wantNum(t, r, "Days to reach 20,000 followers on Instagram", float64(left))
		if got := fact(t, r, "Date to reach 20,000 followers on Instagram"); got != coachtest.End.AddDate(0, 0, left).Format("2006-01-02") {
			t.Errorf("goal date %v", got)
		}
		for _, f := range r.Facts {
			if strings.HasPrefix(f.Label, "Days to reach") && f.Kind != coach.Estimated {
				t.Errorf("projection %q is %s, want estimated", f.Label, f.Kind)
			}
		}
		wantSays(t, r, "assumes")
	})
	peerRates := []float64{1, 2, 3, 4, 6, 8, 5, 7, 9, 10}
	// The creator's network entry carries the engagement rate (per follower)
	// brands see; the peers' figure has the same definition.
	const rate = 5.25
	t.Run("EngagementNotMeasured", func(t *testing.T) {
		r := ask(t, db, user, "How does my engagement compare to similar creators?", "")
		wantSays(t, r, "is not measured yet", "Your engagement per view is")
		if _, err := db.SQL().Exec(`INSERT INTO creators (identity, name, niche, user_id, instagram_followers, engagement_rate)
			VALUES ('instagram:grower', 'Grower', $1, $2, 20000, $3)`, niche, user, rate); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("EngagementTooFewPeers", func(t *testing.T) {
		for i, rate := range peerRates[:coach.MinPeers-1] {
			coachtest.Peer(t, db, "peer"+string(rune('a'+i)), niche, 20000, rate)
		}
		coachtest.Peer(t, db, "bigpeer", niche, 900000, 0.5)      // another tier
		coachtest.Peer(t, db, "otherniche", "Gaming", 20000, 0.1) // another niche
		r := ask(t, db, user, "How does my engagement compare to similar creators?", "")
		wantSays(t, r, "too few similar creators")
		for _, f := range r.Facts {
			if strings.HasPrefix(f.Label, "Median") || strings.HasPrefix(f.Label, "Percentile") || strings.HasPrefix(f.Label, "Network creators") {
				t.Errorf("a group of %d creators is compared: fact %q", coach.MinPeers-1, f.Label)
			}
		}
	})
	t.Run("Engagement", func(t *testing.T) {
		coachtest.Peer(t, db, "peerj", niche, 20000, peerRates[coach.MinPeers-1])
		r := ask(t, db, user, "How does my engagement compare to similar creators?", "")
		perView := math.Round(float64(window(days, n-30, n, likesOf))/float64(window(days, n-30, n, viewsOf))*10000) / 100
		wantNum(t, r, "Engagement per view (likes per view), all platforms, last 30 days", perView)
		wantNum(t, r, "Engagement rate (likes per follower), network entry", rate)
		wantNum(t, r, "Network creators compared (Fitness & Health creators in the Micro tier)", 10)
		wantNum(t, r, "Median engagement rate of Fitness & Health creators in the Micro tier", 5.5)
		below := 0
		for _, p := range peerRates {
			if p < rate {
				below++
			}
		}
		wantNum(t, r, "Percentile of your engagement rate among Fitness & Health creators in the Micro tier", math.Round(float64(below)/10*100))
		wantSays(t, r, "it: higher than")
	})
	t.Run("Audience", func(t *testing.T) {
		r := ask(t, db, user, "Who is my audience and when should I post?", "")
		wantNum(t, r, "Instagram audience aged 18-24", 41)
		wantNum(t, r, "Instagram audience female", 62)
		wantNum(t, r, "Instagram audience in US", 45)
		wantSays(t, r, "without post times")
	})
	t.Run("Unknown", func(t *testing.T) {
		r := ask(t, db, user, "Tell me a joke about cats", "")
		wantSays(t, r, "not sure", "You can ask me")
		if len(r.Facts) == 0 {
			t.Error("an unknown question gets an overview with its facts")
		}
	})
	t.Run("NotConnectedPlatform", func(t *testing.T) {
		r := ask(t, db, user, "How am I doing?", "tiktok")
		wantSays(t, r, "TikTok account is not connected", "Connected: Instagram")
		if len(r.Facts) != 0 {
			t.Errorf("facts for a platform not connected: %v", r.Facts)
		}
	})
}

func TestCoach_DropAfterSpike(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "spike@coach.io", niche)
	days := coachtest.DropAfterSpike()
	coachtest.Insert(t, db, user, coachtest.History{Platform: "youtube", Days: days})
	n := len(days)
	r := ask(t, db, user, "Why did my views drop?", "")
	recent, prev := window(days, n-30, n, viewsOf), window(days, n-60, n-30, viewsOf)
	wantNum(t, r, "Views, YouTube, last 30 days", float64(recent))
	wantNum(t, r, "Views, YouTube, previous 30 days", float64(prev))
	wantNum(t, r, "Views, YouTube, change vs previous 30 days", round1(float64(recent-prev)/float64(prev)*100))
	drop := days[coachtest.SpikeTo].Day.Format("2006-01-02")
	if got := fact(t, r, "Day views changed most"); got != drop {
		t.Errorf("change day %v, want %s", got, drop)
	}
	wantNum(t, r, "Daily views, 7-day average before the change", 5000)
	wantNum(t, r, "Daily views, 7-day average after the change", 1000)
	wantNum(t, r, "Change of daily likes on "+days[coachtest.SpikeTo].Day.Format("Jan 2, 2006"), -80)
	wantNum(t, r, "Daily views, 7-day average before the spike", 1000)
	if got := fact(t, r, "Day of the spike"); got != days[coachtest.SpikeFrom].Day.Format("2006-01-02") {
		t.Errorf("spike day %v", got)
	}
	// The trend comes before the cause.
	if strings.Index(r.Answer, "First the trend") > strings.Index(r.Answer, "biggest change") {
		t.Errorf("cause named before the trend:\n%s", r.Answer)
	}
	wantSays(t, r, "ends a spike", "moved too: likes -80.0%")

	t.Run("MetricNotReported", func(t *testing.T) {
		r := ask(t, db, user, "Why did my impressions drop?", "")
		wantSays(t, r, "Organic impressions are not available for YouTube")
	})
}

func TestCoach_OnePlatform(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "one@coach.io", niche)
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower()})
	r := ask(t, db, user, "Which platform is doing best?", "")
	wantSays(t, r, "Only Instagram has data")
	for _, q := range coach.Questions {
		ask(t, db, user, q, "") // every recognised question is answered from facts alone
	}
}

func TestCoach_TwoPlatforms(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "two@coach.io", niche)
	ig, yt := coachtest.SteadyGrower(), coachtest.DropAfterSpike()
	coachtest.Insert(t, db, user, coachtest.History{Platform: "instagram", Days: ig})
	coachtest.Insert(t, db, user, coachtest.History{Platform: "youtube", Days: yt})
	n := len(ig)
	r := ask(t, db, user, "Which platform is doing best?", "")
	igGrowth := round1(float64(ig[n-1].Followers-ig[n-31].Followers) / float64(ig[n-31].Followers) * 100)
	ytGrowth := round1(float64(yt[n-1].Followers-yt[n-31].Followers) / float64(yt[n-31].Followers) * 100)
	wantNum(t, r, "Instagram followers growth, last 30 days", igGrowth)
	wantNum(t, r, "YouTube subscribers growth, last 30 days", ytGrowth)
	wantSays(t, r, "Instagram is doing best")
	// The platform filter scopes the facts: YouTube only.
	r = ask(t, db, user, "How am I doing?", "youtube")
	for _, f := range r.Facts {
		if strings.HasPrefix(f.Label, "Instagram") {
			t.Errorf("Instagram fact under the YouTube filter: %v", f)
		}
	}
	r = ask(t, db, user, "Why did my views drop?", "")
	wantSays(t, r, "Most of it came from YouTube")
	for _, q := range coach.Questions {
		ask(t, db, user, q, "")
	}
}

func TestCoach_NoneConnected(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	user := coachtest.Creator(t, db, "none@coach.io", niche)
	coachtest.Insert(t, db, user, coachtest.History{Platform: "tiktok", Status: "disconnected", Days: coachtest.SteadyGrower()})
	for _, q := range append([]string{"Tell me a joke"}, coach.Questions...) {
		r := ask(t, db, user, q, "")
		wantSays(t, r, "no connected social accounts")
		if len(r.Facts) != 0 || len(coach.Numbers(r.Answer)) != 0 {
			t.Errorf("%q: figures without data: %v / %s", q, r.Facts, r.Answer)
		}
	}
}

// doubled returns the first word of s written twice in a row ("daily
// daily"), or "".
func doubled(s string) string {
	words := strings.Fields(s)
	for i := 1; i < len(words); i++ {
		prev, w := words[i-1], strings.TrimLeft(words[i], "(\"")
		if strings.ContainsAny(prev[len(prev)-1:], ".,:;!?)") || !strings.ContainsFunc(prev, unicode.IsLetter) {
			continue
		}
		if strings.EqualFold(prev, strings.TrimRight(w, ".,:;!?)")) {
			return prev + " " + words[i]
		}
	}
	return ""
}

// TestCoach_NoDoubledWords: no fact label and no answer of the fixed
// histories writes a word twice in a row, whatever is asked.
func TestCoach_NoDoubledWords(t *testing.T) {
	t.Parallel()
	if got := doubled("Change of daily daily follower gain"); got != "daily daily" {
		t.Fatalf("the check misses a doubled word: %q", got)
	}
	db, _ := storetest.New(t)
	two := coachtest.Creator(t, db, "words@coach.io", niche)
	coachtest.Insert(t, db, two, coachtest.History{Platform: "instagram", Days: coachtest.SteadyGrower(), Audience: coachtest.Audience})
	coachtest.Insert(t, db, two, coachtest.History{Platform: "youtube", Days: coachtest.DropAfterSpike()})
	// A spike that brings followers along, so the follower gain moves with views.
	viral := coachtest.DropAfterSpike()
	for i := 1; i < len(viral); i++ {
		gain := int64(10)
		if i >= coachtest.SpikeFrom && i < coachtest.SpikeTo {
			gain = 60
		}
		viral[i].Followers = viral[i-1].Followers + gain
	}
	spike := coachtest.Creator(t, db, "words-spike@coach.io", niche)
	coachtest.Insert(t, db, spike, coachtest.History{Platform: "youtube", Days: viral})
	none := coachtest.Creator(t, db, "words-none@coach.io", niche)
	questions := append([]string{"Tell me a joke", "Why did my likes drop?", "Why did my followers drop?",
		"Why did my subscribers rise?", "Why did my impressions fall?", "When will I reach 1 million followers?"}, coach.Questions...)
	for _, user := range []string{two, spike, none} {
		for _, platform := range []string{"", "instagram", "youtube", "tiktok"} {
			for _, q := range questions {
				r := ask(t, db, user, q, platform)
				for _, s := range append([]string{r.Answer}, factStrings(r.Facts)...) {
					if d := doubled(s); d != "" {
						t.Errorf("%q (%s): %q in %q", q, platform, d, s)
					}
				}
			}
		}
	}
}

func factStrings(facts []coach.Fact) []string {
	var out []string
	for _, f := range facts {
		out = append(out, f.Label, f.Text, f.Period)
	}
	return out
}
