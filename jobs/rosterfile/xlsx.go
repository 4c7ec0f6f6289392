package rosterfile

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Limits of XLSX reading, checked against the sizes the zip directory
// declares (which archive/zip holds every part to) before anything is
// unpacked, so a crafted file fails fast and small:
//   - the parts together at most XLSXUnzipLimit uncompressed;
//   - the shared strings (every text cell's text, which excelize indexes
//     whole) at most XLSXSharedStringsLimit;
//   - any other part except worksheets at most XLSXMemLimit; a sheet larger
//     than that is unpacked to a temporary file and streamed.
var (
	XLSXUnzipLimit         int64 = 128 << 20
	XLSXSharedStringsLimit int64 = 32 << 20
	XLSXMemLimit           int64 = 8 << 20
)

// checkZipSizes applies the limits above to the workbook in b.
func checkZipSizes(b []byte) error {
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return &FileError{Msg: "The file is not a valid Excel (.xlsx) workbook."}
	}
	var total uint64
	for _, f := range z.File {
		total += f.UncompressedSize64
		name := strings.ToLower(f.Name)
		switch {
		case strings.HasPrefix(name, "xl/worksheets/"):
		case name == "xl/sharedstrings.xml":
			if f.UncompressedSize64 > uint64(XLSXSharedStringsLimit) {
				return &FileError{Msg: fmt.Sprintf("The Excel file's text is too large once uncompressed (over %d MB).", XLSXSharedStringsLimit>>20)}
			}
		default:
			if f.UncompressedSize64 > uint64(XLSXMemLimit) {
				return &FileError{Msg: fmt.Sprintf("The Excel file has a part that is too large once uncompressed (%s, over %d MB).", f.Name, XLSXMemLimit>>20)}
			}
		}
	}
	if total > uint64(XLSXUnzipLimit) {
		return &FileError{Msg: fmt.Sprintf("The Excel file is too large once uncompressed (over %d MB).", XLSXUnzipLimit>>20)}
	}
	return nil
}

// ParseXLSX reads the first (active) sheet of an Excel workbook with
// excelize's streaming Rows iterator: the first non-empty row is the header,
// later non-empty rows become records numbered as in Excel. Cell values are
// read raw (unformatted). A file that is not a workbook, or too large
// unpacked, is a *FileError.
func ParseXLSX(r io.Reader, fn func(*Record) error) (Columns, error) {
	b, err := io.ReadAll(r) // excelize reads the whole zip into memory anyway; uploads are at most 10 MB
	if err != nil {
		return Columns{}, err
	}
	if err := checkZipSizes(b); err != nil {
		return Columns{}, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{UnzipSizeLimit: XLSXUnzipLimit, UnzipXMLSizeLimit: min(XLSXMemLimit, XLSXUnzipLimit)})
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
