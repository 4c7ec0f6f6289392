package agreementpdf_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/jobs/pdffont"
)

func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	text, err := pdffont.Text(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func document(posts int) agreementpdf.Document {
	text := "CREATOR AGREEMENT\nTemplate version 2 · Agreement version 3\n\n1. Parties\nBrand: Nordlicht GmbH, signed by Jürgen Weiß.\nCreator: Zoë Łukasiewicz.\n\n2. What the creator makes\nPlatform: instagram.\n"
	sum := sha256.Sum256([]byte(text))
	at := time.Date(2026, 11, 2, 10, 30, 0, 0, time.UTC)
	d := agreementpdf.Document{
		OfferID: "5f0c", Version: 3, TemplateVersion: "2", Text: text, SHA256: fmt.Sprintf("%x", sum), SignedAt: at,
		Signatures: []agreementpdf.Signature{
			{Name: "Jürgen Weiß", Role: "Brand", At: at.Add(-time.Hour), SHA256: fmt.Sprintf("%x", sum)},
			{Name: "Zoë Łukasiewicz", Role: "Creator", At: at, SHA256: fmt.Sprintf("%x", sum)},
			{Name: "Nguyễn Văn An", Role: "Guardian", At: at, SHA256: fmt.Sprintf("%x", sum)},
		},
		Events: []agreementpdf.Event{
			{At: at.Add(-2 * time.Hour), Actor: "Jürgen Weiß", Action: "agreement.version", Detail: "version 3"},
			{At: at, Actor: "Zoë Łukasiewicz", Action: "agreement.sign"},
		},
	}
	for i := range posts {
		d.Posts = append(d.Posts, agreementpdf.Post{URL: fmt.Sprintf("https://instagram.example/p/%d", i),
			Published: at.AddDate(0, 0, i%20), Usage: "Paid until " + at.AddDate(0, 0, 30+i%20).Format(time.DateOnly)})
	}
	return d
}

// The agreement prints every name as typed (UTF-8 font), its signatures, its
// posts' usage and the audit certificate with the text's SHA-256.
func TestRenderPrintsNamesAsTyped(t *testing.T) {
	d := document(3)
	pdf, err := agreementpdf.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Zoë Łukasiewicz", "Nguyễn Văn An", "Jürgen Weiß", "CREATOR AGREEMENT", "Audit certificate",
		"Creator: Zoë Łukasiewicz", "agreement.sign", "Paid until 2026-12-02", "https://instagram.example/p/2"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
	// The hash is long: it may wrap, so look for it without spaces.
	if !strings.Contains(strings.Join(strings.Fields(text), ""), d.SHA256) {
		t.Errorf("PDF text lacks the SHA-256 %s", d.SHA256)
	}
	if !bytes.Contains(pdf, []byte(agreementpdf.Keyword+d.SHA256)) {
		t.Errorf("PDF keywords lack %s%s", agreementpdf.Keyword, d.SHA256)
	}
	again, err := agreementpdf.Render(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pdf, again) {
		t.Error("the same document rendered to different bytes")
	}
}

// BenchmarkRender50Posts draws the agreement of an offer with 50 captured
// posts (the budget is 300 ms per PDF; see docs/benchmarks.md).
func BenchmarkRender50Posts(b *testing.B) {
	d := document(50)
	for i := 0; i < 20; i++ {
		d.Events = append(d.Events, agreementpdf.Event{At: d.SignedAt, Actor: "Zoë Łukasiewicz", Action: "agreement.version", Detail: "version 2"})
	}
	for b.Loop() {
		if _, err := agreementpdf.Render(d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderNoPosts is the baseline of BenchmarkRender50Posts: the same
// agreement without posts (mostly the font's parsing and subsetting).
func BenchmarkRenderNoPosts(b *testing.B) {
	d := document(0)
	for b.Loop() {
		if _, err := agreementpdf.Render(d); err != nil {
			b.Fatal(err)
		}
	}
}
