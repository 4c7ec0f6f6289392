// Package rosterfile reads creator roster files (CSV, JSON, XLSX) as a stream of
// records: it maps header names to canonical fields (case-, space- and
// punctuation-insensitively, with common synonyms), and converts and
// validates each record into a store.CreatorInput plus row errors.
package rosterfile

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is a canonical roster column.
type Field int

// The canonical roster columns.
const (
	FieldName Field = iota
	FieldEmail
	FieldNiche
	FieldLocation
	FieldInstagram
	FieldInstagramFollowers
	FieldYouTube
	FieldYouTubeSubscribers
	FieldTikTok
	FieldTikTokFollowers
	FieldLinkedIn
	FieldLinkedInFollowers
	FieldEngagementRate
	FieldAudienceMale
	FieldAudienceFemale
	FieldAudienceOther
	FieldAge13
	FieldAge18
	FieldAge25
	FieldAge35
	FieldAge45
	FieldAge55
	FieldAge65
	NumFields
)

// Headers are the canonical header names, the ones the sample files use.
var Headers = [NumFields]string{
	"Name", "Email", "Niche", "Location",
	"Instagram Handle", "Instagram Followers", "YouTube Handle", "YouTube Subscribers",
	"TikTok Handle", "TikTok Followers", "LinkedIn Handle", "LinkedIn Followers",
	"Engagement Rate", "Audience Male %", "Audience Female %", "Audience Other %",
	"Audience 13-17 %", "Audience 18-24 %", "Audience 25-34 %", "Audience 35-44 %",
	"Audience 45-54 %", "Audience 55-64 %", "Audience 65+ %",
}

// keys are the store.CreatorInput field-error keys of each field.
var keys = [NumFields]string{
	"name", "email", "niche", "location",
	"instagramHandle", "instagramFollowers", "youtubeHandle", "youtubeSubscribers",
	"tiktokHandle", "tiktokFollowers", "linkedinHandle", "linkedinFollowers",
	"engagementRate", "audienceMale", "audienceFemale", "audienceOther",
	"audienceAges", "audienceAges", "audienceAges", "audienceAges", "audienceAges", "audienceAges", "audienceAges",
}

// synonyms lists, per field, normalized header names besides the canonical one.
var synonyms = map[Field][]string{
	FieldName:               {"fullname", "creatorname", "creator", "influencer", "influencername", "displayname", "creatorfullname"},
	FieldEmail:              {"emailaddress", "mail", "contactemail", "creatoremail", "emailid"},
	FieldNiche:              {"category", "creatorniche", "vertical", "genre", "contentniche"},
	FieldLocation:           {"city", "country", "region", "basedin", "place"},
	FieldInstagram:          {"instagram", "ig", "ighandle", "iguser", "igusername", "instagramusername", "instagramaccount", "instagramhandles", "insta", "instahandle"},
	FieldInstagramFollowers: {"igfollowers", "instagramfollowercount", "igfollowercount", "instafollowers", "followersinstagram", "followersig"},
	FieldYouTube:            {"youtube", "yt", "ythandle", "youtubechannel", "ytchannel", "youtubeusername", "youtubechannelname"},
	FieldYouTubeSubscribers: {"ytsubscribers", "youtubesubs", "ytsubs", "youtubefollowers", "ytfollowers", "subscribers", "youtubesubscribercount"},
	FieldTikTok:             {"tiktok", "tt", "tthandle", "tiktokusername", "tiktokaccount"},
	FieldTikTokFollowers:    {"ttfollowers", "tiktokfollowercount"},
	FieldLinkedIn:           {"linkedin", "li", "lihandle", "linkedinprofile", "linkedinusername"},
	FieldLinkedInFollowers:  {"lifollowers", "linkedinconnections", "linkedinfollowercount"},
	FieldEngagementRate:     {"engagement", "er", "engagementratepercent", "avgengagementrate", "averageengagementrate", "engagementpercent"},
	FieldAudienceMale:       {"male", "men", "audiencemen", "malepercent", "maleaudience", "audiencemalepercent", "genderm", "gendermale"},
	FieldAudienceFemale:     {"female", "women", "audiencewomen", "femalepercent", "femaleaudience", "audiencefemalepercent", "genderf", "genderfemale"},
	FieldAudienceOther:      {"other", "nonbinary", "audiencenonbinary", "otherpercent", "audienceotherpercent", "genderother"},
}

