package store

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/lib/pq"
)

// campaignRow is a campaigns row, and the one list of campaign columns: the
// SELECT list, the INSERT, the UPDATE and the JSON the list builds in
// Postgres are all derived from its tags.
//
//	db      the column, also the named parameter (:name) of INSERT and UPDATE
//	json    the field's path in Campaign's JSON ("duration.startDate")
//	cast    the type the list JSON casts the column to, when not its own
//	fixed   set at creation, never changed by UPDATE
type campaignRow struct {
	ID                     string         `db:"id" json:"_id" fixed:"1"`
	BrandID                string         `db:"brand_id" json:"brandId" fixed:"1"`
	Name                   string         `db:"name" json:"campaignName"`
	Goals                  pq.StringArray `db:"goals" json:"goals"`
	CustomGoal             string         `db:"custom_goal" json:"customGoal"`
	Budget                 float64        `db:"budget" json:"budget" cast:"float8"`
	StartDate              time.Time      `db:"start_date" json:"duration.startDate"`
	EndDate                time.Time      `db:"end_date" json:"duration.endDate"`
	Location               string         `db:"location" json:"location"`
	AgeFrom                int            `db:"age_from" json:"demographics.ageRange.start"`
	AgeTo                  int            `db:"age_to" json:"demographics.ageRange.end"`
	Gender                 string         `db:"gender" json:"demographics.gender"`
	ContentVibes           pq.StringArray `db:"content_vibes" json:"contentVibes"`
	Exclusivity            string         `db:"exclusivity" json:"terms.exclusivity"`
	ContentUsage           string         `db:"content_usage" json:"terms.contentUsage"`
	RosterNotes            jsonb          `db:"roaster" json:"roaster"`
	Status                 string         `db:"status" json:"status"`
	BrandGuidelines        jsonb          `db:"brand_guidelines" json:"brandGuidelines"`
	ReferenceContent       jsonb          `db:"reference_content" json:"referenceContent"`
	AdditionalInstructions string         `db:"additional_instructions" json:"additionalInstructions"`
	TrackingTag            string         `db:"tracking_tag" json:"trackingTag"`
	Deliverables           jsonb          `db:"deliverables" json:"deliverables"`
	NicheIDs               pq.StringArray `db:"niche_ids" json:"creatorCriteria.niches"`
	MinFollowers           int            `db:"min_followers" json:"creatorCriteria.minFollowers"`
	Brief                  string         `db:"brief" json:"brief"`
	CreatedBy              *string        `db:"created_by" json:"createdBy" fixed:"1"`
	UpdatedBy              *string        `db:"updated_by" json:"updatedBy"`
	CreatedAt              time.Time      `db:"created_at" json:"createdAt" fixed:"1"`
	UpdatedAt              time.Time      `db:"updated_at" json:"updatedAt"`
}

// The statements derived from campaignRow.
var (
	campaignColumns, campaignInsertSQL, campaignUpdateSQL, campaignJSON = campaignSQL()
)

// campaignJSONWith is campaignJSON with more keys: pairs is "'key', expr,
// …" as json_build_object takes them.
func campaignJSONWith(pairs string) string {
	return strings.TrimSuffix(campaignJSON, ")") + ", " + pairs + ")"
}

// campaignSQL derives from campaignRow's tags its column list, its INSERT
// and UPDATE (sqlx named parameters) and the list JSON of a row "c".
func campaignSQL() (columns, insert, update, listJSON string) {
	var cols, params, sets []string
	root := &jsonObject{}
	t := reflect.TypeFor[campaignRow]()
	for i := range t.NumField() {
		f := t.Field(i)
		col := f.Tag.Get("db")
		cols, params = append(cols, col), append(params, ":"+col)
		if f.Tag.Get("fixed") == "" {
			sets = append(sets, col+" = :"+col)
		}
		expr := "c." + col
		if cast := f.Tag.Get("cast"); cast != "" {
			expr += "::" + cast
		}
		root.set(strings.Split(f.Tag.Get("json"), "."), expr)
	}
	columns = strings.Join(cols, ", ")
	insert = `INSERT INTO campaigns (` + columns + `) VALUES (` + strings.Join(params, ", ") + `)`
	update = `UPDATE campaigns SET ` + strings.Join(sets, ", ") + ` WHERE id = :id`
	return columns, insert, update, root.sql()
}

// jsonObject is a nested json_build_object under construction: keys in the
// order first seen, each an SQL expression or a nested object.
type jsonObject struct {
	keys   []string
	values map[string]any // string (SQL expression) or *jsonObject
}

func (o *jsonObject) set(path []string, expr string) {
	if o.values == nil {
		o.values = map[string]any{}
	}
	k := path[0]
	if _, ok := o.values[k]; !ok {
		o.keys = append(o.keys, k)
		if len(path) > 1 {
			o.values[k] = &jsonObject{}
		}
	}
	if len(path) == 1 {
		o.values[k] = expr
		return
	}
	o.values[k].(*jsonObject).set(path[1:], expr)
}

