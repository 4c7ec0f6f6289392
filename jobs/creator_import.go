package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"

	"creatorcoach/jobs/rosterfile"
	"creatorcoach/store"
	"creatorcoach/store/blob"
)

// TypeCreatorImport imports an uploaded roster file into the creator network.
const TypeCreatorImport = "creator:import"

// creatorImport may run long: a 10 MB file is tens of thousands of rows. It
// runs on its own queue, whose worker server has a small concurrency, so
// imports cannot crowd out mail nor take all the worker's memory.
var creatorImport = TaskType{Name: TypeCreatorImport, Former: []string{"roster:parse"}, Queue: QueueCreatorImport, MaxRetry: 5, Timeout: 30 * time.Minute,
	Handle: (*Handler).HandleCreatorImport}

// CreatorImportPayload names the import job and its file's format (csv, json
// or xlsx); the file is the object RosterFileKey(JobID, Format)
// (RosterFilePath(DATA_DIR, JobID, Format) on local disk).
type CreatorImportPayload struct {
	JobID  string `json:"jobId"`
	Format string `json:"format"`
}

// RosterFileDir is where the api stores uploaded rosters: dataDir/roster.
func RosterFileDir(dataDir string) string { return filepath.Join(dataDir, "roster") }

// RosterFilePath is the roster file of import job jobID, which the worker reads.
func RosterFilePath(dataDir, jobID, format string) string {
	return filepath.Join(RosterFileDir(dataDir), jobID+"."+format)
}

// RosterFilePrefix is the key prefix of roster files in the blob store.
const RosterFilePrefix = "roster/"

// RosterFileKey is the object key of import job jobID's roster file.
func RosterFileKey(jobID, format string) string { return RosterFilePrefix + jobID + "." + format }

// NewCreatorImportTask returns the outbox task of import job jobID of a
// format file; its key (the asynq TaskID) is derived from the job id.
func NewCreatorImportTask(jobID, format string) store.Task {
	return newTask(TypeCreatorImport+":"+jobID, creatorImport, CreatorImportPayload{JobID: jobID, Format: format})
}

// importBatchSize is how many rows go to Postgres per transaction.
var importBatchSize = 20000

// afterImportBatch, when set (tests), runs after each saved batch.
var afterImportBatch func(ctx context.Context, jobID string, rows int)

// parsers by file extension.
var parsers = map[string]func(io.Reader, func(*rosterfile.Record) error) (rosterfile.Columns, error){
	".csv": rosterfile.ParseCSV, ".json": rosterfile.ParseJSON, ".xlsx": rosterfile.ParseXLSX,
}

// HandleCreatorImport streams the file, validates each row, upserts creators
// by identity in batches and records row errors, updating the job as it
// goes. It is safe to run again after a crash: row errors are reset and
// replaced, creators are upserted (an unchanged row changes nothing) and the
// counters are recomputed from the file. A whole-file problem fails the job;
// a finished job is not run again.
func (h *Handler) HandleCreatorImport(ctx context.Context, t *asynq.Task) error {
	var p CreatorImportPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	if ok, err := h.Store.StartJob(ctx, p.JobID); err != nil || !ok {
		return err
	}
	if err := h.Store.ResetCreatorImportErrors(ctx, p.JobID); err != nil {
		return err
	}
	ext := "." + p.Format
	parse, ok := parsers[ext]
	f, info, err := h.blobs().Open(ctx, RosterFileKey(p.JobID, p.Format))
	if !ok || blob.NotExist(err) {
		return h.Store.FinishJob(ctx, p.JobID, store.JobProgress{}, nil,
			store.Errorf(store.EINVALID, "The uploaded file is no longer available."))
	}
	if err != nil {
		return fmt.Errorf("open roster file: %w", err)
	}
	defer f.Close()
	imp := &importRun{h: h, jobID: p.JobID, size: info.Size, seen: map[string]int{}, in: &countingReader{r: f}}
	started := time.Now()
	var cols rosterfile.Columns
	if ext == ".json" { // JSON can break anywhere; CSV cannot after its header
		check := &countingReader{r: f}
		if err = rosterfile.CheckJSON(check); check.err != nil {
			err = check.err
		}
		if err == nil {
			_, err = f.Seek(0, io.SeekStart)
		}
	}
	if err == nil {
		cols, err = imp.run(ctx, parse)
	}
	if imp.in.err != nil {
		// The file could not be read to its end (the object store went
		// away): a parser may have taken that for bad content. asynq tries
		// again; the rerun starts over and ends exact.
		return fmt.Errorf("read roster file: %w", imp.in.err)
	}
	var fe *rosterfile.FileError
	if errors.As(err, &fe) {
		return h.Store.FinishJob(ctx, p.JobID, imp.progress(), nil, store.Errorf(store.EINVALID, fe.Msg))
	}
	if err != nil {
		return err
	}
	created, updated, err := h.Store.CountCreatorImportChanges(ctx, p.JobID)
	if err != nil {
		return err
	}
	res := store.CreatorImportResult{Rows: imp.processed + imp.failed, Imported: imp.processed, Failed: imp.failed,
		Created: created, Updated: updated, Unchanged: max(0, imp.processed-created-updated),
		Format: strings.TrimPrefix(ext, "."), Ignored: cols.Ignored}
	if res.Ignored == nil {
		res.Ignored = []string{}
	}
	h.Log.Info("roster imported", "job", p.JobID, "rows", res.Rows, "failed", res.Failed, "took", time.Since(started))
	return h.Store.FinishJob(ctx, p.JobID, imp.progress(), res, nil)
}

