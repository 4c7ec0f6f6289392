package blob_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

// TestBackends runs the same checks on both backends: what Put stores Open
// reads back (with seeking), Stat and List see it, Rename moves it, Remove
// deletes it, a missing key is fs.ErrNotExist, a failing stream leaves
// nothing behind.
func TestBackends(t *testing.T) {
	for _, kind := range blobtest.Backends {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			s := blobtest.New(t, kind, t.TempDir())
			body := bytes.Repeat([]byte("0123456789"), 700_000) // 7 MB: more than one S3 part
			n, err := s.Put(ctx, "files/ab/abc.bin", bytes.NewReader(body))
			if err != nil || n != int64(len(body)) {
				t.Fatalf("put: %d %v", n, err)
			}
			r, info, err := s.Open(ctx, "files/ab/abc.bin")
			if err != nil || info.Size != int64(len(body)) || time.Since(info.ModTime) > time.Minute {
				t.Fatalf("open: %+v %v", info, err)
			}
			got, err := io.ReadAll(r)
			if err != nil || !bytes.Equal(got, body) {
				t.Fatalf("read back %d bytes, %v", len(got), err)
			}
			if _, err := r.Seek(5, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			head := make([]byte, 5)
			if _, err := io.ReadFull(r, head); err != nil || string(head) != "56789" {
				t.Fatalf("after seek: %q %v", head, err)
			}
			if _, err := r.Seek(0, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			if again, err := io.ReadAll(r); err != nil || !bytes.Equal(again, body) {
				t.Fatalf("read again from the start: %d bytes, %v", len(again), err)
			}
			if end, err := r.Seek(0, io.SeekEnd); err != nil || end != int64(len(body)) {
				t.Fatalf("seek to the end: %d %v", end, err)
			}
			r.Close()
			if _, err := s.Put(ctx, "roster/x.csv", strings.NewReader("a,b\n")); err != nil {
				t.Fatal(err)
			}
			var keys []string
			if err := s.List(ctx, "files/", func(i blob.Info) { keys = append(keys, i.Key) }); err != nil {
				t.Fatal(err)
			}
			if len(keys) != 1 || keys[0] != "files/ab/abc.bin" {
				t.Fatalf("list files/: %v", keys)
			}
			if err := s.Rename(ctx, "roster/x.csv", "roster/y.csv"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Stat(ctx, "roster/x.csv"); !blob.NotExist(err) {
				t.Fatalf("renamed source: %v", err)
			}
			if i, err := s.Stat(ctx, "roster/y.csv"); err != nil || i.Size != 4 {
				t.Fatalf("renamed: %+v %v", i, err)
			}
			if err := s.Remove(ctx, "roster/y.csv"); err != nil {
				t.Fatal(err)
			}
			if err := s.Remove(ctx, "roster/y.csv"); err != nil {
				t.Fatalf("removing a missing key: %v", err)
			}
			if _, _, err := s.Open(ctx, "roster/y.csv"); !blob.NotExist(err) || blob.Unavailable(err) {
				t.Fatalf("open a missing key: %v", err)
			}
			boom := errors.New("client went away")
			_, err = s.Put(ctx, "files/cd/cde.bin", io.MultiReader(bytes.NewReader(body), &failing{boom}))
			if !errors.Is(err, boom) {
				t.Fatalf("put of a failing stream: %v", err)
			}
			keys = nil
			_ = s.List(ctx, "files/cd/", func(i blob.Info) { keys = append(keys, i.Key) })
			sort.Strings(keys)
			for _, k := range keys {
				if k == "files/cd/cde.bin" {
					t.Fatalf("a failed put left its object: %v", keys)
				}
			}
		})
	}
}

// TestS3Unreachable: a server that does not answer is ErrUnavailable, soon.
func TestS3Unreachable(t *testing.T) {
	s, err := blob.NewS3(blob.S3Config{Endpoint: "http://127.0.0.1:1", Bucket: "bucket", Region: "us-east-1",
		AccessKeyID: "k", SecretAccessKey: "s", PathStyle: true})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = s.Put(context.Background(), "files/ab/abc", strings.NewReader("x"))
	if !blob.Unavailable(err) {
		t.Fatalf("put: %v", err)
	}
	if _, _, err := s.Open(context.Background(), "files/ab/abc"); !blob.Unavailable(err) {
		t.Fatalf("open: %v", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("took %v to give up", d)
	}
}

type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }
