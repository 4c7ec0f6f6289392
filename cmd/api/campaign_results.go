package main

import (
	"encoding/csv"
	"encoding/json"
	"mime"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// Limits of the results' calls: a PDF job stores bytes, and the public
// share link answers anyone who has its token.
var (
	limitResultsPDFPerUser = redis_rate.PerHour(20)
	limitShareViewsPerIP   = redis_rate.PerMinute(60)
)

// shareEditors make and revoke share links: the campaign's BRAND_ADMIN and
// BRAND_MANAGER (the store checks the brand), ADMIN.
var shareEditors = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager}

// campaignResultsRoutes registers a campaign's results, their exports and
// share links; the shared results (GET /share/{token}) need no bearer token.
func (s *server) campaignResultsRoutes(public, signedIn chi.Router) {
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/{id}/results", s.getCampaignResults)
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/{id}/results.csv", s.exportCampaignResultsCSV)
	signedIn.With(s.allow(campaignReaders...)).Post("/campaigns/{id}/results/pdf", s.exportCampaignResultsPDF)
	signedIn.With(s.allow(shareEditors...)).Post("/campaigns/{id}/share", s.createCampaignShare)
	signedIn.With(s.allow(campaignReaders...)).Get("/campaigns/{id}/share", s.getCampaignShare)
	signedIn.With(s.allow(shareEditors...)).Delete("/campaigns/{id}/share", s.revokeCampaignShare)
	public.Get("/share/{token}", s.getSharedResults)
}

// getCampaignResults is GET /campaigns/{id}/results: {"data": {"results"}},
// the results statement's JSON as Postgres wrote it.
func (s *server) getCampaignResults(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.CampaignResultsJSON(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondRaw(w, "results", raw)
}

// resultsCSVHeader is the CSV's first row.
var resultsCSVHeader = []string{"row", "creator", "handle", "platform", "offer status", "post link", "published at",
	"views", "likes", "comments", "shares", "reach", "engagements", "engagement per view", "fee", "usage", "as of"}

// exportCampaignResultsCSV is GET /campaigns/{id}/results.csv: a "campaign"
// row (the totals and the time the figures are as of), then per creator a
// "creator" row (their totals and their fee, once, so the fee column sums to
// the spend) followed by one "post" row per captured post (the post's own
// platform, readings and usage). Figures are written as the page and the
// PDF write them (store.FigureText); "n/a" for what is not reported; text
// cells formula-safe (csvCell).
func (s *server) exportCampaignResultsCSV(w http.ResponseWriter, r *http.Request) {
	res, err := s.store.CampaignResults(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment",
		map[string]string{"filename": jobs.ResultsFileName(res.Campaign.CampaignName, "csv")}))
	cw := csv.NewWriter(w)
	_ = cw.Write(resultsCSVHeader)
	for _, row := range resultsCSVRows(res) {
		_ = cw.Write(row)
	}
	cw.Flush()
}

// resultsCSVRows are the CSV's rows after its header.
func resultsCSVRows(res *store.CampaignResults) [][]string {
	t := res.Totals
	asOf := "not synced yet"
	if res.AsOf != nil {
		asOf = res.AsOf.UTC().Format(time.RFC3339)
	}
	rows := [][]string{{"campaign", csvCell(res.Campaign.CampaignName), "", "", "", "", "",
		t.Views.Text(store.KindCount), t.Likes.Text(store.KindCount), t.Comments.Text(store.KindCount),
		t.Shares.Text(store.KindCount), t.Reach.Text(store.KindCount), t.Engagements.Text(store.KindCount),
		t.EngagementPerView.Text(store.KindPercent), "", "", asOf}}
	for _, c := range res.Creators {
		fee := "n/a"
		if c.Fee != nil {
			fee = store.FigureText(*c.Fee, store.KindMoney)
		}
		var reach *int64
		var eng int64
		engKnown := false
		for _, p := range c.Posts {
			if p.Reach != nil {
				reach = ptr(deref(reach) + *p.Reach)
			}
			for _, v := range []*int64{p.Likes, p.Comments, p.Shares} {
				if v != nil {
					eng, engKnown = eng+*v, true
				}
			}
		}
		engText := "n/a"
		if engKnown {
			engText = store.CountText(eng)
		}
		name, handle := csvCell(c.Name), csvCell(c.Handle)
		rows = append(rows, []string{"creator", name, handle, store.PlatformNames[c.Platform], c.OfferStatus, "", "",
			c.Views.Text(store.KindCount), c.Likes.Text(store.KindCount), c.Comments.Text(store.KindCount),
			c.Shares.Text(store.KindCount), count(reach), engText, c.EngagementPerView.Text(store.KindPercent), fee, "", ""})
		for _, p := range c.Posts {
			usage := ""
			if p.Usage != nil {
				usage = p.Usage.Label
			}
			engText, perView := "n/a", "n/a"
			if p.Likes != nil || p.Comments != nil || p.Shares != nil {
				e := store.Engagements(deref(p.Likes), deref(p.Comments), deref(p.Shares))
				engText = store.CountText(e)
				if p.Views != nil {
					if v, ok := store.EngagementPerView(e, *p.Views); ok {
						perView = store.FigureText(v, store.KindPercent)
					}
				}
			}
			rows = append(rows, []string{"post", name, handle, store.PlatformNames[p.Platform], c.OfferStatus, csvCell(p.URL),
				p.PublishedAt.UTC().Format(time.RFC3339), count(p.Views), count(p.Likes), count(p.Comments), count(p.Shares),
				count(p.Reach), engText, perView, "", usage, ""})
		}
	}
	return rows
}

