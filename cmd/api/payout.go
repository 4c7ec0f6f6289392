package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"mime"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// Payouts: the platform charges the brand when an offer is accepted and
// transfers to the creator after the tagged post is captured and the
// review window passes. Another brand's or creator's payment is a 404; a
// BRAND_VIEWER never moves money (403); amounts are integer cents.

var (
	brandRoles      = []string{store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}
	brandMoneyRoles = []string{store.RoleBrandAdmin, store.RoleBrandManager}
)

// limitPayoutMoves bounds a user's calls that reach the provider or move
// money (set up, login links, cards, objections, decisions): 30 at once,
// then one every two minutes.
var limitPayoutMoves = redis_rate.Limit{Rate: 30, Burst: 30, Period: time.Hour}

func payoutLimit(r *http.Request) rateKey {
	return rateKey{"payout:user:" + currentUser(r).ID, limitPayoutMoves}
}

// payoutRoutes mounts the provider's Connect webhook (public, signed) and
// the payout calls.
func (s *server) payoutRoutes(public, signedIn chi.Router) {
	// payout_reconciliation_mismatches: the open mismatches the nightly reconciliation found.
	_ = s.metrics.registry.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "payout_reconciliation_mismatches",
		Help: "Open differences between the payment provider and the payouts ledger."}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := s.store.OpenMismatches(ctx)
		if err != nil {
			return -1
		}
		return float64(n)
	}))
	public.Post("/payouts/webhook", s.payoutWebhook)
	signedIn.With(s.allow(store.RoleUser)).Get("/payouts/account", s.getPayoutAccount)
	signedIn.With(s.allow(store.RoleUser)).Post("/payouts/account", s.setUpPayouts)
	signedIn.With(s.allow(store.RoleUser)).Post("/payouts/account/login-link", s.payoutLoginLink)
	signedIn.With(s.allow(store.RoleAdmin)).Get("/payouts/accounts/{userId}", s.adminPayoutAccount)
	signedIn.With(s.allow(store.RoleUser, store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)).
		Get("/payouts/offers/{entryId}", s.getPayment)
	signedIn.With(s.allow(brandMoneyRoles...)).Post("/payouts/offers/{entryId}/objection", s.objectPayment)
	signedIn.With(s.allow(store.RoleAdmin)).Post("/payouts/offers/{entryId}/decision", s.decidePayment)
	signedIn.With(s.allow(store.RoleAdmin, store.RoleBrandAdmin)).Post("/payouts/offers/{entryId}/approval", s.approvePayment)
	signedIn.With(s.allow(store.RoleAdmin, store.RoleBrandAdmin)).Post("/payouts/offers/{entryId}/retry", s.retryPayment)
	signedIn.With(s.allow(store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager)).Post("/payouts/offers/{entryId}/cancel", s.cancelPayment)
	signedIn.With(s.allow(brandMoneyRoles...)).Post("/payouts/offers/{entryId}/authentication", s.startAuthentication)
	signedIn.With(s.allow(brandMoneyRoles...)).Post("/payouts/offers/{entryId}/authentication/result", s.finishAuthentication)
	signedIn.With(s.allow(brandRoles...)).Get("/payouts/brand/cards", s.listBrandCards)
	signedIn.With(s.allow(store.RoleBrandAdmin)).Post("/payouts/brand/cards", s.addBrandCard)
	signedIn.With(s.allow(store.RoleBrandAdmin)).Delete("/payouts/brand/cards/{id}", s.removeBrandCard)
	signedIn.With(s.allow(brandRoles...)).Get("/payouts/brand/settings", s.getBrandPayoutSettings)
	signedIn.With(s.allow(store.RoleBrandAdmin)).Put("/payouts/brand/settings", s.setBrandPayoutSettings)
	signedIn.With(s.allow(store.RoleAdmin)).Get("/payouts/board", s.paymentsBoard)
	signedIn.With(s.allow(store.RoleUser)).Get("/payouts/earnings", s.creatorEarnings)
	signedIn.With(s.allow(store.RoleUser)).Get("/payouts/earnings.csv", s.creatorEarningsCSV)
	signedIn.With(s.allow(brandRoles...)).Get("/payouts/spend", s.brandSpend)
	signedIn.With(s.allow(brandRoles...)).Get("/payouts/spend.csv", s.brandSpendCSV)
	signedIn.With(s.allow(store.RoleUser, store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)).
		Get("/payouts/brands/{brandId}/pays-on-time", s.brandPaysOnTime)
}

