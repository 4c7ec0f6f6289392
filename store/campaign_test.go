package store_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

var validateNow = time.Date(2030, 6, 15, 12, 0, 0, 0, time.UTC)

// validCampaign is a campaign that passes every rule on validateNow.
func validCampaign(t *testing.T) store.Campaign {
	t.Helper()
	var c store.Campaign
	raw := `{"campaignName": "Summer Launch", "goals": ["Brand awareness"], "budget": 1500,
		"duration": {"startDate": "2030-06-16", "endDate": "2030-07-16"}, "location": "Berlin",
		"demographics": {"ageRange": {"start": 18, "end": 35}, "gender": "All"}, "contentVibes": ["Fun"],
		"terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"}, "status": "draft",
		"additionalInstructions": "Be yourself"}`
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func num(f float64) *store.Number { n := store.Number(f); return &n }

// TestCampaign_Validate has one row per campaign form rule.
func TestCampaign_Validate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		edit   func(c *store.Campaign)
		keep   string // stored start date (update)
		field  string
		want   string
		wantOK bool
	}{
		{name: "OK", edit: func(c *store.Campaign) {}, wantOK: true},
		{name: "OKNameAt50", edit: func(c *store.Campaign) { c.CampaignName = strings.Repeat("é", 50) }, wantOK: true},
		{name: "OKBudgetBounds", edit: func(c *store.Campaign) { c.Budget = num(50000) }, wantOK: true},
		{name: "OKBudgetString", edit: func(c *store.Campaign) { _ = json.Unmarshal([]byte(`"500"`), c.Budget) }, wantOK: true},
		{name: "OKAgeBounds", edit: func(c *store.Campaign) { c.Demographics.AgeRange = store.AgeRange{Start: num(13), End: num(65)} }, wantOK: true},
		{name: "OKInstructionsAt500", edit: func(c *store.Campaign) { c.AdditionalInstructions = strings.Repeat("a", 500) }, wantOK: true},
		{name: "OKOtherWithCustomGoal", edit: func(c *store.Campaign) { c.Goals, c.CustomGoal = []string{"Other"}, "Grow" }, wantOK: true},
		{name: "OKPastStartKept", edit: func(c *store.Campaign) { c.Duration.StartDate = "2030-01-01" }, keep: "2030-01-01", wantOK: true},
		{name: "OKTimestampDate", edit: func(c *store.Campaign) { c.Duration.StartDate = "2030-06-20T00:00:00.000Z" }, wantOK: true},
		{"ErrNameRequired", func(c *store.Campaign) { c.CampaignName = "  " }, "", "campaignName", store.MsgCampaignNameRequired, false},
		{"ErrNameTooShort", func(c *store.Campaign) { c.CampaignName = "ab" }, "", "campaignName", "Campaign name must be at least 3 characters", false},
		{"ErrNameTooLong", func(c *store.Campaign) { c.CampaignName = strings.Repeat("a", 51) }, "", "campaignName", "Campaign name must be less than 50 characters", false},
		{"ErrNoGoal", func(c *store.Campaign) { c.Goals = nil }, "", "goals", "Please select at least one goal", false},
		{"ErrBlankGoal", func(c *store.Campaign) { c.Goals = []string{" "} }, "", "goals", "Please select at least one goal", false},
		{"ErrCustomGoal", func(c *store.Campaign) { c.Goals = []string{"Sales", "Other"} }, "", "customGoal", "Please enter a custom goal", false},
		{"ErrBudgetRequired", func(c *store.Campaign) { c.Budget = nil }, "", "budget", store.MsgBudgetRequired, false},
		{"ErrBudgetMin", func(c *store.Campaign) { c.Budget = num(499.99) }, "", "budget", "Minimum budget is $500", false},
		{"ErrBudgetMax", func(c *store.Campaign) { c.Budget = num(50000.01) }, "", "budget", "Maximum budget is $50,000", false},
		{"ErrStartRequired", func(c *store.Campaign) { c.Duration.StartDate = "" }, "", "duration.startDate", store.MsgStartDateRequired, false},
		{"ErrStartToday", func(c *store.Campaign) { c.Duration.StartDate = "2030-06-15" }, "", "duration.startDate", "Start date cannot be in the past", false},
		{"ErrStartPast", func(c *store.Campaign) { c.Duration.StartDate = "2030-01-01" }, "2030-01-02", "duration.startDate", "Start date cannot be in the past", false},
		{"ErrStartInvalid", func(c *store.Campaign) { c.Duration.StartDate = "tomorrow" }, "", "duration.startDate", store.MsgDateInvalid, false},
		{"ErrEndRequired", func(c *store.Campaign) { c.Duration.EndDate = "" }, "", "duration.endDate", store.MsgEndDateRequired, false},
		{"ErrEndSameDay", func(c *store.Campaign) { c.Duration.EndDate = "2030-06-16" }, "", "duration.endDate", "End date must be after start date", false},
		{"ErrEndBeforeStart", func(c *store.Campaign) { c.Duration.EndDate = "2030-06-10" }, "", "duration.endDate", "End date must be after start date", false},
		{"ErrAgeFromRequired", func(c *store.Campaign) { c.Demographics.AgeRange.Start = nil }, "", "demographics.ageRange.start", store.MsgAgeFromRequired, false},
		{"ErrAgeToRequired", func(c *store.Campaign) { c.Demographics.AgeRange.End = nil }, "", "demographics.ageRange.end", store.MsgAgeToRequired, false},
		{"ErrAgeFromMin", func(c *store.Campaign) { c.Demographics.AgeRange.Start = num(12) }, "", "demographics.ageRange.start", "Minimum age is 13", false},
		{"ErrAgeToMin", func(c *store.Campaign) { c.Demographics.AgeRange.End = num(12) }, "", "demographics.ageRange.end", "Minimum age is 13", false},
		{"ErrAgeFromMax", func(c *store.Campaign) { c.Demographics.AgeRange.Start = num(66) }, "", "demographics.ageRange.start", "Maximum age is 65", false},
		{"ErrAgeToMax", func(c *store.Campaign) { c.Demographics.AgeRange.End = num(66) }, "", "demographics.ageRange.end", "Maximum age is 65", false},
		{"ErrAgeFromNotLess", func(c *store.Campaign) { c.Demographics.AgeRange.Start = num(35) }, "", "demographics.ageRange.start", "Age from must be less than age to", false},
		{"ErrAgeToNotGreater", func(c *store.Campaign) { c.Demographics.AgeRange.Start = num(40) }, "", "demographics.ageRange.end", "Age to must be greater than age from", false},
		{"ErrGender", func(c *store.Campaign) { c.Demographics.Gender = "" }, "", "demographics.gender", "Please select a gender", false},
		{"ErrVibes", func(c *store.Campaign) { c.ContentVibes = []string{} }, "", "contentVibes", "Please select at least one content vibe", false},
		{"ErrExclusivity", func(c *store.Campaign) { c.Terms.Exclusivity = "sometimes" }, "", "terms.exclusivity", "Please select exclusivity option", false},
		{"ErrExclusivityMissing", func(c *store.Campaign) { c.Terms.Exclusivity = "" }, "", "terms.exclusivity", "Please select exclusivity option", false},
		{"ErrContentUsage", func(c *store.Campaign) { c.Terms.ContentUsage = "" }, "", "terms.contentUsage", "Please select content usage rights", false},
		{"ErrStatus", func(c *store.Campaign) { c.Status = "archived" }, "", "status", "Invalid status", false},
		{"ErrStatusDeleted", func(c *store.Campaign) { c.Status = "deleted" }, "", "status", "Invalid status", false},
		{"ErrInstructions", func(c *store.Campaign) { c.AdditionalInstructions = strings.Repeat("a", 501) }, "", "additionalInstructions", "Additional instructions must be less than 500 characters", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCampaign(t)
			tt.edit(&c)
			err := c.Validate(validateNow, tt.keep)
			if tt.wantOK {
				if err != nil {
					t.Fatalf("got %v (%v), want no error", err, fields(err))
				}
				return
			}
			if got := store.ErrorCode(err); got != store.EINVALID {
				t.Fatalf("code: got %q, want %q", got, store.EINVALID)
			}
			if got := fields(err)[tt.field]; got != tt.want {
				t.Fatalf("fields[%q]: got %q, want %q (all: %v)", tt.field, got, tt.want, fields(err))
			}
		})
	}
}

