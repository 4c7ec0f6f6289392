package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"
)

// OfferCampaignFilter is the body of the ADMIN's campaign filter: statuses
// (any of draft, active, completed; empty = all live), one brand, a part of
// the name, a start date range (YYYY-MM-DD, inclusive) and a budget range.
type OfferCampaignFilter struct {
	Status    []string `json:"status"`
	BrandID   string   `json:"brandId"`
	Search    string   `json:"search"`
	StartFrom string   `json:"startFrom"`
	StartTo   string   `json:"startTo"`
	BudgetMin *Number  `json:"budgetMin"`
	BudgetMax *Number  `json:"budgetMax"`
	Page      int      `json:"-"`
	Limit     int      `json:"-"`
}

// validate checks f and fills the paging defaults; EINVALID with fields.
func (f *OfferCampaignFilter) validate() error {
	fe := FieldErrors{}
	CheckPaging(fe, &f.Page, &f.Limit)
	for _, st := range f.Status {
		if st != CampaignDraft && st != CampaignActive && st != CampaignCompleted {
			fe.add("status", MsgStatusInvalid)
		}
	}
	if f.BrandID != "" && !isUUID(f.BrandID) {
		fe.add("brandId", "Unknown brand")
	}
	for field, d := range map[string]string{"startFrom": f.StartFrom, "startTo": f.StartTo} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			fe.add(field, MsgDateInvalid)
		}
	}
	for field, n := range map[string]*Number{"budgetMin": f.BudgetMin, "budgetMax": f.BudgetMax} {
		if n != nil && (math.IsNaN(float64(*n)) || *n < 0) {
			fe.add(field, "Must be a positive number")
		}
	}
	f.Search = strings.TrimSpace(f.Search)
	return fe.Err()
}

// where builds the filter's WHERE clause over campaigns c.
func (f *OfferCampaignFilter) where() (string, []any) {
	conds, args := []string{`c.status <> 'deleted'`}, []any{}
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	if len(f.Status) > 0 {
		conds = append(conds, `c.status = ANY(`+arg(pq.Array(f.Status))+`)`)
	}
	if f.BrandID != "" {
		conds = append(conds, `c.brand_id = `+arg(f.BrandID))
	}
	if f.Search != "" {
		conds = append(conds, `c.name ILIKE `+arg(likeContaining(f.Search)))
	}
	if f.StartFrom != "" {
		conds = append(conds, `c.start_date >= `+arg(f.StartFrom)+`::date`)
	}
	if f.StartTo != "" {
		conds = append(conds, `c.start_date <= `+arg(f.StartTo)+`::date`)
	}
	if f.BudgetMin != nil {
		conds = append(conds, `c.budget >= `+arg(float64(*f.BudgetMin)))
	}
	if f.BudgetMax != nil {
		conds = append(conds, `c.budget <= `+arg(float64(*f.BudgetMax)))
	}
	return strings.Join(conds, " AND "), args
}

// statusOnly reports whether f filters by status alone (or not at all); the
// statuses, when any, are then where's $1.
func (f *OfferCampaignFilter) statusOnly() bool {
	return f.BrandID == "" && f.Search == "" && f.StartFrom == "" && f.StartTo == "" && f.BudgetMin == nil && f.BudgetMax == nil
}

// FilterOfferCampaigns returns a page of live campaigns of every brand,
// newest first, each as Campaign's JSON (attachments without links) plus
// "brandName" and "roster": {"entries", "estimated", "offered", "accepted",
// "generatedAt"}. EINVALID for a bad filter.
func (s *DB) FilterOfferCampaigns(ctx context.Context, f *OfferCampaignFilter) (Page, error) {
	if err := f.validate(); err != nil {
		return Page{}, err
	}
	slices.Sort(f.Status)
	where, args := f.where()
	n := len(args)
	// The two keys join the campaign's own object: merging them into it as
	// jsonb parsed every campaign's JSON again (a fifth of the statement).
	extra := `'brandName', b.name,
			'roster', (SELECT json_build_object('entries', count(*),
				'estimated', coalesce(sum(e.estimated_fee) FILTER (WHERE e.offer_status = ANY(` + sqlStates(append([]string{OfferDraft}, liveOffers...)) + `)), 0)::float8,
				'offered', coalesce(sum(e.offer_amount) FILTER (WHERE e.offer_status = ANY(` + sqlStates(offeredStates) + `)), 0)::float8,
				'accepted', coalesce(sum(e.offer_amount) FILTER (WHERE e.offer_status = ANY(` + sqlStates(acceptedStates) + `)), 0)::float8,
				'generatedAt', (SELECT generated_at FROM rosters WHERE campaign_id = c.id))
				FROM roster_entries e WHERE e.campaign_id = c.id)`
	count := `SELECT count(*) FROM campaigns c WHERE ` + where
	if f.statusOnly() {
		// The live campaigns by status are counted in the overview's
		// counters, kept in the same transactions as the campaigns
		// (migration 00033): the total sums a few counter rows instead of
		// reading every campaign.
		count = `SELECT coalesce(sum(n), 0)::bigint FROM overview_counts WHERE kind = 'campaigns'`
		if len(f.Status) > 0 {
			count += ` AND key = ANY($1)`
		}
	}
	q := `SELECT coalesce(json_agg(` + campaignJSONWith(extra) + `
			ORDER BY c.created_at DESC, c.id DESC), '[]')::text,
		(` + count + `)
		FROM (SELECT c.* FROM campaigns c WHERE ` + where + ` ORDER BY c.created_at DESC, c.id DESC
			LIMIT $` + strconv.Itoa(n+1) + ` OFFSET $` + strconv.Itoa(n+2) + `) c JOIN brands b ON b.id = c.brand_id`
	var total int
	p, err := s.queryPage(ctx, q, append(args, f.Limit, (f.Page-1)*f.Limit), &total)
	if err != nil {
		return Page{}, fmt.Errorf("filter campaigns: %w", err)
	}
	p.Total = total
	return p, nil
}
