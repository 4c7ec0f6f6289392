package jobs

import (
	"context"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeTeamSendInvite makes an invitation's link token and mails the link.
const TypeTeamSendInvite = "team:send_invite"

// teamSendInvite runs first (critical queue) and retries for a while: a person waits for the link.
var teamSendInvite = TaskType{Name: TypeTeamSendInvite, Former: []string{"invite:mail"}, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleSendInvite, Unlocked: true}

// SendInvitePayload names the invitation request; the token itself is made
// in the handler, so it never passes through Redis.
type SendInvitePayload struct {
	RequestID string `json:"requestId"`
}

// NewSendInviteTask returns the outbox task of a new invitation request;
// its key is the request id.
func NewSendInviteTask() store.Task {
	id := uuid.NewString()
	return newTask(id, teamSendInvite, SendInvitePayload{RequestID: id})
}

// InviteLink is the accept page's address for token under publicURL.
func InviteLink(publicURL, token string) string {
	return strings.TrimRight(publicURL, "/") + "/accept-invite?token=" + url.QueryEscape(token)
}

// HandleSendInvite issues the link token and mails it. A request superseded
// by a resend, cancelled or already mailed is done without mailing.
func (h *Handler) HandleSendInvite(ctx context.Context, t *asynq.Task) error {
	var p SendInvitePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.IssueInvitation(ctx, p.RequestID)
	if err != nil || m == nil {
		return err
	}
	msg, err := h.inviteMessage(m)
	if err != nil {
		return err
	}
	if err := h.Mail.Send(ctx, msg); err != nil {
		return err
	}
	return h.Store.MarkInvitationSent(ctx, p.RequestID)
}

var roleWords = map[string]string{store.RoleBrandAdmin: "an admin", store.RoleBrandManager: "a manager", store.RoleBrandViewer: "a viewer"}

var inviteText = template.Must(template.New("text").Parse(`Hi,

{{if .InvitedBy}}{{.InvitedBy}} invited you{{else}}You are invited{{end}} to join {{.Brand}} on {{.Product}} as {{.Role}}.

Set your name and password here (the link works once, for 7 days):
{{.Link}}

If you did not expect this invitation, you can ignore this e-mail.

{{.Product}}
`))

var inviteHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>{{if .InvitedBy}}{{.InvitedBy}} invited you{{else}}You are invited{{end}} to join <strong>{{.Brand}}</strong> as {{.Role}}.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Accept invitation</a></p>
<p style="color:#6b7280;font-size:13px">The link works once, for 7 days. If you did not expect this invitation, you can ignore this e-mail.</p>
</div></body></html>
`))

func (h *Handler) inviteMessage(m *store.InvitationMail) (mail.Message, error) {
	data := map[string]string{"Product": h.ProductName, "Brand": m.BrandName, "Role": roleWords[m.Role],
		"InvitedBy": m.InvitedBy, "Link": InviteLink(h.PublicURL, m.Token)}
	return renderMail(mail.Message{To: m.Email, Subject: h.ProductName + ": join " + m.BrandName, Tag: "invitation"},
		inviteText, inviteHTML, data)
}
