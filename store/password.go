package store

import (
	_ "embed"
	"strings"
	"sync"
)

// commonPasswordList is the 30,000 most common passwords of zxcvbn's
// frequency lists (the file names its source), lower case, one a line.
//
//go:embed common_passwords.txt
var commonPasswordList string

// commonPasswords is commonPasswordList as a set, built on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 30_000)
	for line := range strings.Lines(commonPasswordList) {
		if line = strings.TrimRight(line, "\r\n"); line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// minCommonStem is the shortest listed password that still counts when
// digits or special characters follow it ("Password1!").
const minCommonStem = 8

// CommonPassword reports whether p, ignoring case, is on the common-password
// list, or becomes a listed password of at least minCommonStem characters
// when some of its trailing digits and special characters are dropped
// ("Qwerty123!" is "qwerty123" decorated).
func CommonPassword(p string) bool {
	set := commonPasswords()
	lower := strings.ToLower(p)
	if _, ok := set[lower]; ok {
		return true
	}
	for i := len(lower) - 1; i >= minCommonStem; i-- {
		if c := lower[i]; c >= 'a' && c <= 'z' || c >= 0x80 {
			return false // only a trailing run of digits and specials is a decoration
		}
		if _, ok := set[lower[:i]]; ok {
			return true
		}
	}
	return false
}
