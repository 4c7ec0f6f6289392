package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
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

// UsageNoticeDays is how many days before a post's paid usage ends the brand is told.
const UsageNoticeDays = 3

// usageEnding is the SQL of the captured posts of accepted or completed
// offers whose 30-day paid usage (by the last agreement version, else the
// campaign) ends on a day from $1 to $2: post, campaign, brand, end date.
const usageEnding = `SELECT p.id AS post_id, (p.published_at AT TIME ZONE 'UTC')::date + 30 AS ends_on
	FROM campaign_posts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id
	LEFT JOIN LATERAL (SELECT terms FROM agreement_versions WHERE entry_id = e.id ORDER BY version DESC LIMIT 1) v ON true
	WHERE e.offer_status IN ('accepted', 'completed') AND k.status <> 'deleted'
		AND COALESCE(v.terms->>'contentUsage', k.content_usage) = '30_days'
		AND (p.published_at AT TIME ZONE 'UTC')::date + 30 BETWEEN $1::date AND $2::date`

// NoticeUsageEnding records a notice for every post whose paid usage ends
// within UsageNoticeDays of today (UTC) and was not noticed yet, queuing
// task(postID, endsOn) for each in the same transaction. A post and end date
// is noticed once, however many schedulers run it. It returns how many.
func (s *DB) NoticeUsageEnding(ctx context.Context, task func(postID, endsOn string) Task) (int, error) {
	today := s.now().UTC().Format(time.DateOnly)
	until := s.now().UTC().AddDate(0, 0, UsageNoticeDays).Format(time.DateOnly)
	n := 0
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var rows []struct {
			PostID string    `db:"post_id"`
			EndsOn time.Time `db:"ends_on"`
		}
		err := tx.Select(&rows, `INSERT INTO usage_notices (post_id, ends_on) `+usageEnding+`
			ON CONFLICT DO NOTHING RETURNING post_id, ends_on`, today, until)
		if err != nil {
			return fmt.Errorf("usage notices: %w", err)
		}
		for _, r := range rows {
			if err := insertTask(tx, task(r.PostID, r.EndsOn.Format(time.DateOnly))); err != nil {
				return err
			}
		}
		n = len(rows)
		return nil
	})
	return n, err
}

// UsageMail is what the brand is told of one post whose paid usage ends.
type UsageMail struct {
	CampaignID   string   `db:"campaign_id"`
	CampaignName string   `db:"campaign_name"`
	CreatorName  string   `db:"creator_name"`
	URL          string   `db:"url"`
	BrandEmails  []string `db:"-"`
}

// UsageMailOf reads the mail of post postID: its campaign and creator, and
// the e-mails of its brand's BRAND_ADMIN and BRAND_MANAGER members. nil for
// a post gone since.
func (s *DB) UsageMailOf(ctx context.Context, postID string) (*UsageMail, error) {
	var m UsageMail
	var brandID string
	err := s.db.QueryRowxContext(ctx, `SELECT k.id, k.name, cr.name, p.url, k.brand_id FROM campaign_posts p
		JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id JOIN creators cr ON cr.id = e.creator_id
		WHERE p.id = $1`, postID).Scan(&m.CampaignID, &m.CampaignName, &m.CreatorName, &m.URL, &brandID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("usage mail: %w", err)
	}
	err = s.db.SelectContext(ctx, &m.BrandEmails, `SELECT email FROM users WHERE brand_id = $1 AND deleted_at IS NULL
		AND role IN ('BRAND_ADMIN', 'BRAND_MANAGER') ORDER BY email`, brandID)
	if err != nil {
		return nil, fmt.Errorf("usage mail recipients: %w", err)
	}
	return &m, nil
}
