package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// MaxFileSize is the largest upload accepted: 25 MB.
const MaxFileSize = 25 << 20

// Upload messages.
const (
	MsgFileTooLarge = "File size must be less than 25MB."
	MsgFileRequired = "Please select a file."
	MsgFileType     = "Please select an image (jpg, jpeg, png, gif, webp), a PDF, a video (mp4, mov, webm) or a document (doc, docx, xls, xlsx, ppt, pptx, csv, txt)."
	MsgFileContent  = "The file's content does not match its extension."
	MsgFileEmpty    = "The file is empty."
	MsgFileNotFound = "File not found"
)

// fileType is an accepted kind of upload: the MIME type it is served with
// and a check of its first bytes (at most 512).
type fileType struct {
	mime  string
	check func(head []byte) bool
}

func prefix(sigs ...string) func([]byte) bool {
	return func(h []byte) bool {
		for _, s := range sigs {
			if bytes.HasPrefix(h, []byte(s)) {
				return true
			}
		}
		return false
	}
}

// isoBox matches ISO base media files (mp4, mov) by the type of the first box.
func isoBox(types ...string) func([]byte) bool {
	return func(h []byte) bool {
		if len(h) < 8 {
			return false
		}
		for _, t := range types {
			if string(h[4:8]) == t {
				return true
			}
		}
		return false
	}
}

func isWebP(h []byte) bool {
	return len(h) >= 12 && string(h[:4]) == "RIFF" && string(h[8:12]) == "WEBP"
}

// isText accepts what http.DetectContentType sniffs as text and holds no NUL byte.
func isText(h []byte) bool {
	return strings.HasPrefix(http.DetectContentType(h), "text/") && !bytes.ContainsRune(h, 0)
}

const (
	ole2 = "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1" // doc, xls, ppt
	zip  = "PK\x03\x04"                       // docx, xlsx, pptx
)

// fileTypes maps each accepted extension (lower case, no dot) to its type.
var fileTypes = map[string]fileType{
	"jpg":  {"image/jpeg", prefix("\xFF\xD8\xFF")},
	"jpeg": {"image/jpeg", prefix("\xFF\xD8\xFF")},
	"png":  {"image/png", prefix("\x89PNG\r\n\x1a\n")},
	"gif":  {"image/gif", prefix("GIF87a", "GIF89a")},
	"webp": {"image/webp", isWebP},
	"pdf":  {"application/pdf", prefix("%PDF-")},
	"mp4":  {"video/mp4", isoBox("ftyp")},
	"mov":  {"video/quicktime", isoBox("ftyp", "moov", "mdat", "wide", "free", "skip", "pnot")},
	"webm": {"video/webm", prefix("\x1A\x45\xDF\xA3")},
	"doc":  {"application/msword", prefix(ole2)},
	"xls":  {"application/vnd.ms-excel", prefix(ole2)},
	"ppt":  {"application/vnd.ms-powerpoint", prefix(ole2)},
	"docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", prefix(zip)},
	"xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", prefix(zip)},
	"pptx": {"application/vnd.openxmlformats-officedocument.presentationml.presentation", prefix(zip)},
	"csv":  {"text/csv", isText},
	"txt":  {"text/plain", isText},
}

// fileKinds names each accepted extension's kind as a person says it.
var fileKinds = map[string]string{"jpg": "JPEG image", "jpeg": "JPEG image", "png": "PNG image", "gif": "GIF image",
	"webp": "WebP image", "pdf": "PDF", "mp4": "MP4 video", "mov": "QuickTime video", "webm": "WebM video",
	"doc": "Word document", "docx": "Word document", "xls": "Excel file", "xlsx": "Excel file",
	"ppt": "PowerPoint file", "pptx": "PowerPoint file", "csv": "CSV text file", "txt": "text file"}

// FileContentMessage says that a file's content does not match its
// extension ext, per kind: "This file is not a real PDF." (MsgFileContent
// for an extension without a kind).
func FileContentMessage(ext string) string {
	if k, ok := fileKinds[strings.ToLower(ext)]; ok {
		return "This file is not a real " + k + "."
	}
	return MsgFileContent
}

// CheckUpload checks an upload's name and first bytes (up to 512): the
// extension must be accepted and the content must match it. It returns the
// lower-case extension and the MIME type the file is served with; EINVALID
// (field "file") otherwise.
func CheckUpload(name string, head []byte) (ext, mime string, err error) {
	ext = strings.ToLower(strings.TrimPrefix(filepath.Ext(name), "."))
	t, ok := fileTypes[ext]
	switch {
	case !ok:
		return "", "", FieldErrors{"file": MsgFileType}.Err()
	case len(head) == 0:
		return "", "", FieldErrors{"file": MsgFileEmpty}.Err()
	case !t.check(head):
		return "", "", FieldErrors{"file": FileContentMessage(ext)}.Err()
	}
	return ext, t.mime, nil
}

var fileKeyPattern = regexp.MustCompile(`^[0-9a-f]{32}\.[a-z0-9]{2,4}$`)

// NewFileKey returns a fresh random storage key ending in ext.
func NewFileKey(ext string) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b) + "." + ext
}

