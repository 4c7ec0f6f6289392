// Command storage measures STORAGE=s3 against local disk, in the same run
// (the machines are shared and noisy; compare ratios, not numbers):
//
//   - a creator import of a generated CSV uploaded to the real api and
//     imported by a real worker process, with the roster file in an S3
//     bucket (versitygw) against the same import with it on local disk
//     (goal: at most 1.15x);
//   - downloads of a 20 MB attachment through the product's signed link
//     (the api streaming the object from the bucket) against a direct GET of
//     the same object from the S3 server (a presigned URL; goal: at least
//     0.8x the throughput).
//
// It needs Postgres, Redis and an S3 server with the development keys
// (store/blob/blobtest finds or starts one), and writes to a scratch
// database creatorcoach_bench_storage, Redis database 15 and a bucket of
// its own, removed at the end.
//
//	go run ./ops/bench/storage [-runs 5] [-rows 30000] [-mb 20] [-downloads 50] [-only import|download]
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"time"

	"github.com/minio/minio-go/v7"

	"creatorcoach/jobs"
	"creatorcoach/jobs/rosterfile/rosterfilegen"
	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

var (
	runs      = flag.Int("runs", 5, "repetitions of each measurement; medians are reported")
	rows      = flag.Int("rows", 30_000, "rows of the imported CSV")
	sizeMB    = flag.Int("mb", 20, "size of the downloaded attachment in MB (at most 25)")
	downloads = flag.Int("downloads", 50, "downloads per run and side")
	poll      = flag.String("poll", "50ms", "the worker's WORKER_POLL_INTERVAL")
	only      = flag.String("only", "", "run only the import or the download part")
)

func main() { benchkit.Main("bench", run) }

func run(ctx context.Context) error {
	endpoint, err := blobtest.Find()
	if err != nil {
		return err
	}
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	bucket := "ccbench-" + hex.EncodeToString(rnd[:])
	s3, err := blob.NewS3(blob.S3Config{Endpoint: endpoint, Bucket: bucket, Region: "us-east-1",
		AccessKeyID: blobtest.AccessKey, SecretAccessKey: blobtest.SecretKey, PathStyle: true})
	if err != nil {
		return err
	}
	if err := s3.EnsureBucket(ctx); err != nil {
		return err
	}
	defer emptyBucket(s3)
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_storage", Build: []string{"api", "worker"},
		Env: []string{"WORKER_POLL_INTERVAL=" + *poll}})
	if err != nil {
		return err
	}
	defer s.Close()
	envs := map[string][]string{"local": {"STORAGE=local"}, "s3": {"STORAGE=s3", "S3_ENDPOINT=" + endpoint, "S3_BUCKET=" + bucket,
		"S3_ACCESS_KEY_ID=" + blobtest.AccessKey, "S3_SECRET_ACCESS_KEY=" + blobtest.SecretKey}}
	fmt.Printf("== storage: S3 server %s (versitygw %s, POSIX backend), median of %d\n", endpoint, blobtest.Version, *runs)
	if *only != "download" {
		if err := imports(ctx, s, envs); err != nil {
			return err
		}
	}
	if *only == "import" {
		return nil
	}
	return download(ctx, s, s3, envs["s3"])
}

// imports times the same CSV import with the file on local disk and in S3,
// alternating, a fresh api and worker for each.
func imports(ctx context.Context, s *benchkit.Stack, envs map[string][]string) error {
	var csvBuf bytes.Buffer
	rosterfilegen.WriteCSV(&csvBuf, *rows)
	took := map[string][]float64{}
	lat := map[string][]float64{}
	var ratios, latRatios []float64
	for i := 0; i < *runs; i++ {
		order := []string{"local", "s3"}
		if i%2 == 1 { // neither side always goes first
			order = []string{"s3", "local"}
		}
		for _, kind := range order {
			for _, q := range []string{`TRUNCATE creators CASCADE`, `VACUUM ANALYZE creators`} {
				if _, err := s.DB.SQL().ExecContext(ctx, q); err != nil {
					return err
				}
			}
			proc, l, err := importOnce(ctx, s, envs[kind], fmt.Sprintf("admin%d-%s@bench.io", i, kind), csvBuf.Bytes())
			if err != nil {
				return fmt.Errorf("%s: %w", kind, err)
			}
			took[kind], lat[kind] = append(took[kind], proc), append(lat[kind], l)
		}
		ratios = append(ratios, took["s3"][i]/took["local"][i])
		latRatios = append(latRatios, lat["s3"][i]/lat["local"][i])
	}
	fmt.Printf("creator import, %d rows (CSV %.1f MB):\n", *rows, float64(csvBuf.Len())/(1<<20))
	fmt.Printf("  local disk:  processing %6.3f s, upload -> job done %6.3f s\n", benchkit.Median(took["local"]), benchkit.Median(lat["local"]))
	fmt.Printf("  S3:          processing %6.3f s, upload -> job done %6.3f s\n", benchkit.Median(took["s3"]), benchkit.Median(lat["s3"]))
	fmt.Printf("  S3 / local:  processing %.2fx, upload -> job done %.2fx (goal <= 1.15)\n", benchkit.Median(ratios), benchkit.Median(latRatios))
	return nil
}

