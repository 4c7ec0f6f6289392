package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// offerRoutes mounts the ADMIN's offer pipeline and Mission Control figures.
func (s *server) offerRoutes(r chi.Router) {
	r.With(s.allow(store.RoleAdmin)).Patch("/admins/campaign/update-offer", s.updateOffers)
	r.With(s.allow(store.RoleAdmin)).Post("/admins/filter-campaign", s.filterCampaigns)
	r.With(s.allow(store.RoleAdmin)).Get("/admins/overview", s.adminOverview)
	r.With(s.allow(store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer)).Patch("/campaigns/{id}/offers", s.updateBrandOffers)
	r.With(s.allow(store.RoleUser)).Get("/offers", s.listCreatorOffers)
	r.With(s.allow(store.RoleUser)).Get("/offers/{id}", s.getCreatorOffer)
	r.With(s.allow(store.RoleUser)).Post("/offers/{id}/accept", s.acceptOffer)
	r.With(s.allow(store.RoleUser)).Post("/offers/{id}/decline", s.declineOffer)
	r.With(s.allow(store.RoleUser)).Post("/offers/{id}/counter", s.counterOffer)
	r.With(s.allow(store.RoleUser, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer, store.RoleAdmin)).
		Get("/offers/{id}/attachments/{key}", s.offerAttachmentLink)
}

// updateOffers is PATCH /admins/campaign/update-offer {"campaignId",
// "entries": [{"entryId", "status"?, "amount"?, "note"?}]}: all or nothing;
// {"data": {"entries": [updated entries], "message"}}.
func (s *server) updateOffers(w http.ResponseWriter, r *http.Request) {
	var in store.OfferUpdate
	if !s.decode(w, r, &in) {
		return
	}
	raw, err := s.store.UpdateOffers(r.Context(), currentUser(r), in, jobs.NewOfferSendMailTask)
	s.answer(w, r, err, map[string]any{"entries": json.RawMessage(raw), "message": "Offers updated"})
}

// filterCampaigns is POST /admins/filter-campaign?page&limit with the filter
// as body: {"data": {"campaigns", "total", "page", "limit"}}.
func (s *server) filterCampaigns(w http.ResponseWriter, r *http.Request) {
	var f store.OfferCampaignFilter
	if r.ContentLength != 0 && !s.decode(w, r, &f) {
		return
	}
	p := newQueryParams(r)
	f.Page, f.Limit = p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.store.FilterOfferCampaigns(r.Context(), &f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "campaigns", page, f.Page, f.Limit)
}

// adminOverview is GET /admins/overview: {"data": {"overview"}}, the ADMIN's
// Mission Control figures.
func (s *server) adminOverview(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.AdminOverview(r.Context(), currentUser(r))
	s.answer(w, r, err, map[string]any{"overview": json.RawMessage(raw)})
}
