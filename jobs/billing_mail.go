package jobs

import (
	"bytes"
	"context"
	"html/template"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
)

var billingSubjects = map[string]string{
	BillingMailExpired:       "Your subscription has ended",
	BillingMailPaymentFailed: "We could not charge your card",
}

var billingIntros = map[string]string{
	BillingMailExpired: "Your {{.Plan}} subscription ended on {{.Date}}. You are back on the free plan with 5 coaching questions; " +
		"subscribe again from Account Settings whenever you like.",
	BillingMailPaymentFailed: "We could not charge your card for your {{.Plan}} subscription. It runs until {{.Date}}; " +
		"please add another card or make a different card primary in Account Settings so it can renew.",
}

var billingText = template.Must(template.New("text").Parse(`Hi {{.Name}},

{{.Intro}}

{{.Product}}
`))

var billingHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>{{.Intro}}</p>
<p><a href="{{.Link}}">Open Account Settings</a></p>
</div></body></html>
`))

// HandleBillingMail mails a creator that their subscription expired or that
// a renewal payment failed. An expiry already mailed, a subscription renewed
// since, or a user gone is done without mailing.
func (h *Handler) HandleBillingMail(ctx context.Context, t *asynq.Task) error {
	var p BillingMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	n, err := h.Store.GetBillingNotice(ctx, p.SubscriptionID)
	if err != nil || n == nil {
		return err
	}
	if p.Kind == BillingMailExpired && (!n.Expired || n.Mailed) {
		return nil
	}
	intro, ok := billingIntros[p.Kind]
	if !ok {
		return nil
	}
	vars := map[string]string{"Plan": n.PlanName, "Date": n.EndedAt.Format("January 2, 2006")}
	var introBuf bytes.Buffer
	if err := template.Must(template.New("intro").Parse(intro)).Execute(&introBuf, vars); err != nil {
		return err
	}
	data := map[string]any{"Name": n.Name, "Intro": introBuf.String(), "Product": h.ProductName,
		"Link": h.PublicURL + "/account-settings"}
	msg, err := renderMail(mail.Message{To: n.Email, Subject: h.ProductName + ": " + billingSubjects[p.Kind], Tag: "billing-" + p.Kind},
		billingText, billingHTML, data)
	if err != nil {
		return err
	}
	if err := h.Mail.Send(ctx, msg); err != nil {
		return err
	}
	if p.Kind == BillingMailExpired {
		return h.Store.MarkExpiryMailed(ctx, p.SubscriptionID)
	}
	return nil
}
