package jobs

import (
	"bytes"
	"context"
	"fmt"
	"math"
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
	budget := "n/a"
	if r.Campaign.Budget != nil {
		budget = store.FigureText(*r.Campaign.Budget, store.KindMoney)
	}
	lines := []string{
		fmt.Sprintf("Brand: %s   Status: %s   Dates: %s to %s   Budget: %s", r.Campaign.BrandName, r.Campaign.Status,
			r.Campaign.StartDate, r.Campaign.EndDate, budget),
		fmt.Sprintf("Tracking tag: %s   Figures as of: %s", tag, asOf),
	}
	if line := SpendAgainstBudget(r); line != "" {
		lines = append(lines, line)
	}
	lines = append(lines, "Measured: read from the creators' connected accounts. Derived: computed from measured figures. n/a: not reported.")
	for _, line := range lines {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.Ln(3)

	pdf.SetFont(pdffont.Family, "B", 12)
	pdf.CellFormat(0, 8, "Totals", "", 1, "L", false, 0, "")
	pdf.SetFont(pdffont.Family, "B", 9)
	pdf.SetFillColor(235, 235, 240)
	for _, h := range [][2]any{{"Figure", 50.0}, {"Value", 40.0}, {"Basis", 35.0}, {"How", 152.0}} {
		pdf.CellFormat(h[1].(float64), 7, h[0].(string), "1", 0, "L", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont(pdffont.Family, "", 9)
	for _, row := range ResultTotals(r) {
		how := row.Figure.Formula
		if row.Figure.Reason != "" {
			how = row.Figure.Reason
		}
		if len(row.Figure.Platforms) > 0 {
			how = "reported by " + strings.Join(row.Figure.Platforms, ", ")
		}
		pdf.CellFormat(50, 6, tr(row.Label), "1", 0, "L", false, 0, "")
		pdf.CellFormat(40, 6, tr(row.Figure.Text(row.Kind)), "1", 0, "R", false, 0, "")
		pdf.CellFormat(35, 6, tr(row.Figure.Basis), "1", 0, "L", false, 0, "")
		pdf.CellFormat(152, 6, tr(how), "1", 1, "L", false, 0, "")
	}
	pdf.Ln(4)

	pdf.SetFont(pdffont.Family, "B", 12)
	pdf.CellFormat(0, 8, fmt.Sprintf("Creators (%d)", len(r.Creators)), "", 1, "L", false, 0, "")
	type col struct {
		name  string
		width float64
		align string
	}
	table := func(cols []col, rows [][]string) {
		header := func() {
			pdf.SetFont(pdffont.Family, "B", 9)
			for _, c := range cols {
				pdf.CellFormat(c.width, 7, c.name, "1", 0, c.align, true, 0, "")
			}
			pdf.Ln(-1)
			pdf.SetFont(pdffont.Family, "", 9)
		}
		header()
		for _, cells := range rows {
			if pdf.GetY() > 190 {
				pdf.AddPage()
				header()
			}
			for i, c := range cols {
				pdf.CellFormat(c.width, 6, pdffont.Fit(pdf, tr(cells[i]), c.width), "1", 0, c.align, false, 0, "")
			}
			pdf.Ln(-1)
		}
	}
	var rows [][]string
	for _, c := range r.Creators {
		fee := "n/a"
		if c.Fee != nil {
			fee = store.FigureText(*c.Fee, store.KindMoney)
		}
		rows = append(rows, []string{c.Name, c.Handle, store.PlatformNames[c.Platform], c.OfferStatus, fee,
			store.CountText(int64(len(c.Posts))), c.Views.Text(store.KindCount), c.Likes.Text(store.KindCount),
			c.Comments.Text(store.KindCount), c.Shares.Text(store.KindCount), c.EngagementPerView.Text(store.KindPercent)})
	}
	table([]col{{"Creator", 51, "L"}, {"Handle", 38, "L"}, {"Platform", 22, "L"}, {"Offer", 20, "L"}, {"Fee", 26, "R"},
		{"Posts", 12, "R"}, {"Views", 24, "R"}, {"Likes", 20, "R"}, {"Comments", 18, "R"}, {"Shares", 16, "R"},
		{"Eng./view", 30, "R"}}, rows)
	if len(r.Creators) == 0 {
		pdf.CellFormat(0, 6, "No accepted offers yet.", "", 1, "L", false, 0, "")
	}

	rows = nil
	for _, c := range r.Creators {
		for _, p := range c.Posts {
			usage := "n/a"
			if p.Usage != nil {
				usage = p.Usage.Label
			}
			rows = append(rows, []string{c.Name, store.PlatformNames[p.Platform], p.PublishedAt.UTC().Format(time.DateOnly),
				countText(p.Views), countText(p.Likes), countText(p.Comments), countText(p.Shares), countText(p.Reach), usage})
		}
	}
	if len(rows) > 0 {
		pdf.Ln(4)
		pdf.SetFont(pdffont.Family, "B", 12)
		pdf.CellFormat(0, 8, fmt.Sprintf("Posts (%d)", len(rows)), "", 1, "L", false, 0, "")
		table([]col{{"Creator", 48, "L"}, {"Platform", 22, "L"}, {"Published", 22, "L"}, {"Views", 22, "R"},
			{"Likes", 18, "R"}, {"Comments", 18, "R"}, {"Shares", 16, "R"}, {"Reach", 20, "R"}, {"Usage", 91, "L"}}, rows)
	}
	return pdf
}

// countText writes a post's reading, "n/a" when its platform does not report it.
func countText(v *int64) string {
	if v == nil {
		return "n/a"
	}
	return store.CountText(*v)
}

// ResultRow is one row of the results' totals: its label, figure and kind.
type ResultRow struct {
	Label  string
	Figure store.ResultFigure
	Kind   store.FigureKind
}

// ResultTotals are the results' totals in the order and under the names
// (the metrics glossary's) the page, the CSV and the PDF show them.
func ResultTotals(r *store.CampaignResults) []ResultRow {
	t := r.Totals
	return []ResultRow{
		{"Posts", t.Posts, store.KindCount}, {"Creators live", t.CreatorsLive, store.KindCount},
		{"Views", t.Views, store.KindCount}, {"Likes", t.Likes, store.KindCount}, {"Comments", t.Comments, store.KindCount},
		{"Shares", t.Shares, store.KindCount}, {"Reach", t.Reach, store.KindCount},
		{"Engagements", t.Engagements, store.KindCount}, {"Engagement per view", t.EngagementPerView, store.KindPercent},
		{"Spend", t.Spend, store.KindMoney}, {"CPM", t.CPM, store.KindMoney}, {"CPE", t.CPE, store.KindMoney},
		{"Cost per view", t.CostPerView, store.KindCostPerView},
	}
}

// SpendAgainstBudget is the spend against the budget with its real
// percentage (191%, never capped) and, over it, by how much; "" when fees
// are hidden or there is no budget.
func SpendAgainstBudget(r *store.CampaignResults) string {
	if r.Campaign.Budget == nil || *r.Campaign.Budget <= 0 || r.Totals.Spend.Value == nil {
		return ""
	}
	spend, budget := *r.Totals.Spend.Value, *r.Campaign.Budget
	line := fmt.Sprintf("Spend %s of %s budget (%.0f%%)", store.FigureText(spend, store.KindMoney),
		store.FigureText(budget, store.KindMoney), math.Round(spend/budget*100))
	if spend > budget {
		line += ", over budget by " + store.FigureText(spend-budget, store.KindMoney)
	}
	return line
}
