package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
)

// Merge messages.
const (
	MsgMergeSame      = "Choose two different entries"
	MsgMergeBothUsers = "Both entries are linked to accounts; only one may be"
	MsgMergeBothOffer = "Both entries have an offer past draft on the same campaign; withdraw one first"
)

// MergeInput names the entry merged into the one of the path.
type MergeInput struct {
	SourceID string `json:"sourceId"`
}

// MergeCreators merges network entry sourceID into targetID (ADMIN only):
// the target keeps its values and takes the source's where it has none
// (account, e-mail, handles, followings, niche, location, engagement,
// audience), the source's roster entries and invitations move to the
// target, and the source is deleted. It answers the merged entry (Creator's
// JSON). EFORBIDDEN for other roles; ENOTFOUND for an unknown entry;
// EINVALID for the same entry twice; ECONFLICT when both are linked to
// accounts or both have an offer past draft on one campaign.
func (s *DB) MergeCreators(ctx context.Context, actor *User, targetID string, in MergeInput) ([]byte, error) {
	if actor.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if !isUUID(targetID) {
		return nil, Errorf(ENOTFOUND, "Creator not found")
	}
	if !isUUID(in.SourceID) {
		return nil, &Error{Code: ENOTFOUND, Message: "Creator not found", Fields: map[string]string{"sourceId": "Creator not found"}}
	}
	if in.SourceID == targetID {
		return nil, &Error{Code: EINVALID, Message: MsgMergeSame, Fields: map[string]string{"sourceId": MsgMergeSame}}
	}
	var out []byte
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := mergeCreators(ctx, tx, targetID, in.SourceID); err != nil {
			return err
		}
		return tx.GetContext(ctx, &out, `SELECT `+creatorJSON+`::text FROM creators c WHERE c.id = $1`, targetID)
	})
	return out, err
}

// mergeCreators merges entry drop into keep in tx (see MergeCreators).
func mergeCreators(ctx context.Context, tx *sqlx.Tx, keep, drop string) error {
	var rows []struct {
		ID     string `db:"id"`
		Linked bool   `db:"linked"`
	}
	if err := tx.SelectContext(ctx, &rows, `SELECT id, user_id IS NOT NULL AS linked FROM creators WHERE id = ANY(ARRAY[$1, $2]::uuid[])
		ORDER BY id FOR UPDATE`, keep, drop); err != nil {
		return fmt.Errorf("lock entries: %w", err)
	}
	if len(rows) != 2 {
		return Errorf(ENOTFOUND, "Creator not found")
	}
	if rows[0].Linked && rows[1].Linked {
		return Errorf(ECONFLICT, MsgMergeBothUsers)
	}
	var clash int
	if err := tx.GetContext(ctx, &clash, `SELECT count(*) FROM roster_entries a JOIN roster_entries b ON b.campaign_id = a.campaign_id
		WHERE a.creator_id = $1 AND b.creator_id = $2 AND a.offer_status <> 'draft' AND b.offer_status <> 'draft'`, keep, drop); err != nil {
		return fmt.Errorf("check offers: %w", err)
	}
	if clash > 0 {
		return Errorf(ECONFLICT, MsgMergeBothOffer)
	}
	// On a campaign listing both, the entry past draft stays (else the kept one's).
	if _, err := tx.ExecContext(ctx, `DELETE FROM roster_entries e USING roster_entries o WHERE o.campaign_id = e.campaign_id
		AND ((e.creator_id = $2 AND o.creator_id = $1 AND e.offer_status = 'draft')
		  OR (e.creator_id = $1 AND o.creator_id = $2 AND e.offer_status = 'draft' AND o.offer_status <> 'draft'))`, keep, drop); err != nil {
		return fmt.Errorf("drop duplicate entries: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE roster_entries SET creator_id = $1 WHERE creator_id = $2`, keep, drop); err != nil {
		return fmt.Errorf("move roster entries: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outreach_invitations SET creator_id = $1 WHERE creator_id = $2`, keep, drop); err != nil {
		return fmt.Errorf("move invitations: %w", err)
	}
	cols := append([]string{"user_id", "email", "engagement_rate", "audience_male", "audience_female", "audience_other", "audience_ages"},
		platformColumns(func(col, _ string) string { return col })...)
	sets := make([]string, 0, len(cols)+4)
	for _, c := range cols {
		sets = append(sets, c+" = coalesce(k."+c+", d."+c+")")
	}
	sets = append(sets, "niche = CASE WHEN k.niche = '' THEN d.niche ELSE k.niche END",
		"location = CASE WHEN k.location = '' THEN d.location ELSE k.location END",
		"country = CASE WHEN k.country = '' THEN d.country ELSE k.country END",
		"verified_platforms = (SELECT coalesce(array_agg(DISTINCT p ORDER BY p), '{}') FROM unnest(k.verified_platforms || d.verified_platforms) p)",
		"updated_at = now()")
	// The dropped row goes first: user_id and identity are unique.
	if _, err := tx.ExecContext(ctx, `WITH d AS (DELETE FROM creators WHERE id = $2 RETURNING *)
		UPDATE creators c SET `+strings.ReplaceAll(strings.Join(sets, ", "), "k.", "c.")+` FROM d WHERE c.id = $1`, keep, drop); err != nil {
		return fmt.Errorf("merge entries: %w", err)
	}
	return nil
}
