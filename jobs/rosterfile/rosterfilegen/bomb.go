package rosterfilegen

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"fmt"
	"io"
	"strings"
)

// WriteSharedStringsBomb writes a small .xlsx workbook whose shared-strings
// part unpacks to about sstBytes (the same long string over and over, which
// deflate shrinks a thousandfold) and whose one sheet names a header and a
// few rows of those strings: the crafted file a creator import must refuse
// without unpacking it into memory.
func WriteSharedStringsBomb(w io.Writer, sstBytes int64) error {
	z := zip.NewWriter(w)
	z.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	parts := []struct{ name, body string }{
		{"[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`},
		{"_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", bombSheet(50)},
	}
	for _, p := range parts {
		f, err := z.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, p.body); err != nil {
			return err
		}
	}
	f, err := z.Create("xl/sharedStrings.xml")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	item := "<si><t>" + strings.Repeat("A", 100) + "</t></si>"
	n := sstBytes / int64(len(item))
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d"><si><t>Full Name</t></si><si><t>Email</t></si>`, n+2, n+2)
	for i := int64(0); i < n; i++ {
		bw.WriteString(item)
	}
	bw.WriteString("</sst>")
	if err := bw.Flush(); err != nil {
		return err
	}
	return z.Close()
}

// bombSheet is a header (shared strings 0 and 1) and rows of later strings.
func bombSheet(rows int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	b.WriteString(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>`)
	for r := 2; r <= rows+1; r++ {
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d" t="s"><v>%d</v></c><c r="B%d" t="inlineStr"><is><t>c%d@example.com</t></is></c></row>`, r, r, r, r, r)
	}
	b.WriteString(`</sheetData></worksheet>`)
	return b.String()
}
