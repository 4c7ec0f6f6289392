package jobs

import (
	"context"
	"crypto/rand"
	"fmt"
	"html/template"
	"math/big"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeOTPMail generates a one-time code and mails it.
const TypeOTPMail = "otp:mail"

// otpMail runs first (critical queue) and retries for a while: a person waits for the code.
var otpMail = TaskType{Name: TypeOTPMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleOTPMail, Unlocked: true}

// OTPMailPayload names the code request; the code itself is made in the handler.
type OTPMailPayload struct {
	RequestID string `json:"requestId"`
}

// NewOTPMailTask returns the outbox task for a new code request; its key is the request id.
func NewOTPMailTask() store.Task {
	id := uuid.NewString()
	return newTask(id, otpMail, OTPMailPayload{RequestID: id})
}

// newOTP returns six uniformly random digits from crypto/rand.
func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// HandleOTPMail generates the code, stores its HMAC and mails it. A request
// superseded by a newer one, or already mailed, is done without mailing.
func (h *Handler) HandleOTPMail(ctx context.Context, t *asynq.Task) error {
	var p OTPMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	code, err := newOTP()
	if err != nil {
		return fmt.Errorf("generate code: %w", err)
	}
	m, err := h.Store.IssueOTP(ctx, p.RequestID, code)
	if err != nil || m == nil {
		return err
	}
	msg, err := h.otpMessage(m)
	if err != nil {
		return err
	}
	if err := h.Mail.Send(ctx, msg); err != nil {
		return err
	}
	return h.Store.MarkOTPSent(ctx, p.RequestID)
}

var otpSubjects = map[store.OTPPurpose]string{
	store.OTPEmailVerification: "Verify your email",
	store.OTPPasswordReset:     "Reset your password",
	store.OTPAccountDeletion:   "Confirm your account deletion",
}

var otpText = template.Must(template.New("text").Parse(`Hi {{.Name}},

{{.Intro}}

Your {{.Product}} code: {{.Code}}

The code expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.

{{.Product}}
`))

var otpHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>{{.Intro}}</p>
<p style="font-size:22px;letter-spacing:2px">Your {{.Product}} code: {{.Code}}</p>
<p style="color:#6b7280;font-size:13px">The code expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.</p>
</div></body></html>
`))

var otpIntros = map[store.OTPPurpose]string{
	store.OTPEmailVerification: "Welcome! Use this code to verify your email address.",
	store.OTPPasswordReset:     "Use this code to set a new password.",
	store.OTPAccountDeletion:   "Use this code to confirm that you want to delete your account.",
}

func (h *Handler) otpMessage(m *store.OTPMail) (mail.Message, error) {
	data := map[string]string{"Name": m.Name, "Code": m.Code, "Product": h.ProductName, "Intro": otpIntros[m.Purpose]}
	return renderMail(mail.Message{To: m.Email, Subject: h.ProductName + ": " + otpSubjects[m.Purpose], Tag: string(m.Purpose)},
		otpText, otpHTML, data)
}
