package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

func TestUser_SignUpVerifyMe(t *testing.T) {
	t.Parallel()
	e := setup(t)
	t.Run("Creator", func(t *testing.T) {
		e := e.on(t)
		access, refresh := e.signUp("ann@example.org")
		if access == "" || refresh == "" {
			t.Fatal("verify-email gave no tokens")
		}
		me := e.want(e.call("GET", "/api/users/me", access, nil), http.StatusOK)
		if got := me.str("data", "user", "email"); got != "ann@example.org" {
			t.Fatalf("email %q", got)
		}
		if got := me.str("data", "user", "role"); got != store.RoleUser {
			t.Fatalf("role %q, want USER", got)
		}
		if me.str("data", "user", "niche", "name") == "" {
			t.Fatal("creator has no niche in the profile")
		}
		m := e.mail.Wait(t, "ann@example.org", 1)
		if !strings.Contains(m.Text(), "Creator Coach") || !strings.Contains(m.Text(), "text/html") {
			t.Fatalf("mail lacks product name or HTML part:\n%s", m.Text())
		}
	})
	t.Run("Brand", func(t *testing.T) {
		e := e.on(t)
		e.want(e.call("POST", "/api/users/register", "", map[string]any{
			"brandName": "Nova Labs", "name": "Bo Brand", "email": "bo@nova.io", "password": goodPassword}), http.StatusCreated)
		code := e.mail.WaitCode(t, "bo@nova.io", 1)
		r := e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "bo@nova.io", "otp": code}), http.StatusOK)
		if r.str("data", "user", "role") != store.RoleBrandAdmin || r.str("data", "user", "brand", "name") != "Nova Labs" {
			t.Fatalf("brand sign-up gave %v", r.data())
		}
	})
}

func TestUser_RegisterValidation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	niche := e.nicheID()
	e.registerCreator("taken@example.org")
	before := e.countUsers()
	creator := func(change func(map[string]any)) map[string]any {
		b := map[string]any{"name": "Ann Lee", "email": "new@example.org", "password": goodPassword, "niche": niche}
		change(b)
		return b
	}
	tests := []struct {
		name   string
		body   any
		status int
		field  string
		msg    string
	}{
		{"ErrNameRequired", creator(func(b map[string]any) { b["name"] = "" }), 422, "name", "Full name is required"},
		{"ErrNameChars", creator(func(b map[string]any) { b["name"] = "Ann!" }), 422, "name", "Special characters are not allowed"},
		{"ErrEmailRequired", creator(func(b map[string]any) { b["email"] = "" }), 422, "email", "Email is required"},
		{"ErrEmailInvalid", creator(func(b map[string]any) { b["email"] = "ann@" }), 422, "email", "Invalid email"},
		{"ErrPasswordRequired", creator(func(b map[string]any) { b["password"] = "" }), 422, "password", "Password is required"},
		{"ErrPasswordWeak", creator(func(b map[string]any) { b["password"] = "abcdefgh" }), 422, "password", store.MsgPasswordRule},
		{"ErrPasswordBadChar", creator(func(b map[string]any) { b["password"] = "Abcdef1!~" }), 422, "password", store.MsgPasswordRule},
		{"ErrNicheRequired", creator(func(b map[string]any) { b["niche"] = "" }), 422, "niche", "Creator niche is required"},
		{"ErrNicheUnknown", creator(func(b map[string]any) { b["niche"] = "00000000-0000-0000-0000-000000000000" }), 422, "niche", store.MsgNicheInvalid},
		{"ErrNicheMalformed", creator(func(b map[string]any) { b["niche"] = "fitness" }), 422, "niche", store.MsgNicheInvalid},
		{"ErrBrandNameRequired", map[string]any{"brandName": "", "name": "Bo", "email": "b@x.io", "password": goodPassword}, 422, "brandName", "Brand name is required"},
		{"ErrBrandFullNameRequired", map[string]any{"brandName": "Nova", "name": "", "email": "b@x.io", "password": goodPassword}, 422, "name", "company name is required"},
		{"ErrBrandNameChars", map[string]any{"brandName": "Nova & Co", "name": "Bo", "email": "b@x.io", "password": goodPassword}, 422, "brandName", "Special characters are not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := e.on(t)
			r := e.call("POST", "/api/users/register", "", tt.body)
			if r.Status != tt.status || r.field(tt.field) != tt.msg {
				t.Fatalf("got %d %q, want %d %q (body %v)", r.Status, r.field(tt.field), tt.status, tt.msg, r.Body)
			}
			if n := e.countUsers(); n != before {
				t.Fatalf("rejected sign-up left %d users, want %d", n, before)
			}
		})
	}
	t.Run("ErrBrandRegisterWithoutName", func(t *testing.T) {
		e := e.on(t)
		r := e.call("POST", "/api/brands/register", "", map[string]any{"name": "Bo", "email": "b@x.io", "password": goodPassword})
		if r.Status != 422 || r.field("brandName") != "Brand name is required" {
			t.Fatalf("got %d %v", r.Status, r.Body)
		}
	})
}

