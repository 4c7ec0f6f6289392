package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/crypto/bcrypt"
)

// Registration is the sign-up payload: a creator (Niche set) or, when
// BrandName is non-nil, a brand and its first BRAND_ADMIN.
type Registration struct {
	BrandName *string `json:"brandName"`
	Name      string  `json:"name"`
	Email     string  `json:"email"`
	Password  string  `json:"password"`
	Niche     string  `json:"niche"`
}

// Validate checks the sign-up rules (name, e-mail, password, and a niche for
// a creator or a brand name for a brand) and returns field errors.
func (r *Registration) Validate() error {
	f := FieldErrors{}
	r.Email = NormalizeEmail(r.Email)
	if r.BrandName != nil {
		checkName(f, "brandName", *r.BrandName, MsgBrandNameRequired)
		checkName(f, "name", r.Name, MsgCompanyRequired)
	} else {
		checkName(f, "name", r.Name, MsgFullNameRequired)
		if r.Niche == "" {
			f.add("niche", MsgNicheRequired)
		}
	}
	checkEmail(f, "email", r.Email, MsgEmailInvalid)
	checkPassword(f, "password", r.Password, MsgPasswordRequired, MsgPasswordRule)
	return f.Err()
}

// Register creates a creator, or a brand and its BRAND_ADMIN, and queues the
// verification mail (verify is its task) in the same transaction. An address
// that has an account already is answered alike, so sign-up does not tell
// addresses apart: a still unverified account takes this sign-up's name and
// password (nobody has proved the address yet) and gets a fresh code through
// verify; any other account gets notice(its id), the mail saying someone
// tried to sign up with it. EINVALID with field errors.
func (s *DB) Register(ctx context.Context, r Registration, verify Task, notice func(userID string) Task) error {
	if err := r.Validate(); err != nil {
		return err
	}
	hash, err := s.hashPassword(r.Password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	for attempt := 0; ; attempt++ {
		err = s.inTx(ctx, func(tx *sqlx.Tx) error { return s.register(tx, r, hash, verify, notice) })
		// A sign-up of the same address that committed first: answer as for any existing account.
		if attempt > 0 || ErrorCode(translate(err, "")) != ECONFLICT {
			return err
		}
	}
}

func (s *DB) register(tx *sqlx.Tx, r Registration, hash string, verify Task, notice func(userID string) Task) error {
	if r.BrandName == nil {
		ok, err := nicheExists(tx, r.Niche)
		if err != nil {
			return fmt.Errorf("find niche: %w", err)
		}
		if !ok {
			return FieldErrors{"niche": MsgNicheInvalid}.Err()
		}
	}
	var cur struct {
		ID      string `db:"id"`
		Pending bool   `db:"pending"`
	}
	err := tx.Get(&cur, `SELECT id, email_verified_at IS NULL AND deleted_at IS NULL AS pending FROM users WHERE email = $1 FOR UPDATE`, r.Email)
	switch {
	case err == nil && cur.Pending:
		if _, err := tx.Exec(`UPDATE users SET name = $2, password_hash = $3, updated_at = $4 WHERE id = $1`,
			cur.ID, strings.TrimSpace(r.Name), hash, s.now()); err != nil {
			return fmt.Errorf("update pending account: %w", err)
		}
		return s.requestOTP(tx, cur.ID, OTPEmailVerification, verify)
	case err == nil:
		return insertTask(tx, notice(cur.ID))
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("find account: %w", err)
	}
	role, brandID, nicheID := RoleUser, sql.NullString{}, sql.NullString{}
	if r.BrandName != nil {
		role = RoleBrandAdmin
		if err := tx.Get(&brandID, `INSERT INTO brands (name) VALUES ($1) RETURNING id`, strings.TrimSpace(*r.BrandName)); err != nil {
			return fmt.Errorf("insert brand: %w", err)
		}
	} else {
		nicheID = sql.NullString{String: r.Niche, Valid: true}
	}
	var id string
	if err := tx.Get(&id, `INSERT INTO users (email, name, password_hash, role, niche_id, brand_id)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, r.Email, strings.TrimSpace(r.Name), hash, role, nicheID, brandID); err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	if role == RoleUser {
		// A creator already in the network (imported by e-mail) becomes this account's entry.
		if err := linkCreator(tx, id, r.Email); err != nil {
			return err
		}
	}
	return s.requestOTP(tx, id, OTPEmailVerification, verify)
}

// SignupNotice is what the worker needs to tell an account that someone
// tried to sign up with its address.
type SignupNotice struct {
	Email string `db:"email"`
	Name  string `db:"name"`
}

// GetSignupNotice returns the address and name of account userID, or
// (nil, nil) when the account is gone.
func (s *DB) GetSignupNotice(ctx context.Context, userID string) (*SignupNotice, error) {
	var n SignupNotice
	err := s.db.GetContext(ctx, &n, `SELECT email, name FROM users WHERE id = $1`, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find account %s: %w", userID, err)
	}
	return &n, nil
}

// AccountSpec describes an account made by an operator (create-admin, demo seed).
type AccountSpec struct {
	Email     string
	Name      string
	Password  string
	Role      string
	NicheName string // creators
	BrandName string // brand roles: the brand is created when missing
}

// SaveAccount creates or updates a verified account from spec: an existing
// account with the e-mail gets the role, password and name (so create-admin
// also promotes), and loses every session when its role or password changes.
// EINVALID for a bad e-mail or password.
func (s *DB) SaveAccount(ctx context.Context, spec AccountSpec) (*User, error) {
	f := FieldErrors{}
	spec.Email = NormalizeEmail(spec.Email)
	checkEmail(f, "email", spec.Email, MsgEmailInvalid)
	checkPassword(f, "password", spec.Password, MsgPasswordRequired, MsgPasswordRule)
	if err := f.Err(); err != nil {
		return nil, err
	}
	hash, err := s.hashPassword(spec.Password)
	if err != nil {
		return nil, err
	}
	var u *User
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		var nicheID, brandID sql.NullString
		if spec.NicheName != "" {
			if err := tx.Get(&nicheID, `SELECT id FROM niches WHERE name = $1`, spec.NicheName); err != nil {
				return fmt.Errorf("find niche %q: %w", spec.NicheName, err)
			}
		}
		if spec.BrandName != "" {
			err := tx.Get(&brandID, `SELECT id FROM brands WHERE name = $1 ORDER BY created_at LIMIT 1`, spec.BrandName)
			if errors.Is(err, sql.ErrNoRows) {
				err = tx.Get(&brandID, `INSERT INTO brands (name) VALUES ($1) RETURNING id`, spec.BrandName)
			}
			if err != nil {
				return fmt.Errorf("find brand: %w", err)
			}
		}
		name := spec.Name
		if name == "" {
			name = strings.Split(spec.Email, "@")[0]
		}
		if err := revokeOnNewCredentials(tx, spec, s.now()); err != nil {
			return err
		}
		var id string
		err := tx.Get(&id, `INSERT INTO users (email, name, password_hash, role, niche_id, brand_id, email_verified_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash, role = EXCLUDED.role,
				niche_id = EXCLUDED.niche_id, brand_id = EXCLUDED.brand_id, deleted_at = NULL, deletion_reason = NULL,
				email_verified_at = coalesce(users.email_verified_at, EXCLUDED.email_verified_at), updated_at = EXCLUDED.email_verified_at
			RETURNING id`, spec.Email, name, hash, spec.Role, nicheID, brandID, s.now())
		if err != nil {
			return fmt.Errorf("save account: %w", err)
		}
		u, err = getUser(tx, `u.id = $1`, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.sessions.forget(u.ID) // a new role or password revoked its sessions
	return u, nil
}

// revokeOnNewCredentials revokes every session of the existing account of
// spec.Email when spec gives it another role or password; saving the same
// ones again (a re-run demo seed) keeps them.
func revokeOnNewCredentials(tx *sqlx.Tx, spec AccountSpec, now time.Time) error {
	var cur struct {
		ID   string `db:"id"`
		Role string `db:"role"`
		Hash string `db:"password_hash"`
	}
	err := tx.Get(&cur, `SELECT id, role, password_hash FROM users WHERE email = $1 FOR UPDATE`, spec.Email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find account: %w", err)
	}
	if cur.Role == spec.Role && bcrypt.CompareHashAndPassword([]byte(cur.Hash), []byte(spec.Password)) == nil {
		return nil
	}
	return revokeUserSessions(tx, cur.ID, "", "role or password changed", now)
}
