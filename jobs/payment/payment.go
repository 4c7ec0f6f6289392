// Package payment is the card payment provider's client: customers, cards
// (payment methods) and subscriptions through stripe-go, pointed at
// STRIPE_API_BASE (stripe-mock in development and tests). Every failure comes
// back as a *store.Error with a message a user can act on.
package payment

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"creatorcoach/store"
)

// Client talks to the provider with the secret key.
type Client struct {
	sc        *stripe.Client
	testCards bool // see WithTestCards
}

// Timeout bounds one provider call; a user waits on it.
const Timeout = 15 * time.Second

// New returns a client for the API at base (e.g. https://api.stripe.com or
// stripe-mock's http://127.0.0.1:12111). Network retries are the library's
// (idempotency keys make them safe); the library logs nothing.
func New(base, secretKey string, httpClient *http.Client) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: Timeout}
	}
	cfg := &stripe.BackendConfig{
		URL:               stripe.String(strings.TrimRight(base, "/")),
		HTTPClient:        httpClient,
		MaxNetworkRetries: stripe.Int64(1),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	return &Client{sc: stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))}
}

var _ store.PaymentProvider = (*Client)(nil)

// CreateCustomer makes the provider's customer of a user.
func (c *Client) CreateCustomer(ctx context.Context, userID, email, name string) (string, error) {
	p := &stripe.CustomerCreateParams{Email: stripe.String(email), Name: stripe.String(name)}
	p.AddMetadata("user_id", userID)
	p.SetIdempotencyKey("customer-" + userID)
	cu, err := c.sc.V1Customers.Create(ctx, p)
	if err != nil {
		return "", providerError("create customer", err)
	}
	return cu.ID, nil
}

// AttachCard attaches a payment method (from Stripe Elements, or a test
// method such as pm_card_visa) to the customer.
func (c *Client) AttachCard(ctx context.Context, customerID, paymentMethodID string) (store.ProviderCard, error) {
	var sandbox store.ProviderCard
	if ok, err := c.sandboxAttach(paymentMethodID, &sandbox); ok && err != nil {
		return store.ProviderCard{}, err
	}
	pm, err := c.sc.V1PaymentMethods.Attach(ctx, paymentMethodID, &stripe.PaymentMethodAttachParams{Customer: stripe.String(customerID)})
	if err != nil {
		return store.ProviderCard{}, providerError("attach card", err)
	}
	card := store.ProviderCard{ProviderID: pm.ID}
	if pm.Card != nil {
		card.Brand, card.Last4 = string(pm.Card.Brand), pm.Card.Last4
		card.ExpMonth, card.ExpYear = int(pm.Card.ExpMonth), int(pm.Card.ExpYear)
	}
	if sandbox.Last4 != "" {
		card.Brand, card.Last4 = sandbox.Brand, sandbox.Last4
	}
	return card, nil
}

// DetachCard removes a payment method from its customer.
func (c *Client) DetachCard(ctx context.Context, paymentMethodID string) error {
	_, err := c.sc.V1PaymentMethods.Detach(ctx, paymentMethodID, &stripe.PaymentMethodDetachParams{})
	return providerError("detach card", err)
}

// SetDefaultCard makes the payment method the one invoices are charged to.
func (c *Client) SetDefaultCard(ctx context.Context, customerID, paymentMethodID string) error {
	_, err := c.sc.V1Customers.Update(ctx, customerID, &stripe.CustomerUpdateParams{
		InvoiceSettings: &stripe.CustomerUpdateInvoiceSettingsParams{DefaultPaymentMethod: stripe.String(paymentMethodID)}})
	return providerError("set default card", err)
}

