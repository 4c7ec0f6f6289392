// Package pdffont embeds the UTF-8 TrueType font every PDF of the product
// prints with (DejaVu Sans, regular and bold, from Debian's fonts-dejavu-core
// 2.37; licence in LICENSE-DejaVu.txt), so any name prints as typed:
// "Zoë Łukasiewicz", "Nguyễn", "Jürgen".
package pdffont

import (
	_ "embed"

	"github.com/go-pdf/fpdf"
)

// Family is the font family name to pass to SetFont after Add.
const Family = "DejaVu"

//go:embed DejaVuSans.ttf
var regular []byte

//go:embed DejaVuSans-Bold.ttf
var bold []byte

// Add registers the family (styles "" and "B") with pdf. fpdf subsets the
// font when it writes the document: only the glyphs used are embedded.
func Add(pdf *fpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(Family, "", regular)
	pdf.AddUTF8FontFromBytes(Family, "B", bold)
}

// Fit shortens s with "..." until it fits in width mm (less the cell
// margins) in pdf's current font, cutting whole characters.
func Fit(pdf *fpdf.Fpdf, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width-2 {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && pdf.GetStringWidth(string(r)+"...") > width-2 {
		r = r[:len(r)-1]
	}
	return string(r) + "..."
}