func TestUser_LoginUnverified(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.registerCreator("un@example.org")
	r := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "un@example.org", "password": goodPassword}), http.StatusUnauthorized)
	if code, _ := r.Body["error_code"].(float64); code != 401 {
		t.Fatalf("error_code %v, want 401", r.Body["error_code"])
	}
	r = e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "un@example.org", "password": "Wr0ng!pass"}), http.StatusUnauthorized)
	if r.Body["error_code"] != "unauthorized" || r.Body["message"] != "Invalid email or password" {
		t.Fatalf("wrong password on an unverified account must be generic, got %v", r.Body)
	}
	unknown := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "nobody@example.org", "password": goodPassword}), http.StatusUnauthorized)
	if unknown.Body["message"] != r.Body["message"] {
		t.Fatalf("unknown e-mail answered %v, wrong password %v", unknown.Body, r.Body)
	}
}

func TestOTP_BruteForce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.registerCreator("bf@example.org")
	code := e.mail.WaitCode(t, "bf@example.org", 1)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := 0; i < store.OTPMaxAttempts; i++ {
		e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "bf@example.org", "otp": wrong}), 422)
	}
	r := e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "bf@example.org", "otp": code})
	if r.Status != 422 {
		t.Fatalf("6th try with the right code: status %d, want 422", r.Status)
	}
}

func TestOTP_Expiry(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.registerCreator("exp@example.org")
	code := e.mail.WaitCode(t, "exp@example.org", 1)
	e.clock.Advance(store.OTPTTL + time.Second)
	e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "exp@example.org", "otp": code}), 422)
}

func TestOTP_Validation(t *testing.T) {
	t.Parallel()
	e := setup(t)
	r := e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "a@b.io", "otp": "12a"}), 422)
	if r.field("otp") != "Verification code must be 6 digits" {
		t.Fatalf("got %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "a@b.io"}), 422)
	if r.field("otp") != "Verification code is required" {
		t.Fatalf("got %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/users/verify-otp", "", map[string]any{"email": "a@b.io", "otp": "1", "type": "password_reset"}), 422)
	if r.field("otp") != "OTP must be 6 digits" {
		t.Fatalf("got %v", r.Body)
	}
}

func TestOTP_SendValidation(t *testing.T) {
	t.Parallel()
	e := setupNoWorker(t)
	r := e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": ""}), 422)
	if r.field("email") != "Email is required" {
		t.Fatalf("got %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "nope"}), 422)
	if r.field("email") != "Invalid email" {
		t.Fatalf("got %v", r.Body)
	}
	r = e.want(e.call("POST", "/api/users/delete-account-otp", "", map[string]any{"email": "nope"}), 422)
	if r.field("email") != "Invalid email address" {
		t.Fatalf("got %v", r.Body)
	}
	// Refused input queues no mail; a valid request queues the code's mail
	// (the task is checked where it is written: no worker runs here).
	storetest.RequireNotInserted(t, e.db, jobs.TypeUserSendOTP, nil)
	e.account("otp@send.io", store.RoleUser)
	e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "otp@send.io"}), http.StatusOK)
	if task := storetest.RequireInserted(t, e.db, jobs.TypeUserSendOTP, nil); task.Payload["requestId"] == "" || task.Queue != jobs.QueueCritical {
		t.Fatalf("queued %+v", task)
	}
}

