package store

import (
	"context"
	"fmt"
	"time"
)

// EarningRow is one of a creator's payments.
type EarningRow struct {
	EntryID       string     `db:"entry_id" json:"entryId"`
	CampaignName  string     `db:"campaign_name" json:"campaignName"`
	BrandName     string     `db:"brand_name" json:"brandName"`
	State         string     `db:"state" json:"state"`
	Amount        int64      `db:"amount" json:"amount"`
	Paid          int64      `db:"paid" json:"paid"`
	Currency      string     `db:"currency" json:"currency"`
	FundedAt      *time.Time `db:"funded_at" json:"fundedAt"`
	TransferredAt *time.Time `db:"transferred_at" json:"transferredAt"`
}

// BrandEarning is what a creator was paid by one brand.
type BrandEarning struct {
	BrandName string `db:"brand_name" json:"brandName"`
	Paid      int64  `db:"paid" json:"paid"`
}

// Earnings is a creator's earnings page: what was transferred this month
// and this year (UTC), by brand, and every payment.
type Earnings struct {
	Currency  string         `json:"currency"`
	ThisMonth int64          `json:"thisMonth"`
	ThisYear  int64          `json:"thisYear"`
	ByBrand   []BrandEarning `json:"byBrand"`
	Payments  []EarningRow   `json:"payments"`
}

