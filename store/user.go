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

// Roles of SPEC section 6.
const (
	RoleUser         = "USER"
	RoleAdmin        = "ADMIN"
	RoleBrandAdmin   = "BRAND_ADMIN"
	RoleBrandManager = "BRAND_MANAGER"
	RoleBrandViewer  = "BRAND_VIEWER"
)

// RecoveryWindow is how long a deleted account can be restored by logging in.
const RecoveryWindow = 30 * 24 * time.Hour

// Brand is a company that runs campaigns; its staff are users with a brand role.
type Brand struct {
	ID   string `db:"id" json:"_id"`
	Name string `db:"name" json:"name"`
}

// User is an account: a creator (USER), brand staff or an ADMIN.
type User struct {
	ID           string     `db:"id"`
	Email        string     `db:"email"`
	Name         string     `db:"name"`
	Role         string     `db:"role"`
	ProfileImage string     `db:"profile_image"`
	Verified     bool       `db:"verified"`
	CreatedAt    time.Time  `db:"created_at"`
	DeletedAt    *time.Time `db:"deleted_at"`
	Niche        *Niche     `db:"-"`
	Brand        *Brand     `db:"-"`

	PasswordHash string         `db:"password_hash"`
	NicheID      sql.NullString `db:"niche_id"`
	NicheName    sql.NullString `db:"niche_name"`
	BrandID      sql.NullString `db:"brand_id"`
	BrandName    sql.NullString `db:"brand_name"`
}

// IsBrand reports whether the user belongs to a brand.
func (u *User) IsBrand() bool { return strings.HasPrefix(u.Role, "BRAND_") }

const userColumns = `u.id, u.email, u.name, u.role, u.profile_image, u.email_verified_at IS NOT NULL AS verified,
	u.created_at, u.deleted_at, u.password_hash, u.niche_id, n.name AS niche_name, u.brand_id, b.name AS brand_name
	FROM users u LEFT JOIN niches n ON n.id = u.niche_id LEFT JOIN brands b ON b.id = u.brand_id`

func (u *User) fill() *User {
	if u.NicheID.Valid {
		u.Niche = &Niche{ID: u.NicheID.String, Name: u.NicheName.String}
	}
	if u.BrandID.Valid {
		u.Brand = &Brand{ID: u.BrandID.String, Name: u.BrandName.String}
	}
	return u
}

func getUser(q sqlx.Queryer, where string, args ...any) (*User, error) {
	var u User
	if err := sqlx.Get(q, &u, `SELECT `+userColumns+` WHERE `+where, args...); err != nil {
		return nil, translate(err, "User")
	}
	return u.fill(), nil
}

// Registration is the sign-up payload: a creator (Niche set) or, when
// BrandName is non-nil, a brand and its first BRAND_ADMIN.
type Registration struct {
	BrandName *string `json:"brandName"`
	Name      string  `json:"name"`
	Email     string  `json:"email"`
	Password  string  `json:"password"`
	Niche     string  `json:"niche"`
}

// Validate checks the SPEC section 5 sign-up rules and returns field errors.
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

func (s *DB) hashPassword(p string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(p), s.BcryptCost)
	return string(h), err
}

