package rosterfile_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"creatorcoach/jobs/rosterfile"
	"creatorcoach/jobs/rosterfile/rosterfilegen"
	"creatorcoach/store"
)

type parsed struct {
	cols    rosterfile.Columns
	good    []store.CreatorInput
	rowErrs []store.CreatorImportRowError
}

func parse(t testing.TB, p func(io.Reader, func(*rosterfile.Record) error) (rosterfile.Columns, error), data []byte) (parsed, error) {
	t.Helper()
	var out parsed
	cols, err := p(bytes.NewReader(data), func(rec *rosterfile.Record) error {
		c, errs := rosterfile.Convert(rec)
		if errs != nil {
			out.rowErrs = append(out.rowErrs, errs...)
		} else {
			out.good = append(out.good, c)
		}
		return nil
	})
	out.cols = cols
	return out, err
}

// synonymCSV uses header synonyms, odd spacing and punctuation, number
// formats and three bad rows (rows 3, 5 and 6).
const synonymCSV = "Full Name;E-mail;IG handle;Instagram Followers; YouTube subscribers ;YT Channel;Engagement %;Male %;Favourite Colour\n" +
	"Ann Lee;ANN@Example.com;@ann.lee;12,500;1.2M;annlee;3.5%;40;blue\n" +
	";nobody@example.com;;;;;;;\n" +
	"Bob Ray;;bob_ray;900;;;;;\n" +
	"Cy Dee;not-an-email;;lots;;;;;\n" +
	"Di Eve;di@example.com;;;;;150;;\n" +
	";;;;;;;;\n"

func TestParseCSV_SynonymsAndBadRows(t *testing.T) {
	t.Parallel()
	p, err := parse(t, rosterfile.ParseCSV, []byte(synonymCSV))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.good) != 2 {
		t.Fatalf("got %d good rows, want 2: %+v", len(p.good), p.good)
	}
	ann := p.good[0]
	if ann.Name != "Ann Lee" || ann.Email != "ann@example.com" || ann.Handles[0] != "ann.lee" || *ann.Followers[0] != 12500 ||
		*ann.Followers[1] != 1_200_000 || ann.Handles[1] != "annlee" || *ann.EngagementRate != 3.5 || *ann.Male != 40 {
		t.Fatalf("ann: %+v", ann)
	}
	if got := p.good[1].Identity(); got != "instagram:bob_ray" {
		t.Fatalf("identity %q", got)
	}
	want := []store.CreatorImportRowError{
		{Row: 3, Column: "Full Name", Message: store.MsgCreatorNameRequired},
		{Row: 5, Column: "E-mail", Message: store.MsgEmailInvalid},
		{Row: 5, Column: "Instagram Followers", Message: rosterfile.MsgCount},
		{Row: 6, Column: "Engagement %", Message: store.MsgPercentRange},
	}
	if len(p.rowErrs) != len(want) {
		t.Fatalf("row errors %+v, want %+v", p.rowErrs, want)
	}
	for i := range want {
		if p.rowErrs[i] != want[i] {
			t.Errorf("row error %d: got %+v, want %+v", i, p.rowErrs[i], want[i])
		}
	}
	if len(p.cols.Ignored) != 1 || p.cols.Ignored[0] != "Favourite Colour" {
		t.Errorf("ignored %v", p.cols.Ignored)
	}
}

func TestParseCSV_NoHeader(t *testing.T) {
	t.Parallel()
	for name, data := range map[string]string{
		"Empty":      "",
		"NoIdentity": "Name,Niche\nAnn,Travel\n",
		"Binary":     "PK\x03\x04\x00\x00binary",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parse(t, rosterfile.ParseCSV, []byte(data))
			var fe *rosterfile.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a FileError", err)
			}
		})
	}
}

const synonymJSON = `{"meta": {"source": "crm"}, "creators": [
	{"creatorName": "Ann Lee", "Email Address": "ann@example.com", "instagram": {"handle": "@ann", "followers": 51000},
	 "youtube": {"subscribers": 600000, "channel": "annlee"}, "audience": {"female": 60, "male": 40, "ages": {"18-24": 55}}},
	{"name": "No Id"},
	"not an object",
	{"name": "Cy", "tiktok handle": "cy", "TikTok Followers": -5},
	{"name": "Di", "email": "di@example.com", "hobby": "chess"}
]}`

