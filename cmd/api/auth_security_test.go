package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// TestPassword_TooCommon: a password on the common-password list, or one of
// at least 8 characters with only digits or special characters appended, is
// refused on sign-up, reset and change, although it meets the password rule.
func TestPassword_TooCommon(t *testing.T) {
	t.Parallel()
	e := setup(t)
	niche := e.nicheID()
	for _, pw := range []string{"P@ssw0rd", "1qaz@WSX", "Password1!", "Baseball#2024", "Iloveyou123!"} {
		t.Run("SignUp"+pw, func(t *testing.T) {
			e := e.on(t)
			r := expect(t, e.call("POST", "/api/users/register", "", map[string]any{
				"name": "Ann Lee", "email": "common@example.org", "password": pw, "niche": niche}), http.StatusUnprocessableEntity)
			if got := r.field("password"); got != store.MsgPasswordTooCommon {
				t.Fatalf("fields.password = %q, want %q", got, store.MsgPasswordTooCommon)
			}
		})
	}
	if n := e.countUsers(); n != 0 {
		t.Fatalf("%d users saved", n)
	}
	// Uncommon passwords pass, including the demo one.
	for _, pw := range []string{goodPassword, "Demo#2026", "Newpass#2026"} {
		if store.CommonPassword(pw) {
			t.Errorf("%q refused as common", pw)
		}
	}

	access, _ := e.signUp("tc@example.org")
	r := e.want(e.call("PUT", "/api/users/change-password", access, map[string]any{"currentPassword": goodPassword, "newPassword": "Passw0rd!"}), 422)
	if r.field("newPassword") != store.MsgPasswordTooCommon {
		t.Fatalf("change: %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "tc@example.org"}), http.StatusOK)
	code := e.mail.WaitCode(t, "tc@example.org", 2)
	r = e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": "tc@example.org", "otp": code, "password": "Qwerty123!"}), 422)
	if r.field("password") != store.MsgPasswordTooCommon {
		t.Fatalf("reset: %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "tc@example.org", "password": goodPassword}), http.StatusOK)
}

// TestSession_AbsoluteLifetime: refreshing keeps a session alive only up to
// its absolute lifetime (90 days by default), counted from the log-in.
func TestSession_AbsoluteLifetime(t *testing.T) {
	t.Parallel()
	e := setup(t)
	_, refresh := e.signUp("life@example.org")
	for day := 20; day <= 80; day += 20 {
		e.clock.Advance(20 * 24 * time.Hour)
		r := e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusOK)
		refresh = r.str("data", "refreshToken")
		e.want(e.call("GET", "/api/users/me", r.str("data", "accessToken"), nil), http.StatusOK)
	}
	e.clock.Advance(9*24*time.Hour + 23*time.Hour) // 89 days 23 hours after log-in
	r := e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusOK)
	access := r.str("data", "accessToken")
	refresh = r.str("data", "refreshToken")
	e.clock.Advance(2 * time.Hour) // past 90 days
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)
	// A new log-in starts a new lifetime.
	e.want(e.call("GET", "/api/users/me", e.login("life@example.org"), nil), http.StatusOK)
}

// TestSession_RevokedOnRoleOrPasswordChange: `api create-admin` on an
// existing account and a team role change end every session of the account
// (its refresh token fails); saving the same role and password again (a
// re-run seed) keeps them.
func TestSession_RevokedOnRoleOrPasswordChange(t *testing.T) {
	t.Parallel()
	e := setup(t)
	signIn := func(email, password string) (string, string) {
		r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": email, "password": password}), http.StatusOK)
		return r.str("data", "accessToken"), r.str("data", "refreshToken")
	}
	e.account("ann@example.org", store.RoleUser)
	access, refresh := signIn("ann@example.org", goodPassword)
	if _, err := e.db.SaveAccount(context.Background(), store.AccountSpec{Email: "ann@example.org", Password: goodPassword,
		Role: store.RoleUser, NicheName: "Fitness & Health"}); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusOK)

	if err := createAdmin(context.Background(), e.db, []string{"--email", "ann@example.org", "--password", "Adm1n#Promoted"}); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	access, refresh = signIn("ann@example.org", "Adm1n#Promoted")
	if err := createAdmin(context.Background(), e.db, []string{"--email", "ann@example.org", "--password", "An0ther#Secret"}); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)

	owner := e.brandAccount("owner@rev.io", store.RoleBrandAdmin, "Rev Co")
	e.brandAccount("vee@rev.io", store.RoleBrandViewer, "Rev Co")
	veeAccess, veeRefresh := signIn("vee@rev.io", goodPassword)
	veeID := e.want(e.call("GET", "/api/users/me", veeAccess, nil), http.StatusOK).str("data", "user", "_id")
	e.want(e.call("PATCH", "/api/brands/members/"+veeID, owner, map[string]any{"role": store.RoleBrandManager}), http.StatusOK)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": veeRefresh}), http.StatusUnauthorized)
	r := e.want(e.call("GET", "/api/users/me", e.login("vee@rev.io"), nil), http.StatusOK)
	if r.str("data", "user", "role") != store.RoleBrandManager {
		t.Fatalf("role after sign-in %v", r.Body)
	}
}