func TestCampaign_ValidateNormalizes(t *testing.T) {
	t.Parallel()
	c := validCampaign(t)
	c.Status, c.CampaignName, c.Duration.StartDate = "", "  Padded  ", "2030-06-20T10:00:00Z"
	if err := c.Validate(validateNow, ""); err != nil {
		t.Fatal(err)
	}
	if c.Status != store.CampaignDraft || c.CampaignName != "Padded" || c.Duration.StartDate != "2030-06-20" {
		t.Fatalf("got status %q name %q start %q", c.Status, c.CampaignName, c.Duration.StartDate)
	}
}

func fields(err error) map[string]string {
	var e *store.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// TestCheckUpload covers the extension and content checks of uploads.
func TestCheckUpload(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, head, want string // want = MIME type or error message
	}{
		{"PNG", "a.PNG", "\x89PNG\r\n\x1a\n....", "image/png"},
		{"JPEG", "a.jpeg", "\xFF\xD8\xFF\xE0", "image/jpeg"},
		{"GIF", "a.gif", "GIF89a...", "image/gif"},
		{"WebP", "a.webp", "RIFF\x00\x00\x00\x00WEBPVP8 ", "image/webp"},
		{"PDF", "a.pdf", "%PDF-1.7\n", "application/pdf"},
		{"MP4", "a.mp4", "\x00\x00\x00\x18ftypmp42", "video/mp4"},
		{"MOV", "a.mov", "\x00\x00\x00\x14ftypqt  ", "video/quicktime"},
		{"WebM", "a.webm", "\x1A\x45\xDF\xA3\x01", "video/webm"},
		{"DOCX", "a.docx", "PK\x03\x04rest", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{"XLS", "a.xls", "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "application/vnd.ms-excel"},
		{"CSV", "a.csv", "name,email\nann,a@b.io\n", "text/csv"},
		{"TXT", "notes.txt", "hello", "text/plain"},
		{"ErrExtension", "a.exe", "MZ", store.MsgFileType},
		{"ErrNoExtension", "README", "hello", store.MsgFileType},
		{"ErrSVG", "a.svg", "<svg/>", store.MsgFileType},
		{"ErrPNGNotPNG", "a.png", "%PDF-1.7", "This file is not a real PNG image."},
		{"ErrPDFIsHTML", "a.pdf", "<html><script>", "This file is not a real PDF."},
		{"ErrDocxNotZip", "a.docx", "hello", "This file is not a real Word document."},
		{"ErrTxtBinary", "a.txt", "\x00\x01\x02\x03", "This file is not a real text file."},
		{"ErrEmpty", "a.txt", "", store.MsgFileEmpty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, mime, err := store.CheckUpload(tt.file, []byte(tt.head))
			got := mime
			if err != nil {
				got = fields(err)["file"]
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCleanFileName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"../../etc/passwd":  "passwd",
		`C:\Users\a\b.pdf`:  "b.pdf",
		"bad\r\nname.txt":   "badname.txt",
		"":                  "file",
		"résumé final.docx": "résumé final.docx",
	} {
		if got := store.CleanFileName(in); got != want {
			t.Errorf("CleanFileName(%q): got %q, want %q", in, got, want)
		}
	}
}

// TestCampaign_StartDateTimeZones: "today" is the date at UTC-12, so a start
// date the browser accepts anywhere (after the user's local today) passes,
// and a date that is today or past everywhere does not.
func TestCampaign_StartDateTimeZones(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		now   time.Time
		start string
		ok    bool
	}{
		{time.Date(2030, 6, 15, 3, 0, 0, 0, time.UTC), "2030-06-15", true},   // still June 14 at UTC-12
		{time.Date(2030, 6, 15, 11, 59, 0, 0, time.UTC), "2030-06-15", true}, // 23:59 on June 14 at UTC-12
		{time.Date(2030, 6, 15, 12, 0, 0, 0, time.UTC), "2030-06-15", false}, // June 15 everywhere
		{time.Date(2030, 6, 15, 3, 0, 0, 0, time.UTC), "2030-06-14", false},  // past everywhere
		{time.Date(2030, 6, 15, 23, 0, 0, 0, time.UTC), "2030-06-16", true},  // June 16 is tomorrow at UTC-12
		{time.Date(2030, 6, 16, 13, 0, 0, 0, time.UTC), "2030-06-16", false},
	} {
		c := validCampaign(t)
		c.Duration.StartDate, c.Duration.EndDate = tt.start, "2030-12-31"
		err := c.Validate(tt.now, "")
		if (err == nil) != tt.ok {
			t.Errorf("start %s at %s: err %v, want ok %v", tt.start, tt.now.Format(time.RFC3339), err, tt.ok)
		}
	}
}
