package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// overviewSQL answers the ADMIN's Mission Control figures in one statement.
// The network counts read the counters kept in the same transactions as the
// rows they count (overview_counts, one row per key and writer slot), so
// the call does not scan the creators, the campaigns or the offers.
var overviewSQL = `WITH oc AS (
		SELECT kind, key, sum(n) AS n, sum(amount) AS amount FROM overview_counts GROUP BY kind, key HAVING sum(n) > 0)
	SELECT json_build_object(
	'creators', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byTier', coalesce(json_object_agg(key, n), '{}'))
		FROM oc WHERE kind = 'creators'),
	'brands', (SELECT coalesce(sum(n), 0) FROM oc WHERE kind = 'brands'),
	'campaigns', (SELECT json_build_object('total', coalesce(sum(n), 0), 'byStatus', coalesce(json_object_agg(key, n), '{}'))
		FROM oc WHERE kind = 'campaigns'),
	'offers', (SELECT coalesce(json_object_agg(key, json_build_object('count', n, 'amount', amount::float8)), '{}')
		FROM oc WHERE kind = 'offers'),
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
	if err := s.getPrepared(ctx, &out, overviewSQL); err != nil {
		return nil, fmt.Errorf("admin overview: %w", err)
	}
	return out, nil
}
