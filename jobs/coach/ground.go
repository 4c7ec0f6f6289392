package coach

import (
	"regexp"
	"strings"
)

// numberRe finds the figures of a text: digits with thousands separators
// and decimals ("12,340", "4.21").
var numberRe = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// Numbers returns the figures written in s, without separators.
func Numbers(s string) []string {
	var out []string
	for _, m := range numberRe.FindAllString(s, -1) {
		out = append(out, strings.ReplaceAll(strings.TrimRight(m, ","), ",", ""))
	}
	return out
}

// Ungrounded returns the figures of answer that appear neither in a fact
// (its label, text or period) nor in the question: an answer grounded in
// the facts has none.
func Ungrounded(answer, question string, facts []Fact) []string {
	known := map[string]bool{}
	for _, s := range append([]string{question}, factStrings(facts)...) {
		for _, n := range Numbers(s) {
			known[n] = true
		}
	}
	var out []string
	for _, n := range Numbers(answer) {
		if !known[n] {
			out = append(out, n)
		}
	}
	return out
}

func factStrings(facts []Fact) []string {
	var out []string
	for _, f := range facts {
		out = append(out, f.Label, f.Text, f.Period)
	}
	return out
}