func TestOTP_ResendCooldown(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.registerCreator("cd@example.org")
	first := e.mail.WaitCode(t, "cd@example.org", 1)
	// Within the cooldown the answer is the usual one, but nothing is mailed.
	e.want(e.call("POST", "/api/users/send-email-verification-otp", "", map[string]any{"email": "cd@example.org"}), http.StatusOK)
	e.settle()
	if n := e.mail.Count("cd@example.org"); n != 1 {
		t.Fatalf("%d mails within the cooldown, want 1", n)
	}
	e.clock.Advance(store.OTPResendCooldown + time.Second)
	e.want(e.call("POST", "/api/users/send-email-verification-otp", "", map[string]any{"email": "cd@example.org"}), http.StatusOK)
	second := e.mail.WaitCode(t, "cd@example.org", 2)
	if first != second {
		e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "cd@example.org", "otp": first}), 422)
	}
	e.want(e.call("POST", "/api/users/verify-email", "", map[string]any{"email": "cd@example.org", "otp": second}), http.StatusOK)
	// A verified address gets no further mail but the same answer.
	e.clock.Advance(store.OTPResendCooldown + time.Second)
	e.want(e.call("POST", "/api/users/send-email-verification-otp", "", map[string]any{"email": "cd@example.org"}), http.StatusOK)
	e.settle()
	if n := e.mail.Count("cd@example.org"); n != 2 {
		t.Fatalf("%d mails, want 2", n)
	}
}

func TestSession_RefreshRotationAndReuse(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, refresh := e.signUp("rt@example.org")
	r := e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusOK)
	next := r.str("data", "refreshToken")
	if next == "" || next == refresh || r.str("refreshToken") != next || r.str("data", "accessToken") == "" {
		t.Fatalf("refresh did not rotate: %v", r.Body)
	}
	// Within the grace a second use of the old token still works (two tabs).
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusOK)
	// After the grace it is a reuse: the whole session dies.
	e.clock.Advance(store.RefreshReuseGrace + time.Second)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": next}), http.StatusUnauthorized)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": "forged"}), http.StatusUnauthorized)
}

func TestSession_Logout(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, refresh := e.signUp("lo@example.org")
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusOK)
	e.want(e.call("POST", "/api/users/logout", access, nil), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusUnauthorized)
}

func TestSession_AccessTokenExpires(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, refresh := e.signUp("ex@example.org")
	e.clock.Advance(accessTTL + time.Second)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	r := e.want(e.call("POST", "/api/users/refresh-token", "", map[string]any{"refreshToken": refresh}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", r.str("data", "accessToken"), nil), http.StatusOK)
}

func TestPassword_ResetRevokesSessions(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, _ := e.signUp("pr@example.org")
	e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "pr@example.org"}), http.StatusOK)
	code := e.mail.WaitCode(t, "pr@example.org", 2)
	// verify-otp checks without consuming.
	e.want(e.call("POST", "/api/users/verify-otp", "", map[string]any{"email": "pr@example.org", "otp": code, "type": "password_reset"}), http.StatusOK)
	r := e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": "pr@example.org", "otp": code, "password": "weak"}), 422)
	if r.field("password") != store.MsgResetPasswordRule {
		t.Fatalf("got %v", r.Body)
	}
	e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": "pr@example.org", "otp": code, "password": "N3w!password"}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/reset-password", "", map[string]any{"email": "pr@example.org", "otp": code, "password": "An0ther!pass"}), 422)
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "pr@example.org", "password": goodPassword}), http.StatusUnauthorized)
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "pr@example.org", "password": "N3w!password"}), http.StatusOK)
}

func TestPassword_ForgotNoEnumeration(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.signUp("known@example.org")
	known := e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "known@example.org"}), http.StatusOK)
	unknown := e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "ghost@example.org"}), http.StatusOK)
	if known.str("data", "message") != unknown.str("data", "message") {
		t.Fatalf("answers differ: %v vs %v", known.Body, unknown.Body)
	}
	e.mail.Wait(t, "known@example.org", 2)
	if n := e.mail.Count("ghost@example.org"); n != 0 {
		t.Fatalf("mailed an unknown address %d times", n)
	}
}