// TestUser_KnownAndUnknownAddressesAnswerAlike: the code-mailing calls, each
// called twice, and sign-up give the same status and body sequence for an
// address with an account as for one without. A sign-up of a verified
// address mails it a notice without a code and changes nothing; a sign-up of
// a still unverified address mails a fresh code, and that sign-up's password
// is the one that works after verification.
func TestUser_KnownAndUnknownAddressesAnswerAlike(t *testing.T) {
	t.Parallel()
	e := setup(t)
	niche := e.nicheID()
	e.signUp("known@example.org")
	e.registerCreator("pending@example.org")
	e.mail.WaitCode(t, "pending@example.org", 1)
	sequence := func(email string) []string {
		var got []string
		for _, path := range []string{"/api/users/forgot-password", "/api/users/delete-account-otp", "/api/users/send-email-verification-otp"} {
			for range 2 {
				r := e.call("POST", path, "", map[string]any{"email": email})
				raw, _ := json.Marshal(r.Body)
				got = append(got, fmt.Sprintf("%s %d %s", path, r.Status, raw))
			}
		}
		for _, body := range []map[string]any{
			{"name": "Eve Other", "email": email, "password": "Other#Pass2026", "niche": niche},
			{"brandName": "Eve Co", "name": "Eve Other", "email": email, "password": "Other#Pass2026"},
		} {
			r := e.call("POST", "/api/users/register", "", body)
			raw, _ := json.Marshal(r.Body)
			got = append(got, fmt.Sprintf("register %d %s", r.Status, raw))
		}
		return got
	}
	brands := e.count(`SELECT count(*) FROM brands`)
	known := sequence("known@example.org")
	for _, email := range []string{"pending@example.org", "nobody@example.org"} {
		if got := sequence(email); fmt.Sprint(got) != fmt.Sprint(known) {
			t.Fatalf("%s answered\n%q\nknown address answered\n%q", email, got, known)
		}
	}
	if !strings.HasPrefix(known[len(known)-1], "register 201") {
		t.Fatalf("sign-up answered %q", known[len(known)-1])
	}
	// Each address had an account by its brand sign-up (nobody@ from its creator sign-up just before).
	if n := e.count(`SELECT count(*) FROM brands`); n != brands {
		t.Fatalf("%d brands made for addresses with an account", n-brands)
	}

	// The verified account: two notices (one per sign-up), no code, nothing changed.
	e.settle()
	var notices int
	for _, m := range e.mail.Messages() {
		if len(m.To) == 1 && m.To[0] == "known@example.org" && strings.Contains(m.Text(), "log in or reset your password") {
			notices++
			if m.Code() != "" || regexp.MustCompile(`\b\d{6}\b`).MatchString(m.Text()) {
				t.Fatalf("notice carries a code:\n%s", m.Text())
			}
		}
	}
	if notices != 2 {
		t.Fatalf("%d notices, want 2", notices)
	}
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "known@example.org", "password": "Other#Pass2026"}), http.StatusUnauthorized)
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "known@example.org", "password": goodPassword}), http.StatusOK)
	if r.str("data", "user", "role") != store.RoleUser || r.str("data", "user", "name") != "Ann Creator" {
		t.Fatalf("account changed: %v", r.Body)
	}

	// The unverified account: past the resend cooldown, a sign-up mails a fresh code.
	sent := e.mail.Count("pending@example.org")
	e.clock.Advance(store.OTPResendCooldown + time.Second)
	e.want(e.call("POST", "/api/users/register", "", map[string]any{
		"name": "Pat Pending", "email": "Pending@Example.org", "password": "Fresh#Pass2026", "niche": niche}), http.StatusCreated)
	code := e.mail.WaitCode(t, "pending@example.org", sent+1)
	r = e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "pending@example.org", "otp": code}), http.StatusOK)
	if r.str("data", "user", "name") != "Pat Pending" {
		t.Fatalf("verified %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "pending@example.org", "password": goodPassword}), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "pending@example.org", "password": "Fresh#Pass2026"}), http.StatusOK)
}
