package store

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// What an offer needs from the campaign form: the deliverables, the creator
// criteria the roster starts from and the brief a creator reads.

// Limits of the offer's terms on the campaign form.
const (
	DeliverablePostsMax      = 20
	CampaignMinFollowersMax  = 10_000_000
	CampaignBriefMax         = 2000
	campaignCriteriaNicheMax = 20
)

// Messages of the offer's terms, word for word as the form shows them.
const (
	MsgDeliverablePosts       = "Number of posts must be a whole number from 1 to 20"
	MsgDeliverableDueRequired = "Due date is required"
	MsgDeliverableDueOutside  = "Due date must be within the campaign's dates"
	MsgDeliverableTwice       = "Each platform can be listed once"
	MsgMinFollowers           = "Minimum followers must be a whole number from 0 to 10,000,000"
	MsgBriefLong              = "Brief must be less than 2,000 characters"
	MsgCriteriaNichesMax      = "At most 20 niches are allowed"
)

// Deliverable is what a creator delivers on one platform: Posts posts, due
// by DueDate (YYYY-MM-DD, inside the campaign's dates).
type Deliverable struct {
	Platform string `json:"platform"`
	Posts    int    `json:"posts"`
	DueDate  string `json:"dueDate"`
}

// CreatorCriteria is what a campaign's roster starts from: niche ids (empty:
// any niche) and a follower floor (0: the roster's own floor).
type CreatorCriteria struct {
	Niches       []string `json:"niches"`
	MinFollowers int      `json:"minFollowers"`
}

// validateTerms checks the deliverables (a platform once each, 1 to 20
// posts, a due date inside the campaign), the creator criteria's shape
// (their niche ids are checked against the niches table by checkNiches) and
// the brief's length. Field keys are JSON paths ("deliverables.0.dueDate").
func (c *Campaign) validateTerms(f FieldErrors) {
	if c.Deliverables == nil {
		c.Deliverables = []Deliverable{}
	}
	start, startErr := time.Parse(time.DateOnly, c.Duration.StartDate)
	end, endErr := time.Parse(time.DateOnly, c.Duration.EndDate)
	seen := map[string]bool{}
	for i := range c.Deliverables {
		d := &c.Deliverables[i]
		key := "deliverables." + strconv.Itoa(i) + "."
		d.Platform = strings.ToLower(strings.TrimSpace(d.Platform))
		switch {
		case !IsPlatform(d.Platform):
			f.add(key+"platform", MsgPlatformChoice)
		case seen[d.Platform]:
			f.add(key+"platform", MsgDeliverableTwice)
		}
		seen[d.Platform] = true
		if d.Posts < 1 || d.Posts > DeliverablePostsMax {
			f.add(key+"posts", MsgDeliverablePosts)
		}
		due, ok := parseDate(f, key+"dueDate", &d.DueDate, MsgDeliverableDueRequired)
		if ok && startErr == nil && endErr == nil && (due.Before(start) || due.After(end)) {
			f.add(key+"dueDate", MsgDeliverableDueOutside)
		}
	}
	c.CreatorCriteria.Niches = trimAll(c.CreatorCriteria.Niches)
	if len(c.CreatorCriteria.Niches) > campaignCriteriaNicheMax {
		f.add("creatorCriteria.niches", MsgCriteriaNichesMax)
	}
	if n := c.CreatorCriteria.MinFollowers; n < 0 || n > CampaignMinFollowersMax {
		f.add("creatorCriteria.minFollowers", MsgMinFollowers)
	}
	c.Brief = strings.TrimSpace(c.Brief)
	if utf8.RuneCountInString(c.Brief) > CampaignBriefMax {
		f.add("brief", MsgBriefLong)
	}
	if hasNul(c.Brief) {
		f.add("brief", MsgNulCharacter)
	}
}

// checkNiches refuses a criteria niche id that names no niche (EINVALID on
// creatorCriteria.niches, "Unknown niche").
func checkNiches(tx *sqlx.Tx, c *Campaign) error {
	ids := c.CreatorCriteria.Niches
	if len(ids) == 0 {
		return nil
	}
	var known int
	if err := tx.Get(&known, `SELECT count(*) FROM niches WHERE id::text = ANY($1)`, pq.Array(ids)); err != nil {
		return fmt.Errorf("check niches: %w", err)
	}
	if known != len(ids) {
		return FieldErrors{"creatorCriteria.niches": MsgRosterNiches}.Err()
	}
	return nil
}

// deliverableNames spells deliverables for people: "2 Instagram posts by
// 2026-12-10; 1 TikTok post by 2026-12-12".
func deliverableNames(list []Deliverable) string {
	parts := make([]string, 0, len(list))
	for _, d := range list {
		noun := "posts"
		if d.Posts == 1 {
			noun = "post"
		}
		parts = append(parts, fmt.Sprintf("%d %s %s by %s", d.Posts, PlatformNames[d.Platform], noun, d.DueDate))
	}
	return strings.Join(parts, "; ")
}
