package jobs

import (
	"context"
	"html/template"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeRegisterNotice tells an account that someone tried to sign up with its
// address (sign-up answers such an attempt like any other).
const TypeRegisterNotice = "register:notice"

// registerNotice runs first (critical queue), like the code it stands in for.
var registerNotice = TaskType{Name: TypeRegisterNotice, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleRegisterNotice, Unlocked: true}

// RegisterNoticePayload names the account to tell.
type RegisterNoticePayload struct {
	UserID string `json:"userId"`
}

// NewRegisterNoticeTask returns the outbox task of one notice to account userID.
func NewRegisterNoticeTask(userID string) store.Task {
	return newTask(uuid.NewString(), registerNotice, RegisterNoticePayload{UserID: userID})
}

var registerNoticeText = template.Must(template.New("text").Parse(`Hi {{.Name}},

Someone tried to create a {{.Product}} account with this e-mail address, which already has an account. If it was you, log in or reset your password:

Log in: {{.Login}}
Reset your password: {{.Reset}}

If it was not you, you can ignore this e-mail: nothing has changed.

{{.Product}}
`))

var registerNoticeHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>Someone tried to create a {{.Product}} account with this e-mail address, which already has an account. If it was you, log in or reset your password.</p>
<p><a href="{{.Login}}">Log in</a> &middot; <a href="{{.Reset}}">Reset your password</a></p>
<p style="color:#6b7280;font-size:13px">If it was not you, you can ignore this e-mail: nothing has changed.</p>
</div></body></html>
`))

// HandleRegisterNotice mails the notice; an account gone since is done without mailing.
func (h *Handler) HandleRegisterNotice(ctx context.Context, t *asynq.Task) error {
	var p RegisterNoticePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	n, err := h.Store.GetRegisterNotice(ctx, p.UserID)
	if err != nil || n == nil {
		return err
	}
	base := strings.TrimRight(h.PublicURL, "/")
	data := map[string]string{"Name": n.Name, "Product": h.ProductName, "Login": base + "/login", "Reset": base + "/forgot-password"}
	msg, err := renderMail(mail.Message{To: n.Email, Subject: h.ProductName + ": Someone tried to sign up with your e-mail",
		Tag: "register-notice"}, registerNoticeText, registerNoticeHTML, data)
	if err != nil {
		return err
	}
	return h.Mail.Send(ctx, msg)
}