func deref(v *int64) int64 {
	if v == nil {
		return 0
	}
	return *v
}

func ptr[T any](v T) *T { return &v }

// count writes a reading with thousands separators, "n/a" when the platform does not report it.
func count(v *int64) string {
	if v == nil {
		return "n/a"
	}
	return store.CountText(*v)
}

// exportCampaignResultsPDF is POST /campaigns/{id}/results/pdf: 202 with
// the job (kind campaign_export_pdf); its result names the stored file.
func (s *server) exportCampaignResultsPDF(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	id := chi.URLParam(r, "id")
	if !s.rateLimit(w, r, rateKey{"results_pdf:user:" + u.ID, limitResultsPDFPerUser}) {
		return
	}
	job, err := s.store.RequestResultsPDF(r.Context(), u, id, func(jobID string) store.Task {
		return jobs.NewCampaignExportPDFTask(jobID, u.ID, id)
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusAccepted, map[string]any{"job": s.signJobFile(job)})
}

// signJobFile adds a fresh signed link (url, expiresAt) to the result of a
// succeeded job that made a file (campaign_export_pdf): the link is signed
// when the job is read, never stored.
func (s *server) signJobFile(j *store.Job) *store.Job {
	if j == nil || j.Kind != store.JobKindCampaignExportPDF || j.Status != "succeeded" || len(j.Result) == 0 {
		return j
	}
	var res map[string]any
	if err := json.Unmarshal(j.Result, &res); err != nil {
		return j
	}
	key, _ := res["fileId"].(string)
	if !store.ValidFileKey(key) {
		return j
	}
	url, exp := s.signFileURL(key)
	res["url"], res["expiresAt"] = url, exp
	if raw, err := json.Marshal(res); err == nil {
		j.Result = raw
	}
	return j
}

// createCampaignShare is POST /campaigns/{id}/share {"showFees"?,
// "expiresInDays"?}: 201 {"data": {"share": {token, url, expiresAt, showFees}}}.
// An empty body takes the defaults.
func (s *server) createCampaignShare(w http.ResponseWriter, r *http.Request) {
	var in store.ShareInput
	if r.ContentLength != 0 && !s.decode(w, r, &in) {
		return
	}
	sh, err := s.store.CreateShare(r.Context(), currentUser(r), chi.URLParam(r, "id"), in, s.cfg.PublicURL)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, map[string]any{"share": map[string]any{"token": sh.Token, "url": sh.URL,
		"expiresAt": sh.ExpiresAt, "showFees": sh.ShowFees}})
}

// getCampaignShare is GET /campaigns/{id}/share: the live link without its
// token, or null.
func (s *server) getCampaignShare(w http.ResponseWriter, r *http.Request) {
	sh, err := s.store.GetShare(r.Context(), currentUser(r), chi.URLParam(r, "id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var out any
	if sh != nil {
		out = map[string]any{"expiresAt": sh.ExpiresAt, "showFees": sh.ShowFees, "createdAt": sh.CreatedAt}
	}
	respond(w, http.StatusOK, map[string]any{"share": out})
}

// revokeCampaignShare is DELETE /campaigns/{id}/share: 204.
func (s *server) revokeCampaignShare(w http.ResponseWriter, r *http.Request) {
	if err := s.store.RevokeShare(r.Context(), currentUser(r), chi.URLParam(r, "id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// getSharedResults is the public GET /share/{token}: the results, fees
// hidden unless shown; one 404 for an unknown, expired or revoked token.
// Rate limited per client; never cached, never sent on as a referrer
// (securityHeaders sets no-referrer on /api/share/ and /share/).
func (s *server) getSharedResults(w http.ResponseWriter, r *http.Request) {
	if !s.rateLimit(w, r, rateKey{"share:ip:" + clientNet(r), limitShareViewsPerIP}) {
		return
	}
	raw, err := s.store.SharedResults(r.Context(), chi.URLParam(r, "token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respondRaw(w, "results", raw)
}
