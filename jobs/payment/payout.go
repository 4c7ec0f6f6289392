package payment

import (
	"context"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"creatorcoach/store"
)

// Payouts: creators' connected accounts (Express, through the v1 Accounts
// API), the funding charge of an accepted offer, the transfer to the creator
// and refunds to the brand. Every call that moves money carries an
// idempotency key derived from the offer and the step, so a retried call
// never moves it twice.

var _ store.PayoutProvider = (*Client)(nil)

// CreateAccount makes the creator's Express connected account.
func (c *Client) CreateAccount(ctx context.Context, userID, email string) (string, error) {
	p := &stripe.AccountCreateParams{
		Type:  stripe.String("express"),
		Email: stripe.String(email),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
	}
	p.AddMetadata("user_id", userID)
	p.SetIdempotencyKey("payout-account-" + userID)
	a, err := c.sc.V1Accounts.Create(ctx, p)
	if err != nil {
		return "", providerError("create connected account", err)
	}
	return a.ID, nil
}

// AccountLink returns the provider's onboarding page for the account,
// which sends the creator back to returnURL (or to refreshURL when the link
// expired). The offline sandbox has no onboarding screens: its link is the
// return page itself, so onboarding "returns at once".
func (c *Client) AccountLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error) {
	if c.testCards {
		return returnURL, nil
	}
	l, err := c.sc.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{Account: stripe.String(accountID),
		RefreshURL: stripe.String(refreshURL), ReturnURL: stripe.String(returnURL), Type: stripe.String("account_onboarding")})
	if err != nil {
		return "", providerError("create account link", err)
	}
	return l.URL, nil
}

// LoginLink returns a one-time link to the provider's Express dashboard.
func (c *Client) LoginLink(ctx context.Context, accountID string) (string, error) {
	l, err := c.sc.V1LoginLinks.Create(ctx, &stripe.LoginLinkCreateParams{Account: stripe.String(accountID)})
	if err != nil {
		return "", providerError("create login link", err)
	}
	return l.URL, nil
}

// GetAccount reads the connected account's state. The offline sandbox
// answers every account as ready (its onboarding has nothing to ask).
func (c *Client) GetAccount(ctx context.Context, accountID string) (store.ProviderAccount, error) {
	a, err := c.sc.V1Accounts.GetByID(ctx, accountID, nil)
	if err != nil {
		return store.ProviderAccount{}, providerError("read connected account", err)
	}
	if c.testCards {
		return store.ProviderAccount{ID: a.ID, State: store.PayoutAccountReady, Requirements: []string{}}, nil
	}
	return AccountFromStripe(a), nil
}

// AccountFromStripe reads a connected account's payout state: ready when
// payouts are enabled and nothing is due; restricted when the provider
// disabled it for another reason than a pending check; verifying while its
// details are being checked; else details needed, with what is asked.
func AccountFromStripe(a *stripe.Account) store.ProviderAccount {
	out := store.ProviderAccount{ID: a.ID, Requirements: []string{}}
	var due, pending []string
	disabled := ""
	if r := a.Requirements; r != nil {
		due = append(append(due, r.PastDue...), r.CurrentlyDue...)
		pending = r.PendingVerification
		disabled = string(r.DisabledReason)
	}
	for _, d := range due {
		if !strings.HasPrefix(d, "external_account") || len(out.Requirements) < 20 {
			out.Requirements = append(out.Requirements, d)
		}
	}
	switch {
	case a.PayoutsEnabled && len(due) == 0 && disabled == "":
		out.State = store.PayoutAccountReady
	case disabled != "" && !strings.HasPrefix(disabled, "requirements."):
		out.State = store.PayoutAccountRestricted
	case a.DetailsSubmitted && len(due) == 0 && (len(pending) > 0 || disabled == "requirements.pending_verification" || !a.PayoutsEnabled):
		out.State = store.PayoutAccountVerifying
	default:
		out.State = store.PayoutAccountDetailsNeeded
	}
	return out
}

// ChargeParams is one funding charge.
type ChargeParams struct {
	IdempotencyKey  string
	EntryID         string
	Amount          int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
}

// Charge charges the brand's card for an accepted offer, confirmed at once
// and off session, with the offer as transfer_group. A decline comes back
// as a failed result (not an error); a provider failure as an error to
// retry. The offline sandbox answers its test cards as the real provider
// does (succeeded, or declined).
func (c *Client) Charge(ctx context.Context, in ChargeParams) (store.FundingResult, error) {
	if tc, ok := testCards[in.PaymentMethodID]; c.testCards && ok && tc.declineMsg != "" {
		return store.FundingResult{Status: store.FundingFailed, Failure: tc.declineMsg}, nil
	}
	p := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.Amount),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		TransferGroup: stripe.String(in.EntryID),
	}
	p.AddMetadata("entry_id", in.EntryID)
	p.SetIdempotencyKey(in.IdempotencyKey)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, p)
	if err != nil {
		var se *stripe.Error
		if e, ok := err.(*stripe.Error); ok {
			se = e
		}
		if se != nil && se.Type == stripe.ErrorTypeCard {
			msg := MsgDeclined
			if se.Code != "card_declined" && se.Msg != "" {
				msg = se.Msg
			}
			return store.FundingResult{Status: store.FundingFailed, Failure: msg}, nil
		}
		return store.FundingResult{}, providerError("charge brand", err)
	}
	if tc, ok := testCards[in.PaymentMethodID]; c.testCards && ok && tc.authenticate {
		// The stand-in confirms every charge; the real provider asks this card's holder to authenticate first.
		return store.FundingResult{Status: store.FundingRequiresAction, PaymentIntentID: pi.ID}, nil
	}
	return FundingFromStripe(pi, c.testCards), nil
}

