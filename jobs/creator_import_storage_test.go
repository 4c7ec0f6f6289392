package jobs

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// flakyStore is a store whose first failures opened readers fail, after
// after bytes, as a read from an object store that went away does.
type flakyStore struct {
	blob.Store
	mu       sync.Mutex
	failures int
	after    int64
	opens    int
}

func (f *flakyStore) Open(ctx context.Context, key string) (io.ReadSeekCloser, blob.Info, error) {
	r, info, err := f.Store.Open(ctx, key)
	if err != nil {
		return r, info, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opens++
	if f.opens > f.failures {
		return r, info, nil
	}
	return &brokenReader{ReadSeekCloser: r, left: f.after}, info, nil
}

// brokenReader fails with blob.ErrUnavailable once left bytes were read.
type brokenReader struct {
	io.ReadSeekCloser
	left int64
}

func (b *brokenReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errors.Join(blob.ErrUnavailable, errors.New("connection reset by peer"))
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadSeekCloser.Read(p)
	b.left -= int64(n)
	return n, err
}

// TestCreatorImport_StoreAwayMidRead: the object store goes away while a
// running import reads its file, twice; the worker's task is retried (asynq)
// and, once the store answers again, the import ends exact: every row once,
// every row error once. On both backends (STORAGE=s3 for the bucket).
func TestCreatorImport_StoreAwayMidRead(t *testing.T) {
	e := setup(t)
	h, db := e.Handler, e.Store
	defer func(size int) { importBatchSize = size }(importBatchSize)
	importBatchSize = 100
	flaky := &flakyStore{Store: h.blobs(), failures: 2, after: 30_000}
	h.Blobs = flaky
	const n = 2000
	job, _ := rosterJob(t, h, rosterFile(t, n))
	opt, _ := e.redis()
	e.startWorker(WorkerDeps{RedisOpt: opt})
	j := waitJob(t, db, job.ID, func(j store.Job) bool { return j.Status != store.JobQueued && j.Status != store.JobRunning })
	if j.Status != store.JobSucceeded {
		t.Fatalf("job %s: %v", j.Status, j.Error)
	}
	flaky.mu.Lock()
	opens := flaky.opens
	flaky.mu.Unlock()
	if opens != 3 {
		t.Fatalf("the file was opened %d times, want 3 (two broken reads, then one whole)", opens)
	}
	res := checkJob(t, db, job.ID, n, 3)
	if got := countRows(t, db, `SELECT count(*) FROM creators`); got != n {
		t.Fatalf("%d creators, want %d", got, n)
	}
	if got := countRows(t, db, `SELECT count(*) FROM roster_row_errors WHERE job_id = $1`, job.ID); got != 3 {
		t.Fatalf("%d row errors, want 3", got)
	}
	if res.Created != n || res.Imported != n || res.Failed != 3 {
		t.Fatalf("result %+v", res)
	}
}