// payoutWebhook is POST /payouts/webhook, called by the provider for
// Connect events (account.updated, transfer.*, payout.*) and the
// platform's payment events (payment_intent.*, charge.refunded,
// charge.dispute.created). It is verified like the billing webhook, with
// the Connect endpoint's secret; a verified event is stored once per id
// with its payout:event task and answered at once.
func (s *server) payoutWebhook(w http.ResponseWriter, r *http.Request) {
	secret := s.cfg.Payout.ConnectWebhookSecret
	if secret == "" {
		secret = s.cfg.StripeWebhookSecret + "-connect" // never verifies with an empty key
	}
	ev, payload, ok := verifiedEvent(w, r, secret)
	if !ok {
		return
	}
	added, err := s.store.RecordPayoutEvent(r.Context(), store.PaymentEvent{ID: ev.ID, Type: string(ev.Type), Payload: payload,
		ProviderAt: time.Unix(ev.Created, 0).UTC()}, ev.Account, jobs.NewPayoutEventTask(ev.ID))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"received": true, "duplicate": !added})
}

// payouts is the provider client's payout side.
func (s *server) payouts() store.PayoutProvider {
	p, _ := s.pay.(store.PayoutProvider)
	return p
}

// payoutReturnURL is the payouts page the provider's onboarding sends the
// creator back to.
func (s *server) payoutReturnURL() string { return s.cfg.PublicURL + "/account-settings/payouts" }

// getPayoutAccount is GET /payouts/account (?refresh=1 reads the account
// from the provider first, as the return page does).
func (s *server) getPayoutAccount(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if r.URL.Query().Get("refresh") == "1" {
		if !s.rateLimit(w, r, payoutLimit(r)) {
			return
		}
		a, err := s.store.RefreshPayoutAccount(r.Context(), u.ID, s.payouts())
		s.answer(w, r, err, map[string]any{"account": a})
		return
	}
	a, err := s.store.GetPayoutAccount(r.Context(), u.ID)
	s.answer(w, r, err, map[string]any{"account": a})
}

// setUpPayouts is POST /payouts/account: the connected account (made once)
// and the provider's onboarding link.
func (s *server) setUpPayouts(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	ret := s.payoutReturnURL()
	a, url, err := s.store.SetUpPayouts(r.Context(), currentUser(r), s.payouts(), ret+"?refresh=1", ret+"?returned=1")
	s.answer(w, r, err, map[string]any{"account": a, "url": url})
}

// payoutLoginLink is POST /payouts/account/login-link.
func (s *server) payoutLoginLink(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	url, err := s.store.PayoutLoginLink(r.Context(), currentUser(r).ID, s.payouts())
	s.answer(w, r, err, map[string]any{"url": url})
}

// adminPayoutAccount is GET /payouts/accounts/{userId}: an ADMIN reads a
// creator's payouts state, never changes it.
func (s *server) adminPayoutAccount(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "userId")
	if uuid.Validate(id) != nil {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, "User not found"))
		return
	}
	a, err := s.store.GetPayoutAccount(r.Context(), id)
	s.answer(w, r, err, map[string]any{"account": a})
}

func (s *server) getPayment(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.PaymentOf(r.Context(), currentUser(r), chi.URLParam(r, "entryId"))
	s.answer(w, r, err, map[string]any{"payment": p})
}

// answerPayment answers a move on a payment with the payment as the caller sees it.
func (s *server) answerPayment(w http.ResponseWriter, r *http.Request, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.getPayment(w, r)
}

type reasonBody struct {
	Reason string `json:"reason"`
}

func (s *server) objectPayment(w http.ResponseWriter, r *http.Request) {
	var in reasonBody
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	_, err := s.store.ObjectPayout(r.Context(), currentUser(r), chi.URLParam(r, "entryId"), in.Reason)
	s.answerPayment(w, r, err)
}

func (s *server) decidePayment(w http.ResponseWriter, r *http.Request) {
	var in store.PayoutDecision
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	_, err := s.store.DecidePayout(r.Context(), currentUser(r), chi.URLParam(r, "entryId"), in)
	s.answerPayment(w, r, err)
}

func (s *server) approvePayment(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	_, err := s.store.ApprovePayout(r.Context(), currentUser(r), chi.URLParam(r, "entryId"))
	s.answerPayment(w, r, err)
}

func (s *server) retryPayment(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	_, err := s.store.RetryFunding(r.Context(), currentUser(r), chi.URLParam(r, "entryId"))
	s.answerPayment(w, r, err)
}

