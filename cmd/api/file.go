package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// fileLinkTTL is how long a signed download link works.
const fileLinkTTL = 24 * time.Hour

// uploadRoles may upload: the roles that use account settings (a profile
// image) or edit campaigns (attachments).
var uploadRoles = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleUser}

var (
	errFileTooLarge = &store.Error{Code: store.ETOOLARGE, Message: store.MsgFileTooLarge,
		Fields: map[string]string{"file": store.MsgFileTooLarge}}
	errBadLink = store.Errorf(store.EFORBIDDEN, "This link is invalid or has expired")
)

// fileRoutes registers the uploads and the signed download, which needs no
// bearer token.
func (s *server) fileRoutes(public, signedIn chi.Router) {
	public.Get("/files/{key}", s.downloadFile)
	signedIn.With(s.allow(uploadRoles...)).Post("/files/upload", s.uploadFile)
	signedIn.With(s.allow(uploadRoles...)).Post("/files/upload-file", s.uploadFile)
}

// MsgStorageUnavailable answers an upload or download while the object store cannot be reached (503).
const MsgStorageUnavailable = "File storage is temporarily unavailable. Please try again in a moment."

// storageError turns an object store that cannot be reached into 503 (with
// Retry-After); other errors are kept.
func storageError(err error) error {
	if blob.Unavailable(err) {
		return &store.Error{Code: store.EUNAVAILABLE, Message: MsgStorageUnavailable, Cause: err}
	}
	return err
}

