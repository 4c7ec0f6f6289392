package jobs

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/store/blob/blobtest"
	"creatorcoach/store/storetest"
)

// env is one test's set-up bundle: a handler over a fresh clone of the
// migrated database, with a private data directory, and the database's
// URL; a Redis database, a mail server and a running worker on demand.
type env struct {
	*Handler
	DBURL string
	t     *testing.T
}

// setup makes one test's bundle.
func setup(t *testing.T) *env {
	t.Helper()
	db, dbURL := storetest.New(t)
	h := &Handler{Store: db, Log: quietLog(), DataDir: t.TempDir(), ProductName: "Creator Coach"}
	if blobtest.Kind() == "s3" { // STORAGE=s3 runs the suite on a bucket of its own
		h.Blobs = blobtest.S3(t)
	}
	return &env{Handler: h, DBURL: dbURL, t: t}
}

// quietLog is a logger that drops everything.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// redis leases a Redis database for the test: its asynq options and URL.
func (e *env) redis() (asynq.RedisConnOpt, string) {
	e.t.Helper()
	url := storetest.Redis(e.t)
	opt, err := asynq.ParseRedisURI(url)
	if err != nil {
		e.t.Fatal(err)
	}
	return opt, url
}

// withMail starts a mail server for the test and has the handler mail
// through it.
func (e *env) withMail() *mailtest.Server {
	e.t.Helper()
	smtp := mailtest.Start(e.t)
	sender, err := mail.New(smtp.URL, "", "no-reply@creatorcoach.test", quietLog())
	if err != nil {
		e.t.Fatal(err)
	}
	e.Mail = sender
	return smtp
}

// startWorker runs a worker of d (its store, database URL, mailer, data
// directory and log filled from the bundle where unset, polling every 50 ms)
// until the test ends.
func (e *env) startWorker(d WorkerDeps) {
	if d.Store == nil {
		d.Store, d.DatabaseURL = e.Store, e.DBURL
	}
	if d.Mail == nil && e.Mail != nil {
		d.Mail = e.Mail
	}
	if d.DataDir == "" {
		d.DataDir = e.DataDir
	}
	if d.Blobs == nil {
		d.Blobs = e.Blobs
	}
	if d.Log == nil {
		d.Log = quietLog()
	}
	if d.Poll == 0 {
		d.Poll = 50 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- RunWorker(ctx, d) }()
	e.t.Cleanup(func() { cancel(); <-done })
}
