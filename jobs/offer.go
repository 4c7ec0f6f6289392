package jobs

import (
	"context"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeOfferSendMail mails the other side of one offer move.
const TypeOfferSendMail = "offer:send_mail"

// offerSendMail is e-mail: critical queue, retried for a while.
var offerSendMail = TaskType{Name: TypeOfferSendMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleOfferSendMail, Unlocked: true}

// OfferSendMailPayload names the offer history row of the move.
type OfferSendMailPayload struct {
	HistoryID int64 `json:"historyId"`
}

// NewOfferSendMailTask returns the outbox task mailing the move recorded as
// offer history row historyID; the row id is its key, so a move mails once.
func NewOfferSendMailTask(historyID int64) store.Task {
	return newTask("offer-mail-"+strconv.FormatInt(historyID, 10), offerSendMail, OfferSendMailPayload{HistoryID: historyID})
}

// TypeOfferExpire expires offers sent more than OFFER_TTL ago (hourly).
const TypeOfferExpire = "offer:expire"

// JobKindOfferExpire is the job kind recording each expiry run.
const JobKindOfferExpire = "offer_expire"

// offerExpire runs every hour at minute 17.
var offerExpire = TaskType{Name: TypeOfferExpire, Queue: QueueDefault, MaxRetry: 3, Timeout: 10 * time.Minute,
	Cron: "17 * * * *", Handle: (*Handler).HandleOfferExpire}

// HandleOfferExpire expires every sent offer past OFFER_TTL, mailing both
// sides, recorded as a system job. Running it twice is harmless: the second
// run finds nothing.
func (h *Handler) HandleOfferExpire(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindOfferExpire, func(ctx context.Context) (int, any, error) {
		n, err := h.Store.ExpireOffers(ctx, NewOfferSendMailTask)
		return n, map[string]int{"expired": n}, err
	})
}

// HandleOfferSendMail mails the side(s) OfferMailTo names about one move:
// the linked creator account, the brand's BRAND_ADMIN and BRAND_MANAGER
// members. A move whose row is gone, or with nobody to mail, is done.
func (h *Handler) HandleOfferSendMail(ctx context.Context, t *asynq.Task) error {
	var p OfferSendMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.OfferMailOf(ctx, p.HistoryID)
	if err != nil || m == nil {
		return err
	}
	for _, to := range m.CreatorEmails {
		if err := h.sendOfferMail(ctx, m, to, store.SideCreator); err != nil {
			return err
		}
	}
	for _, to := range m.BrandEmails {
		if err := h.sendOfferMail(ctx, m, to, store.SideBrand); err != nil {
			return err
		}
	}
	return nil
}

// offerWords is what a move says to the side that reads it.
func offerWords(m *store.OfferMail, reader string) (subject, line, path string) {
	amount := ""
	if m.Amount != nil {
		amount = " $" + strconv.FormatFloat(*m.Amount, 'f', 2, 64)
	}
	if reader == store.SideCreator {
		path = "/my-offers"
		switch m.To {
		case store.OfferSent:
			return "New offer from " + m.BrandName, m.BrandName + " sent you an offer of" + amount + " for " + m.CampaignName + ".", path
		case store.OfferAccepted:
			return m.BrandName + " accepted your counter", m.BrandName + " accepted your counter of" + amount + " for " + m.CampaignName + ".", path
		case store.OfferWithdrawn:
			return m.BrandName + " withdrew its offer", m.BrandName + " withdrew its offer for " + m.CampaignName + ".", path
		case store.OfferExpired:
			return "An offer expired", "The offer of " + m.BrandName + " for " + m.CampaignName + " expired without an answer.", path
		}
		return "Your offer is " + m.To, "Your offer for " + m.CampaignName + " is now " + m.To + ".", path
	}
	path = "/campaigns"
	switch m.To {
	case store.OfferCountered:
		return m.CreatorName + " countered your offer", m.CreatorName + " asks for" + amount + " for " + m.CampaignName + ".", path
	case store.OfferAccepted:
		return m.CreatorName + " accepted your offer", m.CreatorName + " accepted" + amount + " for " + m.CampaignName + ".", path
	case store.OfferDeclined:
		return m.CreatorName + " declined your offer", m.CreatorName + " declined your offer for " + m.CampaignName + ".", path
	case store.OfferExpired:
		return "An offer expired", "Your offer to " + m.CreatorName + " for " + m.CampaignName + " expired without an answer.", path
	}
	return "An offer is " + m.To, "The offer to " + m.CreatorName + " for " + m.CampaignName + " is now " + m.To + ".", path
}

var offerText = template.Must(template.New("text").Parse(`Hi,

{{.Line}}
{{if .Note}}
"{{.Note}}"
{{end}}
See it here: {{.Link}}

{{.Product}}
`))

var offerHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>{{.Line}}</p>
{{if .Note}}<blockquote style="color:#4b5563">{{.Note}}</blockquote>{{end}}
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">View the offer</a></p>
</div></body></html>
`))

func (h *Handler) sendOfferMail(ctx context.Context, m *store.OfferMail, to, reader string) error {
	subject, line, path := offerWords(m, reader)
	data := map[string]string{"Product": h.ProductName, "Line": line, "Note": m.Note,
		"Link": strings.TrimRight(h.PublicURL, "/") + path}
	msg, err := renderMail(mail.Message{To: to, Subject: h.ProductName + ": " + subject, Tag: "offer"}, offerText, offerHTML, data)
	if err != nil {
		return fmt.Errorf("offer mail: %w", err)
	}
	return h.Mail.Send(ctx, msg)
}