// Subscribe creates a subscription charged at once to the card. The provider
// refuses it (card_error) instead of leaving an unpaid one behind
// (payment_behavior error_if_incomplete).
func (c *Client) Subscribe(ctx context.Context, in store.SubscribeParams) (store.ProviderSubscription, error) {
	p := &stripe.SubscriptionCreateParams{
		Customer:             stripe.String(in.CustomerID),
		Items:                []*stripe.SubscriptionCreateItemParams{{Price: stripe.String(in.PriceID)}},
		DefaultPaymentMethod: stripe.String(in.PaymentMethodID),
		PaymentBehavior:      stripe.String("error_if_incomplete"),
	}
	if in.PromotionCodeID != "" {
		p.Discounts = []*stripe.SubscriptionCreateDiscountParams{{PromotionCode: stripe.String(in.PromotionCodeID)}}
	}
	p.AddMetadata("user_id", in.UserID)
	p.SetIdempotencyKey(in.IdempotencyKey)
	s, err := c.sc.V1Subscriptions.Create(ctx, p)
	if err != nil {
		return store.ProviderSubscription{}, providerError("create subscription", err)
	}
	return FromStripe(s), nil
}

// SetCancelAtPeriodEnd stops (true) or restores (false) renewal.
func (c *Client) SetCancelAtPeriodEnd(ctx context.Context, providerID string, cancel bool) (store.ProviderSubscription, error) {
	s, err := c.sc.V1Subscriptions.Update(ctx, providerID, &stripe.SubscriptionUpdateParams{CancelAtPeriodEnd: stripe.Bool(cancel)})
	if err != nil {
		return store.ProviderSubscription{}, providerError("update subscription", err)
	}
	return FromStripe(s), nil
}

// Cancel ends a subscription at once (used to undo one we could not record).
func (c *Client) Cancel(ctx context.Context, providerID string) error {
	_, err := c.sc.V1Subscriptions.Cancel(ctx, providerID, &stripe.SubscriptionCancelParams{})
	return providerError("cancel subscription", err)
}

// DeleteCustomer deletes a customer at the provider (what is left of it:
// its cards and subscriptions go with it).
func (c *Client) DeleteCustomer(ctx context.Context, customerID string) error {
	_, err := c.sc.V1Customers.Delete(ctx, customerID, &stripe.CustomerDeleteParams{})
	return providerError("delete customer", err)
}

// FromStripe reads the fields we keep from a provider subscription.
func FromStripe(s *stripe.Subscription) store.ProviderSubscription {
	out := store.ProviderSubscription{ProviderID: s.ID, Status: string(s.Status), CancelAtPeriodEnd: s.CancelAtPeriodEnd}
	if s.Items != nil {
		for _, it := range s.Items.Data {
			if it != nil && it.CurrentPeriodEnd > 0 {
				out.PeriodEnd = time.Unix(it.CurrentPeriodEnd, 0).UTC()
			}
		}
	}
	return out
}

// Messages of provider failures.
const (
	MsgDeclined    = "Your card was declined. Please use another card."
	MsgUnavailable = "The payment service is not responding. Please try again in a few minutes."
	MsgRejected    = "The payment service could not process this request. Please try again or contact support."
)

// providerError turns a stripe-go error into a *store.Error: a card error is
// EPAYMENT with the provider's message (a decline), a missing payment method
// is EINVALID on field id, a timeout or unreachable provider EPROVIDERDOWN,
// anything else from the provider EPROVIDER. nil stays nil.
func providerError(op string, err error) error {
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if errors.As(err, &se) {
		switch {
		case se.Type == stripe.ErrorTypeCard:
			msg := MsgDeclined
			if se.Code != "card_declined" && se.Msg != "" {
				msg = se.Msg
			}
			return &store.Error{Code: store.EPAYMENT, Message: msg, Fields: map[string]string{"id": msg}}
		case se.Code == stripe.ErrorCodeResourceMissing && se.Param == "payment_method":
			return store.FieldErrors{"id": "This card could not be found. Please add it again."}.Err()
		case se.HTTPStatusCode >= 500 || se.Type == stripe.ErrorTypeRateLimit:
			return &store.Error{Code: store.EPROVIDERDOWN, Message: MsgUnavailable, Cause: fmt.Errorf("%s: %w", op, err)}
		}
		return &store.Error{Code: store.EPROVIDER, Message: MsgRejected, Cause: fmt.Errorf("%s: %w", op, err)}
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) {
		return &store.Error{Code: store.EPROVIDERDOWN, Message: MsgUnavailable, Cause: fmt.Errorf("%s: %w", op, err)}
	}
	return &store.Error{Code: store.EPROVIDERDOWN, Message: MsgUnavailable, Cause: fmt.Errorf("%s: %w", op, err)}
}
