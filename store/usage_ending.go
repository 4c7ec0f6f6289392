package store

import (
	"context"
	"fmt"
	"time"
)

// UsageEndingDays is how far ahead Mission Control lists posts whose paid usage ends.
const UsageEndingDays = 7

// usageEndingLimit caps Mission Control's list of expiring rights.
const usageEndingLimit = 50

// UsageEndingPost is one captured post whose paid usage ends soon, as
// Mission Control lists it.
type UsageEndingPost struct {
	PostID       string    `db:"post_id" json:"postId"`
	URL          string    `db:"url" json:"url"`
	Platform     string    `db:"platform" json:"platform"`
	CampaignID   string    `db:"campaign_id" json:"campaignId"`
	CampaignName string    `db:"campaign_name" json:"campaignName"`
	CreatorName  string    `db:"creator_name" json:"creatorName"`
	PublishedAt  time.Time `db:"published_at" json:"publishedAt"`
	EndsOn       string    `db:"-" json:"endsOn"`
	Usage        PostUsage `db:"-" json:"usage"`
	rights       string
	exclusivity  string
	end          string
}

// usageEndingSQL are the captured posts of accepted and completed offers of
// brand $1 (NULL = every brand) on live campaigns with a 30-day usage right
// (the last agreement version's, else the campaign's) published from $2 to
// $3: the candidates whose paid usage may end in the window.
const usageEndingSQL = `SELECT p.id AS post_id, p.url, p.platform, k.id AS campaign_id, k.name AS campaign_name,
		cr.name AS creator_name, p.published_at,
		COALESCE(v.terms->>'contentUsage', k.content_usage) AS rights,
		COALESCE(v.terms->>'exclusivity', k.exclusivity) AS exclusivity,
		COALESCE(v.terms->>'endDate', to_char(k.end_date, 'YYYY-MM-DD')) AS end_date
	FROM campaign_posts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id
	JOIN creators cr ON cr.id = e.creator_id
	LEFT JOIN LATERAL (SELECT terms FROM agreement_versions WHERE entry_id = e.id ORDER BY version DESC LIMIT 1) v ON true
	WHERE e.offer_status IN ('accepted', 'completed') AND k.status <> 'deleted' AND ($1::uuid IS NULL OR k.brand_id = $1)
		AND COALESCE(v.terms->>'contentUsage', k.content_usage) = '30_days'
		AND p.published_at >= $2 AND p.published_at < $3
	ORDER BY p.published_at, p.id`

// UsageEnding lists the captured posts of brandID ("" = every brand) whose
// paid usage ends within UsageEndingDays (today, UTC, included), soonest
// first: each with its usage read by UsageOf, the one source of every
// post's rights.
func (s *DB) UsageEnding(ctx context.Context, brandID string) ([]UsageEndingPost, error) {
	today := s.now().UTC().Truncate(24 * time.Hour)
	last := today.AddDate(0, 0, UsageEndingDays)
	// Paid usage of a post published on day d ends on d + PaidUsageDays.
	from, to := today.AddDate(0, 0, -PaidUsageDays), last.AddDate(0, 0, -PaidUsageDays+1)
	var brand any
	if brandID != "" {
		brand = brandID
	}
	st, release, err := s.prepared(ctx, usageEndingSQL)
	if err != nil {
		return nil, fmt.Errorf("usage ending: %w", err)
	}
	defer release()
	rows, err := st.QueryxContext(ctx, brand, from, to)
	if err != nil {
		return nil, fmt.Errorf("usage ending: %w", err)
	}
	defer rows.Close()
	out := []UsageEndingPost{}
	for rows.Next() {
		var p UsageEndingPost
		if err := rows.Scan(&p.PostID, &p.URL, &p.Platform, &p.CampaignID, &p.CampaignName, &p.CreatorName, &p.PublishedAt,
			&p.rights, &p.exclusivity, &p.end); err != nil {
			return nil, fmt.Errorf("usage ending: %w", err)
		}
		p.Usage = UsageOf(p.rights, p.exclusivity, p.end, p.PublishedAt)
		if p.Usage.PaidUntil == nil || *p.Usage.PaidUntil < today.Format(time.DateOnly) || *p.Usage.PaidUntil > last.Format(time.DateOnly) {
			continue
		}
		p.EndsOn = *p.Usage.PaidUntil
		if out = append(out, p); len(out) == usageEndingLimit {
			break
		}
	}
	return out, rows.Err()
}
