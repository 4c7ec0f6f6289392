// Package blob keeps the bytes the product stores (uploaded images and
// attachments, roster files) behind one small interface with two backends:
// a directory on local disk (DATA_DIR, the default) and an S3-compatible
// bucket (STORAGE=s3). Both stream both ways: nothing reads a whole object
// into memory.
//
// Keys are slash-separated paths such as "files/ab/abcdef.png" or
// "roster/<job id>.csv"; on local disk a key is the file under the root.
package blob

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"time"
)

// Info describes one stored object.
type Info struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Store is where the product's bytes live.
type Store interface {
	// Put stores everything r yields under key, replacing what was there,
	// and returns the bytes written. The object appears whole or not at
	// all: when r fails, nothing is left under key.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open returns a reader of key's bytes (seekable, for ranges and a
	// second pass) and its Info; fs.ErrNotExist when there is no such key.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Info, error)
	// Stat returns key's Info; fs.ErrNotExist when there is no such key.
	Stat(ctx context.Context, key string) (Info, error)
	// Remove deletes key; a missing key is not an error.
	Remove(ctx context.Context, key string) error
	// Rename moves from to to (replacing to).
	Rename(ctx context.Context, from, to string) error
	// List calls fn with every object whose key starts with prefix, in no
	// particular order.
	List(ctx context.Context, prefix string, fn func(Info)) error
}

// ErrUnavailable is wrapped by the errors of a backend that cannot be
// reached (connection refused, time-out, a 5xx answer): the caller may try
// again later.
var ErrUnavailable = errors.New("the object store is unreachable")

// Unavailable reports whether err means the store could not be reached.
func Unavailable(err error) bool { return errors.Is(err, ErrUnavailable) }

// NotExist reports whether err means the key does not exist.
func NotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// unavailableError marks err as ErrUnavailable while keeping its text and chain.
type unavailableError struct{ err error }

func (e unavailableError) Error() string   { return "object store unreachable: " + e.err.Error() }
func (e unavailableError) Unwrap() []error { return []error{ErrUnavailable, e.err} }
