package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/rosterfile"
	"creatorcoach/jobs/rosterfile/rosterfilegen"
	"creatorcoach/store"
)

// rosterFile writes n generated rows plus two bad rows and a duplicate of
// row 2 as CSV; it returns the path.
func rosterFile(t *testing.T, n int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := rosterfilegen.WriteCSV(&buf, n); err != nil {
		t.Fatal(err)
	}
	dup := bytes.SplitN(buf.Bytes(), []byte("\n"), 3)[1]
	buf.WriteString("No Handle,,,,,,,,,,,,,,,,,,,,,,\n")
	buf.WriteString("Bad Count,bad@example.com,,,bc,lots,,,,,,,,,,,,,,,,,\n")
	buf.Write(append(dup, '\n'))
	path := filepath.Join(t.TempDir(), "roster.csv")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// rosterJob creates an import job of file and puts the file where h's
// worker reads it (the object RosterFileKey), as the api does.
func rosterJob(t *testing.T, h *Handler, file string) (*store.Job, *asynq.Task) {
	t.Helper()
	var task store.Task
	format := strings.TrimPrefix(filepath.Ext(file), ".")
	job, err := h.Store.CreateJob(context.Background(), store.JobKindCreatorImport, "", func(id string) store.Task {
		task = NewCreatorImportTask(id, format)
		return task
	})
	if err != nil {
		t.Fatal(err)
	}
	var payload map[string]any // ids only: no path, no bytes
	if err := json.Unmarshal(task.Payload, &payload); err != nil || len(payload) != 2 || payload["jobId"] != job.ID || payload["format"] != format {
		t.Fatalf("payload %s", task.Payload)
	}
	f, err := os.Open(file)
	if err == nil {
		_, err = h.blobs().Put(context.Background(), RosterFileKey(job.ID, format), f)
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	if task.Key != TypeCreatorImport+":"+job.ID {
		t.Fatalf("task key %q", task.Key)
	}
	return job, asynq.NewTask(task.Type, task.Payload)
}

func countRows(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.SQL().Get(&n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func checkJob(t *testing.T, db *store.DB, id string, processed, failed int) store.CreatorImportResult {
	t.Helper()
	var j store.Job
	if err := db.SQL().Get(&j, `SELECT id, kind, status, progress, total, processed, failed, result, error, created_at FROM jobs WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if j.Status != store.JobSucceeded || j.Processed != processed || j.Failed != failed || j.Total != processed+failed || j.Progress != 100 {
		t.Fatalf("job %s: status %s processed %d failed %d total %d progress %d error %q; want processed %d failed %d",
			id, j.Status, j.Processed, j.Failed, j.Total, j.Progress, j.Error, processed, failed)
	}
	var res store.CreatorImportResult
	if err := json.Unmarshal(j.Result, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCreatorImport_CancelledMidImportThenRetried: the worker dies after the
// first batch; the retried task ends with exactly the file's rows and errors.
func TestCreatorImport_CancelledMidImportThenRetried(t *testing.T) {
	h := setup(t).Handler
	db := h.Store
	const n = 1000
	job, task := rosterJob(t, h, rosterFile(t, n))
	defer func(size int) { importBatchSize, afterImportBatch = size, nil }(importBatchSize)
	importBatchSize = 100
	ctx, cancel := context.WithCancel(context.Background())
	afterImportBatch = func(_ context.Context, _ string, rows int) {
		if rows >= 300 {
			cancel()
		}
	}
	if err := h.HandleCreatorImport(ctx, task); err == nil {
		t.Fatal("cancelled import returned nil")
	}
	mid := countRows(t, db, `SELECT count(*) FROM creators`)
	if mid == 0 || mid >= n {
		t.Fatalf("%d creators after the cancelled attempt, want some but not all", mid)
	}
	afterImportBatch = nil
	if err := h.HandleCreatorImport(context.Background(), task); err != nil {
		t.Fatal(err)
	}
	res := checkJob(t, db, job.ID, n, 3)
	if got := countRows(t, db, `SELECT count(*) FROM creators`); got != n {
		t.Fatalf("%d creators, want %d", got, n)
	}
	if got := countRows(t, db, `SELECT count(*) FROM roster_row_errors WHERE job_id = $1`, job.ID); got != 3 {
		t.Fatalf("%d row errors, want 3", got)
	}
	if res.Created != n || res.Updated != 0 || res.Imported != n || res.Failed != 3 || res.Format != "csv" {
		t.Fatalf("result %+v", res)
	}
	// A redelivery of the finished task changes nothing.
	if err := h.HandleCreatorImport(context.Background(), task); err != nil {
		t.Fatal(err)
	}
	checkJob(t, db, job.ID, n, 3)
}

// TestCreatorImport_ReimportNoDuplicates: the same file imported by a second
// job changes nothing.
func TestCreatorImport_ReimportNoDuplicates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	file := rosterFile(t, 500)
	for i := 0; i < 2; i++ {
		job, task := rosterJob(t, h, file)
		if err := h.HandleCreatorImport(ctx, task); err != nil {
			t.Fatal(err)
		}
		res := checkJob(t, db, job.ID, 500, 3)
		wantCreated, wantUnchanged := 500, 0
		if i == 1 {
			wantCreated, wantUnchanged = 0, 500
		}
		if res.Created != wantCreated || res.Updated != 0 || res.Unchanged != wantUnchanged {
			t.Fatalf("import %d: result %+v", i+1, res)
		}
	}
	if got := countRows(t, db, `SELECT count(*) FROM creators`); got != 500 {
		t.Fatalf("%d creators, want 500", got)
	}
}

// TestCreatorImport_LinksExistingUser: a creator whose e-mail belongs to a
// USER account is linked to it, and a later creator sign-up is linked too.
func TestCreatorImport_LinksExistingUser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	u, err := db.SaveAccount(ctx, store.AccountSpec{Email: "ann@example.com", Password: "Str0ng!pass", Role: store.RoleUser, NicheName: "Travel"})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(path, []byte(`[{"name":"Ann","email":"Ann@Example.com"},{"name":"Bo","email":"bo@example.com"}]`), 0o600)
	_, task := rosterJob(t, h, path)
	if err := h.HandleCreatorImport(ctx, task); err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, db, `SELECT count(*) FROM creators WHERE user_id = $1 AND email = 'ann@example.com'`, u.ID); got != 1 {
		t.Fatalf("ann not linked")
	}
	niches, _ := db.ListNiches(ctx)
	if err := db.Register(ctx, store.Registration{Name: "Bo", Email: "BO@example.com", Password: "Str0ng!pass", Niche: niches[0].ID},
		NewSendOTPTask(), NewSignupNoticeTask); err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, db, `SELECT count(*) FROM creators c JOIN users u ON u.id = c.user_id WHERE u.email = 'bo@example.com'`); got != 1 {
		t.Fatalf("bo not linked")
	}
}

// TestCreatorImport_WholeFileProblemFailsJob: a file with no usable header
// fails the job with a clear message and is not retried.
func TestCreatorImport_WholeFileProblemFailsJob(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	path := filepath.Join(t.TempDir(), "r.csv")
	os.WriteFile(path, []byte("Colour,Size\nblue,3\n"), 0o600)
	job, task := rosterJob(t, h, path)
	if err := h.HandleCreatorImport(ctx, task); err != nil {
		t.Fatal(err)
	}
	var status, msg string
	if err := db.SQL().QueryRow(`SELECT status, error FROM jobs WHERE id = $1`, job.ID).Scan(&status, &msg); err != nil {
		t.Fatal(err)
	}
	if status != store.JobFailed || msg == "" {
		t.Fatalf("status %s error %q", status, msg)
	}
}

// TestCreatorImport_MalformedJSONSavesNothing: a JSON file that breaks after
// many good items fails the job before any creator is saved.
func TestCreatorImport_MalformedJSONSavesNothing(t *testing.T) {
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	defer func(n int) { importBatchSize = n }(importBatchSize)
	importBatchSize = 5
	var buf bytes.Buffer
	buf.WriteString("[")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&buf, `{"name": "Creator %d", "email": "c%d@example.com"},`, i, i)
	}
	buf.WriteString(`{"name": "Broken", "email": }]`)
	path := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	job, task := rosterJob(t, h, path)
	if err := h.HandleCreatorImport(ctx, task); err != nil {
		t.Fatal(err)
	}
	var status, msg string
	if err := db.SQL().QueryRow(`SELECT status, error FROM jobs WHERE id = $1`, job.ID).Scan(&status, &msg); err != nil {
		t.Fatal(err)
	}
	if status != store.JobFailed || !strings.Contains(msg, "malformed") {
		t.Fatalf("status %s error %q", status, msg)
	}
	if n := countRows(t, db, `SELECT count(*) FROM creators`); n != 0 {
		t.Fatalf("%d creators saved from a malformed file", n)
	}
}

// TestCreatorImport_BadTextBecomesRowErrors: NUL bytes and invalid UTF-8 past
// the head the api sniffs (CSV) or as JSON escapes become row errors; the
// job ends with every other row saved.
func TestCreatorImport_BadTextBecomesRowErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := setup(t).Handler
	db := h.Store
	var csv bytes.Buffer
	if err := rosterfilegen.WriteCSV(&csv, 200); err != nil {
		t.Fatal(err)
	}
	csv.WriteString("Nul\x00Name,nul@example.com,,,nulhandle,100,,,,,,,,,,,,,,,,,\n")
	csv.WriteString("Bad Bytes,bad@example.com,,\xff\xfe,badbytes,100,,,,,,,,,,,,,,,,,\n")
	csvPath := filepath.Join(t.TempDir(), "r.csv")
	jsonPath := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(csvPath, csv.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(jsonPath, []byte(`[{"name":"Ok One","email":"ok1@example.com","notes\u0000":"x"},
		{"name":"Nul\u0000Json","email":"nj@example.com"},{"name":"Ok Two","email":"ok2@example.com"}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path         string
		saved, fails int
	}{{csvPath, 200, 2}, {jsonPath, 2, 1}} {
		job, task := rosterJob(t, h, tc.path)
		if err := h.HandleCreatorImport(ctx, task); err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		checkJob(t, db, job.ID, tc.saved, tc.fails)
		var msgs []string
		if err := db.SQL().Select(&msgs, `SELECT message FROM roster_row_errors WHERE job_id = $1`, job.ID); err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if m != rosterfile.MsgBadText {
				t.Fatalf("%s: row error %q, want %q", tc.path, m, rosterfile.MsgBadText)
			}
		}
		if len(msgs) != tc.fails {
			t.Fatalf("%s: %d row errors, want %d", tc.path, len(msgs), tc.fails)
		}
	}
}
