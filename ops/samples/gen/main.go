// Command gen writes roster files with the canonical headers: the sample
// files of ops/samples (small) or large files for the benchmark.
//
//	go run ./ops/samples/gen -n 100000 -format csv -o /tmp/roster.csv
//	go run ./ops/samples/gen -samples ops/samples   # rewrite the sample files
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"creatorcoach/jobs/rosterfile/rosterfilegen"
)

func main() {
	n := flag.Int("n", 20, "data rows")
	format := flag.String("format", "csv", "csv, json or xlsx")
	out := flag.String("o", "", "output file (default stdout)")
	samples := flag.String("samples", "", "write creators.csv, creators.json and creators.xlsx of -n rows into this directory")
	flag.Parse()
	if err := run(*n, *format, *out, *samples); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

var writers = map[string]func(io.Writer, int) error{
	"csv": rosterfilegen.WriteCSV, "json": rosterfilegen.WriteJSON, "xlsx": rosterfilegen.WriteXLSX,
}

func run(n int, format, out, samples string) error {
	if samples != "" {
		for _, f := range []string{"csv", "json", "xlsx"} {
			if err := write(n, f, filepath.Join(samples, "creators."+f)); err != nil {
				return err
			}
		}
		return nil
	}
	return write(n, format, out)
}

func write(n int, format, path string) error {
	w, ok := writers[format]
	if !ok {
		return fmt.Errorf("unknown format %q", format)
	}
	if path == "" {
		return w(os.Stdout, n)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := w(f, n); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
