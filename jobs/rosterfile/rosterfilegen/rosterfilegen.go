// Package rosterfilegen writes deterministic roster files (CSV, JSON, XLSX)
// with the canonical headers, for the sample files, tests and benchmarks.
package rosterfilegen

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"creatorcoach/jobs/rosterfile"
)

var (
	first  = strings.Fields("Ava Liam Mia Noah Zoe Ethan Lena Omar Iris Mateo Chloe Ravi Nora Kenji Sara Diego Lucia Felix Hana Amir Elif Jonas Maya Tariq Ines Leo Priya Hugo Yara Sven")
	last   = strings.Fields("Martinez Chen Okafor Novak Silva Kowalski Haddad Rossi Tanaka Larsen Dubois Mensah Ivanova Costa Becker Nguyen Patel Moreau Yilmaz Fischer Walsh Romero Sato Kaur Berg Lopez Wagner Ali Petrov Grant")
	niches = []string{"Beauty & Makeup", "Fitness & Health", "Food & Cooking", "Gaming", "Travel", "Technology", "Fashion & Style", "Lifestyle"}
	cities = []string{"London", "Berlin", "New York", "Lagos", "Tokyo", "São Paulo", "Mumbai", "Paris", "Austin, TX"}
)

// mix is a cheap deterministic hash of i.
func mix(i, salt int) int {
	x := uint64(i)*0x9E3779B97F4A7C15 + uint64(salt)*0xBF58476D1CE4E5B9
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	x ^= x >> 29
	return int(x & 0x7fffffff)
}

// Row returns data row i (0-based) with the canonical columns. Every
// seventh creator has no e-mail (identified by the Instagram handle). A
// row averages about 100 bytes of CSV.
func Row(i int) []string {
	f, l := first[mix(i, 1)%len(first)], last[mix(i, 2)%len(last)]
	handle := strings.ToLower(f + "_" + l + strconv.Itoa(i))
	email := strings.ToLower(f[:1]+"."+l+strconv.Itoa(i)) + "@mail.io"
	if i%7 == 3 {
		email = ""
	}
	ig := mix(i, 3) % 900_000
	if mix(i, 4)%10 == 0 {
		ig = mix(i, 5) % 3_000_000
	}
	male := mix(i, 6) % 70
	female := 100 - male - mix(i, 7)%5
	row := make([]string, rosterfile.NumFields)
	row[rosterfile.FieldName] = f + " " + l
	row[rosterfile.FieldEmail] = email
	row[rosterfile.FieldNiche] = niches[mix(i, 8)%len(niches)]
	row[rosterfile.FieldLocation] = cities[mix(i, 9)%len(cities)]
	row[rosterfile.FieldInstagram] = "@" + handle
	row[rosterfile.FieldInstagramFollowers] = strconv.Itoa(ig)
	if i%4 == 0 {
		row[rosterfile.FieldYouTube] = handle
		row[rosterfile.FieldYouTubeSubscribers] = strconv.Itoa(mix(i, 10) % 400_000)
	}
	if i%6 == 1 {
		row[rosterfile.FieldTikTok] = handle
		row[rosterfile.FieldTikTokFollowers] = strconv.Itoa(mix(i, 11) % 1_200_000)
	}
	row[rosterfile.FieldEngagementRate] = fmt.Sprintf("%.1f", float64(mix(i, 12)%120)/10)
	if i%2 == 0 { // the audience split is known for half the creators, ages for a fifth
		row[rosterfile.FieldAudienceMale] = strconv.Itoa(male)
		row[rosterfile.FieldAudienceFemale] = strconv.Itoa(female)
		row[rosterfile.FieldAudienceOther] = strconv.Itoa(100 - male - female)
	}
	if i%5 == 0 {
		for j, a := range []int{5, 30, 30, 15, 10, 6, 4} {
			row[rosterfile.FieldAge13+rosterfile.Field(j)] = strconv.Itoa(a)
		}
	}
	return row
}

// WriteCSV writes a header and n rows as CSV.
func WriteCSV(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	_ = cw.Write(rosterfile.Headers[:])
	for i := 0; i < n; i++ {
		_ = cw.Write(Row(i))
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// WriteJSON writes n rows as {"creators": [{header: value, ...}, ...]}
// (numbers as JSON numbers, empty cells left out).
func WriteJSON(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("{\"creators\": [\n")
	for i := 0; i < n; i++ {
		obj := map[string]any{}
		for f, v := range Row(i) {
			if v == "" {
				continue
			}
			if x, err := strconv.ParseFloat(v, 64); err == nil {
				obj[rosterfile.Headers[f]] = x
			} else {
				obj[rosterfile.Headers[f]] = v
			}
		}
		b, _ := json.Marshal(obj)
		if i > 0 {
			bw.WriteString(",\n")
		}
		bw.Write(b)
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// WriteXLSX writes a header and n rows to one sheet ("Creators") with
// excelize's stream writer; counts are numeric cells.
func WriteXLSX(w io.Writer, n int) error {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Creators"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	header := make([]any, rosterfile.NumFields)
	for i, h := range rosterfile.Headers {
		header[i] = h
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		vals := make([]any, rosterfile.NumFields)
		for f, v := range Row(i) {
			if x, err := strconv.ParseFloat(v, 64); err == nil {
				vals[f] = x
			} else {
				vals[f] = v
			}
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, vals); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return f.Write(w)
}
