package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"time"

	"github.com/jmoiron/sqlx"
)

// PaymentProvider is the card payment provider as the billing methods use it
// (jobs/payment implements it with stripe-go). Its errors are *Error values
// (EPAYMENT for a decline, EPROVIDERDOWN, EPROVIDER, EINVALID).
type PaymentProvider interface {
	CreateCustomer(ctx context.Context, userID, email, name string) (string, error)
	AttachCard(ctx context.Context, customerID, paymentMethodID string) (ProviderCard, error)
	DetachCard(ctx context.Context, paymentMethodID string) error
	SetDefaultCard(ctx context.Context, customerID, paymentMethodID string) error
	Subscribe(ctx context.Context, in SubscribeParams) (ProviderSubscription, error)
	SetCancelAtPeriodEnd(ctx context.Context, providerID string, cancel bool) (ProviderSubscription, error)
	Cancel(ctx context.Context, providerID string) error
}

// ProviderCard is a payment method as the provider describes it.
type ProviderCard struct {
	ProviderID string
	Brand      string
	Last4      string
	ExpMonth   int
	ExpYear    int
}

// SubscribeParams is what a new provider subscription needs.
type SubscribeParams struct {
	IdempotencyKey  string
	UserID          string
	CustomerID      string
	PriceID         string
	PaymentMethodID string
	PromotionCodeID string // optional
}

// ProviderSubscription is the provider's subscription as we keep it.
type ProviderSubscription struct {
	ProviderID        string
	Status            string // active, trialing, incomplete, past_due, canceled, ...
	CancelAtPeriodEnd bool
	PeriodEnd         time.Time // zero when the provider did not say
}

// Running reports whether the provider considers the subscription paid for.
func (s ProviderSubscription) Running() bool { return s.Status == "active" || s.Status == "trialing" }

// Card is a saved card of a user.
type Card struct {
	ID         string `db:"id" json:"_id"`
	ProviderID string `db:"provider_id" json:"-"`
	Brand      string `db:"brand" json:"brand"`
	Last4      string `db:"last4" json:"last4"`
	ExpMonth   int    `db:"exp_month" json:"expMonth"`
	ExpYear    int    `db:"exp_year" json:"expYear"`
	Primary    bool   `db:"is_primary" json:"primary"`
}

// MaxCards is how many cards one user may keep.
const MaxCards = 10

// Card messages.
const (
	MsgCardRequired = "Please choose a card"
	MsgCardNotFound = "Card not found"
	MsgCardSaved    = "This card is already saved"
)

var paymentMethodID = regexp.MustCompile(`^pm_[A-Za-z0-9_]{1,200}$`)

// ListCards returns the user's cards, the primary first, then newest first.
func (s *DB) ListCards(ctx context.Context, userID string) ([]Card, error) {
	return listCards(s.db, userID)
}

func listCards(q sqlx.Queryer, userID string) ([]Card, error) {
	cards := []Card{}
	err := sqlx.Select(q, &cards, `SELECT id, provider_id, brand, last4, exp_month, exp_year, is_primary FROM cards
		WHERE user_id = $1 ORDER BY is_primary DESC, created_at DESC, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list cards: %w", err)
	}
	return cards, nil
}

// lockUser serialises a user's billing changes (they call the provider
// between reads and writes).
func lockUser(tx *sqlx.Tx, userID string) error {
	if _, err := tx.Exec(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID); err != nil {
		return fmt.Errorf("lock user: %w", err)
	}
	return nil
}

// ensureCustomer returns the user's provider customer, creating it on first use.
func ensureCustomer(ctx context.Context, tx *sqlx.Tx, p PaymentProvider, u *User) (string, error) {
	var id string
	err := tx.Get(&id, `SELECT provider_id FROM billing_customers WHERE user_id = $1`, u.ID)
	if err == nil {
		return id, nil
	}
	if err != sql.ErrNoRows {
		return "", fmt.Errorf("find customer: %w", err)
	}
	if id, err = p.CreateCustomer(ctx, u.ID, u.Email, u.Name); err != nil {
		return "", err
	}
	if _, err := tx.Exec(`INSERT INTO billing_customers (user_id, provider_id) VALUES ($1, $2)`, u.ID, id); err != nil {
		return "", fmt.Errorf("save customer: %w", err)
	}
	return id, nil
}

// AddCard attaches the payment method paymentMethodID (from Stripe Elements
// or a provider test method such as pm_card_visa) to the user's customer,
// made on first use, and saves it; the first card becomes primary. EINVALID
// on field id for a malformed id, ECONFLICT when it is saved already or the
// user has MaxCards, provider errors as they come.
func (s *DB) AddCard(ctx context.Context, u *User, pmID string, p PaymentProvider) (*Card, error) {
	if !paymentMethodID.MatchString(pmID) {
		return nil, FieldErrors{"id": MsgCardRequired}.Err()
	}
	var card *Card
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lockUser(tx, u.ID); err != nil {
			return err
		}
		cards, err := listCards(tx, u.ID)
		if err != nil {
			return err
		}
		for _, c := range cards {
			if c.ProviderID == pmID {
				return &Error{Code: ECONFLICT, Message: MsgCardSaved, Fields: map[string]string{"id": MsgCardSaved}}
			}
		}
		if len(cards) >= MaxCards {
			return Errorf(ECONFLICT, fmt.Sprintf("You can keep at most %d cards. Remove one first.", MaxCards))
		}
		customer, err := ensureCustomer(ctx, tx, p, u)
		if err != nil {
			return err
		}
		pc, err := p.AttachCard(ctx, customer, pmID)
		if err != nil {
			return err
		}
		// The same card under another payment method id (the provider makes
		// a new one each time a card is typed in) is the same card.
		for _, c := range cards {
			if c.Brand == pc.Brand && c.Last4 == pc.Last4 && c.ExpMonth == pc.ExpMonth && c.ExpYear == pc.ExpYear {
				_ = p.DetachCard(context.WithoutCancel(ctx), pc.ProviderID)
				return &Error{Code: ECONFLICT, Message: MsgCardSaved, Fields: map[string]string{"id": MsgCardSaved}}
			}
		}
		primary := len(cards) == 0
		if primary {
			if err := p.SetDefaultCard(ctx, customer, pc.ProviderID); err != nil {
				_ = p.DetachCard(context.WithoutCancel(ctx), pc.ProviderID)
				return err
			}
		}
		card = &Card{ProviderID: pc.ProviderID, Brand: pc.Brand, Last4: pc.Last4, ExpMonth: pc.ExpMonth, ExpYear: pc.ExpYear, Primary: primary}
		err = tx.Get(&card.ID, `INSERT INTO cards (user_id, provider_id, brand, last4, exp_month, exp_year, is_primary)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, u.ID, card.ProviderID, card.Brand, card.Last4, card.ExpMonth, card.ExpYear, primary)
		if err != nil {
			_ = p.DetachCard(context.WithoutCancel(ctx), pc.ProviderID)
			if ErrorCode(translate(err, "")) == ECONFLICT {
				return &Error{Code: ECONFLICT, Message: MsgCardSaved, Fields: map[string]string{"id": MsgCardSaved}}
			}
			return fmt.Errorf("save card: %w", err)
		}
		return nil
	})
	return card, err
}

