package roster

import (
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Limits of XLSX reading. A sheet larger than XLSXMemLimit uncompressed is
// unpacked to a temporary file instead of memory; a workbook whose parts
// add up to more than XLSXUnzipLimit uncompressed is refused before any
// unpacking (a zip bomb fails fast).
var (
	XLSXUnzipLimit int64 = 256 << 20
	XLSXMemLimit   int64 = 16 << 20
)

// ParseXLSX reads the first (active) sheet of an Excel workbook with
// excelize's streaming Rows iterator: the first non-empty row is the header,
// later non-empty rows become records numbered as in Excel. Cell values are
// read raw (unformatted). A file that is not a workbook, or too large
// unpacked, is a *FileError.
func ParseXLSX(r io.Reader, fn func(*Record) error) (Columns, error) {
	f, err := excelize.OpenReader(r, excelize.Options{UnzipSizeLimit: XLSXUnzipLimit, UnzipXMLSizeLimit: min(XLSXMemLimit, XLSXUnzipLimit)})
	if err != nil {
		if strings.Contains(err.Error(), "unzip size") {
			return Columns{}, &FileError{Msg: "The Excel file is too large once uncompressed."}
		}
		return Columns{}, &FileError{Msg: "The file is not a valid Excel (.xlsx) workbook."}
	}
	defer f.Close()
	sheet := f.GetSheetName(f.GetActiveSheetIndex())
	if sheet == "" {
		if list := f.GetSheetList(); len(list) > 0 {
			sheet = list[0]
		}
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		return Columns{}, &FileError{Msg: "The Excel workbook has no readable sheet."}
	}
	defer rows.Close()
	raw := excelize.Options{RawCellValue: true}
	estimate := 0
	if dim, err := f.GetSheetDimension(sheet); err == nil && strings.Contains(dim, ":") {
		if _, last, err := excelize.CellNameToCoordinates(dim[strings.IndexByte(dim, ':')+1:]); err == nil {
			estimate = last - 1
		}
	}
	var cols Columns
	var names *[NumFields]string
	for row := 1; rows.Next(); row++ {
		cells, err := rows.Columns(raw)
		if err != nil {
			return cols, &FileError{Msg: "The Excel sheet cannot be read: " + err.Error()}
		}
		if names == nil {
			if blank(cells) {
				continue
			}
			if cols = mapHeader(cells); !cols.usable() {
				return cols, &FileError{Msg: MsgNoHeader}
			}
			names = cols.fieldNames()
			continue
		}
		rec := Record{Row: row, Names: names, Rows: estimate}
		if !cols.fill(&rec, cells) {
			continue
		}
		if err := fn(&rec); err != nil {
			return cols, err
		}
	}
	if err := rows.Error(); err != nil {
		return cols, &FileError{Msg: "The Excel sheet cannot be read: " + err.Error()}
	}
	if names == nil {
		return cols, &FileError{Msg: MsgNoHeader}
	}
	return cols, nil
}
