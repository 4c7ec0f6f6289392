package payment

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v85"

	"creatorcoach/store"
)

// testCard is how the provider treats one of its test payment methods:
// the card it stands for, or the decline it answers when attached.
type testCard struct {
	brand, last4 string
	declineMsg   string // the provider's message; "" = the card is accepted
	// authenticate: the bank asks the cardholder to confirm each charge (3-D Secure).
	authenticate bool
}

// testCards are the provider's test payment methods the offline sandbox
// offers (web test-card-picker.jsx). stripe-mock answers every one as Visa
// 4242 and declines none; the real provider attaches each as its own card
// and refuses the declining ones ("can't be attached to a Customer"). With
// WithTestCards the client answers as the real provider would.
var testCards = map[string]testCard{
	"pm_card_visa":                            {brand: "visa", last4: "4242"},
	"pm_card_mastercard":                      {brand: "mastercard", last4: "4444"},
	"pm_card_amex":                            {brand: "amex", last4: "8431"},
	"pm_card_discover":                        {brand: "discover", last4: "1117"},
	"pm_card_visa_debit":                      {brand: "visa", last4: "5556"},
	"pm_card_threeDSecure2Required":           {brand: "visa", last4: "3220", authenticate: true},
	"pm_card_chargeDeclined":                  {brand: "visa", last4: "0002", declineMsg: "Your card was declined."},
	"pm_card_chargeDeclinedInsufficientFunds": {brand: "visa", last4: "9995", declineMsg: "Your card has insufficient funds."},
}

// WithTestCards makes the client answer the provider's test payment methods
// as the real provider does (their own brand and last digits; the declining
// ones refused with the provider's message) when on is true: for the offline
// sandbox, whose stand-in cannot. It returns c.
func (c *Client) WithTestCards(on bool) *Client {
	c.testCards = on
	return c
}

// sandboxAttach is AttachCard's answer for a test payment method in the
// sandbox: ok false when the method is not one of testCards.
func (c *Client) sandboxAttach(pmID string, card *store.ProviderCard) (ok bool, err error) {
	tc, found := testCards[pmID]
	if !c.testCards || !found {
		return false, nil
	}
	if tc.declineMsg != "" {
		return true, &store.Error{Code: store.EPAYMENT, Message: tc.declineMsg, Fields: map[string]string{"id": tc.declineMsg}}
	}
	card.Brand, card.Last4 = tc.brand, tc.last4
	return true, nil
}

// ListInvoices returns the customer's invoices, newest first, at most limit.
func (c *Client) ListInvoices(ctx context.Context, customerID string, limit int) ([]store.Invoice, error) {
	p := &stripe.InvoiceListParams{Customer: stripe.String(customerID)}
	p.Limit = stripe.Int64(int64(limit))
	p.Single = true // one page
	out := []store.Invoice{}
	for inv, err := range c.sc.V1Invoices.List(ctx, p).All(ctx) {
		if err != nil {
			return nil, providerError("list invoices", err)
		}
		out = append(out, store.Invoice{ID: inv.ID, Number: inv.Number, Status: string(inv.Status), AmountDue: inv.AmountDue,
			AmountPaid: inv.AmountPaid, Currency: string(inv.Currency), Created: time.Unix(inv.Created, 0).UTC(),
			Description: inv.Description, HostedURL: inv.HostedInvoiceURL, PDF: inv.InvoicePDF})
		if len(out) >= limit {
			break
		}
	}
	return out, nil
}
