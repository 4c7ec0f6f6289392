package jobs

import (
	"context"
	"crypto/rand"
	"fmt"
	"html/template"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeUserPurge erases accounts deleted more than the recovery window ago.
const TypeUserPurge = "user:purge"

// JobKindUserPurge is the job kind recording each purge.
const JobKindUserPurge = "user_purge"

// userPurge runs daily at 03:17 UTC.
var userPurge = TaskType{Name: TypeUserPurge, Queue: QueueLow, MaxRetry: 3, Timeout: 10 * time.Minute,
	Cron: "17 3 * * *", Handle: (*Handler).HandleUserPurge}

// HandleUserPurge runs the purge and records it as a system job: the
// platform tokens of the accounts it erases are revoked first where the
// platform offers revocation (a failure there is logged, never blocking: the
// tokens are erased anyway). Running it twice is harmless: the second run
// finds nothing to erase.
func (h *Handler) HandleUserPurge(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindUserPurge, func(ctx context.Context) (int, any, error) {
		if err := h.revokePurgedTokens(ctx); err != nil {
			return 0, nil, err
		}
		n, err := h.Store.PurgeDeletedUsers(ctx, NewBillingEraseCustomerTask)
		if err == nil {
			h.Log.Info("deleted accounts purged", "count", n)
		}
		return n, map[string]int{"purged": n}, err
	})
}

// revokePurgedTokens withdraws, at the platforms, the grants the purge is
// about to erase.
func (h *Handler) revokePurgedTokens(ctx context.Context) error {
	if h.Social == nil {
		return nil
	}
	grants, err := h.Store.SocialTokensToPurge(ctx)
	if err != nil {
		return err
	}
	for _, g := range grants {
		conn, ok := h.Social.Connectors[g.Platform]
		if !ok {
			continue
		}
		tok, err := h.Social.openTokens(&g.SealedTokens)
		if err == nil { // an access token a month old has expired: revoke with a fresh one
			tok, _, err = conn.Refresh(ctx, tok)
		}
		if err == nil {
			err = conn.Revoke(ctx, tok)
		}
		if err != nil {
			h.Log.Warn("revoke purged social token", "platform", g.Platform, "account", g.AccountID, "err", err)
		}
	}
	return nil
}

// TypeUserSendOTP generates a one-time code and mails it.
const TypeUserSendOTP = "user:send_otp"

// userSendOTP runs first (critical queue) and retries for a while: a person waits for the code.
var userSendOTP = TaskType{Name: TypeUserSendOTP, Former: []string{"otp:mail"}, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleSendOTP, Unlocked: true}

// SendOTPPayload names the code request; the code itself is made in the handler.
type SendOTPPayload struct {
	RequestID string `json:"requestId"`
}

// NewSendOTPTask returns the outbox task for a new code request; its key is the request id.
func NewSendOTPTask() store.Task {
	id := uuid.NewString()
	return newTask(id, userSendOTP, SendOTPPayload{RequestID: id})
}

// newOTP returns six uniformly random digits from crypto/rand.
func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// HandleSendOTP generates the code, stores its HMAC and mails it. A request
// superseded by a newer one, or already mailed, is done without mailing.
func (h *Handler) HandleSendOTP(ctx context.Context, t *asynq.Task) error {
	var p SendOTPPayload
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
	store.OTPEmailVerification:  "Verify your email",
	store.OTPPasswordReset:      "Reset your password",
	store.OTPAccountDeletion:    "Confirm your account deletion",
	store.OTPAgreementSignature: "Your code to sign the agreement",
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
	store.OTPEmailVerification:  "Welcome! Use this code to verify your email address.",
	store.OTPPasswordReset:      "Use this code to set a new password.",
	store.OTPAccountDeletion:    "Use this code to confirm that you want to delete your account.",
	store.OTPAgreementSignature: "Use this code to sign the offer's agreement electronically.",
}

func (h *Handler) otpMessage(m *store.OTPMail) (mail.Message, error) {
	data := map[string]string{"Name": m.Name, "Code": m.Code, "Product": h.ProductName, "Intro": otpIntros[m.Purpose]}
	return renderMail(mail.Message{To: m.Email, Subject: h.ProductName + ": " + otpSubjects[m.Purpose], Tag: string(m.Purpose)},
		otpText, otpHTML, data)
}

// TypeUserSendSignupNotice tells an account that someone tried to sign up with its
// address (sign-up answers such an attempt like any other).
const TypeUserSendSignupNotice = "user:send_signup_notice"

// userSendSignupNotice runs first (critical queue), like the code it stands in for.
var userSendSignupNotice = TaskType{Name: TypeUserSendSignupNotice, Former: []string{"register:notice"}, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleSendSignupNotice, Unlocked: true}

// SignupNoticePayload names the account to tell.
type SignupNoticePayload struct {
	UserID string `json:"userId"`
}

// NewSignupNoticeTask returns the outbox task of one notice to account userID.
func NewSignupNoticeTask(userID string) store.Task {
	return newTask(uuid.NewString(), userSendSignupNotice, SignupNoticePayload{UserID: userID})
}

var signupNoticeText = template.Must(template.New("text").Parse(`Hi {{.Name}},

Someone tried to create a {{.Product}} account with this e-mail address, which already has an account. If it was you, log in or reset your password:

Log in: {{.Login}}
Reset your password: {{.Reset}}

If it was not you, you can ignore this e-mail: nothing has changed.

{{.Product}}
`))

var signupNoticeHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>Someone tried to create a {{.Product}} account with this e-mail address, which already has an account. If it was you, log in or reset your password.</p>
<p><a href="{{.Login}}">Log in</a> &middot; <a href="{{.Reset}}">Reset your password</a></p>
<p style="color:#6b7280;font-size:13px">If it was not you, you can ignore this e-mail: nothing has changed.</p>
</div></body></html>
`))

// HandleSendSignupNotice mails the notice; an account gone since is done without mailing.
func (h *Handler) HandleSendSignupNotice(ctx context.Context, t *asynq.Task) error {
	var p SignupNoticePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	n, err := h.Store.GetSignupNotice(ctx, p.UserID)
	if err != nil || n == nil {
		return err
	}
	base := strings.TrimRight(h.PublicURL, "/")
	data := map[string]string{"Name": n.Name, "Product": h.ProductName, "Login": base + "/login", "Reset": base + "/forgot-password"}
	msg, err := renderMail(mail.Message{To: n.Email, Subject: h.ProductName + ": Someone tried to sign up with your e-mail",
		Tag: "register-notice"}, signupNoticeText, signupNoticeHTML, data)
	if err != nil {
		return err
	}
	return h.Mail.Send(ctx, msg)
}
