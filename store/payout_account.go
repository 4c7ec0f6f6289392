package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// States of a creator's connected account, as the payouts page shows them.
const (
	PayoutAccountNotSetUp      = "not_set_up"
	PayoutAccountDetailsNeeded = "details_needed"
	PayoutAccountVerifying     = "verifying"
	PayoutAccountReady         = "ready"
	PayoutAccountRestricted    = "restricted"
)

// PayoutProvider is the provider as the payout methods of a request use it
// (jobs/payment implements it). Its errors are *Error values.
type PayoutProvider interface {
	CreateAccount(ctx context.Context, userID, email string) (string, error)
	AccountLink(ctx context.Context, accountID, refreshURL, returnURL string) (string, error)
	LoginLink(ctx context.Context, accountID string) (string, error)
	GetAccount(ctx context.Context, accountID string) (ProviderAccount, error)
}

// ProviderAccount is a connected account as the provider describes it.
type ProviderAccount struct {
	ID           string
	State        string
	Requirements []string // what the provider asks for
}

// PayoutAccount is a creator's payouts state.
type PayoutAccount struct {
	State        string     `json:"state"`
	Requirements []string   `json:"requirements"`
	UpdatedAt    *time.Time `json:"updatedAt"`
	ProviderID   string     `json:"-"`
}

// Payout account messages.
const (
	MsgPayoutNoCreator = "Only a creator in the network can set up payouts"
	MsgPayoutNoAccount = "Set up payouts first"
)

// GetPayoutAccount reads a user's payouts state (not_set_up without an account).
func (s *DB) GetPayoutAccount(ctx context.Context, userID string) (*PayoutAccount, error) {
	return getPayoutAccount(ctx, s.db, userID)
}

