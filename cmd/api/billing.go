package main

import (
	"bytes"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// Billing calls are for creators (USER); brand staff and ADMIN get 403.
var billingRoles = []string{store.RoleUser}

// limitCardAdd bounds card additions per user: each tries a card at the
// provider, which is what card-testing fraud abuses.
var limitCardAdd = redis_rate.PerHour(10)

// limitBilling bounds a user's other billing calls that reach the provider
// (subscribe, cancel, resume, primary card, card removal), together: 20 at
// once, then one a minute.
var limitBilling = redis_rate.Limit{Rate: 60, Burst: 20, Period: time.Hour}

// billingLimit is the user's key of limitBilling.
func billingLimit(r *http.Request) rateKey {
	return rateKey{"billing:user:" + currentUser(r).ID, limitBilling}
}

// promoLimit is the user's key of promo code checks (validate-promo-code and
// a subscribe naming a code share it, so neither is an unthrottled oracle).
func promoLimit(r *http.Request) rateKey {
	return rateKey{"promo:user:" + currentUser(r).ID, limitSecretPerIP}
}

// billingRoutes mounts the provider's webhook (public, signed) and plans,
// cards and subscriptions (signed in, creators only).
func (s *server) billingRoutes(public, signedIn chi.Router) {
	public.Post("/payments/webhook", s.paymentWebhook)
	signedIn.Group(func(r chi.Router) {
		r.Use(s.allow(billingRoles...), s.forgetInvoices)
		r.Get("/payments/config", s.paymentsConfig)
		r.Get("/plans", s.listPlans)
		r.Get("/cards", s.listCards)
		r.Post("/cards", s.addCard)
		r.Post("/cards/primary", s.setPrimaryCard)
		r.Delete("/cards/{id}", s.deleteCard)
		r.Get("/subscriptions", s.getSubscription)
		r.Post("/subscriptions", s.subscribe)
		r.Post("/subscriptions/cancel", s.cancelSubscription)
		r.Post("/subscriptions/resume", s.resumeSubscription)
		r.Post("/subscriptions/validate-promo-code", s.validatePromoCode)
		r.Get("/invoices", s.listInvoices)
	})
}

// paymentsConfig is GET /payments/config: the publishable key the browser
// loads Stripe.js with, and whether it may not (sandbox: payments go to a
// local stand-in or no real key is configured; the browser then offers the
// provider's test cards instead).
func (s *server) paymentsConfig(w http.ResponseWriter, r *http.Request) {
	respond(w, http.StatusOK, map[string]any{"publishableKey": s.cfg.StripePublishableKey, "sandbox": !s.cfg.StripeJS()})
}

// listPlans answers GET /api/plans; a feature's {cap} reads the coach's
// monthly fair-use cap of questions.
func (s *server) listPlans(w http.ResponseWriter, r *http.Request) {
	plans, err := s.store.ListPlans(r.Context())
	for i := range plans {
		plans[i].Features = bytes.ReplaceAll(plans[i].Features, []byte("{cap}"), []byte(strconv.Itoa(s.coachMonthlyCap())))
	}
	s.answer(w, r, err, map[string]any{"plans": plans})
}

type idBody struct {
	ID string `json:"id"`
}

func (s *server) listCards(w http.ResponseWriter, r *http.Request) {
	cards, err := s.store.ListCards(r.Context(), currentUser(r).ID)
	s.answer(w, r, err, map[string]any{"cards": cards})
}

// addCard is POST /cards {"id": payment method id}: 201 {"data": {"card", "cards", "message"}}.
func (s *server) addCard(w http.ResponseWriter, r *http.Request) {
	var in idBody
	u := currentUser(r)
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, rateKey{"card:user:" + u.ID, limitCardAdd}) {
		return
	}
	card, err := s.store.AddCard(r.Context(), u, in.ID, s.pay)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cards, err := s.store.ListCards(r.Context(), u.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"card": card, "cards": cards, "message": "Card added"})
}

func (s *server) setPrimaryCard(w http.ResponseWriter, r *http.Request) {
	var in idBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, billingLimit(r)) {
		return
	}
	cards, err := s.store.SetPrimaryCard(r.Context(), currentUser(r).ID, in.ID, s.pay)
	s.answer(w, r, err, map[string]any{"cards": cards, "message": "Primary card updated"})
}