// importRun is one attempt at importing one file.
type importRun struct {
	h                 *Handler
	jobID             string
	size              int64
	in                *countingReader
	seen              map[string]int // identity → first row
	batch             importBatch
	processed, failed int
	rowsHint          int // the parser's estimate of the file's rows, when it has one
}

// importBatch is the unit written to Postgres in one transaction.
type importBatch struct {
	creators []store.CreatorInput
	errs     []store.CreatorImportRowError
	progress store.JobProgress
}

// run parses on this goroutine and writes batches on another, so parsing
// the next batch overlaps with Postgres storing the previous one.
func (imp *importRun) run(ctx context.Context, parse func(io.Reader, func(*rosterfile.Record) error) (rosterfile.Columns, error)) (rosterfile.Columns, error) {
	g, gctx := errgroup.WithContext(ctx)
	batches := make(chan importBatch, 1)
	g.Go(func() error {
		for b := range batches {
			if err := imp.h.Store.SaveCreatorImportBatch(gctx, imp.jobID, b.creators, b.errs); err != nil {
				return err
			}
			if err := imp.h.Store.ReportJob(gctx, imp.jobID, b.progress); err != nil {
				return err
			}
			if afterImportBatch != nil {
				afterImportBatch(gctx, imp.jobID, b.progress.Processed+b.progress.Failed)
			}
		}
		return gctx.Err()
	})
	send := func() error {
		b := imp.batch
		b.progress = imp.progress()
		imp.batch = importBatch{}
		select {
		case batches <- b:
			return nil
		case <-gctx.Done():
			return gctx.Err()
		}
	}
	cols, err := parse(imp.in, func(rec *rosterfile.Record) error {
		imp.add(rec)
		if len(imp.batch.creators)+len(imp.batch.errs) >= importBatchSize {
			return send()
		}
		return nil
	})
	if err == nil && (len(imp.batch.creators) > 0 || len(imp.batch.errs) > 0) {
		err = send()
	}
	close(batches)
	if werr := g.Wait(); werr != nil && (err == nil || errors.Is(err, context.Canceled)) {
		err = werr
	}
	return cols, err
}

// add validates one record into the current batch.
func (imp *importRun) add(rec *rosterfile.Record) {
	imp.rowsHint = rec.Rows
	c, errs := rosterfile.Convert(rec)
	if errs == nil {
		id := c.Identity()
		if first, dup := imp.seen[id]; dup {
			col := rec.Names[rosterfile.FieldEmail]
			if c.Email == "" {
				col = identityColumn(rec, &c)
			}
			errs = []store.CreatorImportRowError{{Row: rec.Row, Column: col,
				Message: fmt.Sprintf("Duplicate of row %d (same creator)", first)}}
		} else {
			imp.seen[id] = rec.Row
		}
	}
	if errs != nil {
		imp.failed++
		imp.batch.errs = append(imp.batch.errs, errs...)
		return
	}
	imp.processed++
	imp.batch.creators = append(imp.batch.creators, c)
}

func identityColumn(rec *rosterfile.Record, c *store.CreatorInput) string {
	for i, h := range c.Handles {
		if h != "" {
			return rec.Names[rosterfile.FieldInstagram+rosterfile.Field(2*i)]
		}
	}
	return rec.Names[rosterfile.FieldName]
}

// progress estimates the total from the bytes read so far.
func (imp *importRun) progress() store.JobProgress {
	done := imp.processed + imp.failed
	total := done
	if imp.rowsHint > 0 {
		total = imp.rowsHint
	} else if n := imp.in.n; n > 0 && n < imp.size && done > 0 {
		total = int(float64(done) * float64(imp.size) / float64(n))
	}
	return store.JobProgress{Total: max(total, done), Processed: imp.processed, Failed: imp.failed}
}

// countingReader counts the bytes read through it and keeps its first read
// error other than io.EOF.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

// Read reads from the underlying reader and counts the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	return n, err
}
