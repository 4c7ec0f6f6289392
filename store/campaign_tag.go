package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// A campaign's tracking tag: lower-case letters and digits, 3 to 40
// characters, stored without '#'. It is made from the brand's and the
// campaign's names on create ("Acme" + "Winter Warmup" → "acmewinterwarmup"),
// made unique among the brand's campaigns that are not deleted with a numeric
// suffix, and may change only while the campaign is a draft. A post carries
// it when its caption or title holds it as a whole word (see CapturesPost).
const (
	TrackingTagMin = 3
	TrackingTagMax = 40
)

// Messages of the tracking tag field.
const (
	MsgTagRequired = "Tracking tag is required"
	MsgTagChars    = "Tracking tag may hold only letters and digits (no spaces or symbols)"
	MsgTagLength   = "Tracking tag must be 3 to 40 characters"
	MsgTagTaken    = "Another campaign of your brand already uses this tracking tag"
	MsgTagLocked   = "The tracking tag can only change while the campaign is a draft"
)

// trackingTagIndex is the unique index of a brand's live tags (migration 00027).
const trackingTagIndex = "campaigns_tracking_tag_idx"

// NormalizeTrackingTag trims a tag as a form sends it, drops one leading
// '#' and lower-cases it.
func NormalizeTrackingTag(v string) string {
	return strings.ToLower(strings.TrimPrefix(strings.TrimSpace(v), "#"))
}

// checkTrackingTag adds the field error of a normalized tag that breaks the
// rules (empty is left to the caller: it means "make one").
func checkTrackingTag(f FieldErrors, tag string) {
	switch {
	case tag == "":
	case strings.IndexFunc(tag, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) >= 0:
		f.add("trackingTag", MsgTagChars)
	case utf8.RuneCountInString(tag) < TrackingTagMin || utf8.RuneCountInString(tag) > TrackingTagMax:
		f.add("trackingTag", MsgTagLength)
	}
}

// TrackingTagBase is the tag made from a brand's and a campaign's names:
// their ASCII letters and digits, lower case, at most TrackingTagMax
// characters ("campaign" when fewer than TrackingTagMin remain).
func TrackingTagBase(brandName, campaignName string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(brandName + campaignName) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	tag := b.String()
	if len(tag) < TrackingTagMin {
		tag = "campaign"
	}
	return tag[:min(len(tag), TrackingTagMax)]
}

// freeTrackingTag returns base, or base with the smallest numeric suffix
// from 2 on (base cut so the whole fits TrackingTagMax), that no live
// campaign of brandID other than exceptID uses.
func freeTrackingTag(tx *sqlx.Tx, brandID, exceptID, base string) (string, error) {
	var used []string
	prefix := base[:min(len(base), TrackingTagMax-4)]
	if err := tx.Select(&used, `SELECT tracking_tag FROM campaigns WHERE brand_id = $1 AND status <> 'deleted'
		AND id::text <> $2 AND left(tracking_tag, $3) = $4`, brandID, exceptID, len(prefix), prefix); err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, t := range used {
		taken[t] = true
	}
	if !taken[base] {
		return base, nil
	}
	for n := 2; ; n++ {
		suffix := strconv.Itoa(n)
		tag := base[:min(len(base), TrackingTagMax-len(suffix))] + suffix
		if !taken[tag] {
			return tag, nil
		}
	}
}

// tagTakenError is the field error of a tag another live campaign of the
// brand holds.
func tagTakenError() error {
	return &Error{Code: EINVALID, Message: MsgTagTaken, Fields: map[string]string{"trackingTag": MsgTagTaken}}
}

// isTagConflict reports whether err is a unique violation of the brand's tags
// (two writes racing for one tag).
func isTagConflict(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23505" && pqErr.Constraint == trackingTagIndex
}

// tagInUse reports whether a live campaign of brandID other than exceptID holds tag.
func tagInUse(tx *sqlx.Tx, brandID, exceptID, tag string) (bool, error) {
	var n int
	err := tx.Get(&n, `SELECT count(*) FROM campaigns WHERE brand_id = $1 AND status <> 'deleted' AND id::text <> $2
		AND tracking_tag = $3`, brandID, exceptID, tag)
	return n > 0, err
}

