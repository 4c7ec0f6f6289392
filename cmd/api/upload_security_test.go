package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"creatorcoach/cmd/internal/app"
	"creatorcoach/store"
)

// reconfigure points e at a new api server over the same store and Redis,
// with the configuration changed by change.
func (e *env) reconfigure(change func(*app.Config)) {
	e.t.Helper()
	cfg := e.cfg
	change(&cfg)
	ropt, _ := redis.ParseURL(e.redisURL)
	rdb := redis.NewClient(ropt)
	e.t.Cleanup(func() { rdb.Close() })
	api := newServer(cfg, e.db, rdb, e.asynqOpt, e.log)
	api.blobs = e.api.blobs
	srv := httptest.NewServer(checkContract(e.t, api.routes()))
	e.t.Cleanup(srv.Close)
	e.srv, e.cfg = srv, cfg
}

// TestUpload_CreatorImagesOnly: a USER may upload images of at most 5 MB
// (profile pictures) and nothing else.
func TestUpload_CreatorImagesOnly(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("creator@img.io", store.RoleUser)
	e.want(e.upload("/api/files/upload", tok, "me.png", bytes.NewReader(pngBytes)), http.StatusCreated)
	for name, c := range map[string]struct {
		file    string
		content io.Reader
		status  int
		msg     string
	}{
		"PDF":     {"doc.pdf", strings.NewReader("%PDF-1.4 x"), 422, store.MsgImageType},
		"CSV":     {"list.csv", strings.NewReader("a,b\n"), 422, store.MsgImageType},
		"Video":   {"clip.mp4", bytes.NewReader([]byte("\x00\x00\x00\x18ftypmp42")), 422, store.MsgImageType},
		"Over5MB": {"big.png", io.MultiReader(bytes.NewReader(pngBytes), io.LimitReader(zeros{}, store.MaxImageSize)), 413, store.MsgImageTooLarge},
	} {
		t.Run(name, func(t *testing.T) {
			r := expect(t, e.upload("/api/files/upload", tok, c.file, c.content), c.status)
			if r.field("file") != c.msg {
				t.Fatalf("got %v, want %q", r.Body, c.msg)
			}
		})
	}
	// Brand staff still upload documents.
	brand := e.account("brand@img.io", store.RoleBrandAdmin)
	e.want(e.upload("/api/files/upload", brand, "doc.pdf", strings.NewReader("%PDF-1.4 x")), http.StatusCreated)
}

// TestUpload_QuotaAndRate: an account's stored uploads are capped at
// UPLOAD_QUOTA_MB and its uploads at UPLOADS_PER_HOUR; other accounts are
// not affected.
func TestUpload_QuotaAndRate(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.reconfigure(func(c *app.Config) { c.UploadQuota, c.UploadsPerHour = 1<<20, 1000 })
	tok := e.account("quota@acme.io", store.RoleBrandAdmin)
	half := func() io.Reader { return io.LimitReader(letters{}, 600<<10) }
	e.want(e.upload("/api/files/upload", tok, "a.txt", half()), http.StatusCreated)
	r := e.want(e.upload("/api/files/upload", tok, "b.txt", half()), http.StatusRequestEntityTooLarge)
	if r.field("file") != store.MsgUploadQuota(1<<20) {
		t.Fatalf("over quota: %v", r.Body)
	}
	var n int
	if err := e.db.SQL().Get(&n, `SELECT count(*) FROM files`); err != nil || n != 1 {
		t.Fatalf("files recorded: %d (%v), want 1", n, err)
	}
	e.want(e.upload("/api/files/upload", tok, "small.txt", strings.NewReader("fits")), http.StatusCreated)
	other := e.account("other@acme.io", store.RoleBrandManager)
	e.want(e.upload("/api/files/upload", other, "a.txt", half()), http.StatusCreated)

	e.reconfigure(func(c *app.Config) { c.UploadsPerHour = 3 })
	rate := e.account("rate@acme.io", store.RoleBrandAdmin)
	for i := 0; i < 3; i++ {
		e.want(e.upload("/api/files/upload", rate, "x.txt", strings.NewReader("x")), http.StatusCreated)
	}
	r = e.want(e.upload("/api/files/upload", rate, "x.txt", strings.NewReader("x")), http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	e.want(e.upload("/api/files/upload", other, "x.txt", strings.NewReader("x")), http.StatusCreated)
}

// TestProfileImage_OwnUploadsOnly: profileImage takes only the key of the
// caller's own image upload, and the profile answers with a signed link.
func TestProfileImage_OwnUploadsOnly(t *testing.T) {
	t.Parallel()
	e := setup(t)
	tok := e.account("me@pic.io", store.RoleUser)
	mine := e.want(e.upload("/api/files/upload", tok, "me.png", bytes.NewReader(pngBytes)), http.StatusCreated).str("data", "key")
	brand := e.account("brand@pic.io", store.RoleBrandAdmin)
	theirs := e.want(e.upload("/api/files/upload", brand, "logo.png", bytes.NewReader(pngBytes)), http.StatusCreated).str("data", "key")
	doc := e.want(e.upload("/api/files/upload", brand, "doc.pdf", strings.NewReader("%PDF-1.4")), http.StatusCreated).str("data", "key")
	for name, v := range map[string]string{
		"OutsideURL":   "https://evil.example/x.png",
		"OthersUpload": theirs,
		"Unknown":      "0123456789abcdef0123456789abcdef.png",
		"Path":         "../../etc/passwd",
	} {
		t.Run(name, func(t *testing.T) {
			r := expect(t, e.call("PUT", "/api/users/profile", tok, map[string]any{"profileImage": v}), http.StatusUnprocessableEntity)
			if r.field("profileImage") != store.MsgProfileImage {
				t.Fatalf("got %v", r.Body)
			}
		})
	}
	r := e.want(e.call("PUT", "/api/users/profile", brand, map[string]any{"profileImage": doc}), http.StatusUnprocessableEntity)
	if r.field("profileImage") != store.MsgProfileImage {
		t.Fatalf("a PDF as picture: %v", r.Body)
	}

	r = e.want(e.call("PUT", "/api/users/profile", tok, map[string]any{"profileImage": mine}), http.StatusOK)
	link := r.str("data", "user", "profileImage")
	if !strings.HasPrefix(link, "/api/files/"+mine+"?expires=") || r.str("data", "user", "profileImageKey") != mine {
		t.Fatalf("profile answer: %v", r.data())
	}
	if status, _, body := e.fetch(link); status != http.StatusOK || !bytes.Equal(body, pngBytes) {
		t.Fatalf("signed link: %d", status)
	}
	me := e.want(e.call("GET", "/api/users/me", tok, nil), http.StatusOK)
	if !strings.HasPrefix(me.str("data", "user", "profileImage"), "/api/files/"+mine+"?") {
		t.Fatalf("me: %v", me.data())
	}
	// An empty string removes the picture.
	r = e.want(e.call("PUT", "/api/users/profile", tok, map[string]any{"profileImage": ""}), http.StatusOK)
	if r.str("data", "user", "profileImage") != "" {
		t.Fatalf("not removed: %v", r.data())
	}
}
