package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

// TestBackup_RestoreReadsBack tries the backup and restore of
// docs/operations.md ("Backups"): a database holding a brand user, a
// campaign and its attachment is dumped with pg_dump -Fc and restored with
// pg_restore into a new database; the uploads are copied object by object
// into a new bucket (a new directory on local disk). An api on the restored
// database and the copy logs the user in, answers the campaign and serves
// the attachment's bytes through its signed link.
func TestBackup_RestoreReadsBack(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing (apt-get install postgresql-client): %v", tool, err)
		}
	}
	e := setup(t)
	ctx := context.Background()
	tok := e.account("owner@backup.io", store.RoleBrandAdmin)
	content := []byte("%PDF-1.4 brand guide kept in the backup")
	key := e.want(e.upload("/api/files/upload", tok, "guide.pdf", bytes.NewReader(content)), http.StatusCreated).str("data", "key")
	body := e.campaignBody("Backed Up")
	body["brandGuidelines"] = []map[string]any{{"key": key}}
	id := e.want(e.call("POST", "/api/campaigns/add-campaign", tok, body), http.StatusCreated).str("data", "campaign", "_id")

	// pg_dump, then pg_restore into a new database.
	srcURL := e.dbURL
	dump := filepath.Join(t.TempDir(), "creatorcoach.dump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--file="+dump, "--dbname="+srcURL).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	u, err := url.Parse(srcURL)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/") + "_restored"
	admin := *u
	admin.Path = "/postgres"
	adb, err := sql.Open("postgres", admin.String())
	if err != nil {
		t.Fatal(err)
	}
	defer adb.Close()
	if _, err := adb.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = adb.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`) })
	restored := *u
	restored.Path = "/" + name
	if out, err := exec.Command("pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", "--dbname="+restored.String(), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	db2, err := store.Open(ctx, restored.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	db2.OTPSecret, db2.BcryptCost, db2.Now = e.db.OTPSecret, e.db.BcryptCost, e.clock.Now

	// The bucket copy: every object, as a bucket-to-bucket sync does.
	cfg := e.cfg
	cfg.DataDir = t.TempDir()
	var dst blob.Store = blob.NewLocal(cfg.DataPath())
	if blobtest.Kind() == "s3" {
		dst = blobtest.S3(t)
	}
	src := e.api.blobStore()
	var keys []string
	if err := src.List(ctx, "", func(i blob.Info) { keys = append(keys, i.Key) }); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		r, _, err := src.Open(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		_, err = dst.Put(ctx, k, r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(keys) == 0 {
		t.Fatal("no object to copy")
	}

	// An api on the restored database and bucket.
	ropt, err := redis.ParseURL(e.redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	api2 := newServer(cfg, db2, rdb, e.asynqOpt, e.log)
	if blobtest.Kind() == "s3" {
		api2.blobs = dst
	}
	srv2 := httptest.NewServer(checkContract(t, api2.routes()))
	defer srv2.Close()
	e2 := *e
	e2.srv, e2.db, e2.api = srv2, db2, api2
	login := e2.want(e2.call("POST", "/api/users/login", "", map[string]any{"email": "owner@backup.io", "password": goodPassword}), http.StatusOK)
	c := e2.want(e2.call("GET", "/api/campaigns/"+id, login.str("data", "accessToken"), nil), http.StatusOK)
	if got := c.str("data", "campaign", "campaignName"); got != "Backed Up" {
		t.Fatalf("restored campaign name %q", got)
	}
	guides, _ := c.data()["campaign"].(map[string]any)["brandGuidelines"].([]any)
	if len(guides) != 1 {
		t.Fatalf("restored campaign attachments: %v", guides)
	}
	link, _ := guides[0].(map[string]any)["url"].(string)
	if !strings.HasPrefix(link, "/") {
		link = "/" + strings.SplitN(strings.SplitN(link, "://", 2)[1], "/", 2)[1]
	}
	res, err := http.Get(srv2.URL + link)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !bytes.Equal(got, content) {
		t.Fatalf("the restored attachment: %d %q, want %q", res.StatusCode, got, content)
	}
}
