package jobs

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
)

// TypeFilePurge removes uploads that nothing uses any more.
const TypeFilePurge = "file:purge"

// JobKindFilePurge is the job kind recording each purge.
const JobKindFilePurge = "file_purge"

// filePurge runs daily at 03:47 UTC.
var filePurge = TaskType{Name: TypeFilePurge, Former: []string{"files:purge"}, Queue: QueueLow, MaxRetry: 3, Timeout: 30 * time.Minute,
	Cron: "47 3 * * *", Handle: (*Handler).HandleFilePurge}

// FilePath is where the bytes of the upload key live:
// dataDir/files/<first two characters>/<key>.
func FilePath(dataDir, key string) string { return filepath.Join(dataDir, "files", key[:2], key) }

const (
	// uploadGrace is how long an upload may wait to be attached (its first
	// signed link lasts as long) before an unused one is removed.
	uploadGrace = 24 * time.Hour
	// rosterKeep is how long a finished import's file is kept.
	rosterKeep = 7 * 24 * time.Hour
)

// FilePurgeResult counts what one purge removed.
type FilePurgeResult struct {
	Records     int   `json:"records"` // upload records nothing named
	Files       int   `json:"files"`   // files under DATA_DIR/files, including bytes left without a record
	RosterFiles int   `json:"rosters"` // roster files of imports finished long ago, and abandoned partial uploads
	Bytes       int64 `json:"bytes"`
}

// HandleFilePurge removes, and records as a system job:
//   - the records and bytes of uploads older than uploadGrace that no campaign
//     and no profile image names (an upload that was never attached);
//   - bytes under DATA_DIR/files older than uploadGrace without a record
//     (a brand's records go with the brand);
//   - roster files of imports finished more than rosterKeep ago, and partial
//     uploads (".upload-*") older than uploadGrace.
//
// Files younger than the grace period are never touched, so an upload in
// progress is safe. Running it twice is harmless.
func (h *Handler) HandleFilePurge(ctx context.Context, _ *asynq.Task) error {
	return h.runSystemJob(ctx, JobKindFilePurge, func(ctx context.Context) (int, any, error) {
		res, err := h.purgeFiles(ctx, h.Store.Now())
		if err == nil {
			h.Log.Info("unused files purged", "records", res.Records, "files", res.Files, "rosters", res.RosterFiles, "bytes", res.Bytes)
		}
		return res.Records + res.Files + res.RosterFiles, res, err
	})
}

func (h *Handler) purgeFiles(ctx context.Context, now time.Time) (FilePurgeResult, error) {
	var res FilePurgeResult
	keys, err := h.Store.PurgeOrphanFiles(ctx, now.Add(-uploadGrace))
	if err != nil {
		return res, err
	}
	res.Records = len(keys)
	for _, k := range keys {
		if h.remove(FilePath(h.DataDir, k), &res.Bytes) {
			res.Files++
		}
	}
	// Bytes without a record.
	old := map[string]string{} // key → path
	err = walkOld(filepath.Join(h.DataDir, "files"), now.Add(-uploadGrace), func(path string) {
		if name := filepath.Base(path); store.ValidFileKey(name) {
			old[name] = path
		} else if strings.HasPrefix(name, ".upload-") {
			old[name] = path // a partial upload; never a key, so never known
		}
	})
	if err != nil {
		return res, err
	}
	known, err := h.Store.KnownFiles(ctx, mapKeys(old))
	if err != nil {
		return res, err
	}
	for k, path := range old {
		if !known[k] && h.remove(path, &res.Bytes) {
			res.Files++
		}
	}
	// Roster files.
	rosters := map[string]string{} // job id → path
	err = walkOld(RosterFileDir(h.DataDir), now.Add(-uploadGrace), func(path string) {
		name := filepath.Base(path)
		if strings.HasPrefix(name, ".upload-") {
			if h.remove(path, &res.Bytes) {
				res.RosterFiles++
			}
			return
		}
		if st, err := os.Stat(path); err == nil && st.ModTime().Before(now.Add(-rosterKeep)) {
			rosters[strings.TrimSuffix(name, filepath.Ext(name))] = path
		}
	})
	if err != nil {
		return res, err
	}
	open, err := h.Store.UnfinishedJobs(ctx, mapKeys(rosters))
	if err != nil {
		return res, err
	}
	for id, path := range rosters {
		if !open[id] && h.remove(path, &res.Bytes) {
			res.RosterFiles++
		}
	}
	return res, nil
}

// walkOld calls fn with every regular file under dir last changed before
// before; a missing dir has none.
func walkOld(dir string, before time.Time, fn func(path string)) error {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() && info.ModTime().Before(before) {
			fn(path)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// remove deletes path, adding its size to bytes; false when it was not there.
func (h *Handler) remove(path string, bytes *int64) bool {
	info, err := os.Stat(path)
	if err != nil {
		return false
	}
	if err := os.Remove(path); err != nil {
		h.Log.Warn("cannot remove file", "path", path, "err", err)
		return false
	}
	*bytes += info.Size()
	return true
}

func mapKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}
