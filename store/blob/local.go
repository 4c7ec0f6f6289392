package blob

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Local keeps objects as files under a root directory (DATA_DIR): key
// "files/ab/x" is the file root/files/ab/x. Put writes a temporary
// ".upload-*" file beside the final one and renames it into place.
type Local struct{ Root string }

// NewLocal returns the local-disk store rooted at dir.
func NewLocal(dir string) *Local { return &Local{Root: dir} }

// Path is the file that holds key.
func (l *Local) Path(key string) string { return filepath.Join(l.Root, filepath.FromSlash(key)) }

// Put implements Store.
func (l *Local) Put(_ context.Context, key string, r io.Reader) (int64, error) {
	dst := l.Path(key)
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".upload-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	n, err := io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	return n, os.Rename(tmp.Name(), dst)
}

// Open implements Store.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, Info, error) {
	f, err := os.Open(l.Path(key))
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	return f, Info{Key: key, Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Stat implements Store.
func (l *Local) Stat(_ context.Context, key string) (Info, error) {
	st, err := os.Stat(l.Path(key))
	if err != nil {
		return Info{}, err
	}
	return Info{Key: key, Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Remove implements Store.
func (l *Local) Remove(_ context.Context, key string) error {
	if err := os.Remove(l.Path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Rename implements Store.
func (l *Local) Rename(_ context.Context, from, to string) error {
	if err := os.MkdirAll(filepath.Dir(l.Path(to)), 0o750); err != nil {
		return err
	}
	return os.Rename(l.Path(from), l.Path(to))
}

// List implements Store: the regular files under the directory part of
// prefix whose keys start with prefix; a missing directory has none.
func (l *Local) List(_ context.Context, prefix string, fn func(Info)) error {
	dir := l.Root
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		dir = l.Path(prefix[:i])
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(l.Root, path)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
			fn(Info{Key: key, Size: info.Size(), ModTime: info.ModTime()})
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
