package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// The bank's check (3-D Secure) of a funding, finished by the brand in the
// browser: the page asks for the payment's client secret, lets Stripe.js
// run the check, then asks the api to read the outcome from the provider.
// In the offline sandbox, whose stand-in runs no check, the page plays the
// bank and says how the check ended.

// errNoPayments answers when no payment provider can read the check.
var errNoPayments = store.Errorf(store.EUNAVAILABLE, "Payments are not available right now")

// paymentAction reads, for the caller who may finish it, the payment
// intent of the offer's funding that waits for the bank's check: its client
// secret and its outcome now. It answers the error itself (ok false).
func (s *server) paymentAction(w http.ResponseWriter, r *http.Request) (secret string, res store.FundingResult, ok bool) {
	p, err := s.store.PayoutAuthentication(r.Context(), currentUser(r), chi.URLParam(r, "entryId"))
	if err == nil {
		pay, _ := s.pay.(store.PaymentActionProvider)
		if pay == nil {
			err = errNoPayments
		} else {
			secret, res, err = pay.PaymentAction(r.Context(), p.PaymentIntentID)
		}
	}
	if err != nil {
		s.writeError(w, r, err)
		return "", store.FundingResult{}, false
	}
	return secret, res, true
}

// msgSandboxOutcome refuses a sandbox outcome where a real provider answers.
const msgSandboxOutcome = "The bank's check is read from the payment provider here"

// startAuthentication is POST /payouts/offers/{entryId}/authentication: the
// client secret of a payment that waits for the bank's check.
func (s *server) startAuthentication(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	secret, _, ok := s.paymentAction(w, r)
	if ok {
		respond(w, http.StatusOK, map[string]any{"clientSecret": secret, "sandbox": s.cfg.PaymentsSandbox()})
	}
}

// authenticationResult is the body of the check's result: sandboxOutcome
// (succeeded or failed) only in the offline sandbox.
type authenticationResult struct {
	SandboxOutcome string `json:"sandboxOutcome"`
}

// finishAuthentication is POST /payouts/offers/{entryId}/authentication/result:
// the outcome of the bank's check as the provider reports it now (the
// sandbox's as the page says), recorded; it answers the payment.
func (s *server) finishAuthentication(w http.ResponseWriter, r *http.Request) {
	var in authenticationResult
	if !s.decode(w, r, &in) || !s.rateLimit(w, r, payoutLimit(r)) {
		return
	}
	switch {
	case in.SandboxOutcome != "" && !s.cfg.PaymentsSandbox():
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: msgSandboxOutcome, Fields: map[string]string{"sandboxOutcome": msgSandboxOutcome}})
		return
	case in.SandboxOutcome != "" && in.SandboxOutcome != store.FundingSucceeded && in.SandboxOutcome != store.FundingFailed:
		msg := "Choose succeeded or failed"
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: msg, Fields: map[string]string{"sandboxOutcome": msg}})
		return
	}
	_, res, ok := s.paymentAction(w, r)
	if !ok {
		return
	}
	switch in.SandboxOutcome {
	case store.FundingSucceeded:
		res.Status, res.Failure = store.FundingSucceeded, ""
	case store.FundingFailed:
		res.Status, res.Failure = store.FundingFailed, "Your bank did not confirm the payment."
	}
	_, err := s.store.FinishAuthentication(r.Context(), currentUser(r), chi.URLParam(r, "entryId"), res)
	s.answerPayment(w, r, err)
}
