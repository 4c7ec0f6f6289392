package store

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Campaign statuses. The form accepts draft, active and
// completed; deleted is reached only through DeleteCampaign.
//
// Allowed transitions:
//
//	draft     → draft, active
//	active    → active, draft, completed
//	completed → (none: a completed campaign cannot be edited, ECONFLICT)
//	any       → deleted (DELETE; afterwards the campaign is ENOTFOUND everywhere)
const (
	CampaignDraft     = "draft"
	CampaignActive    = "active"
	CampaignCompleted = "completed"
	CampaignDeleted   = "deleted"
)

// Terms values: exclusivity, then content usage rights.
const (
	ExclusivityNone      = "no_exclusivity"
	ExclusivityExclusive = "exclusive"
	UsageOrganicOnly     = "organic_only"
	UsageUnlimited       = "unlimited"
	Usage30Days          = "30_days"
)

// GoalOther is the goal that asks for a custom goal in Campaign.CustomGoal.
const GoalOther = "Other"

// Campaign limits: name 3 to 50 characters, budget $500 to $50,000, audience
// age 13 to 65, instructions up to 500 characters; and our own caps on list sizes.
const (
	CampaignNameMin      = 3
	CampaignNameMax      = 50
	CampaignBudgetMin    = 500
	CampaignBudgetMax    = 50000
	CampaignAgeMin       = 13
	CampaignAgeMax       = 65
	CampaignInstructMax  = 500
	campaignListMax      = 20  // goals, vibes, attachments per list
	campaignShortTextMax = 200 // a goal, a vibe, a gender, a location
)

// Messages of the campaign form, word for word as the browser shows them,
// plus our wording for the required fields the form marks without a message.
const (
	MsgCampaignNameRequired = "Campaign name is required"
	MsgCampaignNameShort    = "Campaign name must be at least 3 characters"
	MsgCampaignNameLong     = "Campaign name must be less than 50 characters"
	MsgGoalsRequired        = "Please select at least one goal"
	MsgCustomGoalRequired   = "Please enter a custom goal"
	MsgBudgetRequired       = "Budget is required"
	MsgBudgetMin            = "Minimum budget is $500"
	MsgBudgetMax            = "Maximum budget is $50,000"
	MsgStartDateRequired    = "Start date is required"
	MsgStartDatePast        = "Start date cannot be in the past"
	MsgEndDateRequired      = "End date is required"
	MsgEndDateBeforeStart   = "End date must be after start date"
	MsgDateInvalid          = "Invalid date"
	MsgAgeFromRequired      = "Age from is required"
	MsgAgeToRequired        = "Age to is required"
	MsgAgeMin               = "Minimum age is 13"
	MsgAgeMax               = "Maximum age is 65"
	MsgAgeFromLess          = "Age from must be less than age to"
	MsgAgeToGreater         = "Age to must be greater than age from"
	MsgGenderRequired       = "Please select a gender"
	MsgVibesRequired        = "Please select at least one content vibe"
	MsgExclusivityRequired  = "Please select exclusivity option"
	MsgUsageRequired        = "Please select content usage rights"
	MsgStatusInvalid        = "Invalid status"
	MsgInstructionsLong     = "Additional instructions must be less than 500 characters"
)

// Number is a JSON number that also accepts a numeric string ("500"), as
// form inputs often send; it is written back as a number.
type Number float64

// UnmarshalJSON accepts 500, 500.5 and "500"; a string that is not a number
// (such as "") reads as NaN, which validation treats as missing.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			f = math.NaN()
		}
		*n = Number(f)
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Number(f)
	return nil
}

// Duration is when a campaign runs: dates as "YYYY-MM-DD" (an RFC 3339
// timestamp is accepted and its date part, as written, is kept).
type Duration struct {
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
}

// AgeRange is the audience's age span, 13 to 65, start < end.
type AgeRange struct {
	Start *Number `json:"start"`
	End   *Number `json:"end"`
}