var ageDigits = [...]string{"1317", "1824", "2534", "3544", "4554", "5564", "65"}

// index maps normalized header names to fields.
var index = func() map[string]Field {
	m := map[string]Field{}
	for f := Field(0); f < NumFields; f++ {
		m[Normalize(Headers[f])] = f
		m[Normalize(keys[f])] = f
		for _, s := range synonyms[f] {
			m[s] = f
		}
	}
	for i, d := range ageDigits {
		f := FieldAge13 + Field(i)
		for _, p := range []string{"", "age", "ages", "audience", "audienceage", "audienceages", "agegroup"} {
			m[p+d] = f
			m[p+d+"percent"] = f
			if d == "65" {
				m[p+"65plus"] = f
			}
		}
	}
	return m
}()

// Normalize lower-cases a header name and drops everything but letters and
// digits ("E-mail" → "email", "IG handle" → "ighandle", "Male %" → "male").
func Normalize(h string) string {
	var b strings.Builder
	for _, r := range h {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Lookup returns the field a header name maps to.
func Lookup(header string) (Field, bool) {
	f, ok := index[Normalize(header)]
	return f, ok
}

// Columns is what a file's header row maps to.
type Columns struct {
	Fields  []Field  // per column; -1 for an ignored column
	Names   []string // the file's header names, per column
	Ignored []string // header names that matched no field
}

// mapHeader maps a header row. A repeated field keeps its first column.
func mapHeader(names []string) Columns {
	c := Columns{Fields: make([]Field, len(names)), Names: make([]string, len(names))}
	seen := map[Field]bool{}
	for i, n := range names {
		n = cleanText(strings.TrimSpace(strings.TrimPrefix(n, "\ufeff")))
		c.Names[i] = n
		f, ok := Lookup(n)
		if !ok || seen[f] {
			c.Fields[i] = -1
			if n != "" {
				c.Ignored = append(c.Ignored, n)
			}
			continue
		}
		seen[f] = true
		c.Fields[i] = f
	}
	return c
}

// usable reports whether the header has a name column and an e-mail or
// handle column.
func (c Columns) usable() bool {
	var name, id bool
	for _, f := range c.Fields {
		switch f {
		case FieldName:
			name = true
		case FieldEmail, FieldInstagram, FieldYouTube, FieldTikTok, FieldLinkedIn:
			id = true
		}
	}
	return name && id
}

// FileError is a whole-file problem (not a spreadsheet of the right kind, no
// usable header, malformed JSON): the import fails with its message.
type FileError struct{ Msg string }

// Error returns the user-facing message.
func (e *FileError) Error() string { return e.Msg }

// MsgNoHeader is the FileError of a file without a usable header row.
const MsgNoHeader = "The file has no usable header row: it needs a Name column and an Email or platform handle column (see the sample files)."

// Record is one data row of a roster file: the text of each field (empty
// when absent), the file's name of each field's column, and a row-level
// problem that made the row unreadable.
type Record struct {
	Row    int
	Values [NumFields]string
	Has    [NumFields]bool
	Names  *[NumFields]string // column names of the fields, for row errors
	Err    string             // the whole row is unreadable (e.g. a JSON item that is not an object)
	Rows   int                // estimated data rows of the whole file when known up front (XLSX), else 0
}

// fieldNames returns the per-field column names of c, canonical where absent.
func (c Columns) fieldNames() *[NumFields]string {
	names := Headers
	for i, f := range c.Fields {
		if f >= 0 {
			names[f] = c.Names[i]
		}
	}
	return &names
}

// fill sets rec's values from the cells of one row.
func (c Columns) fill(rec *Record, cells []string) bool {
	nonEmpty := false
	for i, v := range cells {
		if i >= len(c.Fields) {
			break
		}
		if f := c.Fields[i]; f >= 0 {
			v = strings.TrimSpace(v)
			rec.Values[f], rec.Has[f] = v, true
			if v != "" {
				nonEmpty = true
			}
		}
	}
	return nonEmpty
}

// cleanText makes a header name storable text: NUL bytes dropped and
// invalid UTF-8 replaced by U+FFFD (Postgres text and JSON refuse both).
func cleanText(s string) string {
	if utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
}