// PaymentAction reads a funding's payment intent for the brand's browser to
// finish the bank's check (3-D Secure): its client secret, which the page
// hands to Stripe.js, and its outcome now.
func (c *Client) PaymentAction(ctx context.Context, paymentIntentID string) (string, store.FundingResult, error) {
	pi, err := c.sc.V1PaymentIntents.Retrieve(ctx, paymentIntentID, nil)
	if err != nil {
		return "", store.FundingResult{}, providerError("read payment", err)
	}
	return pi.ClientSecret, FundingFromStripe(pi, false), nil
}

// FundingFromStripe reads a payment intent's outcome. sandbox answers a
// payment intent the stand-in left unconfirmed as succeeded.
func FundingFromStripe(pi *stripe.PaymentIntent, sandbox bool) store.FundingResult {
	r := store.FundingResult{PaymentIntentID: pi.ID}
	if pi.LatestCharge != nil {
		r.ChargeID = pi.LatestCharge.ID
	}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		r.Status = store.FundingSucceeded
	case stripe.PaymentIntentStatusRequiresAction:
		r.Status = store.FundingRequiresAction
	case stripe.PaymentIntentStatusRequiresPaymentMethod, stripe.PaymentIntentStatusCanceled:
		r.Status = store.FundingFailed
		if pi.LastPaymentError != nil {
			r.Failure = pi.LastPaymentError.Msg
		}
	default:
		r.Status = store.FundingProcessing
	}
	if sandbox && r.Status != store.FundingRequiresAction {
		r.Status, r.Failure = store.FundingSucceeded, ""
	}
	return r
}

// Transfer sends amount to the creator's connected account, with the
// offer as transfer_group.
func (c *Client) Transfer(ctx context.Context, idempotencyKey, entryID string, amount int64, currency, destination string) (string, error) {
	p := &stripe.TransferCreateParams{Amount: stripe.Int64(amount), Currency: stripe.String(currency),
		Destination: stripe.String(destination), TransferGroup: stripe.String(entryID)}
	p.AddMetadata("entry_id", entryID)
	p.SetIdempotencyKey(idempotencyKey)
	t, err := c.sc.V1Transfers.Create(ctx, p)
	if err != nil {
		return "", providerError("transfer to creator", err)
	}
	return t.ID, nil
}

// Refund gives amount of the funding charge back to the brand.
func (c *Client) Refund(ctx context.Context, idempotencyKey, entryID, paymentIntentID string, amount int64) (string, error) {
	p := &stripe.RefundCreateParams{Amount: stripe.Int64(amount)}
	if paymentIntentID != "" {
		p.PaymentIntent = stripe.String(paymentIntentID)
	}
	p.AddMetadata("entry_id", entryID)
	p.SetIdempotencyKey(idempotencyKey)
	r, err := c.sc.V1Refunds.Create(ctx, p)
	if err != nil {
		return "", providerError("refund brand", err)
	}
	return r.ID, nil
}

// DayMoves lists the provider's transfers, refunds and successful charges
// (payment intents) created in [from, to) that carry an offer (metadata
// entry_id or transfer_group); money of anything else is not ours to check.
func (c *Client) DayMoves(ctx context.Context, from, to time.Time) ([]store.ProviderMove, error) {
	rng := &stripe.RangeQueryParams{GreaterThanOrEqual: from.Unix(), LesserThan: to.Unix()}
	out := []store.ProviderMove{}
	tp := &stripe.TransferListParams{CreatedRange: rng}
	for t, err := range c.sc.V1Transfers.List(ctx, tp).All(ctx) {
		if err != nil {
			return nil, providerError("list transfers", err)
		}
		if e := entryOf(t.Metadata, t.TransferGroup); e != "" && !t.Reversed {
			out = append(out, store.ProviderMove{Kind: store.MoveRelease, ID: t.ID, EntryID: e, Amount: t.Amount})
		}
	}
	rp := &stripe.RefundListParams{CreatedRange: rng}
	for r, err := range c.sc.V1Refunds.List(ctx, rp).All(ctx) {
		if err != nil {
			return nil, providerError("list refunds", err)
		}
		if e := entryOf(r.Metadata, ""); e != "" && r.Status != stripe.RefundStatusFailed && r.Status != stripe.RefundStatusCanceled {
			out = append(out, store.ProviderMove{Kind: store.MoveRefund, ID: r.ID, EntryID: e, Amount: r.Amount})
		}
	}
	pp := &stripe.PaymentIntentListParams{CreatedRange: rng}
	for pi, err := range c.sc.V1PaymentIntents.List(ctx, pp).All(ctx) {
		if err != nil {
			return nil, providerError("list charges", err)
		}
		if e := entryOf(pi.Metadata, pi.TransferGroup); e != "" && pi.Status == stripe.PaymentIntentStatusSucceeded {
			out = append(out, store.ProviderMove{Kind: store.MoveFunding, ID: pi.ID, EntryID: e, Amount: pi.AmountReceived})
		}
	}
	return out, nil
}

// entryOf is the offer a provider object belongs to.
func entryOf(meta map[string]string, group string) string {
	if e := meta["entry_id"]; e != "" {
		return e
	}
	return group
}