func getPayoutAccount(ctx context.Context, q sqlx.QueryerContext, userID string) (*PayoutAccount, error) {
	var row struct {
		ProviderID   string    `db:"provider_id"`
		State        string    `db:"state"`
		Requirements []byte    `db:"requirements"`
		UpdatedAt    time.Time `db:"updated_at"`
	}
	err := sqlx.GetContext(ctx, q, &row, `SELECT provider_id, state, requirements, updated_at FROM payout_accounts WHERE user_id = $1`, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return &PayoutAccount{State: PayoutAccountNotSetUp, Requirements: []string{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("payout account: %w", err)
	}
	a := &PayoutAccount{State: row.State, ProviderID: row.ProviderID, UpdatedAt: &row.UpdatedAt, Requirements: []string{}}
	_ = json.Unmarshal(row.Requirements, &a.Requirements)
	return a, nil
}

// SetUpPayouts makes the creator's connected account on first use (the
// provider call carries an idempotency key, and the user row is locked, so
// a double click makes one account) and returns the onboarding link. Only
// a USER linked to a network creator: EFORBIDDEN otherwise.
func (s *DB) SetUpPayouts(ctx context.Context, u *User, p PayoutProvider, refreshURL, returnURL string) (*PayoutAccount, string, error) {
	if u.Role != RoleUser {
		return nil, "", Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	var acct *PayoutAccount
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var linked bool
		if err := tx.Get(&linked, `SELECT EXISTS (SELECT 1 FROM creators WHERE user_id = $1)`, u.ID); err != nil {
			return err
		}
		if !linked {
			return Errorf(EFORBIDDEN, MsgPayoutNoCreator)
		}
		if err := lockUser(tx, u.ID); err != nil {
			return err
		}
		var err error
		if acct, err = getPayoutAccount(ctx, tx, u.ID); err != nil || acct.ProviderID != "" {
			return err
		}
		id, err := p.CreateAccount(ctx, u.ID, u.Email)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO payout_accounts (user_id, provider_id, updated_at) VALUES ($1, $2, $3)`, u.ID, id, s.now()); err != nil {
			return fmt.Errorf("save payout account: %w", err)
		}
		if err := s.payoutAudit(tx, u.ID, u.Role, "account_created", "user:"+u.ID, map[string]any{"user": u.ID}); err != nil {
			return err
		}
		acct, err = getPayoutAccount(ctx, tx, u.ID)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	link, err := p.AccountLink(ctx, acct.ProviderID, refreshURL, returnURL)
	if err != nil {
		return nil, "", err
	}
	return acct, link, nil
}

// RefreshPayoutAccount reads the creator's account from the provider (the
// return page) and records its state.
func (s *DB) RefreshPayoutAccount(ctx context.Context, userID string, p PayoutProvider) (*PayoutAccount, error) {
	a, err := s.GetPayoutAccount(ctx, userID)
	if err != nil || a.ProviderID == "" {
		return a, err
	}
	pa, err := p.GetAccount(ctx, a.ProviderID)
	if err != nil {
		return nil, err
	}
	if _, err := s.UpdatePayoutAccount(ctx, pa, time.Time{}); err != nil {
		return nil, err
	}
	return s.GetPayoutAccount(ctx, userID)
}

// PayoutLoginLink returns a link to the provider's dashboard of the
// creator's account; ECONFLICT before it is set up.
func (s *DB) PayoutLoginLink(ctx context.Context, userID string, p PayoutProvider) (string, error) {
	a, err := s.GetPayoutAccount(ctx, userID)
	if err != nil {
		return "", err
	}
	if a.ProviderID == "" {
		return "", Errorf(ECONFLICT, MsgPayoutNoAccount)
	}
	return p.LoginLink(ctx, a.ProviderID)
}

// UpdatePayoutAccount records an account's state (an account.updated
// event at at, or a read when at is zero); an event older than the last
// one applied changes nothing. An account that became ready sends on its
// creator's payments waiting for payout details at once. It reports
// whether the account is ours.
func (s *DB) UpdatePayoutAccount(ctx context.Context, pa ProviderAccount, at time.Time) (bool, error) {
	reqs, _ := json.Marshal(pa.Requirements)
	if pa.Requirements == nil {
		reqs = []byte("[]")
	}
	var found bool
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var userID string
		err := tx.Get(&userID, `UPDATE payout_accounts SET state = $2, requirements = $3, updated_at = $4,
			provider_event_at = CASE WHEN $5::timestamptz IS NULL THEN provider_event_at ELSE $5 END
			WHERE provider_id = $1 AND ($5::timestamptz IS NULL OR provider_event_at IS NULL OR provider_event_at <= $5) RETURNING user_id`,
			pa.ID, pa.State, reqs, s.now(), nullTime(at))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("update payout account: %w", err)
		}
		found = true
		if pa.State != PayoutAccountReady {
			return nil
		}
		var waiting []string
		if err := tx.Select(&waiting, `UPDATE payouts SET state = 'releasing', updated_at = $2 WHERE state = 'waiting_details' AND entry_id IN
			(SELECT e.id FROM roster_entries e JOIN creators c ON c.id = e.creator_id WHERE c.user_id = $1) RETURNING entry_id`, userID, s.now()); err != nil {
			return fmt.Errorf("send waiting payouts: %w", err)
		}
		return s.releaseTasks(ctx, tx, waiting)
	})
	return found, err
}

func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// BrandCard is a card of a brand; its other members see the last 4 digits only.
type BrandCard struct {
	ID       string `db:"id" json:"_id"`
	Brand    string `db:"brand" json:"brand"`
	Last4    string `db:"last4" json:"last4"`
	ExpMonth int    `db:"exp_month" json:"expMonth"`
	ExpYear  int    `db:"exp_year" json:"expYear"`
	Default  bool   `db:"is_default" json:"default"`
}

// BrandPayoutSettings is a brand's money settings.
type BrandPayoutSettings struct {
	ManagerMonthlyLimit *int64 `json:"managerMonthlyLimit"`
	NeedsAdminApproval  bool   `json:"needsAdminApproval"`
	FeePercent          int    `json:"feePercent"`
}

// brandOf returns the brand a brand member acts for; EFORBIDDEN for others.
func brandOf(u *User) (string, error) {
	if u.Brand == nil || (u.Role != RoleBrandAdmin && u.Role != RoleBrandManager && u.Role != RoleBrandViewer) {
		return "", Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	return u.Brand.ID, nil
}

// ListBrandCards lists the caller's brand's cards, the default first.
func (s *DB) ListBrandCards(ctx context.Context, u *User) ([]BrandCard, error) {
	brand, err := brandOf(u)
	if err != nil {
		return nil, err
	}
	return listBrandCards(ctx, s.db, brand)
}

func listBrandCards(ctx context.Context, q sqlx.QueryerContext, brand string) ([]BrandCard, error) {
	out := []BrandCard{}
	err := sqlx.SelectContext(ctx, q, &out, `SELECT id, brand, last4, exp_month, exp_year, is_default FROM payout_brand_cards
		WHERE brand_id = $1 ORDER BY is_default DESC, created_at DESC, id`, brand)
	return out, err
}

// AddBrandCard attaches a payment method to the brand's customer (made on
// first use) and saves it; the first card becomes the default.
// BRAND_ADMIN only.
func (s *DB) AddBrandCard(ctx context.Context, u *User, pmID string, p PaymentProvider) (*BrandCard, error) {
	if u.Role != RoleBrandAdmin || u.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if !paymentMethodID.MatchString(pmID) {
		return nil, FieldErrors{"id": MsgCardRequired}.Err()
	}
	brand := u.Brand.ID
	var card *BrandCard
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.Exec(`SELECT id FROM brands WHERE id = $1 FOR UPDATE`, brand); err != nil {
			return err
		}
		cards, err := listBrandCards(ctx, tx, brand)
		if err != nil {
			return err
		}
		if len(cards) >= MaxCards {
			return Errorf(ECONFLICT, fmt.Sprintf("A brand can keep at most %d cards", MaxCards))
		}
		var customer string
		err = tx.Get(&customer, `SELECT provider_id FROM payout_brand_customers WHERE brand_id = $1`, brand)
		if errors.Is(err, sql.ErrNoRows) {
			name := ""
			_ = tx.Get(&name, `SELECT name FROM brands WHERE id = $1`, brand)
			if customer, err = p.CreateCustomer(ctx, "brand-"+brand, u.Email, name); err != nil {
				return err
			}
			if _, err := tx.Exec(`INSERT INTO payout_brand_customers (brand_id, provider_id) VALUES ($1, $2)`, brand, customer); err != nil {
				return fmt.Errorf("save brand customer: %w", err)
			}
		} else if err != nil {
			return err
		}
		pc, err := p.AttachCard(ctx, customer, pmID)
		if err != nil {
			return err
		}
		var c BrandCard
		err = tx.Get(&c, `INSERT INTO payout_brand_cards (brand_id, provider_id, brand, last4, exp_month, exp_year, is_default, added_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (brand_id, provider_id) DO NOTHING
			RETURNING id, brand, last4, exp_month, exp_year, is_default`,
			brand, pc.ProviderID, pc.Brand, pc.Last4, pc.ExpMonth, pc.ExpYear, len(cards) == 0, u.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return Errorf(ECONFLICT, MsgCardSaved)
		}
		if err != nil {
			return fmt.Errorf("save brand card: %w", err)
		}
		card = &c
		return s.payoutAudit(tx, u.ID, u.Role, "card_added", "brand:"+brand, map[string]any{"brand": brand, "last4": c.Last4})
	})
	return card, err
}

// RemoveBrandCard detaches and deletes one of the brand's cards; the newest
// other card becomes the default. BRAND_ADMIN only; ENOTFOUND for a card of
// another brand.
func (s *DB) RemoveBrandCard(ctx context.Context, u *User, cardID string, p PaymentProvider) error {
	if u.Role != RoleBrandAdmin || u.Brand == nil {
		return Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if !isUUID(cardID) {
		return Errorf(ENOTFOUND, MsgCardNotFound)
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var pm string
		err := tx.Get(&pm, `DELETE FROM payout_brand_cards WHERE id = $1 AND brand_id = $2 RETURNING provider_id`, cardID, u.Brand.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return Errorf(ENOTFOUND, MsgCardNotFound)
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE payout_brand_cards SET is_default = true WHERE id = (SELECT id FROM payout_brand_cards WHERE brand_id = $1
			ORDER BY created_at DESC, id LIMIT 1) AND NOT EXISTS (SELECT 1 FROM payout_brand_cards WHERE brand_id = $1 AND is_default)`, u.Brand.ID); err != nil {
			return err
		}
		if err := p.DetachCard(ctx, pm); err != nil {
			return err
		}
		return s.payoutAudit(tx, u.ID, u.Role, "card_removed", "brand:"+u.Brand.ID, map[string]any{"brand": u.Brand.ID, "card": cardID})
	})
}

// GetBrandPayoutSettings reads the caller's brand's settings.
func (s *DB) GetBrandPayoutSettings(ctx context.Context, u *User) (*BrandPayoutSettings, error) {
	brand, err := brandOf(u)
	if err != nil {
		return nil, err
	}
	out := &BrandPayoutSettings{FeePercent: int(s.Payout.feePercent())}
	var row struct {
		Limit   sql.NullInt64 `db:"manager_monthly_limit"`
		Flagged bool          `db:"needs_admin_approval"`
	}
	err = s.db.GetContext(ctx, &row, `SELECT manager_monthly_limit, needs_admin_approval FROM payout_brand_settings WHERE brand_id = $1`, brand)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if row.Limit.Valid {
		out.ManagerMonthlyLimit = &row.Limit.Int64
	}
	out.NeedsAdminApproval = row.Flagged
	return out, nil
}

// MsgPayoutLimit refuses a bad manager limit.
const MsgPayoutLimit = "The limit must be between $0 and $10,000,000"

// SetManagerLimit sets (cents) or clears (nil) the brand's monthly limit of
// what its BRAND_MANAGERs may commit. BRAND_ADMIN only.
func (s *DB) SetManagerLimit(ctx context.Context, u *User, limit *int64) (*BrandPayoutSettings, error) {
	if u.Role != RoleBrandAdmin || u.Brand == nil {
		return nil, Errorf(EFORBIDDEN, "You don't have permission to do this")
	}
	if limit != nil && (*limit < 0 || *limit > 1_000_000_000) {
		return nil, FieldErrors{"managerMonthlyLimit": MsgPayoutLimit}.Err()
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.Exec(`INSERT INTO payout_brand_settings (brand_id, manager_monthly_limit, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (brand_id) DO UPDATE SET manager_monthly_limit = $2, updated_at = $3`, u.Brand.ID, limit, s.now()); err != nil {
			return err
		}
		return s.payoutAudit(tx, u.ID, u.Role, "limit_set", "brand:"+u.Brand.ID, map[string]any{"brand": u.Brand.ID, "managerMonthlyLimit": limit})
	})
	if err != nil {
		return nil, err
	}
	return s.GetBrandPayoutSettings(ctx, u)
}

