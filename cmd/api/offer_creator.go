package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// brandOfferUpdate is the body of PATCH /campaigns/{id}/offers: the
// administrator's update-offer body without the campaign (it is in the path).
type brandOfferUpdate struct {
	Entries           []store.OfferChange `json:"entries"`
	ConfirmOverBudget bool                `json:"confirmOverBudget"`
}

// updateBrandOffers is PATCH /campaigns/{id}/offers {"entries": [{"entryId",
// "status"?, "amount"?, "note"?}]}: the brand's moves (BRAND_ADMIN,
// BRAND_MANAGER of the campaign's brand), all or nothing; {"data":
// {"entries", "message"}} as the administrator's update-offer.
func (s *server) updateBrandOffers(w http.ResponseWriter, r *http.Request) {
	var in brandOfferUpdate
	if !s.decode(w, r, &in) {
		return
	}
	u := store.OfferUpdate{CampaignID: chi.URLParam(r, "id"), Entries: in.Entries, ConfirmOverBudget: in.ConfirmOverBudget}
	raw, err := s.store.UpdateBrandOffers(r.Context(), currentUser(r), u, jobs.NewOfferSendMailTask)
	s.answer(w, r, err, map[string]any{"entries": json.RawMessage(raw), "message": "Offers updated"})
}

// listCreatorOffers is GET /offers?status&page&limit: the creator's offers,
// newest first; {"data": {"offers", "total", "page", "limit"}}.
func (s *server) listCreatorOffers(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	page, limit := p.int("page"), p.int("limit")
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	list, page, limit, err := s.store.CreatorOffers(r.Context(), currentUser(r), p.q.Get("status"), page, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "offers", list, page, limit)
}

// getCreatorOffer is GET /offers/{id}: {"data": {"offer"}}; another
// creator's offer is a 404.
func (s *server) getCreatorOffer(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.CreatorOffer(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	s.answer(w, r, err, map[string]any{"offer": json.RawMessage(raw)})
}

// offerAnswer is the body of the creator's answers; each call reads its fields.
type offerAnswer struct {
	Reason  *string       `json:"reason"`
	Amount  *store.Number `json:"amount"`
	Message *string       `json:"message"`
}

// answerOffer makes the creator's move to on offer {id}; {"data": {"offer", "message"}}.
func (s *server) answerOffer(w http.ResponseWriter, r *http.Request, to string, in offerAnswer, done string) {
	note := in.Message
	if to == store.OfferDeclined {
		note = in.Reason
	}
	raw, err := s.store.AnswerOffer(r.Context(), currentUser(r), chi.URLParam(r, "id"), to, in.Amount, note, jobs.NewOfferSendMailTask)
	s.answer(w, r, err, map[string]any{"offer": json.RawMessage(raw), "message": done})
}

// acceptOffer is POST /offers/{id}/accept (no body).
func (s *server) acceptOffer(w http.ResponseWriter, r *http.Request) {
	s.answerOffer(w, r, store.OfferAccepted, offerAnswer{}, "Offer accepted")
}

// declineOffer is POST /offers/{id}/decline {"reason"}.
func (s *server) declineOffer(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reason *string `json:"reason"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	s.answerOffer(w, r, store.OfferDeclined, offerAnswer{Reason: in.Reason}, "Offer declined")
}

// counterOffer is POST /offers/{id}/counter {"amount", "message"?}.
func (s *server) counterOffer(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Amount  *store.Number `json:"amount"`
		Message *string       `json:"message"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	if in.Amount == nil {
		const msg = "Enter the amount you ask for"
		s.writeError(w, r, &store.Error{Code: store.EINVALID, Message: msg, Fields: map[string]string{"amount": msg}})
		return
	}
	s.answerOffer(w, r, store.OfferCountered, offerAnswer{Amount: in.Amount, Message: in.Message}, "Counter sent")
}