func (s *server) cancelPayment(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	_, err := s.store.CancelUndelivered(r.Context(), currentUser(r), chi.URLParam(r, "entryId"))
	s.answerPayment(w, r, err)
}

func (s *server) listBrandCards(w http.ResponseWriter, r *http.Request) {
	cards, err := s.store.ListBrandCards(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"cards": cards})
}

// addBrandCard is POST /payouts/brand/cards {"id": payment method id}: 201.
func (s *server) addBrandCard(w http.ResponseWriter, r *http.Request) {
	var in idBody
	u := currentUser(r)
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, rateKey{"card:user:" + u.ID, limitCardAdd}) {
		return
	}
	card, err := s.store.AddBrandCard(r.Context(), u, in.ID, s.pay)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cards, err := s.store.ListBrandCards(r.Context(), u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"card": card, "cards": cards, "message": "Card added"})
}

func (s *server) removeBrandCard(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	u := currentUser(r)
	if err := s.store.RemoveBrandCard(r.Context(), u, chi.URLParam(r, "id"), s.pay); err != nil {
		s.writeError(w, r, err)
		return
	}
	cards, err := s.store.ListBrandCards(r.Context(), u)
	s.answer(w, r, err, map[string]any{"cards": cards, "message": "Card removed"})
}

func (s *server) getBrandPayoutSettings(w http.ResponseWriter, r *http.Request) {
	st, err := s.store.GetBrandPayoutSettings(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"settings": st})
}

type limitBody struct {
	ManagerMonthlyLimit *int64 `json:"managerMonthlyLimit"`
}

func (s *server) setBrandPayoutSettings(w http.ResponseWriter, r *http.Request) {
	var in limitBody
	if !s.decode(w, r, &in) {
		return
	}
	st, err := s.store.SetManagerLimit(r.Context(), currentUser(r), in.ManagerMonthlyLimit)
	s.answer(w, r, err, map[string]any{"settings": st})
}

// paymentsBoard is GET /payouts/board (?state, page, limit).
func (s *server) paymentsBoard(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	page, limit := p.int("page"), p.int("limit")
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	rows, total, mism, err := s.store.PaymentsBoard(r.Context(), currentUser(r), p.q.Get("state"), page, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, limit = store.PagingDefaults(page, limit)
	respond(w, http.StatusOK, map[string]any{"payments": rows, "total": total, "page": page, "limit": limit, "mismatches": mism})
}

func (s *server) creatorEarnings(w http.ResponseWriter, r *http.Request) {
	e, err := s.store.CreatorEarnings(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"earnings": e})
}

// cents writes an amount of cents as dollars with two decimals.
func cents(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// csvTime writes a time as RFC 3339, "" for none.
func csvTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// writeCSV answers rows as the CSV file name.
func writeCSV(w http.ResponseWriter, name string, rows [][]string) {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	cw := csv.NewWriter(w)
	_ = cw.WriteAll(rows)
}

// creatorEarningsCSV is GET /payouts/earnings.csv: one row per payment.
func (s *server) creatorEarningsCSV(w http.ResponseWriter, r *http.Request) {
	e, err := s.store.CreatorEarnings(r.Context(), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"campaign", "brand", "state", "amount_usd", "paid_usd", "funded_at", "transferred_at"}}
	for _, p := range e.Payments {
		rows = append(rows, []string{csvCell(p.CampaignName), csvCell(p.BrandName), p.State, cents(p.Amount), cents(p.Paid),
			csvTime(p.FundedAt), csvTime(p.TransferredAt)})
	}
	writeCSV(w, "earnings.csv", rows)
}

func (s *server) brandSpend(w http.ResponseWriter, r *http.Request) {
	sp, err := s.store.BrandSpendOf(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"spend": sp})
}

// brandSpendCSV is GET /payouts/spend.csv: one row per campaign.
func (s *server) brandSpendCSV(w http.ResponseWriter, r *http.Request) {
	sp, err := s.store.BrandSpendOf(r.Context(), currentUser(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"campaign", "committed_usd", "paid_usd", "refunded_usd", "fees_usd"}}
	for _, c := range sp.Campaigns {
		rows = append(rows, []string{csvCell(c.CampaignName), cents(c.Committed), cents(c.Paid), cents(c.Refunded), cents(c.Fees)})
	}
	writeCSV(w, "spend.csv", rows)
}

func (s *server) brandPaysOnTime(w http.ResponseWriter, r *http.Request) {
	rec, err := s.store.BrandPaysOnTime(r.Context(), currentUser(r), chi.URLParam(r, "brandId"))
	s.answer(w, r, err, map[string]any{"record": rec})
}
