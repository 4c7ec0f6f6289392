package jobs

import (
	"context"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
)

// TypeThreadDigest queues a digest mail for every person with messages
// unread for 15 minutes in a thread (one per person and thread).
const TypeThreadDigest = "thread:digest"

// JobKindThreadDigest is the job kind recording each run.
const JobKindThreadDigest = "thread_digest"

// threadDigest runs every 5 minutes.
var threadDigest = TaskType{Name: TypeThreadDigest, Queue: QueueDefault, MaxRetry: 3, Timeout: 5 * time.Minute,
	Cron: "*/5 * * * *", Handle: (*Handler).HandleThreadDigest}

// TypeThreadDigestMail mails one person the unread messages of one thread.
const TypeThreadDigestMail = "thread:digest_mail"

var threadDigestMail = TaskType{Name: TypeThreadDigestMail, Queue: QueueDefault, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleThreadDigestMail, Unlocked: true}

// ThreadDigestPayload names the person, the thread (the offer) and the
// newest message the mail covers.
type ThreadDigestPayload struct {
	UserID  string `json:"userId"`
	OfferID string `json:"offerId"`
	UpTo    int64  `json:"upTo"`
}

// NewThreadDigestMailTask is the outbox task of one digest; person, thread
// and newest message are its key, so each is mailed once.
func NewThreadDigestMailTask(userID, entryID string, upTo int64) store.Task {
	return newTask("thread-digest-"+userID+"-"+entryID+"-"+strconv.FormatInt(upTo, 10), threadDigestMail,
		ThreadDigestPayload{UserID: userID, OfferID: entryID, UpTo: upTo})
}

// HandleThreadDigest claims the digests due (and queues their mails); a
// second run, or a second scheduler, finds them claimed already.
func (h *Handler) HandleThreadDigest(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindThreadDigest, func(ctx context.Context) (int, any, error) {
		n, err := h.Store.ClaimThreadDigests(ctx, NewThreadDigestMailTask)
		return n, map[string]int{"queued": n}, err
	})
}

var threadDigestText = template.Must(template.New("text").Parse(`Hi {{.Name}},

{{.Other}} wrote to you about {{.Campaign}}: {{.Count}} unread {{if eq .Count 1}}message{{else}}messages{{end}}.

Read and answer: {{.Link}}

You can turn these mails off in your settings: {{.Settings}}

{{.Product}}
`))

var threadDigestHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hi {{.Name}},</p>
<p>{{.Other}} wrote to you about {{.Campaign}}: {{.Count}} unread {{if eq .Count 1}}message{{else}}messages{{end}}.</p>
<p><a href="{{.Link}}">Read and answer</a></p>
<p style="font-size:12px;color:#6b7280">You can turn these mails off in your <a href="{{.Settings}}">settings</a>.</p>
</div></body></html>
`))

// HandleThreadDigestMail mails the digest, unless the person read the
// thread or turned digests off since it was queued.
func (h *Handler) HandleThreadDigestMail(ctx context.Context, t *asynq.Task) error {
	var p ThreadDigestPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	d, err := h.Store.ThreadDigestOf(ctx, p.UserID, p.OfferID, p.UpTo)
	if err != nil || d == nil {
		return err
	}
	base := strings.TrimRight(h.PublicURL, "/")
	data := map[string]any{"Name": d.Name, "Other": d.Other, "Campaign": d.CampaignName, "Count": d.Unread,
		"Link": base + "/threads/" + p.OfferID, "Settings": base + "/account-settings", "Product": h.ProductName}
	msg, err := renderMail(mail.Message{To: d.Email, Subject: h.ProductName + ": unread messages about " + d.CampaignName,
		Tag: "thread-digest"}, threadDigestText, threadDigestHTML, data)
	if err != nil {
		return err
	}
	return h.Mail.Send(ctx, msg)
}