func (o *jsonObject) sql() string {
	parts := make([]string, 0, len(o.keys))
	for _, k := range o.keys {
		v, ok := o.values[k].(string)
		if !ok {
			v = o.values[k].(*jsonObject).sql()
		}
		parts = append(parts, "'"+k+"', "+v)
	}
	return "json_build_object(" + strings.Join(parts, ", ") + ")"
}

// jsonb is a jsonb column's value: read as its bytes, written as text (an
// empty value is NULL).
type jsonb []byte

// Value writes j as text, which Postgres reads as jsonb.
func (j jsonb) Value() (driver.Value, error) {
	if len(j) == 0 {
		return nil, nil
	}
	return string(j), nil
}

// Scan copies the column's bytes (the driver reuses its buffer).
func (j *jsonb) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append(jsonb(nil), v...)
	case string:
		*j = jsonb(v)
	default:
		return fmt.Errorf("jsonb: cannot scan %T", src)
	}
	return nil
}

// campaign is the row as a Campaign.
func (r *campaignRow) campaign() Campaign {
	budget, from, to := Number(r.Budget), Number(r.AgeFrom), Number(r.AgeTo)
	c := Campaign{ID: r.ID, BrandID: r.BrandID, CampaignName: r.Name, Goals: []string(r.Goals), CustomGoal: r.CustomGoal,
		Budget: &budget, Duration: Duration{StartDate: r.StartDate.Format(time.DateOnly), EndDate: r.EndDate.Format(time.DateOnly)},
		Location: r.Location, Demographics: Demographics{AgeRange: AgeRange{Start: &from, End: &to}, Gender: r.Gender},
		ContentVibes: []string(r.ContentVibes), Terms: Terms{Exclusivity: r.Exclusivity, ContentUsage: r.ContentUsage},
		RosterNotes: json.RawMessage(r.RosterNotes), Status: r.Status, AdditionalInstructions: r.AdditionalInstructions,
		TrackingTag: r.TrackingTag,
		CreatedBy:   r.CreatedBy, UpdatedBy: r.UpdatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
		BrandGuidelines: []Attachment{}, ReferenceContent: []Attachment{}, Deliverables: []Deliverable{},
		CreatorCriteria: CreatorCriteria{Niches: append([]string{}, r.NicheIDs...), MinFollowers: r.MinFollowers}, Brief: r.Brief}
	_ = json.Unmarshal(r.Deliverables, &c.Deliverables)
	_ = json.Unmarshal(r.BrandGuidelines, &c.BrandGuidelines)
	_ = json.Unmarshal(r.ReferenceContent, &c.ReferenceContent)
	return c
}

// row is a validated campaign as the row to write (dates as Validate left
// them, YYYY-MM-DD).
func (c *Campaign) row() (campaignRow, error) {
	start, err := time.Parse(time.DateOnly, c.Duration.StartDate)
	if err != nil {
		return campaignRow{}, fmt.Errorf("start date %q: %w", c.Duration.StartDate, err)
	}
	end, err := time.Parse(time.DateOnly, c.Duration.EndDate)
	if err != nil {
		return campaignRow{}, fmt.Errorf("end date %q: %w", c.Duration.EndDate, err)
	}
	guidelines, err := json.Marshal(c.BrandGuidelines)
	if err != nil {
		return campaignRow{}, err
	}
	references, err := json.Marshal(c.ReferenceContent)
	if err != nil {
		return campaignRow{}, err
	}
	deliverables, err := json.Marshal(c.Deliverables)
	if err != nil {
		return campaignRow{}, err
	}
	if c.Deliverables == nil {
		deliverables = []byte("[]")
	}
	niches := c.CreatorCriteria.Niches
	if niches == nil {
		niches = []string{}
	}
	return campaignRow{ID: c.ID, BrandID: c.BrandID, Name: c.CampaignName, Goals: c.Goals, CustomGoal: c.CustomGoal,
		Budget: float64(*c.Budget), StartDate: start, EndDate: end, Location: c.Location,
		AgeFrom: int(*c.Demographics.AgeRange.Start), AgeTo: int(*c.Demographics.AgeRange.End), Gender: c.Demographics.Gender,
		ContentVibes: c.ContentVibes, Exclusivity: c.Terms.Exclusivity, ContentUsage: c.Terms.ContentUsage,
		RosterNotes: jsonb(c.RosterNotes), Status: c.Status, BrandGuidelines: guidelines, ReferenceContent: references,
		AdditionalInstructions: c.AdditionalInstructions, TrackingTag: c.TrackingTag, CreatedBy: c.CreatedBy, UpdatedBy: c.UpdatedBy,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, Deliverables: deliverables, NicheIDs: niches,
		MinFollowers: c.CreatorCriteria.MinFollowers, Brief: c.Brief}, nil
}
