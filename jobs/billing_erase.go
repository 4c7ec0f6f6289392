package jobs

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TypeBillingStopRenewal turns renewal off at the provider for a user who
// deleted their account.
const TypeBillingStopRenewal = "billing:stop_renewal"

// TypeBillingEraseCustomer cancels what a purged user left at the provider,
// detaches their cards and deletes their customer.
const TypeBillingEraseCustomer = "billing:erase_customer"

// Both reach the provider, so they retry for a while (its outage must not
// leave a deleted account charging).
var (
	billingStopRenewal = TaskType{Name: TypeBillingStopRenewal, Queue: QueueDefault, MaxRetry: 12, Timeout: time.Minute,
		Handle: (*Handler).HandleBillingStopRenewal}
	billingEraseCustomer = TaskType{Name: TypeBillingEraseCustomer, Queue: QueueLow, MaxRetry: 12, Timeout: 5 * time.Minute,
		Handle: (*Handler).HandleBillingEraseCustomer}
)

// BillingStopRenewalPayload names the user who deleted their account.
type BillingStopRenewalPayload struct {
	UserID string `json:"userId"`
}

// NewBillingStopRenewalTask is the outbox task of one account deletion (a
// user may delete, come back and delete again: each deletion has its own).
func NewBillingStopRenewalTask(userID string) store.Task {
	return newTask("billing-stop-renewal-"+userID+"-"+strconv.FormatInt(time.Now().UnixNano(), 36), billingStopRenewal,
		BillingStopRenewalPayload{UserID: userID})
}

// NewBillingEraseCustomerTask is the outbox task of one purged user's
// leftovers at the provider; its key is the customer, so it is queued once.
func NewBillingEraseCustomerTask(l store.BillingLeftovers) store.Task {
	return newTask("billing-erase-customer-"+l.CustomerID, billingEraseCustomer, l)
}

// errNoPay is the answer of the billing erasure tasks on a worker built without a payment client.
var errNoPay = fmt.Errorf("this worker has no payment client: %w", asynq.SkipRetry)

// HandleBillingStopRenewal sets the deleted user's subscription to cancel
// at period end (store.StopRenewalOfDeleted); running it twice changes
// nothing. The provider being away is retried; a refusal is logged (retrying
// would not change it).
func (h *Handler) HandleBillingStopRenewal(ctx context.Context, t *asynq.Task) error {
	var p BillingStopRenewalPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if h.Pay == nil {
		return errNoPay
	}
	return h.providerOutcome("stop renewal of a deleted account", p.UserID, h.Store.StopRenewalOfDeleted(ctx, p.UserID, h.Pay))
}

// HandleBillingEraseCustomer cancels the purged user's subscriptions at
// once, detaches their cards and deletes their customer. Each step that the
// provider refuses because it is already done (gone, cancelled, detached)
// counts as done, so a retry or a second run finishes what is left; the
// provider being away retries the task.
func (h *Handler) HandleBillingEraseCustomer(ctx context.Context, t *asynq.Task) error {
	var l store.BillingLeftovers
	if err := decode(t, &l); err != nil {
		return err
	}
	if h.Pay == nil {
		return errNoPay
	}
	for _, id := range l.SubscriptionIDs {
		if err := h.providerOutcome("cancel subscription", id, h.Pay.Cancel(ctx, id)); err != nil {
			return err
		}
	}
	for _, id := range l.CardIDs {
		if err := h.providerOutcome("detach card", id, h.Pay.DetachCard(ctx, id)); err != nil {
			return err
		}
	}
	if l.CustomerID == "" {
		return nil
	}
	return h.providerOutcome("delete customer", l.CustomerID, h.Pay.DeleteCustomer(ctx, l.CustomerID))
}

// providerOutcome returns err when retrying may help (the provider is away),
// and logs and drops a refusal, which retrying would not change.
func (h *Handler) providerOutcome(op, id string, err error) error {
	switch store.ErrorCode(err) {
	case store.EPROVIDER, store.EPAYMENT, store.EINVALID: // refused
	default: // nil, the provider or Postgres away, anything else: retried
		return err
	}
	h.Log.Warn("billing erasure: the provider refused", "op", op, "id", id, "err", err)
	return nil
}
