package jobs

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// TypeCampaignExportPDF makes a campaign's results as a PDF on the server
// and stores it as a file the brand downloads by a signed link.
const TypeCampaignExportPDF = "campaign:export_pdf"

// campaignExportPDF runs on the default queue: a brand waits for it.
var campaignExportPDF = TaskType{Name: TypeCampaignExportPDF, Queue: QueueDefault, MaxRetry: 3, Timeout: 2 * time.Minute,
	Handle: (*Handler).HandleCampaignExportPDF}

// CampaignExportPDFPayload names the job, its owner and the campaign.
type CampaignExportPDFPayload struct {
	JobID      string `json:"jobId"`
	OwnerID    string `json:"ownerId"`
	CampaignID string `json:"campaignId"`
}

// NewCampaignExportPDFTask returns the outbox task of PDF job jobID.
func NewCampaignExportPDFTask(jobID, ownerID, campaignID string) store.Task {
	return newTask("campaign:export_pdf:"+jobID, campaignExportPDF,
		CampaignExportPDFPayload{JobID: jobID, OwnerID: ownerID, CampaignID: campaignID})
}

// CampaignResultsPDF is the result of a succeeded PDF job: the stored file's
// key and name. The api adds a fresh signed link (url, expiresAt) when it
// answers the job.
type CampaignResultsPDF struct {
	FileID string `json:"fileId"`
	Name   string `json:"name"`
}

// pdfSteps are the PDF job's steps: read the results, draw, store.
const pdfSteps = 3

// HandleCampaignExportPDF reads the campaign's results (the one results
// statement), draws the PDF, stores it under files/ and records it as a
// file of the job's owner, reporting each step. A finished job is not run
// again; a retry after the bytes were stored leaves them to the file purge.
// A campaign deleted since the request fails the job.
func (h *Handler) HandleCampaignExportPDF(ctx context.Context, t *asynq.Task) error {
	var p CampaignExportPDFPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if ok, err := h.Store.StartJob(ctx, p.JobID); err != nil || !ok {
		return err
	}
	step := func(n int) { _ = h.Store.ReportJob(ctx, p.JobID, store.JobProgress{Total: pdfSteps, Processed: n}) }
	res, err := h.Store.CampaignResultsOf(ctx, p.CampaignID)
	if store.ErrorCode(err) == store.ENOTFOUND {
		return h.Store.FinishJob(ctx, p.JobID, store.JobProgress{Total: pdfSteps}, nil, err)
	}
	if err != nil {
		return err
	}
	step(1)
	var buf bytes.Buffer
	if err := ResultsPDF(res, h.Store.Now()).Output(&buf); err != nil {
		return fmt.Errorf("draw results pdf: %w", err)
	}
	step(2)
	key := store.NewFileKey("pdf")
	size, err := h.blobs().Put(ctx, FileKey(key), bytes.NewReader(buf.Bytes()))
	if err != nil {
		return fmt.Errorf("store results pdf: %w", err)
	}
	name := ResultsFileName(res.Campaign.CampaignName, "pdf")
	if err := h.Store.CreateExportFile(ctx, p.OwnerID, p.CampaignID, key, name, "application/pdf", size); err != nil {
		return err
	}
	return h.Store.FinishJob(ctx, p.JobID, store.JobProgress{Total: pdfSteps, Processed: pdfSteps},
		CampaignResultsPDF{FileID: key, Name: name}, nil)
}

var fileNameJunk = regexp.MustCompile(`[^a-z0-9]+`)

// ResultsFileName is the download name of a campaign's results:
// "autumn-lookbook-results.<ext>".
func ResultsFileName(campaign, ext string) string {
	slug := strings.Trim(fileNameJunk.ReplaceAllString(strings.ToLower(campaign), "-"), "-")
	if slug == "" {
		slug = "campaign"
	}
	return slug + "-results." + ext
}

