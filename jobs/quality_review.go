package jobs

import (
	"context"
	"html/template"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeQualityReviewMail tells the ADMINs that a creator asks for a review of
// their audience-quality reading.
const TypeQualityReviewMail = "quality:review_mail"

var qualityReviewMail = TaskType{Name: TypeQualityReviewMail, Queue: QueueDefault, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleQualityReviewMail, Unlocked: true}

// QualityReviewPayload names the review request.
type QualityReviewPayload struct {
	ReviewID string `json:"reviewId"`
}

// NewQualityReviewTask returns the outbox task that mails the ADMINs about review id.
func NewQualityReviewTask(id string) store.Task {
	return newTask("quality-review:"+id, qualityReviewMail, QualityReviewPayload{ReviewID: id})
}

var qualityReviewText = template.Must(template.New("text").Parse(`{{.Name}} asks for a review of their audience-quality reading.
{{if .Message}}
Their message: {{.Message}}
{{end}}
Open their profile: {{.Link}}

{{.Product}}
`))

var qualityReviewHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>{{.Name}} asks for a review of their audience-quality reading.</p>
{{if .Message}}<p>Their message: {{.Message}}</p>{{end}}
<p><a href="{{.Link}}">Open their profile</a></p>
</div></body></html>
`))

// HandleQualityReviewMail mails every ADMIN; a review gone since is done without mailing.
func (h *Handler) HandleQualityReviewMail(ctx context.Context, t *asynq.Task) error {
	var p QualityReviewPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.GetQualityReviewMail(ctx, p.ReviewID)
	if err != nil || m == nil {
		return err
	}
	link := strings.TrimRight(h.PublicURL, "/") + "/creator-network"
	if m.CreatorID != "" {
		link += "/" + m.CreatorID
	}
	data := map[string]string{"Name": m.CreatorName, "Message": m.Message, "Link": link, "Product": h.ProductName}
	return h.mailEach(ctx, m.Admins, mail.Message{Subject: h.ProductName + ": review of an audience-quality reading requested",
		Tag: "quality-review"}, qualityReviewText, qualityReviewHTML, data)
}
