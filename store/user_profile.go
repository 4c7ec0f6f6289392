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

// UpdateProfile changes name, profile image and (creators only) niche.
// ProfileImage must be the key of an image the user uploaded; "" removes
// the picture. EINVALID with field errors otherwise.
func (s *DB) UpdateProfile(ctx context.Context, u *User, p ProfileUpdate) (*User, error) {
	f := FieldErrors{}
	if p.Name != nil {
		checkName(f, "name", *p.Name, MsgFullNameRequired)
	}
	if p.ProfileImage != nil && *p.ProfileImage != "" && !ValidFileKey(*p.ProfileImage) {
		f.add("profileImage", MsgProfileImage)
	}
	if p.Niche != nil && u.Role != RoleUser {
		f.add("niche", "Only creators have a niche")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	var out *User
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if p.ProfileImage != nil && *p.ProfileImage != "" {
			if err := checkOwnImage(tx, u.ID, *p.ProfileImage); err != nil {
				return err
			}
		}
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
	return out, s.forgotten(err, u.ID)
}

func trimPtr(p *string) *string {
	if p == nil {
		return nil
	}
	t := strings.TrimSpace(*p)
	return &t
}

// checkOwnImage requires key to name an image upload of userID.
func checkOwnImage(tx *sqlx.Tx, userID, key string) error {
	var ok bool
	if err := tx.Get(&ok, `SELECT EXISTS (SELECT 1 FROM files WHERE key = $1 AND owner_id = $2 AND type LIKE 'image/%')`, key, userID); err != nil {
		return fmt.Errorf("find profile image: %w", err)
	}
	if !ok {
		return FieldErrors{"profileImage": MsgProfileImage}.Err()
	}
	return nil
}
