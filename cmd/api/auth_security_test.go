package main

import (
	"context"
	"net/http"
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
