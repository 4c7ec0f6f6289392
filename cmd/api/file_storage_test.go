package main

import (
	"context"
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
