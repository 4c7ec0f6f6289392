package jobs

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// TestCampaignExportPDF_UTF8Names: the results PDF prints names outside
// Latin-1 as typed (the embedded UTF-8 font), read back with pdftotext.
func TestCampaignExportPDF_UTF8Names(t *testing.T) {
	t.Parallel()
	raw := `{"campaign": {"_id": "x", "campaignName": "Łódź Launch", "brandName": "Jürgen's Boards", "status": "active", "trackingTag": "lodz",
		"startDate": "2026-12-01", "endDate": "2026-12-31", "budget": 900}, "asOf": null, "feesShown": true,
		"totals": {}, "series": [], "creators": [
		{"entryId": "e1", "creatorId": "c1", "name": "Zoë Łukasiewicz", "platform": "instagram", "handle": "@zoe", "offerStatus": "accepted", "posts": [],
		 "views": {"value": null, "basis": "unavailable"}, "likes": {"value": null, "basis": "unavailable"}, "comments": {"value": null, "basis": "unavailable"},
		 "shares": {"value": null, "basis": "unavailable"}, "engagementPerView": {"value": null, "basis": "unavailable"}},
		{"entryId": "e2", "creatorId": "c2", "name": "Nguyễn Thị Mai", "platform": "tiktok", "handle": "@mai", "offerStatus": "accepted", "posts": [],
		 "views": {"value": null, "basis": "unavailable"}, "likes": {"value": null, "basis": "unavailable"}, "comments": {"value": null, "basis": "unavailable"},
		 "shares": {"value": null, "basis": "unavailable"}, "engagementPerView": {"value": null, "basis": "unavailable"}}]}`
	res, err := store.DecodeCampaignResults(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ResultsPDF(res, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)).Output(&buf); err != nil {
		t.Fatal(err)
	}
	text, err := pdffont.Text(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Zoë Łukasiewicz", "Nguyễn Thị Mai", "Jürgen's Boards", "Łódź Launch — results"} {
		if !strings.Contains(text, want) {
			t.Errorf("results PDF lacks %q:\n%s", want, text)
		}
	}
}