// Demographics is the audience of a campaign.
type Demographics struct {
	AgeRange AgeRange `json:"ageRange"`
	Gender   string   `json:"gender"`
}

// Terms are the partnership terms: exclusivity and content usage rights.
type Terms struct {
	Exclusivity  string `json:"exclusivity"`
	ContentUsage string `json:"contentUsage"`
}

// Attachment is a file attached to a campaign. Clients send
// at least the key of an uploaded file; type and name are taken from the
// upload record, and url/expiresAt are filled with a fresh signed link on
// every read.
type Attachment struct {
	Key       string     `json:"key"`
	Type      string     `json:"type"`
	Name      string     `json:"name,omitempty"`
	URL       string     `json:"url,omitempty"`
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
}

// Campaign is a brand's campaign: the campaign form's fields plus
// ownership and timestamps. Its JSON is what the API answers and accepts
// (read-only fields sent by a client are ignored).
type Campaign struct {
	ID                     string          `json:"_id"`
	BrandID                string          `json:"brandId"`
	CampaignName           string          `json:"campaignName"`
	Goals                  []string        `json:"goals"`
	CustomGoal             string          `json:"customGoal"`
	Budget                 *Number         `json:"budget"`
	Duration               Duration        `json:"duration"`
	Location               string          `json:"location"`
	Demographics           Demographics    `json:"demographics"`
	ContentVibes           []string        `json:"contentVibes"`
	Terms                  Terms           `json:"terms"`
	RosterNotes            json.RawMessage `json:"roaster"` // roster notes (wire name "roaster", kept for the API's clients)
	Status                 string          `json:"status"`
	BrandGuidelines        []Attachment    `json:"brandGuidelines"`
	ReferenceContent       []Attachment    `json:"referenceContent"`
	AdditionalInstructions string          `json:"additionalInstructions"`
	TrackingTag            string          `json:"trackingTag"` // without '#'; "" on create = made from the names
	Deliverables           []Deliverable   `json:"deliverables"`
	CreatorCriteria        CreatorCriteria `json:"creatorCriteria"`
	Brief                  string          `json:"brief"` // what a creator reads with the offer
	CreatedBy              *string         `json:"createdBy"`
	UpdatedBy              *string         `json:"updatedBy"`
	CreatedAt              time.Time       `json:"createdAt"`
	UpdatedAt              time.Time       `json:"updatedAt"`
}

