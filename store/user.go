package store

import (
	"database/sql"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/crypto/bcrypt"
)

// Roles: a creator (USER), an administrator (ADMIN) and the three brand staff roles.
const (
	RoleUser         = "USER"
	RoleAdmin        = "ADMIN"
	RoleBrandAdmin   = "BRAND_ADMIN"
	RoleBrandManager = "BRAND_MANAGER"
	RoleBrandViewer  = "BRAND_VIEWER"
)

// RecoveryWindow is how long a deleted account can be restored by logging in.
const RecoveryWindow = 30 * 24 * time.Hour

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
	// Restored is set by Login when it restored a deleted account (within
	// the recovery window).
	Restored bool `db:"-"`

	PasswordHash string         `db:"password_hash"`
	NicheID      sql.NullString `db:"niche_id"`
	NicheName    sql.NullString `db:"niche_name"`
	BrandID      sql.NullString `db:"brand_id"`
	BrandName    sql.NullString `db:"brand_name"`
}

// IsBrand reports whether the user belongs to a brand.
func (u *User) IsBrand() bool { return strings.HasPrefix(u.Role, "BRAND_") }

// userColumns are a user's columns (for sqlx, by name) FROM users u.
const userColumns = `u.deleted_at, u.password_hash, ` + sessionUserColumns

// sessionUserColumns are what a signed-in request knows of its user (see
// AuthenticateSQL): all but the password hash, which only the password
// checks read, and deleted_at, which is NULL for a live session.
const sessionUserColumns = `u.id, u.email, u.name, u.role, u.profile_image, u.email_verified_at IS NOT NULL AS verified,
	u.created_at, u.niche_id, n.name AS niche_name, u.brand_id, b.name AS brand_name
	FROM users u LEFT JOIN niches n ON n.id = u.niche_id LEFT JOIN brands b ON b.id = u.brand_id`

// scanDest is u's fields in sessionUserColumns' order, for the hot
// Authenticate (a plain Scan costs less than sqlx's mapping by name).
func (u *User) scanDest() []any {
	return []any{&u.ID, &u.Email, &u.Name, &u.Role, &u.ProfileImage, &u.Verified, &u.CreatedAt,
		&u.NicheID, &u.NicheName, &u.BrandID, &u.BrandName}
}

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

func (s *DB) hashPassword(p string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(p), s.BcryptCost)
	return string(h), err
}
