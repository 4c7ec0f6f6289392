package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
)

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
