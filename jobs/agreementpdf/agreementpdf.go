// Package agreementpdf draws a signed agreement as a PDF: the agreement's
// canonical text, every signature, the captured posts with their usage
// rights, and an audit certificate page (every event of the offer and the
// SHA-256 of the signed text). It knows nothing of the database: the caller
// builds a Document from whatever it stores.
package agreementpdf

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"creatorcoach/jobs/pdffont"
)

// Keyword is the PDF keyword that names the signed text's SHA-256
// ("agreement-sha256:<hex>"); /verify reads it back from an upload whose
// bytes match no stored PDF to tell an altered copy from an unknown file.
const Keyword = "agreement-sha256:"

// Signature is one signature on the agreement.
type Signature struct {
	Name   string    // as typed
	Role   string    // e.g. "Creator", "Brand", "Guardian"
	At     time.Time // UTC
	SHA256 string    // hex SHA-256 of the text signed
}

// Event is one audit event of the offer, as printed on the certificate.
type Event struct {
	At     time.Time
	Actor  string // a name or a role; never an e-mail
	Action string
	Detail string
}

// Post is one captured post and the rights the brand holds on it.
type Post struct {
	URL       string
	Published time.Time
	Usage     string // e.g. "Paid until 2026-12-01"
}

// Document is everything the PDF prints.
type Document struct {
	OfferID         string
	Version         int
	TemplateVersion string
	Text            string // the canonical text, as hashed
	SHA256          string // hex SHA-256 of Text
	SignedAt        time.Time
	Signatures      []Signature
	Events          []Event
	Posts           []Post
}

