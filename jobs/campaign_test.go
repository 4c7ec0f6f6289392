package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TestCampaignExportPDF_Draw: a large campaign with names outside Latin-1
// and figures not reported draws a PDF of several pages.
func TestCampaignExportPDF_Draw(t *testing.T) {
	t.Parallel()
	var creators []string
	for i := range 250 {
		creators = append(creators, fmt.Sprintf(`{"entryId": "e%d", "creatorId": "c%d", "name": "Zoë Łukasz 李 %d — a very long creator name that does not fit", "platform": "instagram",
			"handle": "@zoe%d", "offerStatus": "accepted", "fee": 1250.5,
			"views": {"value": %d, "basis": "measured"}, "likes": {"value": null, "basis": "unavailable", "reason": "No platform of these posts reports likes"},
			"comments": {"value": 3, "basis": "measured"}, "shares": {"value": 1, "basis": "measured"},
			"engagementPerView": {"value": 4.5, "basis": "derived", "formula": "(likes + comments + shares) / views × 100"}, "posts": []}`, i, i, i, i, 1000*i))
	}
	raw := `{"campaign": {"_id": "x", "campaignName": "Ünïcode Fest", "brandName": "Acme", "status": "completed", "trackingTag": "acmeunicode",
		"startDate": "2026-12-01", "endDate": "2026-12-31", "budget": 12500}, "asOf": null, "feesShown": true,
		"totals": {"spend": {"value": 12500, "basis": "derived", "formula": "sum of accepted and completed offers"},
			"reach": {"value": null, "basis": "unavailable", "reason": "No platform of these posts reports reach"}},
		"series": [], "creators": [` + strings.Join(creators, ",") + `]}`
	res, err := store.DecodeCampaignResults(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	pdf := ResultsPDF(res, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) || pdf.PageNo() < 5 {
		t.Fatalf("%d bytes, %d pages", buf.Len(), pdf.PageNo())
	}
	if got := ResultsFileName("  Autumn Lookbook!! 2026 ", "pdf"); got != "autumn-lookbook-2026-results.pdf" {
		t.Errorf("file name %q", got)
	}
	if got := ResultsFileName("ÄÖÜ", "csv"); got != "campaign-results.csv" {
		t.Errorf("file name %q", got)
	}
	for _, c := range []struct {
		v    float64
		kind store.FigureKind
		want string
	}{{1234567.5, store.KindMoney, "$1,234,567.50"}, {1234567, store.KindCount, "1,234,567"}, {8.333, store.KindPercent, "8.33%"},
		{0.01234, store.KindCostPerView, "$0.0123"}, {12.4, store.KindMoney, "$12.40"}} {
		if got := store.FigureText(c.v, c.kind); got != c.want {
			t.Errorf("FigureText(%v, %d) = %q, want %q", c.v, c.kind, got, c.want)
		}
	}
	if line := SpendAgainstBudget(res); line != "Spend $12,500.00 of $12,500.00 budget (100%)" {
		t.Errorf("spend line %q", line)
	}
	over := *res
	over.Totals.Spend.Value = ptrTo(28650.0)
	over.Campaign.Budget = ptrTo(15000.0)
	if line := SpendAgainstBudget(&over); line != "Spend $28,650.00 of $15,000.00 budget (191%), over budget by $13,650.00" {
		t.Errorf("over-budget line %q", line)
	}
}

// TestCampaignExportPDF_GoneCampaign: a campaign deleted since the request
// fails the job with the reason, and is not retried.
func TestCampaignExportPDF_GoneCampaign(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	job, err := e.Store.CreateJob(ctx, store.JobKindCampaignExportPDF, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	task := NewCampaignExportPDFTask(job.ID, "", "00000000-0000-0000-0000-000000000000")
	if err := e.HandleCampaignExportPDF(ctx, asynq.NewTask(task.Type, task.Payload)); err != nil {
		t.Fatal(err)
	}
	got, err := e.Store.GetJob(ctx, job.ID, &store.User{Role: store.RoleAdmin})
	if err != nil || got.Status != "failed" || got.Error != "Campaign not found" {
		t.Fatalf("job %+v (%v)", got, err)
	}
}

func ptrTo[T any](v T) *T { return &v }
