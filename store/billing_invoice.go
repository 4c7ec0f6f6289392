package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"time"
)

// SubscriptionPromo is the promotion code a subscription was bought with
// (Code empty when none).
type SubscriptionPromo struct {
	Code       sql.NullString  `db:"code"`
	PercentOff sql.NullFloat64 `db:"percent_off"`
	AmountOff  sql.NullInt64   `db:"amount_off"`
	Duration   sql.NullString  `db:"duration"` // once, repeating, forever
}

// Discount is what the promotion takes off one charge of amount (in the
// currency's smallest unit), never more than amount; 0 without one.
func (p SubscriptionPromo) Discount(amount int64) int64 {
	switch {
	case p.PercentOff.Valid:
		return min(amount, int64(math.Round(float64(amount)*p.PercentOff.Float64/100)))
	case p.AmountOff.Valid:
		return min(amount, p.AmountOff.Int64)
	}
	return 0
}

// NextCharge is the subscription's next renewal charge: its amount (the
// plan's price less a promotion that lasts beyond the first charge) and
// when; nil when it will not renew.
func (s *Subscription) NextCharge(now time.Time) *Charge {
	if !s.Active || s.CancelAtPeriodEnd || !s.EndedAt.After(now) {
		return nil
	}
	amount := s.Plan.Amount
	if s.Promo.Duration.String != "once" {
		amount -= s.Promo.Discount(amount)
	}
	return &Charge{Amount: amount, Currency: s.Plan.Currency, At: s.EndedAt}
}

// Charge is an amount charged (or to be charged) at a time.
type Charge struct {
	Amount   int64     `json:"amount"` // smallest unit (cents)
	Currency string    `json:"currency"`
	At       time.Time `json:"at"`
}

// Invoice is one of the provider's invoices of a customer, as the billing
// history lists it.
type Invoice struct {
	ID          string    `json:"_id"`
	Number      string    `json:"number"`
	Status      string    `json:"status"` // draft, open, paid, uncollectible, void
	AmountDue   int64     `json:"amountDue"`
	AmountPaid  int64     `json:"amountPaid"`
	Currency    string    `json:"currency"`
	Created     time.Time `json:"createdAt"`
	Description string    `json:"description"`
	HostedURL   string    `json:"hostedUrl"`
	PDF         string    `json:"pdfUrl"`
}

// InvoiceLister lists a provider customer's invoices, newest first.
type InvoiceLister interface {
	ListInvoices(ctx context.Context, customerID string, limit int) ([]Invoice, error)
}

// MaxInvoices is how many invoices the billing history shows.
const MaxInvoices = 24

// ListInvoices returns the user's invoices from the provider, newest first
// (at most MaxInvoices); none when the user has no provider customer yet.
func (s *DB) ListInvoices(ctx context.Context, userID string, p InvoiceLister) ([]Invoice, error) {
	var customer string
	err := s.db.GetContext(ctx, &customer, `SELECT provider_id FROM billing_customers WHERE user_id = $1`, userID)
	if err == sql.ErrNoRows {
		return []Invoice{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find customer: %w", err)
	}
	out, err := p.ListInvoices(ctx, customer, MaxInvoices)
	if out == nil && err == nil {
		out = []Invoice{}
	}
	return out, err
}
