package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestCaptureCampaign_Captures is the tag matcher: case, '#', whole word,
// punctuation, and the campaign's dates (00:00 UTC on the start date to
// 23:59:59 on the end date).
func TestCaptureCampaign_Captures(t *testing.T) {
	t.Parallel()
	c := store.CaptureCampaign{Tag: "acmewinterwarmup", StartDate: "2026-12-01", EndDate: "2026-12-31"}
	in := time.Date(2026, 12, 10, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name string
		text string
		at   time.Time
		want bool
	}{
		{"Hash", "Cosy knits #acmewinterwarmup", in, true},
		{"NoHash", "acmewinterwarmup", in, true},
		{"Case", "#AcmeWinterWarmup", in, true},
		{"Punctuation", "Loving it (#AcmeWinterWarmup!) — really", in, true},
		{"FirstOfSeveral", "#acmewinterwarmup,#ad", in, true},
		{"Newline", "title\nGifted #acmewinterwarmup\n", in, true},
		{"SecondOccurrenceWhole", "#acmewinterwarmups and #acmewinterwarmup", in, true},
		{"Prefix", "#acmewinter", in, false},
		{"LongerTag", "#acmewinterwarmup2", in, false},
		{"LongerWord", "#acmewinterwarmups", in, false},
		{"Underscore", "#acmewinterwarmup_x", in, false},
		{"InsideWord", "xacmewinterwarmup", in, false},
		{"LetterAfterAccent", "#acmewinterwarmupé", in, false},
		{"Empty", "", in, false},
		{"StartOfDates", "#acmewinterwarmup", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), true},
		{"EndOfDates", "#acmewinterwarmup", time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC), true},
		{"BeforeDates", "#acmewinterwarmup", time.Date(2026, 11, 30, 23, 59, 59, 0, time.UTC), false},
		{"AfterDates", "#acmewinterwarmup", time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{"AfterDatesOtherZone", "#acmewinterwarmup", time.Date(2027, 1, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600)), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Captures(tt.text, tt.at); got != tt.want {
				t.Errorf("Captures(%q, %s) = %v, want %v", tt.text, tt.at, got, tt.want)
			}
		})
	}
	if store.HasTag("#anything", "") {
		t.Error("an empty tag matched")
	}
}

// TestCaptureList_Range: the posts a sync reads span the live campaigns'
// dates (ahead of now too: the sandbox dates posts at will), not before the
// 30-day refresh window.
func TestCaptureList_Range(t *testing.T) {
	t.Parallel()
	l := store.CaptureList{{Tag: "a", StartDate: "2026-12-01", EndDate: "2026-12-31"}, {Tag: "b", StartDate: "2026-12-20", EndDate: "2027-01-10"}}
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	for _, tt := range []struct {
		now      time.Time
		from, to time.Time
		ok       bool
	}{
		{day(2026, 12, 10), day(2026, 12, 1), day(2027, 1, 11), true},
		{day(2027, 1, 20), day(2026, 12, 21), day(2027, 1, 11), true},
		{day(2027, 2, 10), day(2027, 1, 11), day(2027, 1, 11), false},
		{day(2026, 11, 10), day(2026, 12, 1), day(2027, 1, 11), true},
	} {
		from, to, ok := l.Range(tt.now)
		if ok != tt.ok || ok && (!from.Equal(tt.from) || !to.Equal(tt.to)) {
			t.Errorf("at %s: %s to %s (%v), want %s to %s (%v)", tt.now.Format(time.DateOnly), from, to, ok, tt.from, tt.to, tt.ok)
		}
	}
}

