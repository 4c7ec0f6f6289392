package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/jmoiron/sqlx"
)

// MaxImageSize is the largest upload a creator (USER) may make: creators
// upload profile pictures only.
const MaxImageSize = 5 << 20

// Messages of the upload limits.
const (
	MsgImageType     = "Please select an image (jpg, jpeg, png, gif, webp)."
	MsgImageTooLarge = "File size must be less than 5MB."
	MsgProfileImage  = "Please choose an image you uploaded."
)

// MsgUploadQuota is the answer to an upload past the account's quota of quota bytes.
func MsgUploadQuota(quota int64) string {
	return fmt.Sprintf("You have used your %d MB of file storage. Remove files you no longer need and try again.", quota>>20)
}

// ImageFile reports whether name has an image extension (jpg, jpeg, png, gif, webp).
func ImageFile(name string) bool {
	t, ok := fileTypes[strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))]
	return ok && strings.HasPrefix(t.mime, "image/")
}

func quotaError(quota int64) error {
	msg := MsgUploadQuota(quota)
	return &Error{Code: ETOOLARGE, Message: msg, Fields: map[string]string{"file": msg}}
}

// CheckUploadQuota returns ETOOLARGE (field "file") when the owner's stored
// uploads already fill quota bytes, so an upload is refused before its
// bytes are read.
func (s *DB) CheckUploadQuota(ctx context.Context, ownerID string, quota int64) error {
	var used int64
	if err := s.db.GetContext(ctx, &used, `SELECT coalesce(sum(size), 0) FROM files WHERE owner_id = $1`, ownerID); err != nil {
		return fmt.Errorf("upload usage: %w", err)
	}
	if used >= quota {
		return quotaError(quota)
	}
	return nil
}

// reserveQuota locks the owner's account row inside tx (so that concurrent
// uploads of one account are counted one after the other) and returns
// ETOOLARGE when size more bytes would take the owner's uploads past quota.
func reserveQuota(tx *sqlx.Tx, ownerID string, size, quota int64) error {
	if _, err := tx.Exec(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, ownerID); err != nil {
		return fmt.Errorf("lock uploader: %w", err)
	}
	var used int64
	if err := tx.Get(&used, `SELECT coalesce(sum(size), 0) FROM files WHERE owner_id = $1`, ownerID); err != nil {
		return fmt.Errorf("upload usage: %w", err)
	}
	if used+size > quota {
		return quotaError(quota)
	}
	return nil
}