// Register creates a creator, or a brand and its BRAND_ADMIN, and queues the
// verification mail (verify is its task) in the same transaction. EINVALID
// with field errors; ECONFLICT (on the email field) when the e-mail is taken.
func (s *DB) Register(ctx context.Context, r Registration, verify Task) (*User, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	hash, err := s.hashPassword(r.Password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	var u *User
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		role, brandID, nicheID := RoleUser, sql.NullString{}, sql.NullString{}
		if r.BrandName != nil {
			role = RoleBrandAdmin
			if err := tx.Get(&brandID, `INSERT INTO brands (name) VALUES ($1) RETURNING id`, strings.TrimSpace(*r.BrandName)); err != nil {
				return fmt.Errorf("insert brand: %w", err)
			}
		} else {
			ok, err := nicheExists(tx, r.Niche)
			if err != nil {
				return fmt.Errorf("find niche: %w", err)
			}
			if !ok {
				return FieldErrors{"niche": MsgNicheInvalid}.Err()
			}
			nicheID = sql.NullString{String: r.Niche, Valid: true}
		}
		var id string
		err := tx.Get(&id, `INSERT INTO users (email, name, password_hash, role, niche_id, brand_id)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, r.Email, strings.TrimSpace(r.Name), hash, role, nicheID, brandID)
		if ErrorCode(translate(err, "")) == ECONFLICT {
			return &Error{Code: ECONFLICT, Message: "An account with this email already exists",
				Fields: map[string]string{"email": "An account with this email already exists"}}
		}
		if err != nil {
			return fmt.Errorf("insert user: %w", err)
		}
		if role == RoleUser {
			// A creator already in the network (imported by e-mail) becomes this account's entry.
			if err := linkCreator(tx, id, r.Email); err != nil {
				return err
			}
		}
		if err := s.requestOTP(tx, id, OTPEmailVerification, verify); err != nil {
			return err
		}
		u, err = getUser(tx, `u.id = $1`, id)
		return err
	})
	return u, err
}

var errBadLogin = Errorf(EUNAUTHORIZED, "Invalid email or password")

// dummyHash keeps the time of a login for an unknown e-mail close to a real one.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("dummy-password-for-timing"), bcrypt.DefaultCost)

// Login checks the password and opens a session. A deleted account within
// the recovery window is restored. EUNAUTHORIZED for any wrong pair;
// EUNVERIFIED only when the password is right and the e-mail is unverified.
func (s *DB) Login(ctx context.Context, email, password string, meta SessionMeta) (*User, *Session, error) {
	u, err := getUser(s.db, `u.email = $1`, NormalizeEmail(email))
	if ErrorCode(err) == ENOTFOUND {
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return nil, nil, errBadLogin
	}
	if err != nil {
		return nil, nil, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil {
		return nil, nil, errBadLogin
	}
	if u.DeletedAt != nil && s.now().Sub(*u.DeletedAt) > RecoveryWindow {
		return nil, nil, errBadLogin
	}
	if !u.Verified {
		return nil, nil, Errorf(EUNVERIFIED, "Please verify your email to continue")
	}
	var sess *Session
	err = s.inTx(ctx, func(tx *sqlx.Tx) error {
		if u.DeletedAt != nil {
			if _, err := tx.Exec(`UPDATE users SET deleted_at = NULL, deletion_reason = NULL, updated_at = $2 WHERE id = $1`, u.ID, s.now()); err != nil {
				return fmt.Errorf("restore user: %w", err)
			}
			u.DeletedAt = nil
		}
		sess, err = s.createSession(tx, u.ID, meta)
		return err
	})
	return u, sess, err
}

// VerifyEmail consumes the e-mail verification code, marks the e-mail
// verified and opens a session. EINVALID for a missing, wrong or dead code.
func (s *DB) VerifyEmail(ctx context.Context, email, code string, meta SessionMeta) (*User, *Session, error) {
	f := FieldErrors{}
	checkEmail(f, "email", NormalizeEmail(email), MsgEmailInvalid)
	checkCode(f, "otp", code, MsgVerifyCodeReq, MsgVerifyCodeDigits)
	if err := f.Err(); err != nil {
		return nil, nil, err
	}
	var u *User
	var sess *Session
	err := s.withOTP(ctx, email, OTPEmailVerification, code, true, func(tx *sqlx.Tx, userID string) error {
		if _, err := tx.Exec(`UPDATE users SET email_verified_at = coalesce(email_verified_at, $2), updated_at = $2 WHERE id = $1`, userID, s.now()); err != nil {
			return fmt.Errorf("verify email: %w", err)
		}
		var err error
		if sess, err = s.createSession(tx, userID, meta); err != nil {
			return err
		}
		u, err = getUser(tx, `u.id = $1`, userID)
		return err
	})
	return u, sess, err
}

// ResetPassword consumes the password-reset code, sets the new password and
// revokes every session of the user.
func (s *DB) ResetPassword(ctx context.Context, email, code, password string) error {
	f := FieldErrors{}
	checkEmail(f, "email", NormalizeEmail(email), MsgEmailInvalid)
	checkCode(f, "otp", code, MsgOTPRequired, MsgOTPDigits)
	checkPassword(f, "password", password, MsgNewPasswordReq, MsgResetPasswordRule)
	if err := f.Err(); err != nil {
		return err
	}
	hash, err := s.hashPassword(password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	return s.withOTP(ctx, email, OTPPasswordReset, code, true, func(tx *sqlx.Tx, userID string) error {
		// Reading the mailed code proves the address, so a reset also verifies it.
		if _, err := tx.Exec(`UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, $3), updated_at = $3
			WHERE id = $1`, userID, hash, s.now()); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return revokeUserSessions(tx, userID, "", "password reset", s.now())
	})
}

// ChangePassword sets a new password after checking the current one, and
// revokes the user's other sessions (keep is the caller's session).
func (s *DB) ChangePassword(ctx context.Context, userID, keep, current, next string) error {
	f := FieldErrors{}
	if current == "" {
		f.add("currentPassword", "Current password is required")
	}
	checkPassword(f, "newPassword", next, MsgNewPasswordReq, MsgPasswordRule)
	if err := f.Err(); err != nil {
		return err
	}
	u, err := getUser(s.db, `u.id = $1 AND u.deleted_at IS NULL`, userID)
	if err != nil {
		return err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
		return FieldErrors{"currentPassword": "Current password is incorrect"}.Err()
	}
	hash, err := s.hashPassword(next)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.Exec(`UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, s.now()); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return revokeUserSessions(tx, userID, keep, "password changed", s.now())
	})
}

