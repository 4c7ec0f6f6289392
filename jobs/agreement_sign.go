package jobs

import (
	"context"
	"encoding/hex"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"creatorcoach/jobs/agreementpdf"
	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeAgreementGuardianMail mails a guardian the link to sign a minor's agreement.
const TypeAgreementGuardianMail = "agreement:guardian_mail"

// agreementGuardianMail runs first (critical queue): the agreement waits for the guardian.
var agreementGuardianMail = TaskType{Name: TypeAgreementGuardianMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleGuardianMail, Unlocked: true}

// GuardianMailPayload names the guardian's link request; the token is made in the handler.
type GuardianMailPayload struct {
	RequestID string `json:"requestId"`
}

// NewGuardianMailTask returns the outbox task of a new guardian link; its key is the request id.
func NewGuardianMailTask() store.Task {
	id := uuid.NewString()
	return newTask(id, agreementGuardianMail, GuardianMailPayload{RequestID: id})
}

// AgreementTasks are the tasks signing queues: the signed PDF, the
// guardian's link mail and the offer mail of the acceptance.
func AgreementTasks() store.AgreementTasks {
	return store.AgreementTasks{PDF: NewSignedAgreementPDFTask, Guardian: NewGuardianMailTask, Mail: NewOfferSendMailTask}
}

// signLabels is how the PDF names each signing side.
var signLabels = map[string]string{store.SignBrand: "Brand", store.SignCreator: "Creator", store.SignGuardian: "Guardian"}

// NewSignedAgreementPDFTask is NewAgreementPDFTask for the signatures as the
// signing transaction read them.
func NewSignedAgreementPDFTask(entryID, versionID string, signedAt time.Time, sigs []store.AgreementSignature) store.Task {
	out := make([]agreementpdf.Signature, 0, len(sigs))
	for _, s := range sigs {
		out = append(out, agreementpdf.Signature{Name: s.Name, Role: signLabels[s.Side], At: s.SignedAt.UTC(), SHA256: hex.EncodeToString(s.SHA256)})
	}
	return NewAgreementPDFTask(entryID, versionID, signedAt, out)
}

// GuardianLink is the web page where a guardian reads and signs.
func GuardianLink(publicURL, token string) string {
	return strings.TrimRight(publicURL, "/") + "/guardian/" + url.PathEscape(token)
}

// HandleGuardianMail makes the guardian's link token and mails it; a request
// already mailed or signed is done without mailing.
func (h *Handler) HandleGuardianMail(ctx context.Context, t *asynq.Task) error {
	var p GuardianMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.IssueGuardianLink(ctx, p.RequestID)
	if err != nil || m == nil {
		return err
	}
	data := map[string]string{"Product": h.ProductName, "Name": m.Name, "Creator": m.CreatorName, "Brand": m.BrandName,
		"Campaign": m.CampaignName, "Link": GuardianLink(h.PublicURL, m.Token), "Expires": m.ExpiresAt.Format("2 January 2006")}
	msg, err := renderMail(mail.Message{To: m.Email, Subject: h.ProductName + ": " + m.CreatorName + " asks for your signature", Tag: "agreement_guardian"},
		guardianText, guardianHTML, data)
	if err != nil {
		return err
	}
	if err := h.Mail.Send(ctx, msg); err != nil {
		return err
	}
	return h.Store.MarkGuardianLinkSent(ctx, p.RequestID)
}

var guardianText = template.Must(template.New("text").Parse(`Hi {{.Name}},

{{.Creator}} is under 18 and has signed an agreement with {{.Brand}} for the campaign "{{.Campaign}}" on {{.Product}}. It needs your signature as their parent or guardian.

Read the agreement and sign it here (the link works once, until {{.Expires}}):
{{.Link}}

If you do not know {{.Creator}} or did not expect this e-mail, you can ignore it: nothing is signed without you.

{{.Product}}
`))

var guardianHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>{{.Creator}} is under 18 and has signed an agreement with <strong>{{.Brand}}</strong> for the campaign "{{.Campaign}}". It needs your signature as their parent or guardian.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Read and sign</a></p>
<p style="color:#6b7280;font-size:13px">The link works once, until {{.Expires}}. If you do not know {{.Creator}} or did not expect this e-mail, you can ignore it: nothing is signed without you.</p>
</div></body></html>
`))