func (s *server) deleteCard(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, billingLimit(r)) {
		return
	}
	cards, err := s.store.DeleteCard(r.Context(), currentUser(r).ID, chi.URLParam(r, "id"), s.pay)
	s.answer(w, r, err, map[string]any{"cards": cards, "message": "Card removed"})
}

// subscriptionJSON is data.subscription: the wire's active and endedAt, plus the
// plan, whether renewal is off, and the state at this instant (active,
// cancelled or expired).
type subscriptionJSON struct {
	Active            bool       `json:"active"`
	EndedAt           time.Time  `json:"endedAt"`
	CancelAtPeriodEnd bool       `json:"cancelAtPeriodEnd"`
	Status            string     `json:"status"`
	Plan              store.Plan `json:"plan"`
	// Promo is the promotion the subscription was bought with and what it
	// takes off a charge (null without one); NextCharge the renewal charge
	// (null when it will not renew).
	Promo      *promoJSON    `json:"promo"`
	NextCharge *store.Charge `json:"nextCharge"`
}

type promoJSON struct {
	Code     string `json:"code"`
	Discount int64  `json:"discount"` // off the plan's price, smallest unit
	Duration string `json:"duration"` // once, repeating, forever
}

func (s *server) toSubscriptionJSON(sub *store.Subscription) *subscriptionJSON {
	if sub == nil {
		return nil
	}
	out := &subscriptionJSON{Active: sub.Active, EndedAt: sub.EndedAt, CancelAtPeriodEnd: sub.CancelAtPeriodEnd,
		Status: sub.State(s.store.Now()), Plan: sub.Plan, NextCharge: sub.NextCharge(s.store.Now())}
	if sub.Promo.Code.Valid {
		out.Promo = &promoJSON{Code: sub.Promo.Code.String, Discount: sub.Promo.Discount(sub.Plan.Amount), Duration: sub.Promo.Duration.String}
	}
	return out
}

func (s *server) getSubscription(w http.ResponseWriter, r *http.Request) {
	sub, err := s.store.GetSubscription(r.Context(), currentUser(r).ID)
	s.answer(w, r, err, map[string]any{"subscription": s.toSubscriptionJSON(sub)})
}

// subscribe is POST /subscriptions {"planId", "promoCode"?}: 201 {"data": {"subscription", "message"}}.
func (s *server) subscribe(w http.ResponseWriter, r *http.Request) {
	var in struct {
		PlanID    string `json:"planId"`
		PromoCode string `json:"promoCode"`
	}
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, billingLimit(r)) {
		return
	}
	if in.PromoCode != "" && !s.rateLimit(w, r, promoLimit(r)) {
		return
	}
	sub, err := s.store.Subscribe(r.Context(), currentUser(r).ID, in.PlanID, in.PromoCode, s.pay)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"subscription": s.toSubscriptionJSON(sub), "message": "You are subscribed to " + sub.Plan.Name})
}

func (s *server) cancelSubscription(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, billingLimit(r)) {
		return
	}
	sub, err := s.store.CancelSubscription(r.Context(), currentUser(r).ID, s.pay)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"subscription": s.toSubscriptionJSON(sub),
		"message": "Your subscription is cancelled. It stays active until " + sub.EndedAt.Format("January 2, 2006") + "."})
}

func (s *server) resumeSubscription(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, billingLimit(r)) {
		return
	}
	sub, err := s.store.ResumeSubscription(r.Context(), currentUser(r).ID, s.pay)
	s.answer(w, r, err, map[string]any{"subscription": s.toSubscriptionJSON(sub), "message": "Your subscription is active again"})
}

// validatePromoCode is POST /subscriptions/validate-promo-code {"code"}:
// {"data": {"valid": true, "code", "percentOff" | "amountOff", "currency",
// "duration", "durationInMonths"?}}, or 422 with a message on field code.
func (s *server) validatePromoCode(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Code string `json:"code"`
	}
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, promoLimit(r)) {
		return
	}
	p, err := s.store.ValidatePromoCode(r.Context(), in.Code, "code")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := map[string]any{"valid": true, "code": p.Code, "currency": p.Currency, "duration": p.Duration}
	if p.PercentOff != nil {
		out["percentOff"] = *p.PercentOff
	} else if p.AmountOff != nil {
		out["amountOff"] = *p.AmountOff
	}
	if p.DurationInMonths != nil {
		out["durationInMonths"] = *p.DurationInMonths
	}
	respond(w, http.StatusOK, out)
}