// CaptureCampaign is a campaign whose posts an account's sync looks for:
// an accepted or completed offer (entry) of the account owner's network
// entry on a live campaign, with the campaign's tag and dates.
type CaptureCampaign struct {
	CampaignID string `json:"campaignId"`
	EntryID    string `json:"entryId"`
	Tag        string `json:"tag"`
	StartDate  string `json:"startDate"` // YYYY-MM-DD: posts from 00:00 UTC
	EndDate    string `json:"endDate"`   // YYYY-MM-DD: posts to 23:59:59 UTC
}

// CaptureRefreshDays is how long after its publication a captured post's
// figures are refreshed by the syncs.
const CaptureRefreshDays = 30

// Window is when the campaign's posts may be published: from StartDate
// 00:00 UTC to the end of EndDate (exclusive end).
func (c CaptureCampaign) Window() (from, to time.Time) {
	from, _ = time.Parse(time.DateOnly, c.StartDate)
	to, _ = time.Parse(time.DateOnly, c.EndDate)
	return from, to.AddDate(0, 0, 1)
}

// Captures reports whether a post published at publishedAt whose caption or
// title is text belongs to the campaign: published inside the campaign's
// dates, with the tag as a whole word, in any case, with or without '#'
// ("#AcmeWinterWarmup!" and "acmewinterwarmup" carry acmewinterwarmup;
// "#acmewinterwarmup2" and "acmewinter" do not). Letters, digits and '_'
// make words, as in hashtags.
func (c CaptureCampaign) Captures(text string, publishedAt time.Time) bool {
	from, to := c.Window()
	if publishedAt.Before(from) || !publishedAt.Before(to) {
		return false
	}
	return HasTag(text, c.Tag)
}

// HasTag reports whether text holds tag (normalized: lower case, no '#') as
// a whole word, in any case, with or without a leading '#'.
func HasTag(text, tag string) bool {
	if tag == "" {
		return false
	}
	lower := strings.ToLower(text)
	for i := 0; i < len(lower); {
		j := strings.Index(lower[i:], tag)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(tag)
		before, _ := utf8.DecodeLastRuneInString(lower[:start])
		after, _ := utf8.DecodeRuneInString(lower[end:])
		if (start == 0 || !wordRune(before)) && (end == len(lower) || !wordRune(after)) {
			return true
		}
		i = start + 1
	}
	return false
}

func wordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// captureCampaignsSQL is the JSON array of the CaptureCampaigns of the
// user whose id is the SQL expression userID at now ($-parameter nowParam,
// a timestamptz): accepted and completed offers of the user's network
// entry on live campaigns that have started and whose last post may still
// be refreshed (end date + 1 day + CaptureRefreshDays after now).
func captureCampaignsSQL(userID, nowParam string) string {
	return `coalesce((SELECT json_agg(json_build_object('campaignId', k.id, 'entryId', e.id, 'tag', k.tracking_tag,
			'startDate', k.start_date, 'endDate', k.end_date) ORDER BY k.start_date, k.id)
		FROM creators cr JOIN roster_entries e ON e.creator_id = cr.id JOIN campaigns k ON k.id = e.campaign_id
		WHERE cr.user_id = ` + userID + ` AND e.offer_status IN ('accepted', 'completed') AND k.status <> 'deleted'
			AND k.tracking_tag <> '' AND k.end_date + ` + strconv.Itoa(1+CaptureRefreshDays) + ` >= ` + nowParam + `::date), '[]')`
}

// withTrackingTag runs op (which writes c) and, when the tag was generated
// (not chosen by the user) and a concurrent write took it, chooses again
// and retries: at most 3 times. A chosen tag taken concurrently is a field
// error.
func (s *DB) withTrackingTag(ctx context.Context, generated bool, op func() error) error {
	for attempt := 0; ; attempt++ {
		err := op()
		if !isTagConflict(err) {
			return err
		}
		if !generated || attempt == 2 {
			return tagTakenError()
		}
	}
}