// Render draws d and returns the PDF's bytes. The same Document always
// gives the same bytes (the creation date is d.SignedAt).
func Render(d Document) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdffont.Add(pdf)
	pdf.SetTitle(fmt.Sprintf("Creator agreement, version %d", d.Version), true)
	pdf.SetSubject("Signed creator agreement", true)
	pdf.SetKeywords(Keyword+d.SHA256, false)
	pdf.SetCreator("Creator Coach", true)
	pdf.SetCreationDate(d.SignedAt.UTC())
	pdf.SetModificationDate(d.SignedAt.UTC())
	pdf.SetCatalogSort(true)
	pdf.SetAutoPageBreak(true, 15)
	pdf.SetMargins(18, 16, 18)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont(pdffont.Family, "", 7)
		pdf.CellFormat(0, 5, fmt.Sprintf("Agreement version %d · SHA-256 %s · page %d", d.Version, d.SHA256, pdf.PageNo()), "", 0, "C", false, 0, "")
	})
	if pdf.Err() {
		return nil, fmt.Errorf("agreement pdf font: %w", pdf.Error())
	}

	pdf.AddPage()
	body := func() { pdf.SetFont(pdffont.Family, "", 10) }
	for i, line := range strings.Split(strings.TrimRight(d.Text, "\n"), "\n") {
		switch {
		case i == 0:
			pdf.SetFont(pdffont.Family, "B", 16)
			pdf.MultiCell(0, 8, line, "", "L", false)
			pdf.Ln(1)
		case isHeading(line):
			pdf.Ln(2)
			pdf.SetFont(pdffont.Family, "B", 11)
			pdf.MultiCell(0, 6, line, "", "L", false)
		case line == "":
			pdf.Ln(2)
		default:
			body()
			pdf.MultiCell(0, 5, line, "", "L", false)
		}
	}

	pdf.Ln(4)
	pdf.SetFont(pdffont.Family, "B", 11)
	pdf.CellFormat(0, 7, "Signatures", "", 1, "L", false, 0, "")
	body()
	if len(d.Signatures) == 0 {
		pdf.CellFormat(0, 6, "No signature.", "", 1, "L", false, 0, "")
	}
	for _, s := range d.Signatures {
		pdf.SetFont(pdffont.Family, "B", 10)
		pdf.CellFormat(0, 6, fmt.Sprintf("%s: %s", s.Role, s.Name), "", 1, "L", false, 0, "")
		body()
		pdf.MultiCell(0, 5, fmt.Sprintf("Signed electronically on %s. Text SHA-256: %s", stamp(s.At), s.SHA256), "", "L", false)
		pdf.Ln(1)
	}

	if len(d.Posts) > 0 {
		pdf.Ln(3)
		pdf.SetFont(pdffont.Family, "B", 11)
		pdf.CellFormat(0, 7, fmt.Sprintf("Captured posts and usage rights (%d)", len(d.Posts)), "", 1, "L", false, 0, "")
		header := func() {
			pdf.SetFont(pdffont.Family, "B", 9)
			pdf.SetFillColor(235, 235, 240)
			pdf.CellFormat(64, 6, "Post", "1", 0, "L", true, 0, "")
			pdf.CellFormat(22, 6, "Published", "1", 0, "L", true, 0, "")
			pdf.CellFormat(88, 6, "Usage", "1", 1, "L", true, 0, "")
			pdf.SetFont(pdffont.Family, "", 8)
		}
		header()
		for _, p := range d.Posts {
			if pdf.GetY() > 270 {
				pdf.AddPage()
				header()
			}
			pdf.CellFormat(64, 6, pdffont.Fit(pdf, p.URL, 64), "1", 0, "L", false, 0, "")
			pdf.CellFormat(22, 6, p.Published.UTC().Format(time.DateOnly), "1", 0, "L", false, 0, "")
			pdf.CellFormat(88, 6, pdffont.Fit(pdf, p.Usage, 88), "1", 1, "L", false, 0, "")
		}
	}

	pdf.AddPage()
	pdf.SetFont(pdffont.Family, "B", 16)
	pdf.CellFormat(0, 9, "Audit certificate", "", 1, "L", false, 0, "")
	body()
	for _, line := range []string{
		fmt.Sprintf("Offer: %s", d.OfferID),
		fmt.Sprintf("Agreement version %d, template version %s", d.Version, d.TemplateVersion),
		fmt.Sprintf("SHA-256 of the signed text: %s", d.SHA256),
		fmt.Sprintf("Signed: %s", stamp(d.SignedAt)),
		"Times are UTC. Anyone can check this document at /verify.",
	} {
		pdf.MultiCell(0, 5, line, "", "L", false)
	}
	pdf.Ln(3)
	pdf.SetFont(pdffont.Family, "B", 9)
	pdf.SetFillColor(235, 235, 240)
	pdf.CellFormat(40, 6, "Time (UTC)", "1", 0, "L", true, 0, "")
	pdf.CellFormat(40, 6, "Who", "1", 0, "L", true, 0, "")
	pdf.CellFormat(94, 6, "What", "1", 1, "L", true, 0, "")
	pdf.SetFont(pdffont.Family, "", 8)
	for _, e := range d.Events {
		what := e.Action
		if e.Detail != "" {
			what += ": " + e.Detail
		}
		pdf.CellFormat(40, 6, e.At.UTC().Format("2006-01-02 15:04:05"), "1", 0, "L", false, 0, "")
		pdf.CellFormat(40, 6, pdffont.Fit(pdf, e.Actor, 40), "1", 0, "L", false, 0, "")
		pdf.CellFormat(94, 6, pdffont.Fit(pdf, what, 94), "1", 1, "L", false, 0, "")
	}
	if len(d.Events) == 0 {
		pdf.CellFormat(0, 6, "No event.", "", 1, "L", false, 0, "")
	}

	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("draw agreement pdf: %w", err)
	}
	return b.Bytes(), nil
}

// isHeading is a numbered section title of the template: "3. What the brand pays".
func isHeading(line string) bool {
	n, rest, ok := strings.Cut(line, ". ")
	if !ok || n == "" || len(n) > 2 || rest == "" {
		return false
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func stamp(t time.Time) string { return t.UTC().Format("2 Jan 2006 15:04:05 UTC") }
