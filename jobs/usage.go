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

// TypeUsageNotices tells brands of posts whose paid usage ends in 3 days (daily).
const TypeUsageNotices = "usage:notices"

// JobKindUsageNotices is the job kind recording each run.
const JobKindUsageNotices = "usage_notices"

// usageNotices runs every day at 06:23 UTC.
var usageNotices = TaskType{Name: TypeUsageNotices, Queue: QueueDefault, MaxRetry: 3, Timeout: 5 * time.Minute,
	Cron: "23 6 * * *", Handle: (*Handler).HandleUsageNotices}

// TypeUsageSendMail mails a brand that one post's paid usage ends.
const TypeUsageSendMail = "usage:send_mail"

var usageSendMail = TaskType{Name: TypeUsageSendMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleUsageSendMail, Unlocked: true}

// UsageSendMailPayload names the post and the day its paid usage ends.
type UsageSendMailPayload struct {
	PostID string `json:"postId"`
	EndsOn string `json:"endsOn"`
}

// NewUsageSendMailTask is the outbox task of one notice; post and date are
// its key, so each is mailed once.
func NewUsageSendMailTask(postID, endsOn string) store.Task {
	return newTask("usage-mail-"+postID+"-"+endsOn, usageSendMail, UsageSendMailPayload{PostID: postID, EndsOn: endsOn})
}

// HandleUsageNotices records a notice (and queues its mail) for every post
// whose paid usage ends within 3 days; a second run, or a second scheduler,
// finds them noticed already.
func (h *Handler) HandleUsageNotices(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindUsageNotices, func(ctx context.Context) (int, any, error) {
		n, err := h.Store.NoticeUsageEnding(ctx, NewUsageSendMailTask)
		return n, map[string]int{"noticed": n}, err
	})
}

var usageText = template.Must(template.New("text").Parse(`Hi,

The paid usage right on a post by {{.Creator}} for {{.Campaign}} ends on {{.EndsOn}}. After that day, the post
may no longer be used in paid advertising unless the creator agrees to a new usage right.

The post: {{.Post}}
The campaign: {{.Link}}

{{.Product}}
`))

var usageHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>The paid usage right on a post by {{.Creator}} for {{.Campaign}} ends on <strong>{{.EndsOn}}</strong>. After that day, the post may no longer be used in paid advertising unless the creator agrees to a new usage right.</p>
<p><a href="{{.Post}}">The post</a></p>
<p><a href="{{.Link}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">View the campaign</a></p>
</div></body></html>
`))

// HandleUsageSendMail mails the post's brand's BRAND_ADMIN and BRAND_MANAGER
// members. A post gone since, or nobody to mail, is done.
func (h *Handler) HandleUsageSendMail(ctx context.Context, t *asynq.Task) error {
	var p UsageSendMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	m, err := h.Store.UsageMailOf(ctx, p.PostID)
	if err != nil || m == nil {
		return err
	}
	data := map[string]string{"Product": h.ProductName, "Creator": m.CreatorName, "Campaign": m.CampaignName, "EndsOn": p.EndsOn,
		"Post": m.URL, "Link": strings.TrimRight(h.PublicURL, "/") + "/campaigns/" + m.CampaignID + "/results"}
	return h.mailEach(ctx, m.BrandEmails, mail.Message{Subject: h.ProductName + ": paid usage ends on " + p.EndsOn, Tag: "usage"},
		usageText, usageHTML, data)
}
