// Package kitpdf prints a creator's published media kit as a PDF with the
// product's UTF-8 font (jobs/pdffont), the same fields the public page shows.
package kitpdf

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"creatorcoach/jobs/pdffont"
	"creatorcoach/store"
)

// PlatformNames are the platforms as the kit prints them.
var platformNames = map[string]string{store.Instagram: "Instagram", store.YouTube: "YouTube", store.TikTok: "TikTok", store.LinkedIn: "LinkedIn"}

func platformName(p string) string {
	if n, ok := platformNames[p]; ok {
		return n
	}
	return p
}

// FileName is the PDF's download name: "media-kit-<slug>.pdf".
func FileName(slug string) string { return "media-kit-" + slug + ".pdf" }

// Render prints k (as PublicKit answers it) on A4 portrait pages.
func Render(k *store.PublicKit, now time.Time) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdffont.Add(pdf)
	pdf.SetTitle(k.Name+" media kit", true)
	pdf.SetCreator("Creator Coach", true)
	pdf.SetCreationDate(now)
	pdf.SetAutoPageBreak(true, 14)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-10)
		pdf.SetFont(pdffont.Family, "", 8)
		pdf.CellFormat(0, 5, fmt.Sprintf("%s · media kit · /kit/%s · page %d", k.Name, k.Slug, pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()
	pdf.SetFont(pdffont.Family, "B", 20)
	pdf.CellFormat(0, 11, k.Name, "", 1, "L", false, 0, "")
	pdf.SetFont(pdffont.Family, "", 10)
	var about []string
	if k.Niche != "" {
		about = append(about, k.Niche)
	}
	if k.Location != "" {
		about = append(about, k.Location)
	}
	for _, h := range k.Handles {
		about = append(about, platformName(h.Platform)+" @"+strings.TrimPrefix(h.Handle, "@"))
	}
	if len(about) > 0 {
		pdf.MultiCell(0, 5.5, strings.Join(about, " · "), "", "L", false)
	}
	if k.Bio != "" {
		pdf.Ln(2)
		pdf.MultiCell(0, 5.5, k.Bio, "", "L", false)
	}
	heading := func(s string) {
		pdf.Ln(4)
		pdf.SetFont(pdffont.Family, "B", 13)
		pdf.CellFormat(0, 8, s, "", 1, "L", false, 0, "")
		pdf.SetFont(pdffont.Family, "", 10)
	}
	row := func(cells []string, widths []float64, bold bool) {
		style := ""
		if bold {
			style = "B"
			pdf.SetFillColor(235, 235, 240)
		}
		pdf.SetFont(pdffont.Family, style, 9)
		for i, c := range cells {
			align := "L"
			if i > 0 && !bold {
				align = "R"
			}
			pdf.CellFormat(widths[i], 6.5, pdffont.Fit(pdf, c, widths[i]), "1", 0, align, bold, 0, "")
		}
		pdf.Ln(-1)
	}
	if k.Platforms != nil {
		heading("Verified figures")
		platforms := *k.Platforms
		if len(platforms) == 0 {
			pdf.CellFormat(0, 6, "No connected accounts yet.", "", 1, "L", false, 0, "")
		}
		w := []float64{50, 45, 45, 40}
		if len(platforms) > 0 {
			row([]string{"Platform", "Followers", "As of", "Basis"}, w, true)
		}
		for _, p := range platforms {
			row([]string{platformName(p.Platform), group(p.Followers), p.AsOf, p.Basis}, w, false)
		}
	}
	if k.Audience != nil {
		heading("Audience (" + k.Audience.Basis + ")")
		pdf.MultiCell(0, 5.5, "Gender: "+shares(k.Audience.Gender), "", "L", false)
		pdf.MultiCell(0, 5.5, "Ages: "+shares(k.Audience.Ages), "", "L", false)
	}
	if k.Quality != nil {
		heading("Audience quality")
		if k.Quality.Score != nil {
			pdf.MultiCell(0, 5.5, fmt.Sprintf("%d / 100 (%s, from the creator's connected accounts)", *k.Quality.Score, k.Quality.Basis), "", "L", false)
		} else {
			pdf.MultiCell(0, 5.5, "n/a: "+k.Quality.Reason, "", "L", false)
		}
		for _, a := range k.Quality.Accounts {
			line := platformName(a.Platform) + ": "
			if a.Score != nil {
				line += strconv.Itoa(*a.Score) + " / 100"
				if a.ComputedAt != nil {
					line += ", computed " + a.ComputedAt.Format("2 Jan 2006")
				}
			} else {
				line += "n/a (" + a.Reason + ")"
			}
			pdf.MultiCell(0, 5.5, line, "", "L", false)
		}
	}
	heading("Past campaigns")
	if len(k.Campaigns) == 0 {
		pdf.CellFormat(0, 6, "None shown.", "", 1, "L", false, 0, "")
	} else {
		w := []float64{68, 24, 14, 28, 32, 24}
		row([]string{"Brand", "Period", "Posts", "Views", "Engagements", "Eng. rate"}, w, true)
		for _, c := range k.Campaigns {
			brand := c.Brand
			if c.Campaign != "" {
				brand += " — " + c.Campaign
			}
			rate := "n/a"
			if c.EngagementRate.Value != nil {
				rate = strconv.FormatFloat(*c.EngagementRate.Value, 'f', 2, 64) + " %"
			}
			row([]string{brand, c.Period, strconv.Itoa(c.Posts), figure(c.Views), figure(c.Engagements), rate}, w, false)
		}
		pdf.SetFont(pdffont.Family, "", 8)
		pdf.MultiCell(0, 4.5, "Views and engagements (likes + comments + shares) are measured from the creator's tagged posts; n/a where the platform does not report them.", "", "L", false)
	}
	heading("Rate card")
	if len(k.RateCard) == 0 {
		pdf.CellFormat(0, 6, "No rates listed.", "", 1, "L", false, 0, "")
	} else {
		w := []float64{130, 50}
		row([]string{"Deliverable", "Price"}, w, true)
		for _, l := range k.RateCard {
			row([]string{l.Label, Money(l.PriceCents)}, w, false)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("kit pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// Money prints cents as dollars: "$1,250.00".
func Money(cents int64) string {
	return "$" + group(cents/100) + fmt.Sprintf(".%02d", cents%100)
}

func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func figure(f store.KitFigure[int64]) string {
	if f.Value == nil {
		return "n/a"
	}
	return group(*f.Value)
}

func shares(m map[string]float64) string {
	if len(m) == 0 {
		return "n/a"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %s %%", k, strconv.FormatFloat(m[k], 'f', -1, 64))
	}
	return strings.Join(parts, ", ")
}
