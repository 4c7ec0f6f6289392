package jobs

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeOutreachSendInvite mails an invitation to a creator who is not yet
// on Creator Coach, carrying a brand's offer.
const TypeOutreachSendInvite = "outreach:send_invite"

// outreachSendInvite is e-mail: critical queue, retried for a while.
var outreachSendInvite = TaskType{Name: TypeOutreachSendInvite, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleOutreachSendInvite, Unlocked: true}

// OutreachSendInvitePayload names the invitation; its tokens are made in
// the handler, so they never pass through Redis.
type OutreachSendInvitePayload struct {
	InvitationID string `json:"invitationId"`
}

// NewOutreachSendInviteTask returns the outbox task mailing invitation id.
func NewOutreachSendInviteTask(id string) store.Task {
	return newTask("outreach-invite-"+id, outreachSendInvite, OutreachSendInvitePayload{InvitationID: id})
}

func init() { store.OutreachInviteTask = NewOutreachSendInviteTask }

// DefaultPostalAddress is the sender's postal address in every
// invitation's footer unless MAIL_POSTAL_ADDRESS says otherwise.
const DefaultPostalAddress = "Creator Coach, 548 Market St, San Francisco, CA 94104, USA"

// postalAddress is the configured sender's address.
func postalAddress() string {
	if a := strings.TrimSpace(os.Getenv("MAIL_POSTAL_ADDRESS")); a != "" {
		return a
	}
	return DefaultPostalAddress
}

// ClaimLink and UnsubscribeLink are the invitation's two links.
func ClaimLink(publicURL, token string) string {
	return strings.TrimRight(publicURL, "/") + "/claim/" + token
}

// UnsubscribeLink is the page that puts the address on the suppression list.
func UnsubscribeLink(publicURL, token string) string {
	return strings.TrimRight(publicURL, "/") + "/unsubscribe/" + token
}

// HandleOutreachSendInvite issues the invitation's tokens and mails it. An
// invitation already mailed, claimed, expired or suppressed is done. A
// permanent refusal of the address (an SMTP 5xx answer) puts it on the
// suppression list as undeliverable.
func (h *Handler) HandleOutreachSendInvite(ctx context.Context, t *asynq.Task) error {
	var p OutreachSendInvitePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.IssueOutreachInvite(ctx, p.InvitationID)
	if err != nil || m == nil {
		return err
	}
	msg, err := h.outreachMessage(m)
	if err != nil {
		return err
	}
	if err := h.Mail.Send(ctx, msg); err != nil {
		var perr *textproto.Error
		if errors.As(err, &perr) && perr.Code >= 500 {
			return h.Store.SuppressEmail(ctx, m.Email, store.SuppressUndeliverable)
		}
		return err
	}
	return h.Store.MarkOutreachSent(ctx, p.InvitationID)
}

var outreachText = template.Must(template.New("text").Parse(`Hi,

{{.Brand}} would like to work with you and sent you an offer of {{.Amount}} for "{{.Campaign}}".
{{if .Brief}}
The brief: {{.Brief}}
{{end}}{{if .Deliverables}}
Deliverables: {{.Deliverables}}
{{end}}
Answer by {{.Deadline}}. Claim your profile to see the offer and answer it (the link works once, until then):
{{.Link}}

--
{{.Reason}}
{{.Address}}
You will get no more invitations if you unsubscribe: {{.Unsubscribe}}
`))

var outreachHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p><strong>{{.Brand}}</strong> would like to work with you and sent you an offer of <strong>{{.Amount}}</strong> for "{{.Campaign}}".</p>
{{if .Brief}}<p>The brief: {{.Brief}}</p>{{end}}
{{if .Deliverables}}<p>Deliverables: {{.Deliverables}}</p>{{end}}
<p>Answer by {{.Deadline}}.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Claim your profile and see the offer</a></p>
<p style="color:#6b7280;font-size:13px">{{.Reason}}<br>{{.Address}}<br><a href="{{.Unsubscribe}}">Unsubscribe</a> from invitations.</p>
</div></body></html>
`))

func (h *Handler) outreachMessage(m *store.OutreachMail) (mail.Message, error) {
	data := map[string]string{"Product": h.ProductName, "Brand": m.BrandName, "Campaign": m.CampaignName, "Brief": m.Brief, "Deliverables": m.Deliverables,
		"Amount": "$" + strconv.FormatFloat(m.Amount, 'f', 2, 64), "Deadline": m.Deadline.UTC().Format("January 2, 2006 15:04 UTC"),
		"Link": ClaimLink(h.PublicURL, m.ClaimToken), "Unsubscribe": UnsubscribeLink(h.PublicURL, m.UnsubscribeToken),
		"Reason": m.BrandName + " found your profile through " + h.ProductName, "Address": postalAddress()}
	msg, err := renderMail(mail.Message{To: m.Email, Subject: h.ProductName + ": " + m.BrandName + " sent you an offer", Tag: "outreach"},
		outreachText, outreachHTML, data)
	if err != nil {
		return msg, fmt.Errorf("outreach mail: %w", err)
	}
	msg.ListUnsubscribe = data["Unsubscribe"]
	return msg, nil
}