// importOnce starts an api and a worker with env, uploads data as a new
// admin and waits for the job: processing and upload-to-done seconds.
func importOnce(ctx context.Context, s *benchkit.Stack, env []string, admin string, data []byte) (float64, float64, error) {
	if err := s.StartAPI(env...); err != nil {
		return 0, 0, err
	}
	defer s.StopAPI()
	w, err := s.StartWorker(env...)
	if err != nil {
		return 0, 0, err
	}
	defer w.Stop()
	_, token, err := s.Account(ctx, store.AccountSpec{Email: admin, Role: store.RoleAdmin})
	if err != nil {
		return 0, 0, err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "roster.csv")
	fw.Write(data)
	mw.Close()
	t0 := time.Now()
	id, err := s.PostJob("/api/upload-creators", token, mw.FormDataContentType(), &body)
	if err != nil {
		return 0, 0, err
	}
	job, err := s.WaitJob(ctx, id)
	if err != nil {
		return 0, 0, err
	}
	if job.Processed != *rows {
		return 0, 0, fmt.Errorf("%d of %d rows imported", job.Processed, *rows)
	}
	return job.Took.Seconds(), time.Since(t0).Seconds(), nil
}

// download uploads one attachment through the api on S3, then times
// downloads of it through its signed link against direct GETs of the object
// from the S3 server, alternating.
func download(ctx context.Context, s *benchkit.Stack, s3 *blob.S3, env []string) error {
	if err := s.StartAPI(env...); err != nil {
		return err
	}
	defer s.StopAPI()
	_, token, err := s.Account(ctx, store.AccountSpec{Email: "brand@bench.io", Role: store.RoleBrandAdmin, BrandName: "Bench"})
	if err != nil {
		return err
	}
	size := int64(*sizeMB) << 20
	data := make([]byte, size)
	_, _ = rand.Read(data)
	copy(data, "%PDF-1.4\n")
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "guide.pdf")
	fw.Write(data)
	mw.Close()
	var out struct{ Data struct{ Key, URL string } }
	if err := s.Call("POST", "/api/files/upload", token, mw.FormDataContentType(), &body, http.StatusCreated, &out); err != nil {
		return err
	}
	direct, err := s3.Client().PresignedGetObject(ctx, s3.Bucket(), jobs.FileKey(out.Data.Key), time.Hour, url.Values{})
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 4}}
	get := func(u string) (float64, error) {
		t0 := time.Now()
		for i := 0; i < *downloads; i++ {
			res, err := client.Get(u)
			if err != nil {
				return 0, err
			}
			n, err := io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusOK || n != size {
				return 0, fmt.Errorf("GET %s: %d, %d of %d bytes, %v", u, res.StatusCode, n, size, err)
			}
		}
		return float64(*downloads) * float64(size) / (1 << 20) / time.Since(t0).Seconds(), nil
	}
	var api, raw, ratios []float64
	for i := 0; i < *runs; i++ {
		a, err := get(s.URL(out.Data.URL))
		if err != nil {
			return err
		}
		d, err := get(direct.String())
		if err != nil {
			return err
		}
		api, raw, ratios = append(api, a), append(raw, d), append(ratios, a/d)
	}
	fmt.Printf("download of a %d MB attachment, %d per run:\n", *sizeMB, *downloads)
	fmt.Printf("  signed link (api from S3): %7.1f MB/s\n", benchkit.Median(api))
	fmt.Printf("  direct GET from S3:        %7.1f MB/s\n", benchkit.Median(raw))
	fmt.Printf("  signed link / direct:      %.2fx (goal >= 0.80)\n", benchkit.Median(ratios))
	return nil
}

// emptyBucket removes the benchmark's objects and bucket.
func emptyBucket(s3 *blob.S3) {
	ctx := context.Background()
	c := s3.Client()
	for o := range c.ListObjects(ctx, s3.Bucket(), minio.ListObjectsOptions{Recursive: true}) {
		if o.Err == nil {
			_ = c.RemoveObject(ctx, s3.Bucket(), o.Key, minio.RemoveObjectOptions{})
		}
	}
	_ = c.RemoveBucket(ctx, s3.Bucket())
}
