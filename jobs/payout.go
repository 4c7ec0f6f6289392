package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v85"

	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/payment"
	"creatorcoach/store"
)

// Payout task types: one per step of an offer's payment (decided in the
// database, handed over through the outbox), its mails, the provider's
// events, and the periodic release.
const (
	TypePayoutFund     = "payout:fund"
	TypePayoutTransfer = "payout:transfer"
	// TypePayoutTransferBatch transfers a batch of the periodic release's payments.
	TypePayoutTransferBatch = "payout:transfer_batch"
	TypePayoutRefund        = "payout:refund"
	TypePayoutMail          = "payout:mail"
	TypePayoutEvent         = "payout:event"
	TypePayoutRelease       = "payout:release"
	// TypePayoutReconcile compares the provider's moves of the day before with the ledger (nightly).
	TypePayoutReconcile = "payout:reconcile"
)

// JobKindPayoutReconcile is the job kind recording each reconciliation.
const JobKindPayoutReconcile = "payout_reconcile"

// JobKindPayoutRelease is the job kind recording each periodic release.
const JobKindPayoutRelease = "payout_release"

// Money steps retry for a while: the provider must answer, and the
// idempotency key makes every retry the same call.
var (
	payoutFund = TaskType{Name: TypePayoutFund, Queue: QueueDefault, MaxRetry: 10, Timeout: time.Minute,
		Handle: (*Handler).HandlePayoutFund}
	payoutTransfer = TaskType{Name: TypePayoutTransfer, Queue: QueueDefault, MaxRetry: 20, Timeout: time.Minute,
		Handle: (*Handler).HandlePayoutTransfer}
	// A batch makes its calls one after another: it may take a while.
	payoutTransferBatch = TaskType{Name: TypePayoutTransferBatch, Queue: QueueDefault, MaxRetry: 20, Timeout: 10 * time.Minute,
		Handle: (*Handler).HandlePayoutTransferBatch}
	payoutRefund = TaskType{Name: TypePayoutRefund, Queue: QueueDefault, MaxRetry: 20, Timeout: time.Minute,
		Handle: (*Handler).HandlePayoutRefund}
	payoutMail = TaskType{Name: TypePayoutMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
		Handle: (*Handler).HandlePayoutMail, Unlocked: true}
	payoutEvent = TaskType{Name: TypePayoutEvent, Queue: QueueDefault, MaxRetry: 10, Timeout: time.Minute,
		Handle: (*Handler).HandlePayoutEvent}
	// payoutRelease runs every five minutes.
	payoutRelease = TaskType{Name: TypePayoutRelease, Queue: QueueDefault, MaxRetry: 3, Timeout: 10 * time.Minute,
		Cron: "*/5 * * * *", Handle: (*Handler).HandlePayoutRelease}
)

// payoutTaskTypes are appended to taskTypes (see init).
var payoutTaskTypes = []TaskType{payoutFund, payoutTransfer, payoutTransferBatch, payoutRefund, payoutMail, payoutEvent, payoutRelease, payoutReconcile}

// payoutReconcile runs nightly at 02:41 UTC.
var payoutReconcile = TaskType{Name: TypePayoutReconcile, Queue: QueueDefault, MaxRetry: 5, Timeout: 30 * time.Minute,
	Cron: "41 2 * * *", Handle: (*Handler).HandlePayoutReconcile}

// HandlePayoutReconcile lists the provider's charges, transfers and
// refunds of the day before (UTC) and compares them with the ledger; new
// mismatches land on the payments board and in /metrics, and are mailed
// to every ADMIN. Recorded as a system job; running it twice records and
// mails each mismatch once.
func (h *Handler) HandlePayoutReconcile(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindPayoutReconcile, func(ctx context.Context) (int, any, error) {
		if h.Pay == nil {
			return 0, nil, errNoProvider
		}
		now := h.Store.Now().UTC()
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
		moves, err := h.Pay.DayMoves(ctx, day, day.AddDate(0, 0, 1))
		if err != nil {
			return 0, nil, err
		}
		added, err := h.Store.Reconcile(ctx, day, moves)
		if err != nil {
			return 0, nil, err
		}
		if len(added) > 0 {
			if err := h.mailMismatches(ctx, day, added); err != nil {
				return len(moves), nil, err
			}
		}
		return len(moves), map[string]int{"providerMoves": len(moves), "mismatches": len(added)}, nil
	})
}

