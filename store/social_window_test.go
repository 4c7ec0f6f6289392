package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestLastDays: "last 30 days" are the 30 days ending on the last synced day, both ends included.
func TestLastDays(t *testing.T) {
	last := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	from, to := store.LastDays(last, 30)
	if !to.Equal(last) || !from.Equal(time.Date(2026, 10, 26, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("LastDays = %v .. %v", from, to)
	}
	for _, c := range []struct{ platform, figure, want string }{
		{"youtube", store.FigureImpressions, "YouTube does not report organic impressions"},
		{"tiktok", store.FigureImpressions, "TikTok does not report organic impressions"},
		{"linkedin", store.FigureViews, "LinkedIn does not report views"},
		{"instagram", store.FigureImpressions, ""}, {"youtube", store.FigureViews, ""},
	} {
		if got := store.NotReported(c.platform, c.figure); got != c.want {
			t.Errorf("NotReported(%s, %s) = %q, want %q", c.platform, c.figure, got, c.want)
		}
	}
}

// TestSocialEngagement_Window: the engagement's window ends on the creator's
// last synced day (yesterday here, not today) and covers exactly the days
// LastDays names; SaveSocialSnapshot counts the days it added.
func TestSocialEngagement_Window(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	ctx := context.Background()
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "win@store.io", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Fitness & Health"})
	if err != nil {
		t.Fatal(err)
	}
	yt := connectForTest(t, db, u.ID, "youtube")
	yesterday := db.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1)
	var days []store.SocialDay
	for i := range 40 { // 40 days ending yesterday, 10 views each
		days = append(days, store.SocialDay{Day: yesterday.AddDate(0, 0, -i), Followers: 100, Views: 10})
	}
	snap := store.SocialSnapshot{AccountID: yt, Days: days}
	if n, err := db.SaveSocialSnapshot(ctx, snap); err != nil || n != 40 {
		t.Fatalf("first save: %d new days (%v), want 40", n, err)
	}
	if n, err := db.SaveSocialSnapshot(ctx, snap); err != nil || n != 0 {
		t.Fatalf("same snapshot again: %d new days (%v), want 0", n, err)
	}
	raw, err := db.SocialEngagement(ctx, u.ID, "", 30)
	if err != nil {
		t.Fatal(err)
	}
	var e struct {
		Window   struct{ From, To string }
		Platform []struct {
			Data        []map[string]*int64
			NotReported map[string]string
			History     []json.RawMessage
		}
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatal(err)
	}
	from, to := store.LastDays(yesterday, 30)
	if e.Window.From != from.Format(time.DateOnly) || e.Window.To != to.Format(time.DateOnly) {
		t.Errorf("window %+v, want %s .. %s", e.Window, from.Format(time.DateOnly), to.Format(time.DateOnly))
	}
	p := e.Platform[0]
	if len(p.History) != 30 || *p.Data[0]["view"] != 300 || p.Data[0]["organicImpression"] != nil ||
		p.NotReported["organicImpression"] != "YouTube does not report organic impressions" {
		t.Errorf("youtube: %d days, views %v, impressions %v, notReported %v", len(p.History), *p.Data[0]["view"], p.Data[0]["organicImpression"], p.NotReported)
	}
}