// fileSignature is base64url(HMAC-SHA256(k, key "\n" expires)) with k derived from JWT_SECRET.
func (s *server) fileSignature(key string, expires int64) string {
	k := hmac.New(sha256.New, []byte(s.cfg.JWTSecret))
	k.Write([]byte("creatorcoach file links v1"))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write([]byte(key + "\n" + strconv.FormatInt(expires, 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// signFileURL returns a download link for key, relative to the API origin,
// valid for fileLinkTTL: /api/files/{key}?expires={unix seconds}&sig={signature}.
func (s *server) signFileURL(key string) (string, time.Time) {
	exp := s.store.Now().Add(fileLinkTTL).Truncate(time.Second).UTC()
	return "/api/files/" + key + "?expires=" + strconv.FormatInt(exp.Unix(), 10) + "&sig=" + s.fileSignature(key, exp.Unix()), exp
}

// uploadFile is POST /files/upload and /files/upload-file (multipart field
// "file"): 201 {"data": {key, type, name, size, url, expiresAt}}. 413 over
// the size limit or the account's quota, 422 for a refused extension or
// content, 429 past the account's uploads per hour. A USER uploads images
// of at most store.MaxImageSize only (profile pictures).
func (s *server) uploadFile(w http.ResponseWriter, r *http.Request) {
	lim := uploadLimitsOf(currentUser(r).Role)
	var checkName func(string) error
	if lim.imagesOnly {
		checkName = func(name string) error {
			if !store.ImageFile(name) {
				return store.FieldErrors{"file": store.MsgImageType}.Err()
			}
			return nil
		}
	}
	s.receiveUpload(w, r, lim, checkName, nil)
}

// receiveUpload stores the multipart field "file" of r for the caller under
// lim and the upload rules (uploads per hour, the account's quota, a clean
// name, the content sniffed), and answers 201 {"data": {key, type, name,
// size, url, expiresAt}}. checkName and checkType, when set, refuse a file
// by its clean name (before any byte is read) or by its sniffed type
// (before any byte is stored).
func (s *server) receiveUpload(w http.ResponseWriter, r *http.Request, lim uploadLimits,
	checkName, checkType func(string) error) {
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"upload:user:" + u.ID, s.uploadRate()}) {
		return
	}
	if err := s.store.CheckUploadQuota(r.Context(), u.ID, s.uploadQuota()); err != nil {
		s.writeError(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, lim.maxSize+1<<20)
	part, err := filePart(r)
	if err != nil {
		s.writeError(w, r, lim.bodyError(err))
		return
	}
	defer part.Close()
	name := store.CleanFileName(part.FileName())
	if checkName != nil {
		if err := checkName(name); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(part, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		s.writeError(w, r, lim.bodyError(err))
		return
	}
	ext, typ, err := store.CheckUpload(name, head[:n])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if checkType != nil {
		if err := checkType(typ); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	key := store.NewFileKey(ext)
	// The object first, then its record: a record never names missing
	// bytes, and bytes whose record could not be written are removed here
	// or, failing that, by the file purge.
	size, err := s.saveFile(r.Context(), key, io.MultiReader(bytes.NewReader(head[:n]), part), lim)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.store.CreateFile(r.Context(), u, key, name, typ, size, s.uploadQuota())
	if err != nil {
		_ = s.blobStore().Remove(context.WithoutCancel(r.Context()), jobs.FileKey(key))
		s.writeError(w, r, err)
		return
	}
	url, exp := s.signFileURL(key)
	respond(w, http.StatusCreated, map[string]any{"key": f.Key, "type": f.Type, "name": f.Name, "size": f.Size,
		"url": url, "expiresAt": exp})
}

// filePart returns the multipart part named "file", streaming (never buffered whole).
func filePart(r *http.Request) (multipartPart, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, store.FieldErrors{"file": store.MsgFileRequired}.Err()
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, store.FieldErrors{"file": store.MsgFileRequired}.Err()
		}
		if err != nil {
			return nil, uploadError(err)
		}
		if part.FormName() == "file" && part.FileName() != "" {
			return part, nil
		}
		_, _ = io.Copy(io.Discard, part)
		part.Close()
	}
}

// multipartPart is what uploadFile needs of a *multipart.Part.
type multipartPart interface {
	io.ReadCloser
	FileName() string
}

// uploadError turns a body read error into 413 (over the limit) or 422.
func uploadError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errFileTooLarge
	}
	return store.FieldErrors{"file": "Upload failed. Please try again."}.Err()
}

// saveFile streams body to key's object (which appears whole or not at
// all); ETOOLARGE past lim.maxSize, 503 when the object store cannot be
// reached. It returns the size written.
func (s *server) saveFile(ctx context.Context, key string, body io.Reader, lim uploadLimits) (int64, error) {
	capped := &capReader{r: body, max: lim.maxSize, err: lim.tooLarge}
	n, err := s.blobStore().Put(ctx, jobs.FileKey(key), capped)
	switch {
	case capped.over:
		return 0, lim.tooLarge
	case blob.Unavailable(err):
		return 0, storageError(err)
	case err != nil:
		return 0, lim.bodyError(err)
	}
	return n, nil
}

// capReader fails with err once more than max bytes have been read, so a
// store never keeps an object over the limit.
type capReader struct {
	r    io.Reader
	max  int64
	n    int64
	err  error
	over bool
}

// Read reads from r until the limit is passed.
func (c *capReader) Read(p []byte) (int, error) {
	if c.over {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > c.max {
		c.over = true
		return 0, c.err
	}
	return n, err
}

// downloadFile is GET /api/files/{key}?expires=&sig=: the file behind a
// valid, unexpired signed link (403 otherwise; 404 for an unknown key).
func (s *server) downloadFile(w http.ResponseWriter, r *http.Request) {
	key := chi.URLParam(r, "key")
	if !store.ValidFileKey(key) {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, store.MsgFileNotFound))
		return
	}
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	sig := r.URL.Query().Get("sig")
	now := s.store.Now().Unix()
	if err != nil || !hmac.Equal([]byte(sig), []byte(s.fileSignature(key, exp))) || now > exp {
		s.writeError(w, r, errBadLink)
		return
	}
	rec, err := s.store.GetFile(r.Context(), key)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f, _, err := s.blobStore().Open(r.Context(), jobs.FileKey(key))
	if blob.Unavailable(err) {
		s.writeError(w, r, storageError(err))
		return
	}
	if err != nil {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, store.MsgFileNotFound))
		return
	}
	defer f.Close()
	h := w.Header()
	ctype, disposition := rec.Type, "attachment"
	if strings.HasPrefix(ctype, "text/") {
		ctype += "; charset=utf-8"
	}
	if strings.HasPrefix(ctype, "image/") || strings.HasPrefix(ctype, "video/") {
		disposition = "inline"
	}
	h.Set("Content-Type", ctype)
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": rec.Name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, max-age="+strconv.FormatInt(exp-now, 10))
	if _, onDisk := f.(*os.File); onDisk {
		http.ServeContent(w, r, "", rec.CreatedAt, f) // the kernel copies the file (sendfile)
		return
	}
	http.ServeContent(largeCopy{w}, r, "", rec.CreatedAt, f)
}

// copyBufs are largeCopy's buffers.
var copyBufs = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// largeCopy copies a download's body from the object store in pieces of
// 256 KB rather than the 32 KB of ServeContent's copy: fewer, larger reads
// and writes, and one copy less.
type largeCopy struct{ http.ResponseWriter }

// ReadFrom copies src to the response.
func (l largeCopy) ReadFrom(src io.Reader) (int64, error) {
	buf := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(buf)
	return io.CopyBuffer(struct{ io.Writer }{l.ResponseWriter}, src, *buf)
}