func TestPassword_Change(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, _ := e.signUp("cp@example.org")
	other := e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "cp@example.org", "password": goodPassword}), http.StatusOK).str("data", "accessToken")
	r := e.want(e.call("PUT", "/api/users/change-password", access, map[string]any{"currentPassword": "Wr0ng!pass", "newPassword": "N3w!password"}), 422)
	if r.field("currentPassword") != "Current password is incorrect" {
		t.Fatalf("got %v", r.Body)
	}
	e.want(e.call("PUT", "/api/users/change-password", access, map[string]any{"currentPassword": goodPassword, "newPassword": "N3w!password"}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", other, nil), http.StatusUnauthorized)
}

func TestUser_Profile(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, _ := e.signUp("pf@example.org")
	niches, _ := e.db.ListNiches(context.Background())
	r := e.want(e.call("PUT", "/api/users/profile", access, map[string]any{"name": "Ann Renamed", "niche": niches[3].ID}), http.StatusOK)
	if r.str("data", "user", "name") != "Ann Renamed" || r.str("data", "user", "niche", "_id") != niches[3].ID {
		t.Fatalf("got %v", r.data())
	}
	r = e.want(e.call("PUT", "/api/users/profile", access, map[string]any{"name": "Ann$"}), 422)
	if r.field("name") != "Special characters are not allowed" {
		t.Fatalf("got %v", r.Body)
	}
	e.want(e.call("PUT", "/api/users/profile", access, map[string]any{"niche": "nope"}), 422)
	p := e.want(e.call("GET", "/api/users/profile", access, nil), http.StatusOK)
	if p.str("data", "user", "name") != "Ann Renamed" {
		t.Fatalf("rejected update changed the profile: %v", p.data())
	}
}

func TestAccount_DeletionRecoveryPurge(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := context.Background()
	access, _ := e.signUp("del@example.org")
	e.want(e.call("POST", "/api/users/delete-account-otp", "", map[string]any{"email": "del@example.org"}), http.StatusOK)
	code := e.mail.WaitCode(t, "del@example.org", 2)
	r := e.want(e.call("DELETE", "/api/users/delete-account", "", map[string]any{"email": "del@example.org", "otp": code, "reason": "Because"}), 422)
	if r.field("reason") != "Please select a reason for deleting your account" {
		t.Fatalf("got %v", r.Body)
	}
	e.want(e.call("DELETE", "/api/users/delete-account", "", map[string]any{"email": "del@example.org", "otp": code, "reason": "Privacy concerns"}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)

	// Logging in within 30 days restores the account.
	e.clock.Advance(29 * 24 * time.Hour)
	access = e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "del@example.org", "password": goodPassword}), http.StatusOK).str("data", "accessToken")
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusOK)

	// Signed-in deletion, then 31 days: the account is gone for good.
	e.want(e.call("DELETE", "/api/users", access, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	e.want(e.call("GET", "/api/users/me", access, nil), http.StatusUnauthorized)
	e.clock.Advance(31 * 24 * time.Hour)
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "del@example.org", "password": goodPassword}), http.StatusUnauthorized)
	before := e.countUsers()
	for i := 0; i < 2; i++ { // idempotent: the second run erases nothing
		if err := e.jobs.HandleUserPurge(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.countUsers(); got != before-1 {
		t.Fatalf("users after purge %d, want %d", got, before-1)
	}
	var runs []int
	if err := e.db.SQL().Select(&runs, `SELECT (result->>'purged')::int FROM jobs WHERE kind = 'user_purge' ORDER BY created_at, id`); err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0]+runs[1] != 1 {
		t.Fatalf("purge job results %v, want one erased in total over two runs", runs)
	}
	// The address is free again.
	e.registerCreator("del@example.org")
}

func TestAccount_DeletionNeedsItsOwnCode(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.signUp("dc@example.org")
	e.want(e.call("POST", "/api/users/forgot-password", "", map[string]any{"email": "dc@example.org"}), http.StatusOK)
	resetCode := e.mail.WaitCode(t, "dc@example.org", 2)
	e.want(e.call("DELETE", "/api/users/delete-account", "", map[string]any{"email": "dc@example.org", "otp": resetCode, "reason": "Others"}), 422)
	e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "dc@example.org", "password": goodPassword}), http.StatusOK)
}
