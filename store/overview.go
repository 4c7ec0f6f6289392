package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// overviewSQL answers the ADMIN's Mission Control figures in one statement.
// The creator count reads the followers index (an index-only scan where
// the visibility map allows).
var overviewSQL = `SELECT json_build_object(
	'creators', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byTier', coalesce(json_object_agg(tier, n), '{}'))
		FROM (SELECT tier, count(*) AS n FROM creators GROUP BY tier) t),
	'brands', (SELECT count(*) FROM brands),
	'campaigns', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byStatus', coalesce(json_object_agg(status, n), '{}'))
		FROM (SELECT status, count(*) AS n FROM campaigns WHERE status <> 'deleted' GROUP BY status) t),
	'offers', (SELECT coalesce(json_object_agg(offer_status, json_build_object('count', n, 'amount', amount)), '{}')
		FROM (SELECT offer_status, count(*) AS n, coalesce(sum(coalesce(offer_amount, estimated_fee)), 0)::float8 AS amount
			FROM roster_entries e JOIN campaigns c ON c.id = e.campaign_id WHERE c.status <> 'deleted' GROUP BY offer_status) t),
	'imports', (SELECT coalesce(json_agg(json_build_object('id', j.id, 'status', j.status, 'progress', j.progress,
			'total', j.total, 'processed', j.processed, 'failed', j.failed, 'result', j.result, 'error', j.error,
			'createdAt', j.created_at, 'finishedAt', j.finished_at) ORDER BY j.created_at DESC, j.id), '[]')
		FROM (SELECT * FROM jobs WHERE kind = '` + JobKindCreatorImport + `' ORDER BY created_at DESC, id LIMIT 5) j))::text`

// AdminOverview returns the ADMIN's Mission Control figures as JSON:
// {"creators": {"total", "byTier"}, "brands", "campaigns": {"total",
// "byStatus"}, "offers": {"<status>": {"count", "amount"}}, "imports":
// [the last five creator imports]}. An offer's amount is its offered amount,
// else its estimated fee. EFORBIDDEN for other roles.
func (s *DB) AdminOverview(ctx context.Context, viewer *User) (json.RawMessage, error) {
	if viewer.Role != RoleAdmin {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	var out []byte
	if err := s.db.GetContext(ctx, &out, overviewSQL); err != nil {
		return nil, fmt.Errorf("admin overview: %w", err)
	}
	return out, nil
}