func TestParseJSON_SynonymsAndBadRows(t *testing.T) {
	t.Parallel()
	p, err := parse(t, rosterfile.ParseJSON, []byte(synonymJSON))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.good) != 2 {
		t.Fatalf("good %+v", p.good)
	}
	ig, yt, female, male := int64(51000), int64(600000), 60.0, 40.0
	wantGood := []store.CreatorInput{
		{Row: 1, Name: "Ann Lee", Email: "ann@example.com", Handles: [4]string{"ann", "annlee"},
			Followers: [4]*int64{&ig, &yt}, Male: &male, Female: &female, Ages: map[string]float64{"18-24": 55}},
		{Row: 5, Name: "Di", Email: "di@example.com"},
	}
	if !reflect.DeepEqual(p.good, wantGood) {
		t.Fatalf("good rows\ngot  %+v\nwant %+v", p.good, wantGood)
	}
	want := []store.CreatorImportRowError{
		{Row: 2, Column: "Email", Message: store.MsgEmailOrHandle},
		{Row: 3, Column: rosterfile.MsgRow, Message: "Each item must be an object"},
		{Row: 4, Column: "TikTok Followers", Message: store.MsgFollowersRange},
	}
	if len(p.rowErrs) != len(want) {
		t.Fatalf("row errors %+v", p.rowErrs)
	}
	for i := range want {
		if p.rowErrs[i] != want[i] {
			t.Errorf("row error %d: got %+v, want %+v", i, p.rowErrs[i], want[i])
		}
	}
	// Only the creators' own keys count: "meta" lies outside the array.
	if !reflect.DeepEqual(p.cols.Ignored, []string{"hobby"}) {
		t.Errorf("ignored %q, want [hobby]", p.cols.Ignored)
	}
}

func TestParseJSON_WholeFileErrors(t *testing.T) {
	t.Parallel()
	for name, data := range map[string]string{
		"NotJSON":   "name,email\n",
		"Scalar":    `"creators"`,
		"NoArray":   `{"creators": 5}`,
		"Truncated": `[{"name": "Ann", "email": "a@b.co"}, {"name": `,
		"NoFields":  `[{"colour": "blue"}]`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parse(t, rosterfile.ParseJSON, []byte(data))
			var fe *rosterfile.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a FileError", err)
			}
		})
	}
}

func xlsxOf(t testing.TB, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestParseXLSX_SynonymsAndBadRows(t *testing.T) {
	t.Parallel()
	data := xlsxOf(t, [][]any{
		{},
		{"Creator Name", "Email-Address", "TikTok", "TT followers", "LinkedIn Profile", "Connections"},
		{"Ann Lee", "ann@example.com", "ann", 75000, "https://www.linkedin.com/in/ann-lee/", 1200},
		{"Bob", "", "", "", "", ""},
		{"Cy", "cy@example.com", "bad handle!", 12.5, "", ""},
	})
	p, err := parse(t, rosterfile.ParseXLSX, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.good) != 1 || p.good[0].Handles[3] != "ann-lee" || *p.good[0].Followers[2] != 75000 || p.good[0].Row != 3 {
		t.Fatalf("good %+v", p.good)
	}
	want := []store.CreatorImportRowError{
		{Row: 4, Column: "Email-Address", Message: store.MsgEmailOrHandle},
		{Row: 5, Column: "TT followers", Message: rosterfile.MsgCount},
		{Row: 5, Column: "TikTok", Message: store.MsgHandleInvalid},
	}
	if len(p.rowErrs) != len(want) {
		t.Fatalf("row errors %+v", p.rowErrs)
	}
	for i := range want {
		if p.rowErrs[i] != want[i] {
			t.Errorf("row error %d: got %+v, want %+v", i, p.rowErrs[i], want[i])
		}
	}
	if len(p.cols.Ignored) != 1 || p.cols.Ignored[0] != "Connections" {
		t.Errorf("ignored %v", p.cols.Ignored)
	}
}

func TestParseXLSX_NotAWorkbook(t *testing.T) {
	t.Parallel()
	for name, data := range map[string][]byte{
		"Text":     []byte("Name,Email\nAnn,a@b.co\n"),
		"NoHeader": xlsxOf(t, [][]any{{"Colour"}, {"blue"}}),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parse(t, rosterfile.ParseXLSX, data)
			var fe *rosterfile.FileError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a FileError", err)
			}
		})
	}
}

