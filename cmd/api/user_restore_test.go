package main

import (
	"net/http"
	"testing"
	"time"
)

// TestAccount_LoginSaysRestored: logging in to an account deleted within
// the recovery window says that it has been restored; a normal login does not.
func TestAccount_LoginSaysRestored(t *testing.T) {
	t.Parallel()
	e := setup(t)
	access, _ := e.signUp("back@example.org")
	login := func() resp {
		return e.want(e.call("POST", "/api/users/login", "", map[string]any{"email": "back@example.org", "password": goodPassword}), http.StatusOK)
	}
	if msg := login().str("data", "message"); msg != "Login Successful" {
		t.Fatalf("plain login: %q", msg)
	}
	e.want(e.call("DELETE", "/api/users", access, map[string]any{"reason": "Personal reasons"}), http.StatusOK)
	e.clock.Advance(3 * 24 * time.Hour)
	if msg := login().str("data", "message"); msg != MsgAccountRestored {
		t.Fatalf("restoring login: %q", msg)
	}
	if msg := login().str("data", "message"); msg != "Login Successful" {
		t.Fatalf("login after the restore: %q", msg)
	}
}