// Authenticate returns the user of a live session, EUNAUTHORIZED otherwise
// (revoked, expired, or the account deleted).
func (s *DB) Authenticate(ctx context.Context, sessionID string) (*User, error) {
	if !isUUID(sessionID) {
		return nil, Errorf(EUNAUTHORIZED, "Unauthenticated")
	}
	st, release, err := s.prepared(ctx, AuthenticateSQL)
	if err != nil {
		return nil, fmt.Errorf("prepare authenticate: %w", err)
	}
	defer release()
	var u User
	err = st.GetContext(ctx, &u, sessionID, s.now())
	if errors.Is(err, sql.ErrNoRows) {
		return nil, Errorf(EUNAUTHORIZED, "Unauthenticated")
	}
	if err != nil {
		return nil, fmt.Errorf("authenticate: %w", err)
	}
	return u.fill(), nil
}

// AuthenticateSQL is the query every signed-in request runs ($1 session id,
// $2 now); it is prepared once. Benchmarks replay it as their baseline.
const AuthenticateSQL = `SELECT ` + userColumns + ` JOIN sessions s ON s.user_id = u.id
	WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.deleted_at IS NULL`

// ProfileUpdate holds the editable profile fields; nil means unchanged.
type ProfileUpdate struct {
	Name         *string `json:"name"`
	ProfileImage *string `json:"profileImage"`
	Niche        *string `json:"niche"`
}