func TestTrackingTagBase(t *testing.T) {
	t.Parallel()
	for _, tt := range [][3]string{
		{"Acme", "Winter Warmup", "acmewinterwarmup"},
		{"Café Noir", "Été 2027!", "cafnoirt2027"},
		{"日本", "夏", "campaign"},
		{"A Very Long Brand Name Incorporated", "And An Even Longer Campaign Name", "averylongbrandnameincorporatedandanevenl"},
	} {
		if got := store.TrackingTagBase(tt[0], tt[1]); got != tt[2] {
			t.Errorf("TrackingTagBase(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

// TestCampaign_TrackingTag: made on create from the names and unique within
// the brand (a numeric suffix), free across brands; a chosen tag is kept
// (without '#', lower case) or refused with a field error when taken or
// malformed; it changes only while the campaign is a draft; a deleted
// campaign frees its tag; racing creates never end in a 500.
func TestCampaign_TrackingTag(t *testing.T) {
	t.Parallel()
	db, _ := storetest.New(t)
	db.Now = func() time.Time { return validateNow }
	ctx := context.Background()
	acme, err := db.SaveAccount(ctx, store.AccountSpec{Email: "tags@acme.io", Password: "Str0ng!pass", Role: store.RoleBrandAdmin, BrandName: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := db.SaveAccount(ctx, store.AccountSpec{Email: "tags@other.io", Password: "Str0ng!pass", Role: store.RoleBrandAdmin, BrandName: "Acme Two"})
	if err != nil {
		t.Fatal(err)
	}
	create := func(u *store.User, name, tag string) (*store.Campaign, error) {
		c := validCampaign(t)
		c.CampaignName, c.TrackingTag = name, tag
		return db.CreateCampaign(ctx, u, c)
	}
	must := func(c *store.Campaign, err error) *store.Campaign {
		t.Helper()
		if err != nil {
			t.Fatalf("%v (%v)", err, fields(err))
		}
		return c
	}
	first := must(create(acme, "Winter Warmup", ""))
	second := must(create(acme, "Winter-Warmup!", ""))
	elsewhere := must(create(other, "WinterWarmup", "acmewinterwarmup"))
	if first.TrackingTag != "acmewinterwarmup" || second.TrackingTag != "acmewinterwarmup2" || elsewhere.TrackingTag != "acmewinterwarmup" {
		t.Fatalf("tags %q %q %q", first.TrackingTag, second.TrackingTag, elsewhere.TrackingTag)
	}
	chosen := must(create(acme, "Spring", " #SpringDrop27 "))
	if chosen.TrackingTag != "springdrop27" {
		t.Errorf("chosen tag stored as %q", chosen.TrackingTag)
	}
	for tag, msg := range map[string]string{"#springdrop27": store.MsgTagTaken, "SPRINGDROP27": store.MsgTagTaken,
		"ab": store.MsgTagLength, strings.Repeat("a", 41): store.MsgTagLength, "spring drop": store.MsgTagChars,
		"spring-drop": store.MsgTagChars, "été2027": store.MsgTagChars} {
		_, err := create(acme, "Another", tag)
		if store.ErrorCode(err) != store.EINVALID || fields(err)["trackingTag"] != msg {
			t.Errorf("tag %q: %v %v, want %q", tag, err, fields(err), msg)
		}
	}
	// Editable while draft: to a free tag, not to a taken one, not to empty.
	edit := func(c *store.Campaign, patch func(*store.Campaign)) (*store.Campaign, error) {
		return db.UpdateCampaign(ctx, acme, c.ID, func(n *store.Campaign) error { patch(n); return nil })
	}
	renamed := must(edit(second, func(n *store.Campaign) { n.TrackingTag = "#AcmeCosy" }))
	if renamed.TrackingTag != "acmecosy" {
		t.Errorf("renamed to %q", renamed.TrackingTag)
	}
	for tag, msg := range map[string]string{"acmewinterwarmup": store.MsgTagTaken, "": store.MsgTagRequired} {
		if _, err := edit(renamed, func(n *store.Campaign) { n.TrackingTag = tag }); fields(err)["trackingTag"] != msg {
			t.Errorf("draft to %q: %v %v, want %q", tag, err, fields(err), msg)
		}
	}
	// Read-only once active: the same tag passes, a new one is refused.
	active := must(edit(renamed, func(n *store.Campaign) { n.Status = store.CampaignActive; n.TrackingTag = "acmecosy2" }))
	if active.TrackingTag != "acmecosy2" {
		t.Errorf("the move to active kept %q, want the draft's last change", active.TrackingTag)
	}
	must(edit(active, func(n *store.Campaign) { n.CampaignName = "Cosy Season" }))
	if _, err := edit(active, func(n *store.Campaign) { n.TrackingTag = "acmecosy3" }); fields(err)["trackingTag"] != store.MsgTagLocked {
		t.Errorf("active: %v %v, want %q", err, fields(err), store.MsgTagLocked)
	}
	// A deleted campaign frees its tag.
	if err := db.DeleteCampaign(ctx, acme, first.ID); err != nil {
		t.Fatal(err)
	}
	if again := must(create(acme, "Winter Warmup", "")); again.TrackingTag != "acmewinterwarmup" {
		t.Errorf("after delete: %q", again.TrackingTag)
	}
	// Racing creates of one name: each gets a tag of its own.
	var wg sync.WaitGroup
	tags := make([]string, 6)
	errs := make([]error, 6)
	for i := range tags {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := create(acme, "Race Day", "")
			errs[i] = err
			if err == nil {
				tags[i] = c.TrackingTag
			}
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, tag := range tags {
		if errs[i] != nil && store.ErrorCode(errs[i]) != store.EINVALID || errs[i] == nil && seen[tag] {
			t.Errorf("race %d: %q %v", i, tag, errs[i])
		}
		seen[tag] = true
	}
	// Two chosen tags racing: one wins, the other is the field error.
	var raceErrs [2]error
	for i := range raceErrs {
		wg.Add(1)
		go func() { defer wg.Done(); _, raceErrs[i] = create(acme, fmt.Sprint("Pick ", i), "samepick") }()
	}
	wg.Wait()
	if (raceErrs[0] == nil) == (raceErrs[1] == nil) || fields(raceErrs[0])["trackingTag"]+fields(raceErrs[1])["trackingTag"] != store.MsgTagTaken {
		t.Errorf("chosen-tag race: %v %v", raceErrs[0], raceErrs[1])
	}
}