// CreatorEarnings reads the earnings of the creator u (USER only).
func (s *DB) CreatorEarnings(ctx context.Context, u *User) (*Earnings, error) {
	if u.Role != RoleUser {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	now := s.now()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	year := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	out := &Earnings{Currency: "usd", ByBrand: []BrandEarning{}, Payments: []EarningRow{}}
	err := s.db.SelectContext(ctx, &out.Payments, `SELECT p.entry_id, k.name AS campaign_name, b.name AS brand_name, p.state, p.amount,
		CASE WHEN p.state = 'transferred' THEN p.amount - p.refund_amount ELSE 0 END AS paid, p.currency, p.funded_at, p.transferred_at
		FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN creators c ON c.id = e.creator_id
		JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = p.brand_id
		WHERE c.user_id = $1 ORDER BY coalesce(p.transferred_at, p.funding_at) DESC, p.entry_id`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("earnings: %w", err)
	}
	by := map[string]int64{}
	var order []string
	for _, p := range out.Payments {
		if p.TransferredAt == nil {
			continue
		}
		if !p.TransferredAt.Before(month) {
			out.ThisMonth += p.Paid
		}
		if !p.TransferredAt.Before(year) {
			out.ThisYear += p.Paid
		}
		if _, ok := by[p.BrandName]; !ok {
			order = append(order, p.BrandName)
		}
		by[p.BrandName] += p.Paid
	}
	for _, b := range order {
		out.ByBrand = append(out.ByBrand, BrandEarning{BrandName: b, Paid: by[b]})
	}
	return out, nil
}

// CampaignSpend is what a brand committed and paid on one campaign, in cents.
type CampaignSpend struct {
	CampaignID   string `db:"campaign_id" json:"campaignId"`
	CampaignName string `db:"campaign_name" json:"campaignName"`
	Committed    int64  `db:"committed" json:"committed"`
	Paid         int64  `db:"paid" json:"paid"`
	Refunded     int64  `db:"refunded" json:"refunded"`
	Fees         int64  `db:"fees" json:"fees"`
}

// Receipt is one funding charge of the brand's card.
type Receipt struct {
	EntryID       string    `db:"entry_id" json:"entryId"`
	CampaignName  string    `db:"campaign_name" json:"campaignName"`
	CreatorName   string    `db:"creator_name" json:"creatorName"`
	Amount        int64     `db:"amount" json:"amount"`
	Fee           int64     `db:"fee" json:"fee"`
	Total         int64     `db:"total" json:"total"`
	Currency      string    `db:"currency" json:"currency"`
	PaymentIntent string    `db:"payment_intent_id" json:"paymentIntent"`
	FundedAt      time.Time `db:"funded_at" json:"fundedAt"`
}

// BrandSpend is a brand's spend per campaign and its receipts.
type BrandSpend struct {
	Currency  string          `json:"currency"`
	Campaigns []CampaignSpend `json:"campaigns"`
	Receipts  []Receipt       `json:"receipts"`
}

// BrandSpendOf reads the spend of the caller's brand: per campaign what is
// committed (charged or being charged: amount and fee), transferred to
// creators, refunded, and the platform's fees, from the ledger; and a
// receipt per funding charge.
func (s *DB) BrandSpendOf(ctx context.Context, u *User) (*BrandSpend, error) {
	brand, err := brandOf(u)
	if err != nil {
		return nil, err
	}
	out := &BrandSpend{Currency: "usd", Campaigns: []CampaignSpend{}, Receipts: []Receipt{}}
	err = s.db.SelectContext(ctx, &out.Campaigns, `SELECT k.id AS campaign_id, k.name AS campaign_name,
		coalesce(sum(p.amount + p.fee) FILTER (WHERE p.state NOT IN ('lapsed', 'awaiting_approval', 'funding_failed')), 0)::bigint AS committed,
		coalesce(sum(l.paid), 0)::bigint AS paid, coalesce(sum(l.refunded), 0)::bigint AS refunded, coalesce(sum(l.fees), 0)::bigint AS fees
		FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id
		LEFT JOIN LATERAL (SELECT sum(amount) FILTER (WHERE account = 'creator_paid') AS paid, sum(amount) FILTER (WHERE account = 'refunds') AS refunded,
			sum(amount) FILTER (WHERE account = 'platform_fee') AS fees FROM payout_ledger WHERE entry_id = p.entry_id) l ON true
		WHERE p.brand_id = $1 GROUP BY k.id, k.name ORDER BY k.name, k.id`, brand)
	if err != nil {
		return nil, fmt.Errorf("brand spend: %w", err)
	}
	err = s.db.SelectContext(ctx, &out.Receipts, `SELECT p.entry_id, k.name AS campaign_name, c.name AS creator_name, p.amount, p.fee,
		p.amount + p.fee AS total, p.currency, p.payment_intent_id, p.funded_at
		FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN campaigns k ON k.id = e.campaign_id JOIN creators c ON c.id = e.creator_id
		WHERE p.brand_id = $1 AND p.funded_at IS NOT NULL ORDER BY p.funded_at DESC, p.entry_id`, brand)
	if err != nil {
		return nil, fmt.Errorf("receipts: %w", err)
	}
	return out, nil
}

// PaysOnTimeMin is how many releases a brand needs before its record shows
// a figure; under it the brand is "new on the platform".
const PaysOnTimeMin = 5

// PaysOnTime is a brand's "pays on time" record over the last 12 months:
// the share of its releases that left without objection within the window,
// and the median hours from capture to transfer. Both are null under
// PaysOnTimeMin releases (Label "new on the platform").
type PaysOnTime struct {
	Releases    int      `db:"releases" json:"releases"`
	OnTimeShare *float64 `db:"on_time" json:"onTimeShare"`
	MedianHours *float64 `db:"median_hours" json:"medianHours"`
	Label       string   `db:"-" json:"label"`
}

// BrandPaysOnTime reads the record of brand (any signed-in role may read it
// for a brand whose offer they see; brand members their own brand).
// ENOTFOUND for an unknown brand, or another brand for a brand member.
func (s *DB) BrandPaysOnTime(ctx context.Context, u *User, brandID string) (*PaysOnTime, error) {
	if !isUUID(brandID) || (u.Brand != nil && u.Role != RoleAdmin && u.Brand.ID != brandID) {
		return nil, Errorf(ENOTFOUND, "Brand not found")
	}
	var exists bool
	if err := s.db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM brands WHERE id = $1)`, brandID); err != nil || !exists {
		return nil, Errorf(ENOTFOUND, "Brand not found")
	}
	var r PaysOnTime
	err := s.db.GetContext(ctx, &r, `SELECT count(*) AS releases,
		avg(CASE WHEN objected_at IS NULL AND transferred_at <= release_at + interval '1 hour' THEN 1.0 ELSE 0.0 END)::float8 AS on_time,
		(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM transferred_at - captured_at) / 3600))::float8 AS median_hours
		FROM payouts WHERE brand_id = $1 AND state = 'transferred' AND captured_at IS NOT NULL AND transferred_at >= $2`,
		brandID, s.now().AddDate(-1, 0, 0))
	if err != nil {
		return nil, fmt.Errorf("pays on time: %w", err)
	}
	if r.Releases < PaysOnTimeMin {
		r.OnTimeShare, r.MedianHours, r.Label = nil, nil, "new on the platform"
		return &r, nil
	}
	r.Label = fmt.Sprintf("%.0f%% paid on time, median %.0f hours from post to transfer", *r.OnTimeShare*100, *r.MedianHours)
	return &r, nil
}
