package jobs

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"creatorcoach/store"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

// TestMain doubles as a worker process for the crash test: with
// JOBS_TEST_WORKER set it runs RunWorker on the given database and Redis,
// importing slowly, until it is killed.
func TestMain(m *testing.M) {
	if os.Getenv("JOBS_TEST_WORKER") == "" {
		os.Exit(m.Run())
	}
	ctx := context.Background()
	db, err := store.Open(ctx, os.Getenv("JOBS_TEST_DB"))
	if err != nil {
		panic(err)
	}
	opt, err := asynq.ParseRedisURI(os.Getenv("JOBS_TEST_REDIS"))
	if err != nil {
		panic(err)
	}
	importBatchSize = 50
	afterImportBatch = func(context.Context, string, int) { time.Sleep(20 * time.Millisecond) }
	var blobs blob.Store
	if s3 := os.Getenv("JOBS_TEST_S3"); s3 != "" { // endpoint and bucket of the test's store
		endpoint, bucket, _ := strings.Cut(s3, " ")
		if blobs, err = blob.NewS3(blob.S3Config{Endpoint: endpoint, Bucket: bucket, Region: "us-east-1",
			AccessKeyID: blobtest.AccessKey, SecretAccessKey: blobtest.SecretKey, PathStyle: true}); err != nil {
			panic(err)
		}
	}
	err = RunWorker(ctx, WorkerDeps{Store: db, RedisOpt: opt, DatabaseURL: os.Getenv("JOBS_TEST_DB"), Log: quietLog(),
		DataDir: os.Getenv("JOBS_TEST_DATA"), Blobs: blobs, Poll: 50 * time.Millisecond})
	panic(err)
}

// waitJob polls the job until it is finished or a minute has passed.
func waitJob(t *testing.T, db *store.DB, id string, done func(j store.Job) bool) store.Job {
	t.Helper()
	var j store.Job
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if err := db.SQL().Get(&j, `SELECT status, processed, failed, error FROM jobs WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
		if done(j) {
			return j
		}
	}
	t.Fatalf("job %s stayed %s (processed %d, error %q)", id, j.Status, j.Processed, j.Error)
	return j
}

func finished(j store.Job) bool { return j.Status == store.JobSucceeded || j.Status == store.JobFailed }

// TestWorker_KilledMidImport: a worker process killed with SIGKILL in the
// middle of an import leaves its task to another worker, which copies it as
// soon as the dead worker's lease has run out (forced here, as if its 30 s
// had passed) and ends with exactly the file's rows.
func TestWorker_KilledMidImport(t *testing.T) {
	e := setup(t)
	db, dbURL, h := e.Store, e.DBURL, e.Handler
	redisOpt, redisURL := e.redis()
	const n = 3000
	job, _ := rosterJob(t, h, rosterFile(t, n))

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "JOBS_TEST_WORKER=1", "JOBS_TEST_DB="+dbURL, "JOBS_TEST_REDIS="+redisURL, "JOBS_TEST_DATA="+h.DataDir)
	if s3, ok := h.Blobs.(*blob.S3); ok {
		cmd.Env = append(cmd.Env, "JOBS_TEST_S3="+blobtest.Endpoint(t)+" "+s3.Bucket())
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitJob(t, db, job.ID, func(j store.Job) bool { return j.Processed >= 300 })
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if j := waitJob(t, db, job.ID, func(store.Job) bool { return true }); j.Status != store.JobRunning || j.Processed >= n {
		t.Fatalf("job %s with %d rows after the kill; want it running, part done", j.Status, j.Processed)
	}

	opt, _ := redis.ParseURL(redisURL)
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	leases := "asynq:{" + QueueCreatorImport + "}:lease"
	if err := rdb.ZAdd(context.Background(), leases, redis.Z{Score: float64(time.Now().Add(-time.Second).Unix()),
		Member: TypeCreatorImport + ":" + job.ID}).Err(); err != nil {
		t.Fatal(err)
	}

	e.startWorker(WorkerDeps{RedisOpt: redisOpt})
	waitJob(t, db, job.ID, finished)
	res := checkJob(t, db, job.ID, n, 3)
	if got := countRows(t, db, `SELECT count(*) FROM creators`); got != n {
		t.Fatalf("%d creators, want %d", got, n)
	}
	if res.Created != n || res.Updated != 0 || res.Unchanged != 0 {
		t.Fatalf("result %+v, want %d created", res, n)
	}
}

// TestWorker_GivenUpTaskFailsJob: when asynq stops retrying a task (its
// retries used up, or SkipRetry), its job is marked failed with a readable
// error instead of staying running.
func TestWorker_GivenUpTaskFailsJob(t *testing.T) {
	e := setup(t)
	db, h := e.Store, e.Handler
	redisOpt, _ := e.redis()
	exhausted, task := rosterJob(t, h, rosterFile(t, 10))
	skipped, _ := rosterJob(t, h, rosterFile(t, 10))
	// Every save fails (an internal error), and a payload that cannot be read is never retried.
	for _, q := range []string{`DELETE FROM task_outbox`, `ALTER TABLE creators RENAME TO creators_gone`} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	client := asynq.NewClient(redisOpt)
	defer client.Close()
	for _, tc := range []struct {
		task *asynq.Task
		id   string
	}{
		{task, exhausted.ID},
		{asynq.NewTask(TypeCreatorImport, []byte(`{"jobId":"`+skipped.ID+`","format":5}`)), skipped.ID},
	} {
		if _, err := client.Enqueue(tc.task, asynq.Queue(QueueCreatorImport), asynq.MaxRetry(0), asynq.TaskID(TypeCreatorImport+":"+tc.id)); err != nil {
			t.Fatal(err)
		}
	}
	e.startWorker(WorkerDeps{RedisOpt: redisOpt})
	for _, id := range []string{exhausted.ID, skipped.ID} {
		j := waitJob(t, db, id, finished)
		if j.Status != store.JobFailed || j.Error != MsgJobGaveUp {
			t.Fatalf("job %s error %q; want failed with %q", j.Status, j.Error, MsgJobGaveUp)
		}
	}
}