func findCard(tx *sqlx.Tx, userID, cardID string) (*Card, error) {
	if !isUUID(cardID) {
		return nil, Errorf(ENOTFOUND, MsgCardNotFound)
	}
	var c Card
	err := tx.Get(&c, `SELECT id, provider_id, brand, last4, exp_month, exp_year, is_primary FROM cards WHERE id = $1 AND user_id = $2`, cardID, userID)
	if err == sql.ErrNoRows {
		return nil, Errorf(ENOTFOUND, MsgCardNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("find card: %w", err)
	}
	return &c, nil
}

// SetPrimaryCard makes the card the one subscriptions are charged to, at
// the provider and here. ENOTFOUND for another user's or an unknown card.
func (s *DB) SetPrimaryCard(ctx context.Context, userID, cardID string, p PaymentProvider) ([]Card, error) {
	return s.onCard(ctx, userID, cardID, func(tx *sqlx.Tx, c *Card) error {
		if c.Primary {
			return nil
		}
		return setPrimary(ctx, tx, p, userID, c)
	})
}

// onCard runs fn on one of the user's cards in a transaction that holds the
// user's lock, and answers the user's cards after it. ENOTFOUND for another
// user's or an unknown card.
func (s *DB) onCard(ctx context.Context, userID, cardID string, fn func(tx *sqlx.Tx, c *Card) error) ([]Card, error) {
	var cards []Card
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := lockUser(tx, userID); err != nil {
			return err
		}
		c, err := findCard(tx, userID, cardID)
		if err != nil {
			return err
		}
		if err := fn(tx, c); err != nil {
			return err
		}
		cards, err = listCards(tx, userID)
		return err
	})
	return cards, err
}

func setPrimary(ctx context.Context, tx *sqlx.Tx, p PaymentProvider, userID string, c *Card) error {
	var customer string
	if err := tx.Get(&customer, `SELECT provider_id FROM billing_customers WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("find customer: %w", err)
	}
	if err := p.SetDefaultCard(ctx, customer, c.ProviderID); err != nil {
		return err
	}
	if _, err := tx.Exec(`UPDATE cards SET is_primary = false WHERE user_id = $1 AND is_primary`, userID); err != nil {
		return fmt.Errorf("clear primary card: %w", err)
	}
	if _, err := tx.Exec(`UPDATE cards SET is_primary = true WHERE id = $1`, c.ID); err != nil {
		return fmt.Errorf("set primary card: %w", err)
	}
	return nil
}

// MsgCardInUse refuses removing the card that pays a running subscription.
const MsgCardInUse = "This card pays for your subscription. Make another card primary before removing it."

// DeleteCard detaches and forgets a card. The primary card cannot go while a
// subscription runs (ECONFLICT); otherwise the newest other card, if any,
// becomes primary. ENOTFOUND for another user's or an unknown card.
func (s *DB) DeleteCard(ctx context.Context, userID, cardID string, p PaymentProvider) ([]Card, error) {
	return s.onCard(ctx, userID, cardID, func(tx *sqlx.Tx, c *Card) error {
		if c.Primary {
			var running bool
			if err := tx.Get(&running, `SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND ended_at >= $2)`, userID, s.now()); err != nil {
				return fmt.Errorf("find subscription: %w", err)
			}
			if running {
				return Errorf(ECONFLICT, MsgCardInUse)
			}
		}
		if _, err := tx.Exec(`DELETE FROM cards WHERE id = $1`, c.ID); err != nil {
			return fmt.Errorf("delete card: %w", err)
		}
		if c.Primary {
			var next Card
			err := tx.Get(&next, `SELECT id, provider_id FROM cards WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 1`, userID)
			if err != nil && err != sql.ErrNoRows {
				return fmt.Errorf("find next card: %w", err)
			}
			if err == nil {
				if err := setPrimary(ctx, tx, p, userID, &next); err != nil {
					return err
				}
			}
		}
		// Last: a provider refusal above leaves the card attached and saved.
		return p.DetachCard(ctx, c.ProviderID)
	})
}
