package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v85"

	"creatorcoach/jobs/payment"
	"creatorcoach/store"
)

// TypeBillingEvent processes one stored provider webhook event.
const TypeBillingEvent = "billing:event"

// billingEvent retries for a while: the provider's change must land.
var billingEvent = TaskType{Name: TypeBillingEvent, Former: []string{"payments:event"}, Queue: QueueDefault, MaxRetry: 10, Timeout: time.Minute,
	Handle: (*Handler).HandleBillingEvent}

// BillingEventPayload names the stored event.
type BillingEventPayload struct {
	EventID string `json:"eventId"`
}

// NewBillingEventTask returns the outbox task of a received event; its key
// is derived from the event id, so a replay cannot queue it twice.
func NewBillingEventTask(eventID string) store.Task {
	return newTask("payments-event-"+eventID, billingEvent, BillingEventPayload{EventID: eventID})
}

// TypeBillingExpire marks subscriptions past their end as expired (daily).
const TypeBillingExpire = "billing:expire"

// JobKindBillingExpire is the job kind recording each expiry run.
const JobKindBillingExpire = "billing_expire"

// billingExpire runs daily at 00:07 UTC.
var billingExpire = TaskType{Name: TypeBillingExpire, Former: []string{"subscriptions:expire"}, Queue: QueueDefault, MaxRetry: 3, Timeout: 10 * time.Minute,
	Cron: "7 0 * * *", Handle: (*Handler).HandleBillingExpire}

// TypeBillingMail mails a creator about their subscription.
const TypeBillingMail = "billing:mail"

// billingMail is e-mail: critical queue, retried for a while.
var billingMail = TaskType{Name: TypeBillingMail, Queue: QueueCritical, MaxRetry: 8, Timeout: 30 * time.Second,
	Handle: (*Handler).HandleBillingMail, Unlocked: true}

// Billing mail kinds.
const (
	BillingMailExpired       = "expired"
	BillingMailPaymentFailed = "payment_failed"
)

// BillingMailPayload names the subscription and what to say.
type BillingMailPayload struct {
	SubscriptionID string `json:"subscriptionId"`
	Kind           string `json:"kind"`
}

// NewBillingMailTask returns the outbox task of one billing e-mail; key makes it unique.
func NewBillingMailTask(key, subscriptionID, kind string) store.Task {
	return newTask("billing-mail-"+key, billingMail, BillingMailPayload{SubscriptionID: subscriptionID, Kind: kind})
}

// HandleBillingEvent applies a stored webhook event: invoice.paid,
// invoice.payment_failed (also mails the creator),
// customer.subscription.updated and customer.subscription.deleted. Other
// types, unknown subscriptions and events processed before change nothing.
func (h *Handler) HandleBillingEvent(ctx context.Context, t *asynq.Task) error {
	var p BillingEventPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	ev, err := storedEvent(ctx, p.EventID, h.Store.GetPaymentEvent, h.Store.MarkPaymentEventProcessed)
	if err != nil || ev == nil {
		return err
	}
	change, ok, err := subscriptionChange(ev)
	if err != nil {
		return h.Store.MarkPaymentEventProcessed(ctx, p.EventID, "unreadable")
	}
	if !ok {
		return h.Store.MarkPaymentEventProcessed(ctx, p.EventID, store.OutcomeIgnored)
	}
	var mail *store.Task
	if ev.Type == "invoice.payment_failed" {
		id, err := h.Store.SubscriptionIDByProvider(ctx, change.ProviderID)
		if err != nil {
			return err
		}
		if id != "" {
			m := NewBillingMailTask("failed-"+ev.ID, id, BillingMailPaymentFailed)
			mail = &m
		}
	}
	outcome, err := h.Store.ApplyPaymentEvent(ctx, string(ev.Type), change, mail)
	if err != nil {
		return err
	}
	h.Log.Info("payment event processed", "event", ev.ID, "type", ev.Type, "outcome", outcome)
	return nil
}

// subscriptionChange reads the subscription, time and period of an event;
// ok is false for event types we do not act on.
func subscriptionChange(ev *stripe.Event) (store.SubscriptionChange, bool, error) {
	c := store.SubscriptionChange{EventID: ev.ID, At: time.Unix(ev.Created, 0).UTC()}
	switch ev.Type {
	case "invoice.paid", "invoice.payment_failed":
		var inv stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
			return c, false, err
		}
		if inv.Parent == nil || inv.Parent.SubscriptionDetails == nil || inv.Parent.SubscriptionDetails.Subscription == nil {
			return c, false, nil // not a subscription's invoice
		}
		c.ProviderID = inv.Parent.SubscriptionDetails.Subscription.ID
		if inv.Lines != nil {
			for _, l := range inv.Lines.Data {
				if l != nil && l.Period != nil && l.Period.End > c.PeriodEnd.Unix() {
					c.PeriodEnd = time.Unix(l.Period.End, 0).UTC()
				}
			}
		}
	case "customer.subscription.updated", "customer.subscription.deleted":
		var sub stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &sub); err != nil {
			return c, false, err
		}
		ps := payment.FromStripe(&sub)
		c.ProviderID, c.Status, c.CancelAtPeriodEnd, c.PeriodEnd = ps.ProviderID, ps.Status, ps.CancelAtPeriodEnd, ps.PeriodEnd
	default:
		return c, false, nil
	}
	return c, c.ProviderID != "", nil
}

// HandleBillingExpire marks subscriptions past endedAt as expired and
// queues one e-mail for each, recorded as a system job. Running it twice is
// harmless: the second run finds nothing.
func (h *Handler) HandleBillingExpire(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindBillingExpire, func(ctx context.Context) (int, any, error) {
		n, err := h.Store.ExpireSubscriptions(ctx, func(id string) store.Task {
			return NewBillingMailTask("expired-"+id+"-"+fmt.Sprint(h.Store.Now().Unix()), id, BillingMailExpired)
		})
		if err == nil {
			h.Log.Info("subscriptions expired", "count", n)
		}
		return n, map[string]int{"expired": n}, err
	})
}