// mailMismatches tells every ADMIN what the reconciliation found.
func (h *Handler) mailMismatches(ctx context.Context, day time.Time, ms []store.Mismatch) error {
	admins, err := h.Store.AdminEmails(ctx)
	if err != nil {
		return err
	}
	var lines []string
	for _, m := range ms {
		lines = append(lines, m.Kind+": "+m.Detail)
	}
	intro := fmt.Sprintf("The reconciliation of %s found %d difference(s) between the payment provider and the ledger: %s. "+
		"They are on the payments board.", day.Format("January 2, 2006"), len(ms), strings.Join(lines, "; "))
	for _, addr := range admins {
		msg, err := renderMail(mail.Message{To: addr, Subject: h.ProductName + ": payments do not reconcile", Tag: "payout-reconcile"},
			payoutText, payoutHTML, map[string]any{"Intro": intro, "Product": h.ProductName})
		if err != nil {
			return err
		}
		if err := h.Mail.Send(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// PayoutStepPayload names the offer and the attempt of one step.
type PayoutStepPayload struct {
	EntryID string `json:"entryId"`
	Attempt int    `json:"attempt"`
}

// PayoutTransferBatchPayload names the payments of one transfer batch.
type PayoutTransferBatchPayload struct {
	EntryIDs []string `json:"entryIds"`
}

// PayoutMailPayload names the offer and what to say.
type PayoutMailPayload struct {
	EntryID string `json:"entryId"`
	Kind    string `json:"kind"`
}

// PayoutEventPayload names a stored provider event.
type PayoutEventPayload struct {
	EventID string `json:"eventId"`
}

// PayoutKey is the outbox key of one step, and the provider's idempotency
// key of its call: the offer and the step (and the funding attempt).
func PayoutKey(step, entryID string, attempt int) string {
	if step == store.PayoutStepFund {
		return fmt.Sprintf("payout-%s-%s-%d", step, entryID, attempt)
	}
	return "payout-" + step + "-" + entryID
}

// PayoutRefundKey is the provider's idempotency key of a refund of amount
// cents on an offer: the offer and the step, and the amount asked. The
// same refund asked again (a retry, a worker killed before its commit) is
// the same call; what is left can shrink only by a refund the provider
// took elsewhere (at its dashboard), which it would refuse to exceed, so
// the smaller rest asked then is a call of its own, not a clash with the
// first key's saved answer.
func PayoutRefundKey(entryID string, amount int64) string {
	return fmt.Sprintf("%s-%d", PayoutKey(store.PayoutStepRefund, entryID, 0), amount)
}

// NewPayoutStepTask returns the outbox task of one step.
func NewPayoutStepTask(step, entryID string, attempt int) store.Task {
	tt := map[string]TaskType{store.PayoutStepFund: payoutFund, store.PayoutStepTransfer: payoutTransfer, store.PayoutStepRefund: payoutRefund}[step]
	return newTask(PayoutKey(step, entryID, attempt), tt, PayoutStepPayload{EntryID: entryID, Attempt: attempt})
}

// NewPayoutTransferBatchTask returns the outbox task of one transfer batch
// of the periodic release. A payment is released once, so its first
// payment names the batch.
func NewPayoutTransferBatchTask(entryIDs []string) store.Task {
	return newTask("payout-transfers-"+entryIDs[0], payoutTransferBatch, PayoutTransferBatchPayload{EntryIDs: entryIDs})
}

// NewPayoutMailTask returns the outbox task of one payment mail.
func NewPayoutMailTask(entryID, kind, key string) store.Task {
	return newTask("payout-mail-"+entryID+"-"+key, payoutMail, PayoutMailPayload{EntryID: entryID, Kind: kind})
}

// NewPayoutEventTask returns the outbox task of a received event.
func NewPayoutEventTask(eventID string) store.Task {
	return newTask("payout-event-"+eventID, payoutEvent, PayoutEventPayload{EventID: eventID})
}

func init() {
	taskTypes = append(taskTypes, payoutTaskTypes...)
	store.PayoutTask = NewPayoutStepTask
	store.PayoutMailTask = NewPayoutMailTask
	store.PayoutTransfersTask = NewPayoutTransferBatchTask
}

// errNoProvider: the worker was started without the provider's client.
var errNoProvider = errors.New("payouts: no payment provider client")

// HandlePayoutFund charges the brand's default card for an accepted offer
// and records the outcome. A stale or repeated task (the payment is no
// longer funding under this attempt) does nothing; a brand without a card
// fails the funding (the brand is mailed).
func (h *Handler) HandlePayoutFund(ctx context.Context, t *asynq.Task) error {
	var p PayoutStepPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	o, err := h.Store.PayoutFundingOrder(ctx, p.EntryID, p.Attempt)
	if err != nil || o == nil {
		return err
	}
	if o.PaymentMethodID == "" {
		return h.Store.RecordFunding(ctx, p.EntryID, store.FundingResult{Status: store.FundingFailed, Failure: "The brand has no card"})
	}
	if h.Pay == nil {
		return errNoProvider
	}
	r, err := h.Pay.Charge(ctx, payment.ChargeParams{IdempotencyKey: PayoutKey(store.PayoutStepFund, p.EntryID, p.Attempt), EntryID: p.EntryID,
		Amount: o.Amount, Currency: o.Currency, CustomerID: o.CustomerID, PaymentMethodID: o.PaymentMethodID})
	if err != nil {
		return err
	}
	return h.Store.RecordFunding(ctx, p.EntryID, r)
}

// HandlePayoutTransfer sends one released payment to the creator's
// connected account and records it (see transfer).
func (h *Handler) HandlePayoutTransfer(ctx context.Context, t *asynq.Task) error {
	var p PayoutStepPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return h.transfer(ctx, []string{p.EntryID})
}

// HandlePayoutTransferBatch sends a batch of the periodic release's
// payments (see transfer).
func (h *Handler) HandlePayoutTransferBatch(ctx context.Context, t *asynq.Task) error {
	var p PayoutTransferBatchPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return h.transfer(ctx, p.EntryIDs)
}

// transfer sends the released payments among entries to their creators'
// connected accounts, one provider call after another, and records the
// transfers made in one transaction. The release was decided in the
// database; a worker killed between the provider's answers and the commit
// runs the task again with the same idempotency keys, and the provider
// answers the same transfers instead of making second ones. A payment the
// provider refuses does not hold up the others: they are recorded, and the
// task fails (and is retried) for it alone, since the retry finds the
// others transferred.
func (h *Handler) transfer(ctx context.Context, entries []string) error {
	// Refunds made at the provider's dashboard and stored but not applied yet are applied first: the transfer
	// then sends only what is left, or nothing.
	if err := h.applyPendingRefunds(ctx, entries...); err != nil {
		return err
	}
	orders, err := h.Store.PayoutTransferOrders(ctx, entries)
	if err != nil || len(orders) == 0 {
		return err
	}
	if h.Pay == nil {
		return errNoProvider
	}
	var made []store.TransferMade
	var failed []error
	for _, o := range orders {
		if ctx.Err() != nil {
			failed = append(failed, ctx.Err())
			break
		}
		if o.Destination == "" {
			failed = append(failed, fmt.Errorf("payout %s: the creator has no connected account", o.EntryID))
			continue
		}
		id, err := h.Pay.Transfer(ctx, PayoutKey(store.PayoutStepTransfer, o.EntryID, 0), o.EntryID, o.Amount, o.Currency, o.Destination)
		if err != nil {
			failed = append(failed, fmt.Errorf("payout %s: %w", o.EntryID, err))
			continue
		}
		made = append(made, store.TransferMade{EntryID: o.EntryID, TransferID: id})
	}
	if len(made) > 0 {
		// What the provider made is recorded even when the task's time ran out meanwhile.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := h.Store.RecordTransfers(rctx, made); err != nil {
			return err
		}
	}
	return errors.Join(failed...)
}

// HandlePayoutRefund refunds the brand what is due on an offer and records it.
func (h *Handler) HandlePayoutRefund(ctx context.Context, t *asynq.Task) error {
	var p PayoutStepPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	// A refund made at the provider's dashboard meanwhile (stored, not applied yet) is applied first: the whole
	// charge ends the payment refunded and nothing is left to refund; a part leaves the rest to refund.
	if err := h.applyPendingRefunds(ctx, p.EntryID); err != nil {
		return err
	}
	o, err := h.Store.PayoutRefundOrder(ctx, p.EntryID)
	if err != nil || o == nil {
		return err
	}
	if h.Pay == nil {
		return errNoProvider
	}
	id, err := h.Pay.Refund(ctx, PayoutRefundKey(p.EntryID, o.Amount), p.EntryID, o.PaymentIntentID, o.Amount)
	if err != nil {
		return err
	}
	return h.Store.RecordRefund(ctx, p.EntryID, id)
}

// applyPendingRefunds applies the stored charge.refunded events of the
// payments of entries that were not applied yet, oldest first, before a
// money step decides what to send.
func (h *Handler) applyPendingRefunds(ctx context.Context, entries ...string) error {
	pending, err := h.Store.PendingPayoutRefundEvents(ctx, entries...)
	if err != nil {
		return err
	}
	for _, id := range pending {
		if err := h.processPayoutEvent(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// HandlePayoutRelease is the periodic release (see store.PayoutTick),
// recorded as a system job.
func (h *Handler) HandlePayoutRelease(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindPayoutRelease, func(ctx context.Context) (int, any, error) {
		total := store.PayoutTickResult{}
		for {
			r, err := h.Store.PayoutTick(ctx, 1000)
			if err != nil {
				return total.Released, total, err
			}
			total.ClocksStarted += r.ClocksStarted
			total.Released += r.Released
			total.Waiting += r.Waiting
			total.Lapsed += r.Lapsed
			if r.Released+r.Waiting+r.Lapsed < 1000 {
				return total.Released, total, nil
			}
		}
	})
}

// payoutMails are each mail's subject, who receives it and what it says.
var payoutMails = map[string]struct {
	subject, intro string
	creator, brand bool
}{
	store.PayoutMailFundingFailed: {"We could not charge the brand's card", "We could not charge the card of {{.BrandName}} for {{.CreatorName}}'s offer " +
		"in {{.CampaignName}} ({{.Total}}): {{.Failure}}. Please add a card or try again; the offer lapses if it is not paid within the grace period.", false, true},
	store.PayoutMailLapsed: {"An offer lapsed unpaid", "The brand {{.BrandName}} did not pay for your offer in {{.CampaignName}} in time, " +
		"so the offer lapsed. Nothing is owed on either side.", true, false},
	store.PayoutMailTransferred: {"Payment sent", "{{.Paid}} for {{.CreatorName}}'s post in {{.CampaignName}} was transferred to the creator's " +
		"payout account. The creator pays no fee.", true, true},
	store.PayoutMailRefunded: {"Payment refunded", "{{.Total}} for {{.CreatorName}}'s offer in {{.CampaignName}} was refunded to your card.", false, true},
	store.PayoutMailWaiting: {"Waiting for your payout details", "Your payment of {{.Paid}} from {{.BrandName}} for {{.CampaignName}} is ready to be sent. " +
		"Finish setting up payouts in Account Settings and it leaves at once.", true, false},
	store.PayoutMailDeliveryDue: {"Your post for a campaign that ended", "{{.CampaignName}} by {{.BrandName}} has ended and no post of yours " +
		"with its tag was captured from your connected accounts. Post it by {{.CancelFrom}}: after that, {{.BrandName}} may cancel " +
		"the offer and be refunded, and the reserved {{.Paid}} is not paid to you. Posted already? Check that the account is " +
		"connected and the tag is in the caption, or answer the brand in the offer's conversation: {{.Link}}", true, false},
	store.PayoutMailCancelled: {"An offer was cancelled", "{{.BrandName}} cancelled your offer in {{.CampaignName}}: no post of yours with " +
		"its tag was captured by {{.CancelFrom}}, so the brand was refunded. Nothing is owed on either side.", true, false},
}

var payoutText = template.Must(template.New("text").Parse(`Hello,

{{.Intro}}

{{.Product}}
`))

var payoutHTML = template.Must(template.New("html").Parse(`<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f5f6fa;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h2 style="margin-top:0">{{.Product}}</h2>
<p>Hello,</p>
<p>{{.Intro}}</p>
</div></body></html>
`))

// dollars formats cents as $1,234.56.
func dollars(cents int64) string {
	s := fmt.Sprintf("%d", cents/100)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("$%s.%02d", b.String(), cents%100)
}

// HandlePayoutMail mails the sides of a payment about what happened to it.
func (h *Handler) HandlePayoutMail(ctx context.Context, t *asynq.Task) error {
	var p PayoutMailPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	tmpl, ok := payoutMails[p.Kind]
	if !ok {
		return nil
	}
	m, err := h.Store.PayoutMailOf(ctx, p.EntryID)
	if err != nil || m == nil {
		return err
	}
	vars := map[string]string{"BrandName": m.BrandName, "CreatorName": m.CreatorName, "CampaignName": m.CampaignName,
		"Total": dollars(m.Amount + m.Fee), "Paid": dollars(m.Amount - m.RefundAmount), "Failure": m.Failure,
		"CancelFrom": m.CancelFrom.Format("2 January 2006, 15:04 UTC"), "Link": strings.TrimRight(h.PublicURL, "/") + "/my-offers"}
	var intro strings.Builder
	if err := template.Must(template.New("intro").Parse(tmpl.intro)).Execute(&intro, vars); err != nil {
		return err
	}
	var to []string
	if tmpl.creator {
		to = append(to, m.CreatorEmails...)
	}
	if tmpl.brand {
		to = append(to, m.BrandEmails...)
	}
	for _, addr := range to {
		msg, err := renderMail(mail.Message{To: addr, Subject: h.ProductName + ": " + tmpl.subject, Tag: "payout-" + p.Kind},
			payoutText, payoutHTML, map[string]any{"Intro": intro.String(), "Product": h.ProductName})
		if err != nil {
			return err
		}
		if err := h.Mail.Send(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// HandlePayoutEvent applies a stored provider event: account.updated keeps
// a connected account's state; payment_intent.succeeded, payment_failed and
// requires_action settle a funding; charge.dispute.created holds or records
// a chargeback; charge.refunded records a refund made at the provider;
// transfer.reversed (or transfer.updated with a reversal) takes a transfer
// back; payout events date the creator's bank payouts. An event processed
// before changes nothing.
func (h *Handler) HandlePayoutEvent(ctx context.Context, t *asynq.Task) error {
	var p PayoutEventPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	return h.processPayoutEvent(ctx, p.EventID)
}

// processPayoutEvent applies the stored provider event id once and marks it processed.
func (h *Handler) processPayoutEvent(ctx context.Context, id string) error {
	// One run at a time applies an event: the event's own task and a money step applying it first (see
	// applyPendingRefunds) would otherwise both apply it, and the run that found nothing left to record could
	// mark it ignored after the other marked it applied. The second run waits, then finds it processed. The
	// wait is on the task lock's connection (waitLock), so the event's work still has a pool connection to use.
	lock, err := h.waitLock(ctx, "payout-event-apply-"+id)
	if err != nil {
		return err
	}
	defer lock.Release()
	ev, err := storedEvent(ctx, id, h.Store.GetPayoutEvent, h.Store.MarkPayoutEventProcessed)
	if err != nil || ev == nil {
		return err
	}
	outcome, err := h.applyPayoutEvent(ctx, ev)
	if err != nil {
		return err
	}
	h.Log.Info("payout event processed", "event", ev.ID, "type", ev.Type, "outcome", outcome)
	return h.Store.MarkPayoutEventProcessed(ctx, id, outcome)
}

// storedEvent reads a stored provider event to apply: nil when it is gone
// or processed already, or unreadable (then marked so).
func storedEvent(ctx context.Context, id string, get func(context.Context, string) (*store.PaymentEvent, error),
	mark func(context.Context, string, string) error) (*stripe.Event, error) {
	stored, err := get(ctx, id)
	if store.ErrorCode(err) == store.ENOTFOUND {
		return nil, nil
	}
	if err != nil || stored.ProcessedAt != nil {
		return nil, err
	}
	var ev stripe.Event
	if err := json.Unmarshal(stored.Payload, &ev); err != nil || ev.Data == nil {
		return nil, mark(ctx, id, "unreadable")
	}
	return &ev, nil
}

func (h *Handler) applyPayoutEvent(ctx context.Context, ev *stripe.Event) (string, error) {
	at := time.Unix(ev.Created, 0).UTC()
	switch ev.Type {
	case "account.updated":
		var a stripe.Account
		if err := json.Unmarshal(ev.Data.Raw, &a); err != nil {
			return "unreadable", nil
		}
		found, err := h.Store.UpdatePayoutAccount(ctx, payment.AccountFromStripe(&a), at)
		return outcomeOf(found), err
	case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.requires_action":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return "unreadable", nil
		}
		entry := pi.Metadata["entry_id"]
		if entry == "" {
			entry = pi.TransferGroup
		}
		if entry == "" {
			e, err := h.Store.PayoutEntryByPaymentIntent(ctx, pi.ID)
			if err != nil {
				return "", err
			}
			entry = e
		}
		if entry == "" {
			return store.OutcomeUnknown, nil
		}
		r := payment.FundingFromStripe(&pi, false)
		switch ev.Type {
		case "payment_intent.succeeded":
			r.Status = store.FundingSucceeded
		case "payment_intent.payment_failed":
			r.Status = store.FundingFailed
		default:
			r.Status = store.FundingRequiresAction
		}
		err := h.Store.RecordFunding(ctx, entry, r)
		if store.ErrorCode(err) == store.ENOTFOUND {
			return store.OutcomeUnknown, nil
		}
		return store.OutcomeApplied, err
	case "payout.created", "payout.updated", "payout.paid", "payout.failed", "payout.canceled":
		// A payout of a creator's connected account to their bank: the dates the creator sees (expected in bank, paid).
		var po stripe.Payout
		if err := json.Unmarshal(ev.Data.Raw, &po); err != nil || ev.Account == "" {
			return "unreadable", nil
		}
		n, err := h.Store.RecordCreatorPayout(ctx, ev.Account, time.Unix(po.Created, 0).UTC(), time.Unix(po.ArrivalDate, 0).UTC(), string(po.Status))
		return outcomeOf(n > 0), err
	case "charge.dispute.created":
		var d stripe.Dispute
		if err := json.Unmarshal(ev.Data.Raw, &d); err != nil {
			return "unreadable", nil
		}
		entry := ""
		if d.PaymentIntent != nil {
			e, err := h.Store.PayoutEntryByPaymentIntent(ctx, d.PaymentIntent.ID)
			if err != nil {
				return "", err
			}
			entry = e
		}
		if entry == "" {
			return store.OutcomeUnknown, nil
		}
		return store.OutcomeApplied, h.Store.RecordDispute(ctx, entry, d.Amount)
	case "charge.refunded":
		// A refund of a funding charge, perhaps made at the provider's dashboard: what the ledger lacks is recorded.
		var c stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &c); err != nil {
			return "unreadable", nil
		}
		entry := c.Metadata["entry_id"]
		if entry == "" {
			entry = c.TransferGroup
		}
		if entry == "" && c.PaymentIntent != nil {
			e, err := h.Store.PayoutEntryByPaymentIntent(ctx, c.PaymentIntent.ID)
			if err != nil {
				return "", err
			}
			entry = e
		}
		if entry == "" {
			return store.OutcomeUnknown, nil
		}
		refundID := c.ID
		if c.Refunds != nil && len(c.Refunds.Data) > 0 {
			refundID = c.Refunds.Data[0].ID
		}
		done, err := h.Store.RecordProviderRefund(ctx, entry, refundID, c.AmountRefunded)
		return knownOutcome(done, err)
	case "transfer.reversed", "transfer.updated":
		// A transfer to a creator taken back (in whole or part): the payment reads reversed.
		var tr stripe.Transfer
		if err := json.Unmarshal(ev.Data.Raw, &tr); err != nil {
			return "unreadable", nil
		}
		entry := tr.Metadata["entry_id"]
		if entry == "" {
			entry = tr.TransferGroup
		}
		if entry == "" || tr.AmountReversed <= 0 {
			return store.OutcomeIgnored, nil
		}
		done, err := h.Store.RecordTransferReversal(ctx, entry, tr.ID, tr.AmountReversed)
		return knownOutcome(done, err)
	}
	return store.OutcomeIgnored, nil
}

// knownOutcome: applied when something was recorded, ignored when the
// ledger knew it already, unknown when the offer has no payment.
func knownOutcome(done bool, err error) (string, error) {
	switch {
	case store.ErrorCode(err) == store.ENOTFOUND:
		return store.OutcomeUnknown, nil
	case err != nil:
		return "", err
	case done:
		return store.OutcomeApplied, nil
	}
	return store.OutcomeIgnored, nil
}

func outcomeOf(found bool) string {
	if found {
		return store.OutcomeApplied
	}
	return store.OutcomeUnknown
}
