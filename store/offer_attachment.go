package store

import (
	"context"
	"fmt"
)

// MsgOfferFileNotFound answers a file that is not among the offer's campaign attachments.
const MsgOfferFileNotFound = "File not found"

// OfferAttachment returns the attachment key (a brand guideline or a piece
// of reference content) of the campaign of roster entry entryID, for the
// creator the offer was sent to (never a draft), a member of the campaign's
// brand and ADMIN. ENOTFOUND for anyone else, a deleted campaign, an
// unknown offer or a key the campaign does not list.
func (s *DB) OfferAttachment(ctx context.Context, viewer *User, entryID, key string) (*Attachment, error) {
	if !isUUID(entryID) || !ValidFileKey(key) {
		return nil, Errorf(ENOTFOUND, MsgOfferFileNotFound)
	}
	var a []Attachment
	err := s.db.SelectContext(ctx, &a, `SELECT g->>'key' AS key, coalesce(g->>'type', '') AS type, coalesce(g->>'name', '') AS name
		FROM roster_entries e JOIN campaigns k ON k.id = e.campaign_id,
			jsonb_array_elements(k.brand_guidelines || k.reference_content) g
		WHERE e.id = $1 AND k.status <> 'deleted' AND g->>'key' = $5 AND (
			$2 = 'ADMIN'
			OR ($2 = 'USER' AND e.offer_status <> 'draft' AND e.creator_id = (SELECT id FROM creators WHERE user_id = $3))
			OR ($2 LIKE 'BRAND\_%' AND k.brand_id::text = $4))
		LIMIT 1`, entryID, viewer.Role, viewer.ID, viewer.BrandID.String, key)
	if err != nil {
		return nil, fmt.Errorf("offer attachment: %w", err)
	}
	if len(a) == 0 {
		return nil, Errorf(ENOTFOUND, MsgOfferFileNotFound)
	}
	return &a[0], nil
}
