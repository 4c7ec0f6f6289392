package store

import "testing"

func TestCommonPassword(t *testing.T) {
	t.Parallel()
	if n := len(commonPasswords()); n < 10_000 {
		t.Fatalf("list holds %d passwords, want at least 10,000", n)
	}
	for p, want := range map[string]bool{
		"P@ssw0rd":      true,  // listed
		"PASSWORD":      true,  // case is ignored
		"Password1!":    true,  // "password1" decorated
		"Qwerty123!":    true,  // "qwerty123" decorated
		"Baseball#2024": true,  // "baseball" decorated
		"Demo#2026":     false, // "demo" is listed but shorter than 8
		"Newpass#2026":  false,
		"Str0ng!pass":   false,
		"password!x":    false, // a letter after the decoration
	} {
		if got := CommonPassword(p); got != want {
			t.Errorf("CommonPassword(%q) = %v, want %v", p, got, want)
		}
	}
}
