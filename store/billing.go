package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Plan is a creator plan: a price at the provider, billed monthly or yearly.
type Plan struct {
	ID       string          `db:"id" json:"_id"`
	Code     string          `db:"code" json:"code"`
	Name     string          `db:"name" json:"name"`
	Interval string          `db:"interval" json:"interval"` // month or year
	Amount   int64           `db:"amount" json:"amount"`     // in the currency's smallest unit (cents)
	Currency string          `db:"currency" json:"currency"`
	Features json.RawMessage `db:"features" json:"features"`
	PriceID  string          `db:"price_id" json:"-"`
}

// PlanPrices maps plan codes to the provider's price ids (from configuration).
type PlanPrices map[string]string

// SetPlanPrices records the provider price id of each plan code (empty ones are skipped).
func (s *DB) SetPlanPrices(ctx context.Context, prices PlanPrices) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		for code, price := range prices {
			if price == "" {
				continue
			}
			if _, err := tx.Exec(`UPDATE plans SET price_id = $2 WHERE code = $1`, code, price); err != nil {
				return fmt.Errorf("set price of plan %s: %w", code, err)
			}
		}
		return nil
	})
}

// ListPlans returns the plans, cheapest interval first.
func (s *DB) ListPlans(ctx context.Context) ([]Plan, error) {
	plans := []Plan{}
	err := s.db.SelectContext(ctx, &plans, `SELECT id, code, name, interval, amount, currency, features, price_id
		FROM plans ORDER BY CASE interval WHEN 'month' THEN 0 ELSE 1 END, amount`)
	if err != nil {
		return nil, fmt.Errorf("list plans: %w", err)
	}
	return plans, nil
}

