package store

import (
	"regexp"
	"strings"
)

// offPlatformWords is the documented list (docs/features/threads.md) of
// words that ask to move payment or contact off the platform. A message
// naming one shows both sides a notice; it is never refused.
var offPlatformWords = []struct {
	name string
	re   *regexp.Regexp
}{
	{"PayPal", regexp.MustCompile(`(?i)\bpay\s?pal\b`)},
	{"wire transfer", regexp.MustCompile(`(?i)\b(wire|bank)\s?(transfer|payment)\b|\biban\b|\bswift\b`)},
	{"crypto", regexp.MustCompile(`(?i)\b(crypto\w*|bitcoin|btc|ethereum|eth|usdt|wallet address)\b`)},
	{"WhatsApp", regexp.MustCompile(`(?i)\bwhats\s?app\b|\btelegram\b|\bsignal me\b`)},
	{"Venmo", regexp.MustCompile(`(?i)\b(venmo|cash\s?app|zelle)\b`)},
	{"phone number", regexp.MustCompile(`(?:\+|\b)\d[\d ().-]{7,}\d\b`)},
}

// OffPlatform returns the names of the off-platform words body contains,
// in the list's order ("phone number" for anything shaped like one: 9 or
// more digits with spaces, dots, dashes or brackets).
func OffPlatform(body string) []string {
	out := []string{}
	for _, w := range offPlatformWords {
		if m := w.re.FindString(body); m != "" {
			if w.name == "phone number" && countDigits(m) < 9 {
				continue
			}
			out = append(out, w.name)
		}
	}
	return out
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// threadText trims a message's text and reports whether it is acceptable:
// 1 to ThreadBodyMax characters, no NUL.
func threadText(body string) (string, bool) {
	body = strings.TrimSpace(body)
	n := len([]rune(body))
	return body, n >= 1 && n <= ThreadBodyMax && !strings.ContainsRune(body, 0)
}
