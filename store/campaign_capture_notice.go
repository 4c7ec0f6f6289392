package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"
)

// CaptureNotice is what a brand is told when a creator's posts are captured
// for its campaign: who posted, for which campaign, the posts' links, and
// the brand's BRAND_ADMIN and BRAND_MANAGER members to mail.
type CaptureNotice struct {
	CampaignID   string   `db:"campaign_id"`
	CampaignName string   `db:"campaign_name"`
	CreatorName  string   `db:"creator_name"`
	URLs         []string `db:"-"`
	BrandEmails  []string `db:"-"`
	BrandID      string   `db:"brand_id"`
}

// CaptureNoticeOf reads the notice of roster entry entryID's captured posts
// postIDs; nil when the entry or its campaign is gone.
func (s *DB) CaptureNoticeOf(ctx context.Context, entryID string, postIDs []string) (*CaptureNotice, error) {
	var n CaptureNotice
	err := s.db.GetContext(ctx, &n, `SELECT k.id AS campaign_id, k.name AS campaign_name, c.name AS creator_name, k.brand_id
		FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id JOIN creators c ON c.id = e.creator_id
		WHERE e.id = $1 AND k.status <> 'deleted'`, entryID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, fmt.Errorf("capture notice %s: %w", entryID, err)
	}
	if err := s.db.SelectContext(ctx, &n.URLs, `SELECT url FROM campaign_posts WHERE entry_id = $1 AND id::text = ANY($2)
		ORDER BY published_at`, entryID, pq.Array(postIDs)); err != nil {
		return nil, fmt.Errorf("capture notice posts: %w", err)
	}
	if len(n.URLs) == 0 {
		return nil, nil
	}
	if err := s.db.SelectContext(ctx, &n.BrandEmails, `SELECT email FROM users WHERE brand_id = $1 AND deleted_at IS NULL
		AND role IN ('BRAND_ADMIN', 'BRAND_MANAGER') ORDER BY email`, n.BrandID); err != nil {
		return nil, fmt.Errorf("capture notice mails: %w", err)
	}
	return &n, nil
}
