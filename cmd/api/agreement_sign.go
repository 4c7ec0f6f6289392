package main

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// Signing's limits: codes per account (each mails), and the guardian's
// public link per client network.
var (
	limitAgreementCodes  = redis_rate.PerMinute(5)
	limitGuardianPerIP   = redis_rate.PerMinute(20)
	agreementReaders     = []string{store.RoleUser, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer, store.RoleAdmin}
	agreementSignerRoles = []string{store.RoleUser, store.RoleBrandAdmin, store.RoleBrandManager}
)

// agreementRoutes registers the offer's agreement, its events, the signing
// code and the signature, and the guardian's public link.
func (s *server) agreementRoutes(public, signedIn chi.Router) {
	signedIn.With(s.allow(agreementReaders...)).Get("/offers/{id}/agreement", s.getAgreement)
	signedIn.With(s.allow(agreementReaders...)).Get("/offers/{id}/agreement/events", s.getAgreementEvents)
	signedIn.With(s.allow(store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer, store.RoleAdmin)).
		Get("/campaigns/{id}/agreements", s.getCampaignAgreements)
	signedIn.With(s.allow(agreementSignerRoles...)).Post("/offers/{id}/agreement/code", s.requestAgreementCode)
	signedIn.With(s.allow(agreementSignerRoles...)).Post("/offers/{id}/agreement/sign", s.signAgreement)
	public.Get("/guardian/{token}", s.getGuardianAgreement)
	public.Post("/guardian/{token}/sign", s.signGuardianAgreement)
}

// requestMeta is where a request came from, for signatures and the audit log.
func requestMeta(r *http.Request) store.RequestMeta {
	return store.RequestMeta{IP: clientIP(r), UserAgent: r.UserAgent()}
}

// getAgreement is GET /offers/{id}/agreement: {"data": {"agreement"}}.
func (s *server) getAgreement(w http.ResponseWriter, r *http.Request) {
	a, err := s.store.Agreement(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"agreement": a})
}

// getCampaignAgreements is GET /campaigns/{id}/agreements: {"data":
// {"agreements"}}, every offer's agreement summary in one call (the roster).
func (s *server) getCampaignAgreements(w http.ResponseWriter, r *http.Request) {
	a, err := s.store.CampaignAgreementSummaries(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"agreements": a})
}

// getAgreementEvents is GET /offers/{id}/agreement/events: {"data": {"events"}}.
func (s *server) getAgreementEvents(w http.ResponseWriter, r *http.Request) {
	evs, err := s.store.AgreementEvents(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"events": evs})
}

// requestAgreementCode is POST /offers/{id}/agreement/code: 202 {"data":
// {"sentTo"}}; the code is mailed through the outbox.
func (s *server) requestAgreementCode(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"agreement-code:user:" + u.ID, limitAgreementCodes}) {
		return
	}
	to, err := s.store.RequestAgreementCode(r.Context(), u, chi.URLParam(r, "id"), jobs.NewSendOTPTask(), requestMeta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"sentTo": to})
}

// signAgreement is POST /offers/{id}/agreement/sign: the signature; the
// last required one accepts the offer. {"data": {"agreement"}}.
func (s *server) signAgreement(w http.ResponseWriter, r *http.Request) {
	var in store.AgreementSignInput
	if !s.decode(w, r, &in) {
		return
	}
	a, err := s.store.SignAgreement(r.Context(), currentUser(r), chi.URLParam(r, "id"), in, requestMeta(r), jobs.AgreementTasks())
	s.answer(w, r, err, map[string]any{"agreement": a})
}

// getGuardianAgreement is GET /guardian/{token}, public: {"data": {"guardian"}}.
func (s *server) getGuardianAgreement(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"guardian:ip:" + clientNet(r), limitGuardianPerIP}) {
		return
	}
	g, err := s.store.GuardianAgreementOf(r.Context(), chi.URLParam(r, "token"))
	s.answer(w, r, err, map[string]any{"guardian": g})
}

// signGuardianAgreement is POST /guardian/{token}/sign {"fullName",
// "consent"}, public: {"data": {"signed": true}}.
func (s *server) signGuardianAgreement(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"guardian:ip:" + clientNet(r), limitGuardianPerIP}) {
		return
	}
	var in struct {
		FullName string `json:"fullName"`
		Consent  bool   `json:"consent"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	err := s.store.SignAsGuardian(r.Context(), chi.URLParam(r, "token"), in.FullName, in.Consent, requestMeta(r), jobs.AgreementTasks())
	s.answer(w, r, err, map[string]any{"signed": true})
}