// PayoutMail is what a payment mail says and to whom.
type PayoutMail struct {
	CampaignName string `db:"campaign_name"`
	CreatorName  string `db:"creator_name"`
	BrandName    string `db:"brand_name"`
	Amount       int64  `db:"amount"`
	Fee          int64  `db:"fee"`
	RefundAmount int64  `db:"refund_amount"`
	Failure      string `db:"failure"`
	// GraceStart is when DELIVERY_GRACE starts; CancelFrom is when the brand
	// may cancel the offer if nothing of it is captured (see
	// PaymentView.CancelFrom).
	GraceStart    time.Time `db:"grace_start"`
	CancelFrom    time.Time `db:"-"`
	CreatorEmails []string  `db:"-"`
	BrandEmails   []string  `db:"-"`
}

// PayoutMailOf loads the mail of entry's payment; nil when it is gone.
func (s *DB) PayoutMailOf(ctx context.Context, entryID string) (*PayoutMail, error) {
	var m PayoutMail
	err := s.getPrepared(ctx, &m, `SELECT k.name AS campaign_name, c.name AS creator_name, b.name AS brand_name, p.amount, p.fee,
		p.refund_amount, p.failure, `+deliveryGraceStartSQL+` AS grace_start FROM payouts p JOIN roster_entries e ON e.id = p.entry_id JOIN creators c ON c.id = e.creator_id
		JOIN campaigns k ON k.id = e.campaign_id JOIN brands b ON b.id = k.brand_id WHERE p.entry_id = $1`, entryID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("payout mail: %w", err)
	}
	m.CancelFrom = s.Payout.cancelFrom(m.GraceStart)
	if err := s.selectPrepared(ctx, &m.CreatorEmails, `SELECT u.email FROM roster_entries e JOIN creators c ON c.id = e.creator_id
		JOIN users u ON u.id = c.user_id WHERE e.id = $1 AND u.deleted_at IS NULL`, entryID); err != nil {
		return nil, err
	}
	if err := s.selectPrepared(ctx, &m.BrandEmails, `SELECT u.email FROM payouts p JOIN users u ON u.brand_id = p.brand_id
		WHERE p.entry_id = $1 AND u.role IN ('BRAND_ADMIN', 'BRAND_MANAGER') AND u.deleted_at IS NULL ORDER BY u.email`, entryID); err != nil {
		return nil, err
	}
	return &m, nil
}