// ValidFileKey reports whether key has the shape NewFileKey makes, so a key
// from a request is safe to use in a path.
func ValidFileKey(key string) bool { return fileKeyPattern.MatchString(key) }

// CleanFileName keeps a client's file name fit for display and headers:
// the base name without control characters, at most 200 characters.
func CleanFileName(name string) string {
	name = filepath.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" || name == "." || name == "/" {
		name = "file"
	}
	return name
}

// File is the record of an upload; the bytes live on disk under its key.
type File struct {
	Key       string    `db:"key" json:"key"`
	OwnerID   *string   `db:"owner_id" json:"-"`
	BrandID   *string   `db:"brand_id" json:"-"`
	Name      string    `db:"name" json:"name"`
	Type      string    `db:"type" json:"type"`
	Size      int64     `db:"size" json:"size"`
	CreatedAt time.Time `db:"created_at" json:"createdAt"`
}

// CreateFile records an upload by owner (and owner's brand, if any).
// ETOOLARGE when it would take the owner's stored uploads past quota bytes.
func (s *DB) CreateFile(ctx context.Context, owner *User, key, name, mime string, size, quota int64) (*File, error) {
	f := File{Key: key, OwnerID: &owner.ID, Name: name, Type: mime, Size: size, CreatedAt: s.now()}
	if owner.Brand != nil {
		f.BrandID = &owner.Brand.ID
	}
	err := s.inTx(ctx, func(tx *sqlx.Tx) error {
		if err := reserveQuota(tx, owner.ID, size, quota); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO files (key, owner_id, brand_id, name, type, size, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			f.Key, f.OwnerID, f.BrandID, f.Name, f.Type, f.Size, f.CreatedAt)
		if err != nil {
			return fmt.Errorf("insert file: %w", translate(err, "File"))
		}
		return nil
	})
	return &f, err
}

// GetFile returns the record of key; ENOTFOUND when there is none.
func (s *DB) GetFile(ctx context.Context, key string) (*File, error) {
	if !ValidFileKey(key) {
		return nil, Errorf(ENOTFOUND, MsgFileNotFound)
	}
	var f File
	err := s.db.GetContext(ctx, &f, `SELECT key, owner_id, brand_id, name, type, size, created_at FROM files WHERE key = $1`, key)
	return &f, translate(err, "File")
}

// resolveAttachments checks that every key of list names a file uploaded by
// actor or someone of brandID, and returns the list with type and name taken
// from the upload records (duplicates dropped). Unknown keys are field errors.
func resolveAttachments(tx *sqlx.Tx, f FieldErrors, field, brandID, actorID string, list []Attachment) ([]Attachment, error) {
	keys := make([]string, 0, len(list))
	for _, a := range list {
		keys = append(keys, a.Key)
	}
	var files []File
	if len(keys) > 0 {
		if err := tx.Select(&files, `SELECT key, name, type FROM files WHERE key = ANY($1) AND (brand_id = $2 OR owner_id = $3)`,
			pq.Array(keys), brandID, actorID); err != nil {
			return nil, fmt.Errorf("find files: %w", err)
		}
	}
	byKey := map[string]File{}
	for _, file := range files {
		byKey[file.Key] = file
	}
	out := make([]Attachment, 0, len(list))
	seen := map[string]bool{}
	for _, a := range list {
		file, ok := byKey[a.Key]
		if !ok {
			f.add(field, MsgFileNotFound)
			continue
		}
		if !seen[a.Key] {
			seen[a.Key] = true
			out = append(out, Attachment{Key: file.Key, Type: file.Type, Name: file.Name})
		}
	}
	return out, nil
}

// PurgeOrphanFiles deletes the records of uploads made before before that
// nothing names: no campaign (live or deleted) lists them as an attachment
// and no account has them as its profile image. It returns their keys; the
// bytes on disk are the caller's to remove.
func (s *DB) PurgeOrphanFiles(ctx context.Context, before time.Time) ([]string, error) {
	var keys []string
	err := s.db.SelectContext(ctx, &keys, `WITH used AS (
			SELECT jsonb_array_elements(brand_guidelines || reference_content) ->> 'key' AS key FROM campaigns
			UNION SELECT profile_image FROM users WHERE profile_image IS NOT NULL
			UNION SELECT key FROM thread_attachments)
		DELETE FROM files WHERE created_at < $1 AND key NOT IN (SELECT key FROM used WHERE key IS NOT NULL)
		RETURNING key`, before)
	if err != nil {
		return nil, fmt.Errorf("purge orphan files: %w", err)
	}
	return keys, nil
}

// KnownFiles returns which of keys have an upload record.
func (s *DB) KnownFiles(ctx context.Context, keys []string) (map[string]bool, error) {
	var found []string
	if err := s.db.SelectContext(ctx, &found, `SELECT key FROM files WHERE key = ANY($1)`, pq.Array(keys)); err != nil {
		return nil, fmt.Errorf("known files: %w", err)
	}
	known := make(map[string]bool, len(found))
	for _, k := range found {
		known[k] = true
	}
	return known, nil
}
