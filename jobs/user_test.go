package jobs

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TestSendOTP_Idempotent: a redelivered task does not mail twice, and a
// superseded request mails nothing.
func TestSendOTP_Idempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	smtp := e.withMail()
	db, h := e.Store, e.Handler
	niches, _ := db.ListNiches(ctx)
	first := NewSendOTPTask()
	if err := db.Register(ctx, store.Registration{Name: "Ann", Email: "ann@x.io", Password: "Str0ng!pass", Niche: niches[0].ID}, first, NewSignupNoticeTask); err != nil {
		t.Fatal(err)
	}
	task := asynq.NewTask(first.Type, first.Payload)
	for i := 0; i < 2; i++ {
		if err := h.HandleSendOTP(ctx, task); err != nil {
			t.Fatal(err)
		}
	}
	if n := smtp.Count("ann@x.io"); n != 1 {
		t.Fatalf("%d mails after a redelivery, want 1", n)
	}
	code := smtp.WaitCode(t, "ann@x.io", 1)
	if len(code) != 6 {
		t.Fatalf("code %q", code)
	}
	var hash []byte
	if err := db.SQL().Get(&hash, `SELECT code_hash FROM one_time_codes`); err != nil || len(hash) != 32 || strings.Contains(string(hash), code) {
		t.Fatalf("stored code is not an HMAC: %x (%v)", hash, err)
	}
	// A newer request supersedes the old one: the old task mails nothing.
	db.Now = func() time.Time { return time.Now().Add(2 * store.OTPResendCooldown) }
	second := NewSendOTPTask()
	if err := db.RequestOTP(ctx, "ann@x.io", store.OTPEmailVerification, second); err != nil {
		t.Fatal(err)
	}
	staleTask := asynq.NewTask(first.Type, []byte(`{"requestId":"`+first.Key+`"}`))
	if err := h.HandleSendOTP(ctx, staleTask); err != nil {
		t.Fatal(err)
	}
	if n := smtp.Count("ann@x.io"); n != 1 {
		t.Fatalf("superseded request mailed: %d mails", n)
	}
	if err := h.HandleSendOTP(ctx, asynq.NewTask(TypeUserSendOTP, []byte(`{bad`))); err == nil {
		t.Fatal("undecodable payload accepted")
	}
}
