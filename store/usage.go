package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// PaidUsageDays is how long a `30_days` usage right lasts from a post's publish date.
const PaidUsageDays = 30

// ExclusivityTailDays is how long exclusivity lasts after the campaign's end date.
const ExclusivityTailDays = 30

// PostUsage is what the brand may do with one captured post of a signed
// (accepted) offer: its usage right, until when paid usage runs, and the
// creator's exclusivity with its end date.
type PostUsage struct {
	Rights         string  `json:"rights"` // organic_only, 30_days, unlimited
	PaidUntil      *string `json:"paidUntil"`
	Exclusive      bool    `json:"exclusive"`
	ExclusiveUntil *string `json:"exclusiveUntil"`
	Label          string  `json:"label"`
}

// UsageOf is the usage of a post published at published under the given
// usage right and exclusivity of a campaign ending on campaignEnd
// (YYYY-MM-DD). Paid usage for 30 days runs until the publish date + 30 days.
func UsageOf(rights, exclusivity, campaignEnd string, published time.Time) PostUsage {
	u := PostUsage{Rights: rights}
	switch rights {
	case "30_days":
		until := published.UTC().AddDate(0, 0, PaidUsageDays).Format(time.DateOnly)
		u.PaidUntil = &until
		u.Label = "Paid until " + until
	case "unlimited":
		u.Label = "Unlimited paid usage"
	default:
		u.Rights = "organic_only"
		u.Label = "Organic only"
	}
	if exclusivity == "exclusive" {
		u.Exclusive = true
		if end, err := time.Parse(time.DateOnly, campaignEnd); err == nil {
			until := end.AddDate(0, 0, ExclusivityTailDays).Format(time.DateOnly)
			u.ExclusiveUntil = &until
			u.Label += "; exclusive until " + until
		}
	}
	return u
}

// UsagePost is one captured post of an offer with its usage.
type UsagePost struct {
	ID          string    `db:"id" json:"id"`
	URL         string    `db:"url" json:"url"`
	PublishedAt time.Time `db:"published_at" json:"publishedAt"`
	Usage       PostUsage `db:"-" json:"usage"`
}

// OfferPostsUsage lists offer entryID's captured posts, oldest first, each
// with the usage its agreement grants (the last agreement version's terms,
// else the campaign's).
func (s *DB) OfferPostsUsage(ctx context.Context, entryID string) ([]UsagePost, error) {
	var terms struct {
		Rights      string `db:"rights"`
		Exclusivity string `db:"exclusivity"`
		End         string `db:"end_date"`
	}
	err := s.db.GetContext(ctx, &terms, `SELECT COALESCE(v.terms->>'contentUsage', k.content_usage) AS rights,
			COALESCE(v.terms->>'exclusivity', k.exclusivity) AS exclusivity, COALESCE(v.terms->>'endDate', k.end_date::text) AS end_date
		FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id
		LEFT JOIN LATERAL (SELECT terms FROM agreement_versions WHERE entry_id = e.id ORDER BY version DESC LIMIT 1) v ON true
		WHERE e.id = $1`, entryID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, Errorf(ENOTFOUND, MsgOfferNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("offer usage terms: %w", err)
	}
	var posts []UsagePost
	if err := s.db.SelectContext(ctx, &posts, `SELECT id, url, published_at FROM campaign_posts WHERE entry_id = $1 ORDER BY published_at, id`, entryID); err != nil {
		return nil, fmt.Errorf("offer posts: %w", err)
	}
	for i := range posts {
		posts[i].Usage = UsageOf(terms.Rights, terms.Exclusivity, terms.End, posts[i].PublishedAt)
	}
	return posts, nil
}
