package store

import (
	"context"
	"strings"
)

// sqlStates is a constant list of offer states as a SQL text array.
func sqlStates(states []string) string {
	if len(states) == 0 {
		return `ARRAY[]::text[]` // a terminal state: [], not [""]
	}
	return `ARRAY['` + strings.Join(states, `','`) + `']::text[]`
}

// offerNextSQL is the JSON array of the states an entry e may move to, as
// the administrator sees them (derived from OfferMoves).
var offerNextSQL = sideNextSQL(SideAdmin)

// entryJSON is a roster entry e of creator c as JSON: the creator (the
// creator list's shape), score, parts, reasons, estimated fee and the offer
// with its allowed next states and its history.
var entryJSON = `json_build_object('_id', e.id, 'rank', e.rank, 'creator', ` + creatorBrandJSON + `,
	'score', e.score::float8, 'parts', e.parts, 'reasons', e.reasons, 'platform', e.platform,
	'estimatedFee', e.estimated_fee::float8,
	'offer', json_build_object('amount', e.offer_amount::float8, 'status', e.offer_status, 'note', e.offer_note,
		'usageAddOns', e.usage_addons, 'updatedAt', e.offer_updated_at,
		'updatedBy', (SELECT json_build_object('_id', u.id, 'name', u.name) FROM users u WHERE u.id = e.offer_updated_by),
		'next', ` + offerNextSQL + `,
		'history', (SELECT coalesce(json_agg(json_build_object('at', h.at, 'by', hu.name, 'side', h.actor_side, 'from', h.from_status,
			'to', h.to_status, 'amount', h.amount::float8, 'note', h.note) ORDER BY h.id), '[]')
			FROM offer_history h LEFT JOIN users hu ON hu.id = h.actor_id WHERE h.entry_id = e.id)))`

// rosterTotals are a campaign cp's roster sums: estimated fees of the
// entries in play (draft and live offers), offered and accepted amounts
// (each with its paid usage add-ons).
var rosterTotals = `'estimatedTotal', coalesce((SELECT sum(estimated_fee) FROM roster_entries
		WHERE campaign_id = cp.id AND offer_status = ANY(` + sqlStates(append([]string{OfferDraft}, liveOffers...)) + `)), 0)::float8,
	'offeredTotal', coalesce((SELECT sum(offer_amount + ` + usageAddOnTotalSQL + ` / 100.0) FROM roster_entries e
		WHERE campaign_id = cp.id AND offer_status = ANY(` + sqlStates(offeredStates) + `)), 0)::float8,
	'acceptedTotal', coalesce((SELECT sum(offer_amount + ` + usageAddOnTotalSQL + ` / 100.0) FROM roster_entries e
		WHERE campaign_id = cp.id AND offer_status = ANY(` + sqlStates(acceptedStates) + `)), 0)::float8`

// rosterSQL answers one campaign's roster as JSON; $1 is the campaign, $2
// the viewer's brand ("" for every brand).
var rosterSQL = `SELECT json_build_object('campaignId', cp.id, 'campaignName', cp.name, 'status', cp.status,
	'generatedAt', r.generated_at, 'jobId', r.job_id, 'budget', cp.budget::float8, ` + rosterTotals + `,
	'entries', coalesce((SELECT json_agg(` + entryJSON + ` ORDER BY e.rank) FROM roster_entries e
		JOIN creators c ON c.id = e.creator_id WHERE e.campaign_id = cp.id), '[]'))::text
	FROM campaigns cp LEFT JOIN rosters r ON r.campaign_id = cp.id
	WHERE cp.id = $1 AND cp.status <> 'deleted' AND ($2 = '' OR cp.brand_id::text = $2)`

// GetRoster returns a campaign's roster as JSON: {"campaignId",
// "campaignName", "status", "generatedAt" (null before the first
// generation), "jobId", "budget", "estimatedTotal", "offeredTotal",
// "acceptedTotal", "entries": [...]}, entries in rank order. Brand roles
// read their brand's campaigns only (another brand's is ENOTFOUND); ADMIN
// reads every brand's; EFORBIDDEN for USER.
func (s *DB) GetRoster(ctx context.Context, viewer *User, campaignID string) ([]byte, error) {
	brandID, err := campaignScope(viewer)
	if err != nil {
		return nil, err
	}
	if !isUUID(campaignID) {
		return nil, errCampaignNotFound
	}
	var out []byte
	if err := s.db.GetContext(ctx, &out, rosterSQL, campaignID, brandID); err != nil {
		return nil, translate(err, "Campaign")
	}
	return out, nil
}