// zipBomb is a workbook whose sheet unpacks to size bytes of spaces while
// the archive stays tiny.
func zipBomb(t testing.TB, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for n := 0; n < size; n += len(chunk) {
		w.Write(chunk)
	}
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		w, _ := zw.Create(name)
		w.Write([]byte(`<?xml version="1.0"?><x/>`))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestParseXLSX_ZipBomb: a small archive that unpacks past the limit is
// refused from its headers, before anything is unpacked.
func TestParseXLSX_ZipBomb(t *testing.T) {
	t.Parallel()
	bomb := zipBomb(t, int(rosterfile.XLSXUnzipLimit)+(1<<20))
	if len(bomb) > 2<<20 {
		t.Fatalf("bomb is %d bytes", len(bomb))
	}
	_, err := parse(t, rosterfile.ParseXLSX, bomb)
	var fe *rosterfile.FileError
	if !errors.As(err, &fe) || !strings.Contains(fe.Msg, "too large once uncompressed") {
		t.Fatalf("got %v, want the unzip-size FileError", err)
	}
}

func TestGeneratedFiles_AllFormatsAgree(t *testing.T) {
	t.Parallel()
	const n = 300
	var c, j, x bytes.Buffer
	if err := rosterfilegen.WriteCSV(&c, n); err != nil {
		t.Fatal(err)
	}
	if err := rosterfilegen.WriteJSON(&j, n); err != nil {
		t.Fatal(err)
	}
	if err := rosterfilegen.WriteXLSX(&x, n); err != nil {
		t.Fatal(err)
	}
	var ids [3][]string
	for i, in := range []struct {
		p    func(io.Reader, func(*rosterfile.Record) error) (rosterfile.Columns, error)
		data []byte
	}{{rosterfile.ParseCSV, c.Bytes()}, {rosterfile.ParseJSON, j.Bytes()}, {rosterfile.ParseXLSX, x.Bytes()}} {
		p, err := parse(t, in.p, in.data)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.rowErrs) != 0 || len(p.good) != n || len(p.cols.Ignored) != 0 {
			t.Fatalf("format %d: %d good, errors %v, ignored %v", i, len(p.good), p.rowErrs, p.cols.Ignored)
		}
		for _, g := range p.good {
			ids[i] = append(ids[i], g.Identity()+"|"+g.Name+"|"+strings.Join(g.Handles[:], ","))
		}
	}
	for i := 1; i < 3; i++ {
		if strings.Join(ids[i], "\n") != strings.Join(ids[0], "\n") {
			t.Fatalf("format %d differs from CSV", i)
		}
	}
}

func fuzzParse(f *testing.F, p func(io.Reader, func(*rosterfile.Record) error) (rosterfile.Columns, error), seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = p(bytes.NewReader(data), func(rec *rosterfile.Record) error {
			c, errs := rosterfile.Convert(rec)
			if errs == nil && c.Identity() == "" {
				t.Fatalf("valid creator without identity: %+v", c)
			}
			return nil
		})
	})
}

func FuzzParseCSV(f *testing.F) {
	var gen bytes.Buffer
	rosterfilegen.WriteCSV(&gen, 5)
	fuzzParse(f, rosterfile.ParseCSV, []byte(synonymCSV), gen.Bytes(), []byte("Name,Email\n\"Ann,a@b.co\n"), []byte{})
}

func FuzzParseJSON(f *testing.F) {
	var gen bytes.Buffer
	rosterfilegen.WriteJSON(&gen, 5)
	fuzzParse(f, rosterfile.ParseJSON, []byte(synonymJSON), gen.Bytes(), []byte(`[{"name":"A","ig":"a","igFollowers":"1e400"}]`))
}

func FuzzParseXLSX(f *testing.F) {
	var gen bytes.Buffer
	rosterfilegen.WriteXLSX(&gen, 5)
	fuzzParse(f, rosterfile.ParseXLSX, gen.Bytes(), []byte("PK\x03\x04"))
}

// TestParseXLSX_SharedStringsBomb: a workbook of a few hundred kilobytes
// whose shared strings unpack to 64 MB is refused from its zip directory
// (the fault suite measures the worker on a 220 MB one).
func TestParseXLSX_SharedStringsBomb(t *testing.T) {
	t.Parallel()
	var bomb bytes.Buffer
	if err := rosterfilegen.WriteSharedStringsBomb(&bomb, 64<<20); err != nil {
		t.Fatal(err)
	}
	if bomb.Len() > 1<<20 {
		t.Fatalf("bomb is %d bytes", bomb.Len())
	}
	_, err := parse(t, rosterfile.ParseXLSX, bomb.Bytes())
	var fe *rosterfile.FileError
	if !errors.As(err, &fe) || fe.Msg != "The Excel file's text is too large once uncompressed (over 32 MB)." {
		t.Fatalf("got %v, want the shared-strings FileError", err)
	}
}
