package main

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"creatorcoach/store"
)

// Campaign role groups: BRAND_ADMIN and BRAND_MANAGER change campaigns;
// they, BRAND_VIEWER and ADMIN read them. USER gets 403 on every call.
var (
	campaignEditors = []string{store.RoleBrandAdmin, store.RoleBrandManager}
	campaignReaders = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer}
)

// campaignRoutes registers the campaign calls. Another brand's campaign is a
// 404 on every call.
func (s *server) campaignRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(campaignEditors...)).Post("/campaigns/add-campaign", s.createCampaign)
	signedIn.With(s.allow(campaignEditors...)).Patch("/campaigns/update-campaign/{id}", s.updateCampaign)
	signedIn.With(s.allow(campaignEditors...)).Delete("/campaigns/{id}", s.deleteCampaign)
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/all-campaigns", s.listCampaigns)
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/summary", s.campaignSummary)
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/{id}", s.getCampaign)
}

// createCampaign is POST /campaigns/add-campaign: 201 {"data": {"campaign", "message"}}.
func (s *server) createCampaign(w http.ResponseWriter, r *http.Request) {
	var in store.Campaign
	if !s.decode(w, r, &in) {
		return
	}
	c, err := s.store.CreateCampaign(r.Context(), currentUser(r), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"campaign": s.signCampaign(c), "message": "Campaign created successfully"})
}

// updateCampaign is PATCH /campaigns/update-campaign/{id}: the body's fields
// are merged into the stored campaign (absent fields are kept).
func (s *server) updateCampaign(w http.ResponseWriter, r *http.Request) {
	var body json.RawMessage
	if !s.decode(w, r, &body) {
		return
	}
	c, err := s.store.UpdateCampaign(r.Context(), currentUser(r), chi.URLParam(r, "id"),
		func(c *store.Campaign) error { return json.Unmarshal(body, c) })
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"campaign": s.signCampaign(c), "message": "Campaign updated successfully"})
}

// deleteCampaign is DELETE /campaigns/{id}: a soft delete.
func (s *server) deleteCampaign(w http.ResponseWriter, r *http.Request) {
	if err := s.store.DeleteCampaign(r.Context(), currentUser(r), chi.URLParam(r, "id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, message("Campaign deleted successfully"))
}

// getCampaign is GET /campaigns/{id} with freshly signed attachment links.
func (s *server) getCampaign(w http.ResponseWriter, r *http.Request) {
	c, err := s.store.GetCampaign(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"campaign": s.signCampaign(c)})
}

// listCampaigns is GET /campaigns/all-campaigns?page&limit&search&status[&brandId for ADMIN].
func (s *server) listCampaigns(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	f := store.CampaignFilter{BrandID: p.q.Get("brandId"), Search: p.q.Get("search"), Status: p.q.Get("status")}
	f.Page, f.Limit = p.paging()
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.store.ListCampaigns(r.Context(), currentUser(r), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondPage(w, "campaigns", page, f.Page, f.Limit)
}

// campaignSummary is GET /campaigns/summary: the dashboard figures.
func (s *server) campaignSummary(w http.ResponseWriter, r *http.Request) {
	sum, err := s.store.SummarizeCampaigns(r.Context(), currentUser(r), r.URL.Query().Get("brandId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"summary": sum})
}

// signCampaign fills every attachment's url and expiresAt with a fresh signed link.
func (s *server) signCampaign(c *store.Campaign) *store.Campaign {
	for _, list := range [][]store.Attachment{c.BrandGuidelines, c.ReferenceContent} {
		for i := range list {
			url, exp := s.signFileURL(list[i].Key)
			list[i].URL, list[i].ExpiresAt = url, &exp
		}
	}
	return c
}
