package rosterfile

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"creatorcoach/store"
)

// Messages of row conversion.
const (
	MsgCount   = "Must be a whole number (e.g. 12500, 12,500 or 12.5K)"
	MsgPercent = "Must be a number (e.g. 3.5 or 3.5%)"
	MsgRow     = "(row)"
	// MsgBadText is the row error of a cell holding a NUL byte or bytes
	// that are not UTF-8, which cannot be stored as text.
	MsgBadText = "Contains characters that cannot be stored (a NUL byte or text that is not UTF-8)"
)

// Convert turns a record into a validated creator. It returns the row
// errors (sorted by column) instead when any cell is invalid.
func Convert(rec *Record) (store.CreatorInput, []store.CreatorImportRowError) {
	c := store.CreatorInput{Row: rec.Row}
	if rec.Err != "" {
		return c, []store.CreatorImportRowError{{Row: rec.Row, Column: MsgRow, Message: rec.Err}}
	}
	bad := store.FieldErrors{}
	v := &rec.Values
	for f, val := range v {
		if !utf8.ValidString(val) || strings.IndexByte(val, 0) >= 0 {
			bad[strconv.Itoa(f)] = MsgBadText
			v[f] = ""
		}
	}
	c.Name, c.Email, c.Niche, c.Location = v[FieldName], v[FieldEmail], v[FieldNiche], v[FieldLocation]
	for i := range store.Platforms {
		h, n := FieldInstagram+Field(2*i), FieldInstagramFollowers+Field(2*i)
		c.Handles[i] = handleOf(v[h])
		c.Followers[i] = count(bad, n, v[n])
	}
	c.EngagementRate = percent(bad, FieldEngagementRate, v[FieldEngagementRate])
	c.Male = percent(bad, FieldAudienceMale, v[FieldAudienceMale])
	c.Female = percent(bad, FieldAudienceFemale, v[FieldAudienceFemale])
	c.Other = percent(bad, FieldAudienceOther, v[FieldAudienceOther])
	for i, band := range store.AgeBands {
		if p := percent(bad, FieldAge13+Field(i), v[FieldAge13+Field(i)]); p != nil {
			if c.Ages == nil {
				c.Ages = map[string]float64{}
			}
			c.Ages[band] = *p
		}
	}
	for key, msg := range c.Validate() {
		if f, ok := fieldOfKey[key]; ok {
			if _, had := bad[strconv.Itoa(int(f))]; !had {
				bad[strconv.Itoa(int(f))] = msg
			}
		}
	}
	if len(bad) == 0 {
		return c, nil
	}
	errs := make([]store.CreatorImportRowError, 0, len(bad))
	for k, msg := range bad {
		f, _ := strconv.Atoi(k)
		errs = append(errs, store.CreatorImportRowError{Row: rec.Row, Column: rec.columnName(Field(f)), Message: msg})
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Column < errs[j].Column })
	return c, errs
}

// fieldOfKey maps store field-error keys to the first field with that key.
var fieldOfKey = func() map[string]Field {
	m := map[string]Field{}
	for f := NumFields - 1; f >= 0; f-- {
		m[keys[f]] = f
	}
	return m
}()

func (rec *Record) columnName(f Field) string {
	if f >= FieldAge13 && !rec.Has[f] {
		return "Audience Ages"
	}
	if rec.Names != nil {
		return rec.Names[f]
	}
	return Headers[f]
}

// handleOf takes a handle, '@handle' or a profile URL and returns the handle.
func handleOf(s string) string {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		s = strings.TrimRight(strings.SplitN(s, "?", 2)[0], "/")
		s = s[strings.LastIndexByte(s, '/')+1:]
	}
	return strings.TrimPrefix(s, "@")
}

var countSeparators = strings.NewReplacer(",", "", " ", "", "_", "", "\u00a0", "")

// count parses a follower count: 12500, 12,500, 12 500, 12.5K, 1.2M, 1B.
func count(bad store.FieldErrors, f Field, s string) *int64 {
	s = countSeparators.Replace(s)
	if s == "" || s == "-" {
		return nil
	}
	mult := 1.0
	switch s[len(s)-1] {
	case 'k', 'K':
		mult = 1e3
	case 'm', 'M':
		mult = 1e6
	case 'b', 'B':
		mult = 1e9
	}
	if mult > 1 {
		s = s[:len(s)-1]
	}
	x, err := strconv.ParseFloat(s, 64)
	x *= mult
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || (mult == 1 && x != math.Trunc(x)) || math.Abs(x) > 1e15 {
		bad[strconv.Itoa(int(f))] = MsgCount
		return nil
	}
	n := int64(math.Round(x))
	return &n
}

// percent parses 3.5 or 3.5% (a percentage, not a fraction).
func percent(bad store.FieldErrors, f Field, s string) *float64 {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	if s == "" || s == "-" {
		return nil
	}
	x, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		bad[strconv.Itoa(int(f))] = MsgPercent
		return nil
	}
	x = math.Round(x*100) / 100
	return &x
}
