package store

import (
	"fmt"
	"math"
	"strings"
)

// FigureKind says how a results figure is written. The results page, the
// share page, the CSV and the PDF write every figure the same way: counts
// with thousands separators (12,500), percentages with two decimals
// (8.33%), money to the cent ($12,500.00), costs per unit with two decimals
// ($12.40) and the cost per view with four ($0.0123).
type FigureKind int

// The kinds of figures.
const (
	KindCount FigureKind = iota
	KindPercent
	KindMoney
	KindCostPerView
)

// FigureText writes v as a figure of kind (see FigureKind).
func FigureText(v float64, kind FigureKind) string {
	switch kind {
	case KindPercent:
		return decimalText(v, 2) + "%"
	case KindMoney:
		return moneyCents(v, 2)
	case KindCostPerView:
		return moneyCents(v, 4)
	default:
		return decimalText(math.Round(v), 0)
	}
}

// CountText writes a count with thousands separators: 12,500.
func CountText(n int64) string { return thousands(n) }

// decimalText writes v with decimals places and thousands separators.
func decimalText(v float64, decimals int) string {
	s := fmt.Sprintf("%.*f", decimals, math.Abs(v))
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if v < 0 && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return b.String()
}

// moneyCents writes dollars with decimals places: $12,500.00.
func moneyCents(v float64, decimals int) string {
	s := decimalText(v, decimals)
	if strings.HasPrefix(s, "-") {
		return "-$" + s[1:]
	}
	return "$" + s
}
