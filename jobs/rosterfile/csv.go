package rosterfile

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"unicode/utf8"
)

// ParseCSV reads a CSV roster (comma, semicolon or tab separated, detected
// from the header line): the first non-empty row is the header, every later
// non-empty row is passed to fn as a record numbered like a spreadsheet row
// (header = 1). A malformed row becomes a record with Err set. It returns
// the header mapping, a *FileError for a whole-file problem, or fn's error.
func ParseCSV(r io.Reader, fn func(*Record) error) (Columns, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(8 << 10)
	if !looksLikeText(head) {
		return Columns{}, &FileError{Msg: "The file is not a CSV text file."}
	}
	cr := csv.NewReader(br)
	cr.Comma = sniffComma(head)
	cr.FieldsPerRecord, cr.LazyQuotes, cr.ReuseRecord = -1, true, true
	row := 0
	var cols Columns
	for {
		cells, err := cr.Read()
		row++
		if err == io.EOF {
			return cols, &FileError{Msg: MsgNoHeader}
		}
		if err != nil {
			return cols, &FileError{Msg: "The CSV header row cannot be read: " + err.Error()}
		}
		if !blank(cells) {
			cols = mapHeader(cells)
			break
		}
	}
	if !cols.usable() {
		return cols, &FileError{Msg: MsgNoHeader}
	}
	names := cols.fieldNames()
	for {
		cells, err := cr.Read()
		row++
		if err == io.EOF {
			return cols, nil
		}
		rec := Record{Row: row, Names: names}
		var pe *csv.ParseError
		switch {
		case errors.As(err, &pe):
			rec.Err = "Malformed CSV row: " + pe.Err.Error()
		case err != nil:
			return cols, err
		case !cols.fill(&rec, cells):
			continue
		}
		if err := fn(&rec); err != nil {
			return cols, err
		}
	}
}

func blank(cells []string) bool {
	for _, c := range cells {
		if len(bytes.TrimSpace([]byte(c))) > 0 {
			return false
		}
	}
	return true
}

// looksLikeText reports whether b (a file's first bytes) is UTF-8 text
// without NUL bytes; a multi-byte rune cut at the end is allowed.
func looksLikeText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			return len(b) < utf8.UTFMax && !utf8.FullRune(b)
		}
		b = b[size:]
	}
	return true
}

// sniffComma picks the separator that occurs most in the first line.
func sniffComma(head []byte) rune {
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	comma, best := ',', bytes.Count(head, []byte{','})
	for _, c := range []rune{';', '\t'} {
		if n := bytes.Count(head, []byte(string(c))); n > best {
			comma, best = c, n
		}
	}
	return comma
}
