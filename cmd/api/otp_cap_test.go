package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestOTP_DailyFailureCap: once an address reached the cap of failed code
// checks (OTP_FAILED_ATTEMPTS_PER_DAY, 5 here), every code check of it is
// refused with MsgOTPLocked for 24 hours, on every purpose and even with the
// right code; after that a fresh code works. An unknown address answers the
// same sequence.
func TestOTP_DailyFailureCap(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.db.OTPFailuresPerDay = 5
	const addr = "cap@example.org"
	e.signUp(addr)
	mails := 1
	newCode := func(path string) string {
		e.clock.Advance(store.OTPResendCooldown + time.Second)
		e.want(e.call("POST", path, "", map[string]any{"email": addr}), http.StatusOK)
		mails++
		return e.mail.WaitCode(t, addr, mails)
	}
	code := newCode("/api/users/forgot-password")
	wrong := fmt.Sprintf("%06d", (mustAtoi(t, code)+1)%1_000_000)
	guesses := func(email string) []string {
		var got []string
		for range 6 {
			r := e.call("POST", "/api/users/verify-otp", "", map[string]any{"email": email, "otp": wrong, "type": "password_reset"})
			got = append(got, fmt.Sprintf("%d %s", r.Status, r.str("message")))
		}
		return got
	}
	known, unknown := guesses(addr), guesses("nobody@example.org")
	locked := fmt.Sprintf("%d %s", http.StatusTooManyRequests, store.MsgOTPLocked)
	if known[3] == locked || known[4] != locked || known[5] != locked {
		t.Fatalf("known address answered %q", known)
	}
	if fmt.Sprint(known) != fmt.Sprint(unknown) {
		t.Fatalf("known address answered %q, unknown %q", known, unknown)
	}

	// Right codes are refused too, on every purpose, for 24 hours.
	code = newCode("/api/users/forgot-password")
	r := e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": addr, "otp": code, "password": "Fresh#Pass2026"}),
		http.StatusTooManyRequests)
	if r.str("message") != store.MsgOTPLocked {
		t.Fatalf("reset: %v", r.Body)
	}
	code = newCode("/api/users/delete-account-otp")
	e.want(e.call("DELETE", "/api/users/delete-account", "", map[string]any{"email": addr, "otp": code, "reason": "Privacy concerns"}),
		http.StatusTooManyRequests)
	e.clock.Advance(23 * time.Hour)
	e.want(e.call("POST", "/api/users/verify-otp", "", map[string]any{"email": addr, "otp": code, "type": "account_deletion"}),
		http.StatusTooManyRequests)

	// The day has passed: a fresh code works again.
	e.clock.Advance(time.Hour)
	code = newCode("/api/users/forgot-password")
	e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": addr, "otp": code, "password": "Fresh#Pass2026"}), http.StatusOK)
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err != nil {
		t.Fatalf("code %q: %v", s, err)
	}
	return n
}
