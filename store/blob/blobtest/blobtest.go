// Package blobtest hands tests a blob.Store of either backend: a directory
// of their own, or a bucket of their own on a real S3-compatible server
// (versitygw with its POSIX backend), found or started here.
package blobtest

import (
	"context"
	"creatorcoach/store/storetest/gobin"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"creatorcoach/store/blob"
)

// Version is the versitygw release the tests and ops/services.sh use.
const Version = "v1.8.0"

// AccessKey and SecretKey are the credentials of the server that
// ops/services.sh and this package start (development only).
const (
	AccessKey = "creatorcoach"
	SecretKey = "creatorcoach-dev-secret"
)

// Backends are the STORAGE choices every file test runs on.
var Backends = []string{"local", "s3"}

var (
	once     sync.Once
	endpoint string
	startErr error
)

// Endpoint returns the URL of a running S3 server with AccessKey and
// SecretKey: S3_TEST_ENDPOINT when set (ops/test.sh exports the one
// ops/services.sh found or started), else one answering on 127.0.0.1:7070,
// else a private versitygw this process starts on a free loopback port with
// its data in a directory under the system's temporary one (installed with `go install` when
// missing). The private one dies with the test process.
func Endpoint(t testing.TB) string {
	t.Helper()
	u, err := Find()
	if err != nil {
		t.Fatalf("S3 server: %v", err)
	}
	return u
}

// Find is Endpoint for programs (benchmarks): the server's URL, or why
// there is none.
func Find() (string, error) {
	once.Do(func() { endpoint, startErr = find() })
	return endpoint, startErr
}

// Config is an S3 configuration for bucket on the test server.
func Config(t testing.TB, bucket string) blob.S3Config {
	return blob.S3Config{Endpoint: Endpoint(t), Bucket: bucket, Region: "us-east-1",
		AccessKeyID: AccessKey, SecretAccessKey: SecretKey, PathStyle: true}
}

// S3 returns a store on a new bucket of the test server, emptied and
// removed when the test ends.
func S3(t testing.TB) *blob.S3 {
	t.Helper()
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	s, err := blob.NewS3(Config(t, "t-"+hex.EncodeToString(rnd[:])))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.EnsureBucket(ctx); err != nil {
		t.Fatalf("make bucket: %v", err)
	}
	t.Cleanup(func() {
		c := s.Client()
		for o := range c.ListObjects(ctx, s.Bucket(), minio.ListObjectsOptions{Recursive: true}) {
			if o.Err == nil {
				_ = c.RemoveObject(ctx, s.Bucket(), o.Key, minio.RemoveObjectOptions{})
			}
		}
		_ = c.RemoveBucket(ctx, s.Bucket())
	})
	return s
}

// New returns a store of the backend kind ("local": under dataDir; "s3": a
// bucket of its own).
func New(t testing.TB, kind, dataDir string) blob.Store {
	t.Helper()
	if kind == "s3" {
		return S3(t)
	}
	return blob.NewLocal(dataDir)
}

// Kind is the backend the STORAGE environment variable asks the test suite
// for: "local" (the default) or "s3".
func Kind() string {
	if os.Getenv("STORAGE") == "s3" {
		return "s3"
	}
	return "local"
}

func find() (string, error) {
	if u := os.Getenv("S3_TEST_ENDPOINT"); u != "" {
		if answers(u) {
			return u, nil
		}
		return "", fmt.Errorf("S3_TEST_ENDPOINT %s does not answer with the test credentials", u)
	}
	if answers("http://127.0.0.1:7070") {
		return "http://127.0.0.1:7070", nil
	}
	bin, err := binary()
	if err != nil {
		return "", err
	}
	// One directory for every private server: each test's bucket has a name
	// of its own and is removed when the test ends, so nothing piles up.
	dir := filepath.Join(os.TempDir(), "creatorcoach-versitygw-test")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	addr := gobin.FreeAddr()
	cmd := exec.Command(bin, "--access", AccessKey, "--secret", SecretKey, "--port", addr, "posix", dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	u := "http://" + addr
	for i := 0; i < 100; i++ {
		if answers(u) {
			return u, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return "", fmt.Errorf("%s did not answer on %s", bin, addr)
}

// answers reports whether an S3 server with the test credentials serves u.
func answers(u string) bool {
	s, err := blob.NewS3(blob.S3Config{Endpoint: u, Region: "us-east-1", AccessKeyID: AccessKey,
		SecretAccessKey: SecretKey, PathStyle: true})
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err = s.Client().ListBuckets(ctx)
	return err == nil
}

// binary finds versitygw on PATH or in GOPATH/bin, installing it when missing.
func binary() (string, error) {
	return gobin.Binary("versitygw", "github.com/versity/versitygw/cmd/versitygw", Version)
}
