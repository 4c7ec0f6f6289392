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

// TypeCaptureSendMail tells a brand that a creator's posts were captured
// for its campaign.
const TypeCaptureSendMail = "capture:send_mail"

// captureSendMail is e-mail: critical queue, retried for a while.
var captureSendMail = TaskType{Name: TypeCaptureSendMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleCaptureSendMail, Unlocked: true}

// CaptureSendMailPayload names the roster entry and its posts captured by one sync.
type CaptureSendMailPayload struct {
	EntryID string   `json:"entryId"`
	PostIDs []string `json:"postIds"`
}

// NewCaptureSendMailTask returns the outbox task for entryID's posts
// captured by one sync; its key is the first post's id, so a capture mails once.
func NewCaptureSendMailTask(entryID string, postIDs []string) store.Task {
	return newTask("capture-mail-"+postIDs[0], captureSendMail, CaptureSendMailPayload{EntryID: entryID, PostIDs: postIDs})
}

func init() { store.CaptureNoticeTask = NewCaptureSendMailTask }

// HandleCaptureSendMail mails the campaign's BRAND_ADMIN and BRAND_MANAGER
// members the captured posts' links; an entry or posts gone by now mail nothing.
func (h *Handler) HandleCaptureSendMail(ctx context.Context, t *asynq.Task) error {
	var p CaptureSendMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	n, err := h.Store.CaptureNoticeOf(ctx, p.EntryID, p.PostIDs)
	if err != nil || n == nil {
		return err
	}
	for _, to := range n.BrandEmails {
		msg, err := h.captureMessage(n, to)
		if err != nil {
			return err
		}
		if err := h.Mail.Send(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// CaptureLine is the notice's sentence: "Sara Romero published 2 posts for Holiday Glow."
func CaptureLine(creator, campaign string, posts int) string {
	noun := "posts"
	if posts == 1 {
		noun = "post"
	}
	return creator + " published " + strconv.Itoa(posts) + " " + noun + " for " + campaign + "; they count in the campaign's results from now on."
}

var captureText = template.Must(template.New("text").Parse(`Hi,

{{.Line}}
{{range .URLs}}{{if .}}
{{.}}{{end}}{{end}}

See the results: {{.Link}}

{{.Product}}
`))

var captureHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>{{.Line}}</p>
<ul>{{range .URLs}}{{if .}}<li><a href="{{.}}">{{.}}</a></li>{{end}}{{end}}</ul>
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">See the results</a></p>
</div></body></html>
`))

func (h *Handler) captureMessage(n *store.CaptureNotice, to string) (mail.Message, error) {
	data := map[string]any{"Product": h.ProductName, "Line": CaptureLine(n.CreatorName, n.CampaignName, len(n.URLs)), "URLs": n.URLs,
		"Link": strings.TrimRight(h.PublicURL, "/") + "/campaigns/" + n.CampaignID + "/results"}
	msg, err := renderMail(mail.Message{To: to, Subject: h.ProductName + ": " + n.CreatorName + " posted for " + n.CampaignName, Tag: "capture"},
		captureText, captureHTML, data)
	if err != nil {
		return msg, fmt.Errorf("capture mail: %w", err)
	}
	return msg, nil
}
