package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// Subscription messages.
const (
	MsgNoCard             = "Please add a card before subscribing"
	MsgAlreadySubscribed  = "You already have an active subscription"
	MsgResumeInstead      = "Your subscription is still running. Resume it instead of subscribing again."
	MsgNoSubscription     = "You have no subscription"
	MsgSubscriptionExpire = "Your subscription has expired. Please subscribe again."
)

// Subscribe starts the plan for the user, charged to the primary card, with
// an optional promo code. The provider is asked first; only a paid
// subscription is recorded, and one we cannot record is cancelled at the
// provider, so nothing is ever half-made. A subscription that ran out may be
// replaced. EINVALID (planId, promoCode, card), ECONFLICT while one runs,
// EPAYMENT for a declined card, EPROVIDERDOWN or EPROVIDER.
func (s *DB) Subscribe(ctx context.Context, userID, planID, promoCode string, p PaymentProvider) (*Subscription, error) {
	var out *Subscription
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lockUser(tx, userID); err != nil {
			return err
		}
		now := s.now()
		cur, err := getSubscription(tx, `s.user_id = $1`, userID)
		if err != nil {
			return err
		}
		if cur != nil {
			switch cur.State(now) {
			case SubscriptionActive:
				return Errorf(ECONFLICT, MsgAlreadySubscribed)
			case SubscriptionCancelled:
				return Errorf(ECONFLICT, MsgResumeInstead)
			}
		}
		plan, err := getPlan(tx, planID)
		if err != nil {
			return err
		}
		if plan.PriceID == "" {
			return Errorf(EPROVIDER, "This plan is not available right now. Please try again later.")
		}
		var promo *PromoCode
		if promoCode != "" {
			if promo, err = s.validatePromo(tx, promoCode, "promoCode"); err != nil {
				return err
			}
		}
		var customer, card string
		err = tx.QueryRow(`SELECT bc.provider_id, c.provider_id FROM cards c JOIN billing_customers bc ON bc.user_id = c.user_id
			WHERE c.user_id = $1 AND c.is_primary`, userID).Scan(&customer, &card)
		if err == sql.ErrNoRows {
			return &Error{Code: EINVALID, Message: MsgNoCard, Fields: map[string]string{"card": MsgNoCard}}
		}
		if err != nil {
			return fmt.Errorf("find primary card: %w", err)
		}
		in := SubscribeParams{IdempotencyKey: "subscribe-" + uuid.NewString(), UserID: userID, CustomerID: customer,
			PriceID: plan.PriceID, PaymentMethodID: card}
		var promoID *string
		if promo != nil {
			in.PromotionCodeID, promoID = promo.ProviderID, &promo.ID
		}
		ps, err := p.Subscribe(ctx, in)
		if err != nil {
			return err
		}
		undo := func() { _ = p.Cancel(context.WithoutCancel(ctx), ps.ProviderID) }
		if !ps.Running() {
			undo()
			return &Error{Code: EPAYMENT, Message: "Your card was declined. Please use another card.",
				Fields: map[string]string{"card": "Your card was declined. Please use another card."}}
		}
		// The provider's period end when it gives a future one (stand-ins answer fixed fixtures), else one interval from now.
		endedAt := plan.periodEnd(now)
		if ps.PeriodEnd.After(now) {
			endedAt = ps.PeriodEnd
		}
		_, err = tx.Exec(`INSERT INTO subscriptions (user_id, plan_id, provider_id, active, cancel_at_period_end, ended_at, promo_code_id, created_at, updated_at)
			VALUES ($1, $2, $3, true, false, $4, $5, $6, $6)
			ON CONFLICT (user_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, provider_id = EXCLUDED.provider_id, active = true,
				cancel_at_period_end = false, ended_at = EXCLUDED.ended_at, promo_code_id = EXCLUDED.promo_code_id,
				expired_at = NULL, expiry_mailed_at = NULL, provider_event_at = NULL, updated_at = EXCLUDED.updated_at`,
			userID, plan.ID, ps.ProviderID, endedAt, promoID, now)
		if err == nil {
			out, err = getSubscription(tx, `s.user_id = $1`, userID)
		}
		if err != nil {
			undo()
			return fmt.Errorf("save subscription: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CancelSubscription stops renewal: the subscription keeps running until
// endedAt (active false: "cancelled but still running"). Cancelling a
// cancelled one changes nothing. ENOTFOUND without a subscription,
// ECONFLICT once it expired, provider errors as they come.
func (s *DB) CancelSubscription(ctx context.Context, userID string, p PaymentProvider) (*Subscription, error) {
	return s.setRenewal(ctx, userID, false, p)
}

// ResumeSubscription undoes a cancellation before endedAt. Resuming an
// active one changes nothing. ENOTFOUND without a subscription, ECONFLICT
// once it expired, provider errors as they come.
func (s *DB) ResumeSubscription(ctx context.Context, userID string, p PaymentProvider) (*Subscription, error) {
	return s.setRenewal(ctx, userID, true, p)
}

func (s *DB) setRenewal(ctx context.Context, userID string, renew bool, p PaymentProvider) (*Subscription, error) {
	var out *Subscription
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lockUser(tx, userID); err != nil {
			return err
		}
		cur, err := getSubscription(tx, `s.user_id = $1`, userID)
		if err != nil {
			return err
		}
		if cur == nil {
			return Errorf(ENOTFOUND, MsgNoSubscription)
		}
		switch cur.State(s.now()) {
		case SubscriptionExpired:
			return Errorf(ECONFLICT, MsgSubscriptionExpire)
		case SubscriptionActive:
			if renew {
				out = cur
				return nil
			}
		case SubscriptionCancelled:
			if !renew {
				out = cur
				return nil
			}
		}
		if _, err := p.SetCancelAtPeriodEnd(ctx, cur.ProviderID, !renew); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE subscriptions SET active = $2, cancel_at_period_end = $3, updated_at = $4 WHERE id = $1`,
			cur.ID, renew, !renew, s.now()); err != nil {
			return fmt.Errorf("update subscription: %w", err)
		}
		out, err = getSubscription(tx, `s.id = $1`, cur.ID)
		return err
	})
	return out, err
}