// ResultsPDF draws the results: the campaign, the totals with their basis
// and the per-creator table, in the embedded UTF-8 font (pdffont): every
// name prints as typed.
func ResultsPDF(r *store.CampaignResults, now time.Time) *fpdf.Fpdf {
	pdf := fpdf.New("L", "mm", "A4", "")
	pdffont.Add(pdf)
	tr := func(s string) string { return s }
	pdf.SetTitle(r.Campaign.CampaignName+" results", true)
	pdf.SetCreator("Creator Coach", true)
	pdf.SetCreationDate(now)
	pdf.SetAutoPageBreak(true, 12)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-10)
		pdf.SetFont(pdffont.Family, "", 8)
		pdf.CellFormat(0, 5, tr(fmt.Sprintf("%s · page %d", r.Campaign.CampaignName, pdf.PageNo())), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()

	pdf.SetFont(pdffont.Family, "B", 18)
	pdf.CellFormat(0, 10, tr(r.Campaign.CampaignName+" — results"), "", 1, "L", false, 0, "")
	pdf.SetFont(pdffont.Family, "", 10)
	asOf := "no post captured yet"
	if r.AsOf != nil {
		asOf = r.AsOf.UTC().Format("2 Jan 2006 15:04 UTC")
	}
	tag := "none"
	if r.Campaign.TrackingTag != "" {
		tag = "#" + r.Campaign.TrackingTag
	}
	for _, line := range []string{
		fmt.Sprintf("Brand: %s   Status: %s   Dates: %s to %s   Budget: $%s", r.Campaign.BrandName, r.Campaign.Status,
			r.Campaign.StartDate, r.Campaign.EndDate, formatMoney(r.Campaign.Budget)),
		fmt.Sprintf("Tracking tag: %s   Figures as of: %s", tag, asOf),
		"Measured: read from the creators' connected accounts. Derived: computed from measured figures. n/a: not reported.",
	} {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.Ln(3)

	pdf.SetFont(pdffont.Family, "B", 12)
	pdf.CellFormat(0, 8, "Totals", "", 1, "L", false, 0, "")
	t := r.Totals
	totals := []struct {
		label    string
		fig      store.ResultFigure
		decimals int
		money    bool
	}{
		{"Posts", t.Posts, 0, false}, {"Creators live", t.CreatorsLive, 0, false}, {"Views", t.Views, 0, false},
		{"Likes", t.Likes, 0, false}, {"Comments", t.Comments, 0, false}, {"Shares", t.Shares, 0, false},
		{"Reach", t.Reach, 0, false}, {"Engagements", t.Engagements, 0, false},
		{"Engagement rate (%)", t.EngagementRate, 2, false}, {"Spend", t.Spend, 2, true}, {"CPM", t.CPM, 2, true},
		{"CPE", t.CPE, 2, true}, {"Cost per view", t.CostPerView, 4, true},
	}
	pdf.SetFont(pdffont.Family, "B", 9)
	pdf.SetFillColor(235, 235, 240)
	for _, h := range [][2]any{{"Figure", 50.0}, {"Value", 40.0}, {"Basis", 35.0}, {"How", 152.0}} {
		pdf.CellFormat(h[1].(float64), 7, h[0].(string), "1", 0, "L", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont(pdffont.Family, "", 9)
	for _, row := range totals {
		v := row.fig.String(row.decimals)
		if row.money && row.fig.Value != nil {
			v = "$" + v
		}
		how := row.fig.Formula
		if row.fig.Reason != "" {
			how = row.fig.Reason
		}
		pdf.CellFormat(50, 6, tr(row.label), "1", 0, "L", false, 0, "")
		pdf.CellFormat(40, 6, tr(v), "1", 0, "R", false, 0, "")
		pdf.CellFormat(35, 6, tr(row.fig.Basis), "1", 0, "L", false, 0, "")
		pdf.CellFormat(152, 6, tr(how), "1", 1, "L", false, 0, "")
	}
	pdf.Ln(4)

	pdf.SetFont(pdffont.Family, "B", 12)
	pdf.CellFormat(0, 8, fmt.Sprintf("Creators (%d)", len(r.Creators)), "", 1, "L", false, 0, "")
	cols := []struct {
		name  string
		width float64
		align string
	}{{"Creator", 55, "L"}, {"Handle", 40, "L"}, {"Platform", 24, "L"}, {"Offer", 22, "L"}, {"Fee", 24, "R"},
		{"Posts", 14, "R"}, {"Views", 24, "R"}, {"Likes", 20, "R"}, {"Comments", 20, "R"}, {"Shares", 18, "R"},
		{"ER %", 16, "R"}}
	header := func() {
		pdf.SetFont(pdffont.Family, "B", 9)
		for _, c := range cols {
			pdf.CellFormat(c.width, 7, c.name, "1", 0, c.align, true, 0, "")
		}
		pdf.Ln(-1)
		pdf.SetFont(pdffont.Family, "", 9)
	}
	header()
	for _, c := range r.Creators {
		if pdf.GetY() > 190 {
			pdf.AddPage()
			header()
		}
		fee := "n/a"
		if c.Fee != nil {
			fee = "$" + formatMoney(*c.Fee)
		}
		cells := []string{pdffont.Fit(pdf, tr(c.Name), 55), pdffont.Fit(pdf, tr(c.Handle), 40), store.PlatformNames[c.Platform], c.OfferStatus, fee,
			fmt.Sprint(len(c.Posts)), c.Views.String(0), c.Likes.String(0), c.Comments.String(0), c.Shares.String(0),
			c.EngagementRate.String(2)}
		for i, col := range cols {
			pdf.CellFormat(col.width, 6, cells[i], "1", 0, col.align, false, 0, "")
		}
		pdf.Ln(-1)
	}
	if len(r.Creators) == 0 {
		pdf.CellFormat(0, 6, "No accepted offers yet.", "", 1, "L", false, 0, "")
	}
	return pdf
}

// formatMoney writes dollars with two decimals and thousands separators: 12,500.00.
func formatMoney(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String() + "." + frac
	}
	return b.String() + "." + frac
}
