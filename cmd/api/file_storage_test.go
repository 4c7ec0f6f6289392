package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"creatorcoach/jobs"
	"creatorcoach/store"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

// unreachableStore is an S3 store whose server does not answer.
func unreachableStore(t *testing.T) blob.Store {
	t.Helper()
	s, err := blob.NewS3(blob.S3Config{Endpoint: "http://127.0.0.1:1", Bucket: "gone", Region: "us-east-1",
		AccessKeyID: "k", SecretAccessKey: "s", PathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantStorageDown fails unless r is the object store's 503 with Retry-After.
func wantStorageDown(t *testing.T, r resp) {
	t.Helper()
	if r.Status != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" ||
		r.Body["message"] != MsgStorageUnavailable || r.Body["error_code"] != store.EUNAVAILABLE {
		t.Fatalf("want 503 with Retry-After and %q, got %d %v %v", MsgStorageUnavailable, r.Status, r.Header, r.Body)
	}
}

// TestStorageUnreachable_503: while the object store does not answer, an
// upload and a roster upload answer 503 with Retry-After and record nothing
// (no file row, no import job); a signed download answers 503 too. Once the
// store is back, the same calls work.
func TestStorageUnreachable_503(t *testing.T) {
	t.Parallel()
	e := setup(t)
	brand := e.account("brand@down.io", store.RoleBrandAdmin)
	admin := e.account("admin@down.io", store.RoleAdmin)
	r := e.want(e.upload("/api/files/upload", brand, "before.pdf", strings.NewReader("%PDF-1.4 before")), http.StatusCreated)
	link := r.str("data", "url")
	if _, isS3 := e.api.blobs.(*blob.S3); isS3 != (blobtest.Kind() == "s3") {
		t.Fatalf("STORAGE=%s but the api stores in %T", blobtest.Kind(), e.api.blobs)
	}
	if info, err := e.api.blobStore().Stat(context.Background(), jobs.FileKey(r.str("data", "key"))); err != nil || info.Size != 15 {
		t.Fatalf("the upload's object: %+v %v", info, err)
	}
	working := e.api.blobs
	e.api.blobs = unreachableStore(t)

	wantStorageDown(t, e.upload("/api/files/upload", brand, "guide.pdf", strings.NewReader("%PDF-1.4 guide")))
	wantStorageDown(t, e.uploadRoster(admin, "creators.csv", []byte("name,email\nAna,ana@x.io\n")))
	var files, imports int
	if err := e.db.SQL().Get(&files, `SELECT count(*) FROM files`); err != nil || files != 1 {
		t.Fatalf("%d file rows (%v), want only the one uploaded before", files, err)
	}
	if err := e.db.SQL().Get(&imports, `SELECT count(*) FROM jobs WHERE kind = $1`, store.JobKindCreatorImport); err != nil || imports != 0 {
		t.Fatalf("%d import jobs (%v), want none", imports, err)
	}
	status, h, _ := e.fetch(link)
	if status != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Fatalf("download while the store is away: %d %v", status, h)
	}

	e.api.blobs = working
	e.want(e.upload("/api/files/upload", brand, "guide.pdf", strings.NewReader("%PDF-1.4 guide")), http.StatusCreated)
	e.want(e.uploadRoster(admin, "creators.csv", []byte("name,email\nAna,ana@x.io\n")), http.StatusAccepted)
	if status, _, body := e.fetch(link); status != http.StatusOK || string(body) != "%PDF-1.4 before" {
		t.Fatalf("download once the store is back: %d %q", status, body)
	}
}

// TestDownload_RangesAndHeaders: a signed download answers ranges (206,
// 416) and conditional requests (304) with the same headers on either
// backend (STORAGE=s3 runs it on a bucket).
func TestDownload_RangesAndHeaders(t *testing.T) {
	t.Parallel()
	e := setup(t)
	brand := e.account("brand@range.io", store.RoleBrandAdmin)
	link := e.want(e.upload("/api/files/upload", brand, "notes.txt", strings.NewReader("0123456789")), http.StatusCreated).str("data", "url")
	get := func(h map[string]string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", e.srv.URL+link, nil)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	res, body := get(nil)
	if res.StatusCode != 200 || body != "0123456789" || res.Header.Get("Content-Type") != "text/plain; charset=utf-8" ||
		res.Header.Get("Content-Length") != "10" || res.Header.Get("Accept-Ranges") != "bytes" ||
		res.Header.Get("Content-Disposition") != `attachment; filename=notes.txt` || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
		res.Header.Get("Content-Security-Policy") != "default-src 'none'; sandbox" || res.Header.Get("Last-Modified") == "" {
		t.Fatalf("whole file: %d %q %v", res.StatusCode, body, res.Header)
	}
	if res, body := get(map[string]string{"Range": "bytes=2-5"}); res.StatusCode != 206 || body != "2345" || res.Header.Get("Content-Range") != "bytes 2-5/10" {
		t.Fatalf("range: %d %q %v", res.StatusCode, body, res.Header)
	}
	if res, body := get(map[string]string{"Range": "bytes=7-"}); res.StatusCode != 206 || body != "789" {
		t.Fatalf("open range: %d %q", res.StatusCode, body)
	}
	if res, _ := get(map[string]string{"Range": "bytes=20-30"}); res.StatusCode != 416 {
		t.Fatalf("range outside the file: %d", res.StatusCode)
	}
	if res, _ := get(map[string]string{"If-Modified-Since": res.Header.Get("Last-Modified")}); res.StatusCode != 304 {
		t.Fatalf("conditional: %d", res.StatusCode)
	}
}
