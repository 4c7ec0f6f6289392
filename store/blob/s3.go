package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is how to reach an S3-compatible bucket (the S3_* settings).
type S3Config struct {
	Endpoint        string // S3_ENDPOINT: a URL such as http://127.0.0.1:7070 or https://s3.eu-west-1.amazonaws.com
	Bucket          string // S3_BUCKET
	Region          string // S3_REGION
	AccessKeyID     string // S3_ACCESS_KEY_ID
	SecretAccessKey string // S3_SECRET_ACCESS_KEY
	PathStyle       bool   // S3_PATH_STYLE: bucket in the path rather than the host name
}

// partSize is the size of each part of a streamed upload of unknown length
// (the S3 minimum): an upload holds at most this much in memory.
const partSize = 5 << 20

// S3 keeps objects in one bucket of an S3-compatible server (minio-go v7).
type S3 struct {
	c      *minio.Client
	bucket string
}

// NewS3 returns the store of cfg's bucket; it does not contact the server.
func NewS3(cfg S3Config) (*S3, error) {
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("S3_ENDPOINT must be an http:// or https:// URL, not %q", cfg.Endpoint)
	}
	lookup := minio.BucketLookupDNS
	if cfg.PathStyle {
		lookup = minio.BucketLookupPath
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	tr.ResponseHeaderTimeout = 30 * time.Second
	tr.MaxIdleConnsPerHost = 64
	tr.DisableCompression = true
	tr.ReadBufferSize, tr.WriteBufferSize = 256<<10, 256<<10 // fewer, larger socket reads when streaming an object
	c, err := minio.New(u.Host, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, ""),
		Secure: u.Scheme == "https", Region: cfg.Region, BucketLookup: lookup, Transport: tr,
		MaxRetries: 2, // an unreachable store answers the caller in seconds, not minutes
	})
	if err != nil {
		return nil, err
	}
	return &S3{c: c, bucket: cfg.Bucket}, nil
}

// Client is the underlying minio-go client (tests and benchmarks).
func (s *S3) Client() *minio.Client { return s.c }

// Bucket is the bucket's name.
func (s *S3) Bucket() string { return s.bucket }

// EnsureBucket creates the bucket when it does not exist (development and tests).
func (s *S3) EnsureBucket(ctx context.Context) error {
	ok, err := s.c.BucketExists(ctx, s.bucket)
	if err == nil && !ok {
		err = s.c.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{})
		if c := minio.ToErrorResponse(err).Code; c == "BucketAlreadyOwnedByYou" || c == "BucketAlreadyExists" {
			err = nil // another process made it meanwhile
		}
	}
	return s.err(err)
}

// Put implements Store: a single request for a small object, a multipart
// upload in parts of partSize otherwise, aborted when r fails.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	src := &sourceReader{r: r}
	info, err := s.c.PutObject(ctx, s.bucket, key, src, -1, minio.PutObjectOptions{PartSize: partSize,
		ContentType: "application/octet-stream"})
	if src.err != nil {
		return 0, src.err // the caller's stream failed (too large, client gone): not the store's fault
	}
	if err != nil {
		return 0, s.err(err)
	}
	return info.Size, nil
}

// sourceReader remembers the error of the stream being uploaded.
type sourceReader struct {
	r   io.Reader
	err error
}

func (r *sourceReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		r.err = err
	}
	return n, err
}

// Open implements Store: one GET, whose answer gives the size; the reader
// reads the response body as it comes and issues a ranged GET only when
// seeking moves away from where the body is.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error) {
	body, st, _, err := s.core().GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, s.err(err)
	}
	return &object{s: s, ctx: ctx, key: key, size: st.Size, body: body}, Info{Key: key, Size: st.Size, ModTime: st.LastModified}, nil
}

func (s *S3) core() minio.Core { return minio.Core{Client: s.c} }

// object reads one object: body, when open, yields the bytes from bodyAt on.
type object struct {
	s      *S3
	ctx    context.Context
	key    string
	size   int64
	off    int64 // where the next Read starts
	body   io.ReadCloser
	bodyAt int64
}

func (o *object) Read(p []byte) (int, error) {
	if o.off >= o.size {
		return 0, io.EOF
	}
	if o.body != nil && o.bodyAt != o.off {
		o.body.Close()
		o.body = nil
	}
	if o.body == nil {
		opts := minio.GetObjectOptions{}
		if o.off > 0 { // (0, 0) would be the first byte only
			if err := opts.SetRange(o.off, 0); err != nil {
				return 0, err
			}
		}
		body, _, _, err := o.s.core().GetObject(o.ctx, o.s.bucket, o.key, opts)
		if err != nil {
			return 0, o.s.err(err)
		}
		o.body, o.bodyAt = body, o.off
	}
	n, err := o.body.Read(p)
	o.off += int64(n)
	o.bodyAt = o.off
	switch {
	case err == io.EOF && o.off < o.size:
		err = o.s.err(io.ErrUnexpectedEOF)
	case err != nil && err != io.EOF:
		err = o.s.err(err)
	}
	return n, err
}

func (o *object) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += o.off
	case io.SeekEnd:
		off += o.size
	}
	if off < 0 {
		return 0, errors.New("blob: seek before the start")
	}
	o.off = off
	return off, nil
}

func (o *object) Close() error {
	if o.body != nil {
		return o.body.Close()
	}
	return nil
}

// Stat implements Store.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	st, err := s.c.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, s.err(err)
	}
	return Info{Key: key, Size: st.Size, ModTime: st.LastModified}, nil
}

// Remove implements Store.
func (s *S3) Remove(ctx context.Context, key string) error {
	err := s.err(s.c.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}))
	if NotExist(err) {
		return nil
	}
	return err
}

// Rename implements Store: a server-side copy, then the source removed.
func (s *S3) Rename(ctx context.Context, from, to string) error {
	_, err := s.c.CopyObject(ctx, minio.CopyDestOptions{Bucket: s.bucket, Object: to},
		minio.CopySrcOptions{Bucket: s.bucket, Object: from})
	if err != nil {
		return s.err(err)
	}
	return s.Remove(ctx, from)
}

// List implements Store.
func (s *S3) List(ctx context.Context, prefix string, fn func(Info)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for o := range s.c.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			return s.err(o.Err)
		}
		if strings.HasSuffix(o.Key, "/") {
			continue
		}
		fn(Info{Key: o.Key, Size: o.Size, ModTime: o.LastModified})
	}
	return ctx.Err()
}

// err maps a missing key to fs.ErrNotExist and an unreachable or failing
// server to ErrUnavailable; other errors (bad credentials, a missing bucket)
// are kept as they are.
func (s *S3) err(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	resp := minio.ToErrorResponse(err)
	switch {
	case resp.Code == minio.NoSuchKey || resp.StatusCode == http.StatusNotFound && resp.Code != minio.NoSuchBucket:
		return fmt.Errorf("%w: %s", fs.ErrNotExist, err)
	case resp.StatusCode >= 500 || resp.Code == "" && resp.StatusCode == 0:
		return unavailableError{err}
	}
	return err
}