// Validate checks every rule of the campaign form and returns EINVALID
// with field errors keyed by JSON path ("campaignName", "customGoal",
// "duration.startDate", "demographics.ageRange.start", "terms.exclusivity",
// ...). It normalises the campaign (trimmed strings, dates as YYYY-MM-DD,
// empty status = draft). The start date must be after today unless it
// equals keptStart, the stored start date of the campaign being updated (""
// on create), so that a campaign which has already begun stays editable.
// "Today" is now's date at UTC-12, the last time zone to reach a date: the
// browser checks the user's local date, and the server must not refuse a
// date that is after today where the user is.
func (c *Campaign) Validate(now time.Time, keptStart string) error {
	f := FieldErrors{}
	c.normalize()
	name := utf8.RuneCountInString(c.CampaignName)
	switch {
	case name == 0:
		f.add("campaignName", MsgCampaignNameRequired)
	case name < CampaignNameMin:
		f.add("campaignName", MsgCampaignNameShort)
	case name > CampaignNameMax:
		f.add("campaignName", MsgCampaignNameLong)
	}
	c.validateGoals(f)
	switch {
	case c.Budget == nil || math.IsNaN(float64(*c.Budget)):
		f.add("budget", MsgBudgetRequired)
	case *c.Budget < CampaignBudgetMin:
		f.add("budget", MsgBudgetMin)
	case *c.Budget > CampaignBudgetMax:
		f.add("budget", MsgBudgetMax)
	}
	c.validateDates(f, now, keptStart)
	c.validateTerms(f)
	c.validateAges(f)
	checkShort(f, "demographics.gender", c.Demographics.Gender, MsgGenderRequired)
	checkList(f, "contentVibes", c.ContentVibes, MsgVibesRequired)
	if c.Terms.Exclusivity != ExclusivityNone && c.Terms.Exclusivity != ExclusivityExclusive {
		f.add("terms.exclusivity", MsgExclusivityRequired)
	}
	if !slices.Contains([]string{UsageOrganicOnly, UsageUnlimited, Usage30Days}, c.Terms.ContentUsage) {
		f.add("terms.contentUsage", MsgUsageRequired)
	}
	if !slices.Contains([]string{CampaignDraft, CampaignActive, CampaignCompleted}, c.Status) {
		f.add("status", MsgStatusInvalid)
	}
	if utf8.RuneCountInString(c.AdditionalInstructions) > CampaignInstructMax {
		f.add("additionalInstructions", MsgInstructionsLong)
	}
	checkTrackingTag(f, c.TrackingTag)
	if utf8.RuneCountInString(c.Location) > campaignShortTextMax {
		f.add("location", "Location must be at most 200 characters")
	}
	if len(c.RosterNotes) > 4096 {
		f.add("roaster", "Roaster is too large")
	} else if len(c.RosterNotes) > 0 {
		if clean, ok := cleanJSON(c.RosterNotes); ok {
			c.RosterNotes = clean
		} else {
			f.add("roaster", MsgNulCharacter)
		}
	}
	c.checkNul(f)
	for field, list := range map[string][]Attachment{"brandGuidelines": c.BrandGuidelines, "referenceContent": c.ReferenceContent} {
		if len(list) > campaignListMax {
			f.add(field, "At most 20 files are allowed")
		}
	}
	return f.Err()
}

// checkNul refuses NUL characters in the free texts (Postgres cannot store them).
func (c *Campaign) checkNul(f FieldErrors) {
	texts := map[string][]string{"campaignName": {c.CampaignName}, "customGoal": {c.CustomGoal}, "location": {c.Location},
		"demographics.gender": {c.Demographics.Gender}, "additionalInstructions": {c.AdditionalInstructions},
		"goals": c.Goals, "contentVibes": c.ContentVibes}
	for _, list := range []struct {
		field string
		items []Attachment
	}{{"brandGuidelines", c.BrandGuidelines}, {"referenceContent", c.ReferenceContent}} {
		for _, a := range list.items {
			texts[list.field] = append(texts[list.field], a.Key)
		}
	}
	for field, vs := range texts {
		if hasNul(vs...) {
			f.add(field, MsgNulCharacter)
		}
	}
}

func (c *Campaign) normalize() {
	c.CampaignName = strings.TrimSpace(c.CampaignName)
	c.CustomGoal = strings.TrimSpace(c.CustomGoal)
	c.Location = strings.TrimSpace(c.Location)
	c.Demographics.Gender = strings.TrimSpace(c.Demographics.Gender)
	c.AdditionalInstructions = strings.TrimSpace(c.AdditionalInstructions)
	c.Goals = trimAll(c.Goals)
	c.TrackingTag = NormalizeTrackingTag(c.TrackingTag)
	c.ContentVibes = trimAll(c.ContentVibes)
	if c.Status == "" {
		c.Status = CampaignDraft
	}
	if string(c.RosterNotes) == "null" {
		c.RosterNotes = nil
	}
	if c.BrandGuidelines == nil {
		c.BrandGuidelines = []Attachment{}
	}
	if c.ReferenceContent == nil {
		c.ReferenceContent = []Attachment{}
	}
}

func (c *Campaign) validateGoals(f FieldErrors) {
	checkList(f, "goals", c.Goals, MsgGoalsRequired)
	if slices.Contains(c.Goals, GoalOther) {
		checkShort(f, "customGoal", c.CustomGoal, MsgCustomGoalRequired)
	} else {
		c.CustomGoal = ""
	}
}

func (c *Campaign) validateDates(f FieldErrors, now time.Time, keptStart string) {
	start, startOK := parseDate(f, "duration.startDate", &c.Duration.StartDate, MsgStartDateRequired)
	end, endOK := parseDate(f, "duration.endDate", &c.Duration.EndDate, MsgEndDateRequired)
	y, m, d := now.UTC().Add(-12 * time.Hour).Date()
	if startOK && c.Duration.StartDate != keptStart && !start.After(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)) {
		f.add("duration.startDate", MsgStartDatePast)
	}
	if startOK && endOK && !end.After(start) {
		f.add("duration.endDate", MsgEndDateBeforeStart)
	}
}

// parseDate reads a YYYY-MM-DD date (or the date part of an RFC 3339
// timestamp) and rewrites *s as YYYY-MM-DD.
func parseDate(f FieldErrors, field string, s *string, required string) (time.Time, bool) {
	v := strings.TrimSpace(*s)
	if v == "" {
		f.add(field, required)
		return time.Time{}, false
	}
	if len(v) > 10 && v[10] == 'T' {
		v = v[:10]
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		f.add(field, MsgDateInvalid)
		return time.Time{}, false
	}
	*s = v
	return t, true
}

func (c *Campaign) validateAges(f FieldErrors) {
	r := c.Demographics.AgeRange
	from, fromOK := checkAge(f, "demographics.ageRange.start", r.Start, MsgAgeFromRequired)
	to, toOK := checkAge(f, "demographics.ageRange.end", r.End, MsgAgeToRequired)
	if fromOK && toOK && from >= to {
		f.add("demographics.ageRange.start", MsgAgeFromLess)
		f.add("demographics.ageRange.end", MsgAgeToGreater)
	}
}

func checkAge(f FieldErrors, field string, n *Number, required string) (float64, bool) {
	switch {
	case n == nil || math.IsNaN(float64(*n)):
		f.add(field, required)
	case *n < CampaignAgeMin:
		f.add(field, MsgAgeMin)
	case *n > CampaignAgeMax:
		f.add(field, MsgAgeMax)
	case float64(*n) != math.Trunc(float64(*n)):
		f.add(field, "Age must be a whole number")
	default:
		return float64(*n), true
	}
	return 0, false
}

// checkShort requires a non-empty text of at most campaignShortTextMax characters.
func checkShort(f FieldErrors, field, v, required string) {
	switch {
	case v == "":
		f.add(field, required)
	case utf8.RuneCountInString(v) > campaignShortTextMax:
		f.add(field, "Must be at most 200 characters")
	}
}

// checkList requires at least one non-empty entry, at most campaignListMax.
func checkList(f FieldErrors, field string, list []string, required string) {
	switch {
	case len(list) == 0:
		f.add(field, required)
	case len(list) > campaignListMax:
		f.add(field, "At most 20 entries are allowed")
	}
	for _, v := range list {
		checkShort(f, field, v, required)
	}
}

func trimAll(list []string) []string {
	out := make([]string, 0, len(list))
	for _, v := range list {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// checkTransition enforces the status rules documented on CampaignDraft.
// ECONFLICT when the campaign cannot change that way.
func checkTransition(from, to string) error {
	switch {
	case from == CampaignCompleted:
		return Errorf(ECONFLICT, "A completed campaign cannot be edited")
	case from == CampaignDeleted:
		return Errorf(ENOTFOUND, "Campaign not found")
	case from == CampaignDraft && to == CampaignCompleted:
		return &Error{Code: ECONFLICT, Message: "Only an active campaign can be completed",
			Fields: map[string]string{"status": "Only an active campaign can be completed"}}
	}
	return nil
}
