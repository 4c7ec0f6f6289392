package jobs

import (
	"context"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// TypeFilePurge removes uploads that nothing uses any more.
const TypeFilePurge = "file:purge"

// JobKindFilePurge is the job kind recording each purge.
const JobKindFilePurge = "file_purge"

// filePurge runs daily at 03:47 UTC.
var filePurge = TaskType{Name: TypeFilePurge, Former: []string{"files:purge"}, Queue: QueueLow, MaxRetry: 3, Timeout: 30 * time.Minute,
	Cron: "47 3 * * *", Handle: (*Handler).HandleFilePurge}

// FilePath is where the bytes of the upload key live on local disk:
// dataDir/files/<first two characters>/<key>, the object FileKey(key).
func FilePath(dataDir, key string) string { return filepath.Join(dataDir, "files", key[:2], key) }

// FilePrefix is the key prefix of uploads in the blob store.
const FilePrefix = "files/"

// FileKey is the object key of the upload key: files/<first two characters>/<key>.
func FileKey(key string) string { return FilePrefix + key[:2] + "/" + key }

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
	Files       int   `json:"files"`   // uploads' objects (files/), including bytes left without a record
	RosterFiles int   `json:"rosters"` // roster files of imports finished long ago, and abandoned partial uploads
	Bytes       int64 `json:"bytes"`
}

// HandleFilePurge removes, and records as a system job:
//   - the records and bytes of uploads older than uploadGrace that no campaign
//     and no profile image names (an upload that was never attached);
//   - objects under files/ (DATA_DIR/files on local disk) older than
//     uploadGrace without a record
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
	blobs := h.blobs()
	keys, err := h.Store.PurgeOrphanFiles(ctx, now.Add(-uploadGrace))
	if err != nil {
		return res, err
	}
	res.Records = len(keys)
	for _, k := range keys {
		if h.remove(ctx, FileKey(k), &res.Bytes) {
			res.Files++
		}
	}
	// Bytes without a record.
	old := map[string]blob.Info{} // upload key (or partial upload's name) → object
	err = listOld(ctx, blobs, FilePrefix, now.Add(-uploadGrace), func(o blob.Info) {
		if name := path.Base(o.Key); store.ValidFileKey(name) {
			old[name] = o
		} else if strings.HasPrefix(name, ".upload-") {
			old[name] = o // a partial upload; never a key, so never known
		}
	})
	if err != nil {
		return res, err
	}
	known, err := h.Store.KnownFiles(ctx, mapKeys(old))
	if err != nil {
		return res, err
	}
	for k, o := range old {
		if !known[k] && h.removeObject(ctx, o, &res.Bytes) {
			res.Files++
		}
	}
	// Roster files.
	rosters := map[string]blob.Info{} // job id → object
	err = listOld(ctx, blobs, RosterFilePrefix, now.Add(-uploadGrace), func(o blob.Info) {
		name := path.Base(o.Key)
		if strings.HasPrefix(name, ".upload-") {
			if h.removeObject(ctx, o, &res.Bytes) {
				res.RosterFiles++
			}
			return
		}
		if o.ModTime.Before(now.Add(-rosterKeep)) {
			rosters[strings.TrimSuffix(name, path.Ext(name))] = o
		}
	})
	if err != nil {
		return res, err
	}
	open, err := h.Store.UnfinishedJobs(ctx, mapKeys(rosters))
	if err != nil {
		return res, err
	}
	for id, o := range rosters {
		if !open[id] && h.removeObject(ctx, o, &res.Bytes) {
			res.RosterFiles++
		}
	}
	return res, nil
}

// listOld calls fn with every object under prefix last changed before before.
func listOld(ctx context.Context, blobs blob.Store, prefix string, before time.Time, fn func(blob.Info)) error {
	return blobs.List(ctx, prefix, func(o blob.Info) {
		if o.ModTime.Before(before) {
			fn(o)
		}
	})
}

// remove deletes the object key, adding its size to bytes; false when it was not there.
func (h *Handler) remove(ctx context.Context, key string, bytes *int64) bool {
	o, err := h.blobs().Stat(ctx, key)
	if err != nil {
		return false
	}
	return h.removeObject(ctx, o, bytes)
}

// removeObject deletes o, adding its size to bytes.
func (h *Handler) removeObject(ctx context.Context, o blob.Info, bytes *int64) bool {
	if err := h.blobs().Remove(ctx, o.Key); err != nil {
		h.Log.Warn("cannot remove file", "key", o.Key, "err", err)
		return false
	}
	*bytes += o.Size
	return true
}

func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}