func getPlan(q sqlx.Queryer, id string) (*Plan, error) {
	if !isUUID(id) {
		return nil, FieldErrors{"planId": "Please choose a plan"}.Err()
	}
	var p Plan
	err := sqlx.Get(q, &p, `SELECT id, code, name, interval, amount, currency, features, price_id FROM plans WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, FieldErrors{"planId": "Please choose a plan"}.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("find plan: %w", err)
	}
	return &p, nil
}

// periodEnd is when a period of the plan started at from ends.
func (p *Plan) periodEnd(from time.Time) time.Time {
	if p.Interval == "year" {
		return from.AddDate(1, 0, 0)
	}
	return from.AddDate(0, 1, 0)
}

// Subscription states, derived from active and endedAt at an instant.
const (
	SubscriptionNone      = "none"      // no subscription
	SubscriptionActive    = "active"    // active and now at or before endedAt
	SubscriptionCancelled = "cancelled" // inactive and now at or before endedAt: still running
	SubscriptionExpired   = "expired"   // past endedAt
)

// SubscriptionState is the state of a subscription at now. A subscription
// runs (lifts the free-credit limit) while now is at or before endedAt;
// active tells whether it renews. Past endedAt it is expired, active or not.
func SubscriptionState(exists, active bool, endedAt, now time.Time) string {
	switch {
	case !exists:
		return SubscriptionNone
	case now.After(endedAt):
		return SubscriptionExpired
	case active:
		return SubscriptionActive
	default:
		return SubscriptionCancelled
	}
}

// Subscription is a creator's subscription (one per user).
type Subscription struct {
	ID                string            `db:"id"`
	UserID            string            `db:"user_id"`
	PlanID            string            `db:"plan_id"`
	ProviderID        string            `db:"provider_id"`
	Active            bool              `db:"active"`
	CancelAtPeriodEnd bool              `db:"cancel_at_period_end"`
	EndedAt           time.Time         `db:"ended_at"`
	ExpiredAt         *time.Time        `db:"expired_at"`
	Plan              Plan              `db:"plan"`
	Promo             SubscriptionPromo `db:"promo"`
}

// State is the subscription's state at now.
func (s *Subscription) State(now time.Time) string {
	return SubscriptionState(true, s.Active, s.EndedAt, now)
}

const subscriptionColumns = `s.id, s.user_id, s.plan_id, s.provider_id, s.active, s.cancel_at_period_end, s.ended_at, s.expired_at,
	p.id AS "plan.id", p.code AS "plan.code", p.name AS "plan.name", p.interval AS "plan.interval", p.amount AS "plan.amount",
	p.currency AS "plan.currency", p.features AS "plan.features", p.price_id AS "plan.price_id",
	pc.code AS "promo.code", pc.percent_off::float8 AS "promo.percent_off", pc.amount_off AS "promo.amount_off",
	pc.duration AS "promo.duration"
	FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN promo_codes pc ON pc.id = s.promo_code_id`

// GetSubscription returns the user's subscription, or nil when there is none.
func (s *DB) GetSubscription(ctx context.Context, userID string) (*Subscription, error) {
	return getSubscription(s.db, `s.user_id = $1`, userID)
}

func getSubscription(q sqlx.Queryer, where string, args ...any) (*Subscription, error) {
	var sub Subscription
	err := sqlx.Get(q, &sub, `SELECT `+subscriptionColumns+` WHERE `+where, args...)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find subscription: %w", err)
	}
	return &sub, nil
}

// PromoCode is a promotion code a creator may type when subscribing.
type PromoCode struct {
	ID               string     `db:"id" json:"-"`
	Code             string     `db:"code" json:"code"`
	ProviderID       string     `db:"provider_id" json:"-"`
	PercentOff       *float64   `db:"percent_off" json:"percentOff,omitempty"`
	AmountOff        *int64     `db:"amount_off" json:"amountOff,omitempty"`
	Currency         string     `db:"currency" json:"currency"`
	Duration         string     `db:"duration" json:"duration"` // once, repeating, forever
	DurationInMonths *int       `db:"duration_in_months" json:"durationInMonths,omitempty"`
	Active           bool       `db:"active" json:"-"`
	ExpiresAt        *time.Time `db:"expires_at" json:"expiresAt,omitempty"`
}

// Promo code messages.
const (
	MsgPromoRequired = "Please enter a promo code"
	MsgPromoUnknown  = "This promo code is not valid"
	MsgPromoExpired  = "This promo code has expired"
)

// ValidatePromoCode finds a usable code (case-insensitive). EINVALID on field
// code (or promoCode when field says so) when it is empty, unknown, switched
// off or past its expiry.
func (s *DB) ValidatePromoCode(ctx context.Context, code, field string) (*PromoCode, error) {
	return s.validatePromo(s.db, code, field)
}

func (s *DB) validatePromo(q sqlx.Queryer, code, field string) (*PromoCode, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return nil, FieldErrors{field: MsgPromoRequired}.Err()
	}
	if len(code) > 64 {
		return nil, FieldErrors{field: MsgPromoUnknown}.Err()
	}
	var p PromoCode
	err := sqlx.Get(q, &p, `SELECT id, code, provider_id, percent_off::float8 AS percent_off, amount_off, currency, duration,
		duration_in_months, active, expires_at FROM promo_codes WHERE upper(code) = upper($1)`, code)
	if err == sql.ErrNoRows || (err == nil && !p.Active) {
		return nil, FieldErrors{field: MsgPromoUnknown}.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("find promo code: %w", err)
	}
	if p.ExpiresAt != nil && !s.now().Before(*p.ExpiresAt) {
		return nil, FieldErrors{field: MsgPromoExpired}.Err()
	}
	return &p, nil
}

// SavePromoCode creates or updates a promotion code by its code (operators and the demo seed).
func (s *DB) SavePromoCode(ctx context.Context, p PromoCode) error {
	_, err := s.db.NamedExecContext(ctx, `INSERT INTO promo_codes (code, provider_id, percent_off, amount_off, currency, duration,
		duration_in_months, active, expires_at) VALUES (:code, :provider_id, :percent_off, :amount_off, :currency, :duration,
		:duration_in_months, :active, :expires_at)
		ON CONFLICT (upper(code)) DO UPDATE SET provider_id = EXCLUDED.provider_id, percent_off = EXCLUDED.percent_off,
		amount_off = EXCLUDED.amount_off, currency = EXCLUDED.currency, duration = EXCLUDED.duration,
		duration_in_months = EXCLUDED.duration_in_months, active = EXCLUDED.active, expires_at = EXCLUDED.expires_at`, p)
	if err != nil {
		return fmt.Errorf("save promo code %s: %w", p.Code, err)
	}
	return nil
}

// DemoBilling is a seeded customer with one primary card and, when PlanCode
// is set, a subscription running until EndedAt.
type DemoBilling struct {
	Email          string // the user's
	CustomerID     string
	Card           ProviderCard
	PlanCode       string
	SubscriptionID string // the provider's id
	EndedAt        time.Time
}

// SaveDemoBilling writes d without calling the provider (the demo seed runs
// offline), replacing the user's cards and subscription. With an empty
// CustomerID the user is left with no cards and no subscription.
func (s *DB) SaveDemoBilling(ctx context.Context, d DemoBilling) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var userID string
		if err := tx.Get(&userID, `SELECT id FROM users WHERE email = $1`, NormalizeEmail(d.Email)); err != nil {
			return translate(err, "User")
		}
		for _, q := range []string{`DELETE FROM subscriptions WHERE user_id = $1`, `DELETE FROM cards WHERE user_id = $1`,
			`DELETE FROM billing_customers WHERE user_id = $1`} {
			if _, err := tx.Exec(q, userID); err != nil {
				return fmt.Errorf("reset demo billing: %w", err)
			}
		}
		if d.CustomerID == "" {
			return nil
		}
		if _, err := tx.Exec(`INSERT INTO billing_customers (user_id, provider_id) VALUES ($1, $2)`, userID, d.CustomerID); err != nil {
			return fmt.Errorf("save demo customer: %w", err)
		}
		c := d.Card
		if _, err := tx.Exec(`INSERT INTO cards (user_id, provider_id, brand, last4, exp_month, exp_year, is_primary)
			VALUES ($1, $2, $3, $4, $5, $6, true)`, userID, c.ProviderID, c.Brand, c.Last4, c.ExpMonth, c.ExpYear); err != nil {
			return fmt.Errorf("save demo card: %w", err)
		}
		if d.PlanCode == "" {
			return nil
		}
		_, err := tx.Exec(`INSERT INTO subscriptions (user_id, plan_id, provider_id, active, ended_at)
			SELECT $1, id, $3, true, $4 FROM plans WHERE code = $2`, userID, d.PlanCode, d.SubscriptionID, d.EndedAt)
		if err != nil {
			return fmt.Errorf("save demo subscription: %w", err)
		}
		return nil
	})
}
