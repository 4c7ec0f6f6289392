package store

import (
	"bytes"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// TestLogin_DummyHashCost: the hash a log-in for an unknown e-mail compares
// against has the configured bcrypt cost (so both take as long), and is made
// once per store.
func TestLogin_DummyHashCost(t *testing.T) {
	t.Parallel()
	for _, cost := range []int{5, 7} {
		s := &DB{BcryptCost: cost}
		h := s.dummyHash()
		got, err := bcrypt.Cost(h)
		if err != nil || got != cost {
			t.Fatalf("dummy hash cost %d (%v), want %d", got, err, cost)
		}
		if !bytes.Equal(h, s.dummyHash()) {
			t.Fatal("dummy hash made again on the second log-in")
		}
	}
}