// UpdateProfile changes name, profile image key and (creators only) niche.
func (s *DB) UpdateProfile(ctx context.Context, u *User, p ProfileUpdate) (*User, error) {
	f := FieldErrors{}
	if p.Name != nil {
		checkName(f, "name", *p.Name, MsgFullNameRequired)
	}
	if p.ProfileImage != nil && (len(*p.ProfileImage) > 500 || strings.ContainsAny(*p.ProfileImage, "\x00\n\r")) {
		f.add("profileImage", "Invalid profile image")
	}
	if p.Niche != nil && u.Role != RoleUser {
		f.add("niche", "Only creators have a niche")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	var out *User
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if p.Niche != nil {
			ok, err := nicheExists(tx, *p.Niche)
			if err != nil {
				return fmt.Errorf("find niche: %w", err)
			}
			if !ok {
				return FieldErrors{"niche": MsgNicheInvalid}.Err()
			}
		}
		_, err := tx.Exec(`UPDATE users SET name = coalesce($2, name), profile_image = coalesce($3, profile_image),
			niche_id = coalesce($4::uuid, niche_id), updated_at = $5 WHERE id = $1`,
			u.ID, trimPtr(p.Name), p.ProfileImage, p.Niche, s.now())
		if err != nil {
			return fmt.Errorf("update profile: %w", err)
		}
		out, err = getUser(tx, `u.id = $1`, u.ID)
		return err
	})
	return out, err
}

func trimPtr(p *string) *string {
	if p == nil {
		return nil
	}
	t := strings.TrimSpace(*p)
	return &t
}

// DeleteAccount marks the signed-in user deleted with a reason and revokes
// every session. Logging in within RecoveryWindow restores the account.
func (s *DB) DeleteAccount(ctx context.Context, userID, reason string) error {
	f := FieldErrors{}
	checkReason(f, reason)
	if err := f.Err(); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *sqlx.Tx) error { return s.markDeleted(tx, userID, reason) })
}

// DeleteAccountWithOTP is the public deletion: it consumes the account-deletion
// code mailed to email and deletes the account like DeleteAccount.
func (s *DB) DeleteAccountWithOTP(ctx context.Context, email, code, reason string) error {
	f := FieldErrors{}
	email = strings.TrimSpace(email)
	checkEmail(f, "email", NormalizeEmail(email), MsgDeleteEmail)
	checkCode(f, "otp", code, MsgDeleteOTPRequired, MsgOTPDigits)
	checkReason(f, reason)
	if err := f.Err(); err != nil {
		return err
	}
	return s.withOTP(ctx, email, OTPAccountDeletion, code, true, func(tx *sqlx.Tx, userID string) error {
		return s.markDeleted(tx, userID, reason)
	})
}

func (s *DB) markDeleted(tx *sqlx.Tx, userID, reason string) error {
	now := s.now()
	if _, err := tx.Exec(`UPDATE users SET deleted_at = $2, deletion_reason = $3, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL`,
		userID, now, reason); err != nil {
		return fmt.Errorf("delete user: %w", err)
	}
	if _, err := tx.Exec(`DELETE FROM one_time_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("drop codes: %w", err)
	}
	return revokeUserSessions(tx, userID, "", "account deleted", now)
}

// PurgeDeletedUsers erases accounts deleted more than RecoveryWindow ago,
// with their sessions and codes, and brands left without staff. Safe to run
// twice; returns how many accounts were erased.
func (s *DB) PurgeDeletedUsers(ctx context.Context) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		var brandIDs []string
		if err := tx.Select(&brandIDs, `SELECT DISTINCT brand_id FROM users WHERE deleted_at < $1 AND brand_id IS NOT NULL`,
			s.now().Add(-RecoveryWindow)); err != nil {
			return fmt.Errorf("find brands: %w", err)
		}
		res, err := tx.Exec(`DELETE FROM users WHERE deleted_at < $1`, s.now().Add(-RecoveryWindow))
		if err != nil {
			return fmt.Errorf("purge users: %w", err)
		}
		rows, _ := res.RowsAffected()
		n = int(rows)
		for _, b := range brandIDs {
			if _, err := tx.Exec(`DELETE FROM brands b WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE brand_id = b.id)`, b); err != nil {
				return fmt.Errorf("purge brand: %w", err)
			}
		}
		return nil
	})
	return n, err
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
// also promotes). EINVALID for a bad e-mail or password.
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
	return u, err
}
