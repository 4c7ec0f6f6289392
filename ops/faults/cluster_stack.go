package main

import (
	"bytes"
	"context"
	"creatorcoach/ops/haproxy"
	"crypto/rand"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
	"github.com/minio/minio-go/v7"

	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/store/blob"
	"creatorcoach/store/blob/blobtest"
)

// node is one process of the cluster: api, worker or scheduler, run from a
// working directory of its own that starts empty (no DATA_DIR is shared;
// with STORAGE=s3 nothing the product keeps lands there).
type node struct {
	kind string // api, worker, scheduler
	name string // api1, worker2, ...
	addr string // an api's HTTP_ADDR (kept across restarts: HAProxy names it)
	dir  string
	p    *proc
}

func (n *node) alive() bool { return n.p != nil && n.p.alive() }

// cluster is the multi-node stack of the cluster scenario: HAProxy in front
// of two api processes, two workers and two schedulers, each in its own
// empty working directory, on one Postgres database (of the suite's
// cluster), the cluster's Redis (clusterRedis) and a bucket of an
// S3-compatible server (versitygw), with mail going to an SMTP server
// (go-smtp) in this process.
type cluster struct {
	s          *suite
	dir        string
	dbURL      string
	db         *sql.DB
	env        []string // every process's environment
	redisOpt   asynq.RedisConnOpt
	insp       *asynq.Inspector
	s3         *blob.S3
	mail       *mailtest.Server
	stopMail   func()
	stopRedis  func()
	apis       []*node
	workers    []*node
	schedulers []*node
	haproxy    *proc
	hapAddr    string // the cluster's public address (PUBLIC_URL)
	statsAddr  string // HAProxy's statistics page (CSV)
	http       *http.Client
	noFollow   *http.Client
	ip         atomic.Int64
	niche      string
	admin      string // the ADMIN's access token
}

// clusterRedis is the Redis every cluster process uses, as a deployment on
// several machines runs it: under Sentinel (one master, one replica, three
// Sentinels on loopback; startSentinelRedis). It returns the environment
// that selects it, how the suite's inspector reaches it, and its stop.
func (s *suite) clusterRedis() ([]string, asynq.RedisConnOpt, func(), error) {
	r, err := startSentinelRedis(filepath.Join(s.dir, "cluster", "sentinel"))
	if err != nil {
		return nil, nil, nil, err
	}
	return r.Env(), asynq.RedisFailoverClientOpt{MasterName: r.MasterName, SentinelAddrs: r.Sentinels}, r.close, nil
}

// clusterOwnSettings are the variables the suite sets for every cluster
// process; any value they have in the suite's own environment is dropped.
var clusterOwnSettings = []string{"APP_ENV", "DATABASE_URL", "REDIS_URL", "REDIS_SENTINELS", "REDIS_MASTER_NAME", "HTTP_ADDR",
	"PUBLIC_URL", "DATA_DIR", "WEB_DIR", "MAIL_URL", "STORAGE", "S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID",
	"S3_SECRET_ACCESS_KEY", "S3_PATH_STYLE", "JWT_SECRET", "OTP_SECRET", "OPS_PASSWORD", "TRUSTED_PROXIES", "SOCIAL_SANDBOX",
	"WORKER_POLL_INTERVAL", "BCRYPT_COST"}

// newCluster makes the cluster's database, bucket, SMTP server and HAProxy
// configuration and starts every process; close undoes it.
func (s *suite) newCluster(ctx context.Context) (*cluster, error) {
	c := &cluster{s: s, dir: filepath.Join(s.dir, "cluster"),
		http:     &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 5 * time.Second}},
		noFollow: &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return nil, err
	}
	if _, err := exec.LookPath("haproxy"); err != nil {
		return nil, fmt.Errorf("haproxy not found (apt-get install haproxy; ops/test.sh does)")
	}
	// One Postgres: a database of the suite's cluster.
	if out, err := exec.Command(filepath.Join(s.pgBin, "createdb"), "-h", "127.0.0.1", "-p", strconv.Itoa(s.pgPort), "-U", "postgres",
		"creatorcoach_cluster").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("createdb: %v %s", err, out)
	}
	c.dbURL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/creatorcoach_cluster?sslmode=disable", s.pgPort)
	var err error
	if c.db, err = sql.Open("postgres", c.dbURL); err != nil {
		return nil, err
	}
	redisEnv, redisOpt, stopRedis, err := s.clusterRedis()
	if err != nil {
		return nil, err
	}
	c.stopRedis = stopRedis
	c.redisOpt = redisOpt
	c.insp = asynq.NewInspector(redisOpt)
	// The object store: a bucket of its own on the S3 server the file tests use.
	endpoint, err := blobtest.Find()
	if err != nil {
		return nil, fmt.Errorf("S3 server: %w", err)
	}
	var rnd [4]byte
	_, _ = rand.Read(rnd[:])
	cfg := blob.S3Config{Endpoint: endpoint, Bucket: "faults-cluster-" + hex.EncodeToString(rnd[:]), Region: "us-east-1",
		AccessKeyID: blobtest.AccessKey, SecretAccessKey: blobtest.SecretKey, PathStyle: true}
	if c.s3, err = blob.NewS3(cfg); err != nil {
		return nil, err
	}
	if err := c.s3.EnsureBucket(ctx); err != nil {
		return nil, fmt.Errorf("bucket on %s: %w", endpoint, err)
	}
	if c.mail, c.stopMail, err = mailtest.Listen(); err != nil {
		return nil, err
	}
	c.hapAddr, c.statsAddr = fmt.Sprintf("127.0.0.1:%d", freePort()), fmt.Sprintf("127.0.0.1:%d", freePort())
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !contains(clusterOwnSettings, k) {
			c.env = append(c.env, kv)
		}
	}
	c.env = append(c.env, redisEnv...)
	c.env = append(c.env, "APP_ENV=development", "DATABASE_URL="+c.dbURL, "PUBLIC_URL=http://"+c.hapAddr,
		"STORAGE=s3", "S3_ENDPOINT="+cfg.Endpoint, "S3_BUCKET="+cfg.Bucket, "S3_REGION="+cfg.Region,
		"S3_ACCESS_KEY_ID="+cfg.AccessKeyID, "S3_SECRET_ACCESS_KEY="+cfg.SecretAccessKey, "S3_PATH_STYLE=true",
		"MAIL_URL="+c.mail.URL, "JWT_SECRET=faults-cluster-jwt-secret", "OTP_SECRET=faults-cluster-otp-secret",
		"TRUSTED_PROXIES=127.0.0.1/32", "SOCIAL_SANDBOX=1", "WORKER_POLL_INTERVAL=100ms", "BCRYPT_COST=4")
	if err := c.runOnce("migrate"); err != nil {
		return c, err
	}
	if err := c.runOnce("create-admin", "--email", adminEmail, "--password", adminPassword); err != nil {
		return c, err
	}
	for i := 1; i <= 2; i++ {
		c.apis = append(c.apis, &node{kind: "api", name: fmt.Sprintf("api%d", i), addr: fmt.Sprintf("127.0.0.1:%d", freePort())})
		c.workers = append(c.workers, &node{kind: "worker", name: fmt.Sprintf("worker%d", i)})
		c.schedulers = append(c.schedulers, &node{kind: "scheduler", name: fmt.Sprintf("scheduler%d", i)})
	}
	if err := c.startHAProxy(); err != nil {
		return c, err
	}
	if err := c.startAll(ctx); err != nil {
		return c, err
	}
	return c, c.setup()
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// runOnce runs `api args...` to completion from an empty directory of its own.
func (c *cluster) runOnce(args ...string) error {
	dir, err := os.MkdirTemp(c.dir, "once-")
	if err != nil {
		return err
	}
	cmd := exec.Command(filepath.Join(c.s.bin, "api"), args...)
	cmd.Dir, cmd.Env = dir, c.env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("api %v: %v\n%s", args, err, out)
	}
	return nil
}

// start runs n's binary from a new empty working directory, its output
// appended to the cluster's <name>.log.
func (c *cluster) start(n *node) error {
	dir, err := os.MkdirTemp(c.dir, n.name+"-")
	if err != nil {
		return err
	}
	logFile, err := os.OpenFile(filepath.Join(c.dir, n.name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(filepath.Join(c.s.bin, n.kind))
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, c.env, logFile, logFile
	if n.addr != "" {
		cmd.Env = append(append([]string(nil), c.env...), "HTTP_ADDR="+n.addr)
	}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return err
	}
	p := &proc{name: n.name, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(p.done) }()
	c.s.procs = append(c.s.procs, p)
	n.p, n.dir = p, dir
	return nil
}

// startAll starts every process that is not running and waits until HAProxy
// sees both apis up and asynq lists both workers.
func (c *cluster) startAll(ctx context.Context) error {
	for _, list := range [][]*node{c.apis, c.workers, c.schedulers} {
		for _, n := range list {
			if !n.alive() {
				if err := c.start(n); err != nil {
					return err
				}
			}
		}
	}
	ok := waitFor(ctx, 60*time.Second, func() bool {
		up, _ := c.serversUp()
		return up == len(c.apis) && len(c.workerPIDs()) == len(c.workers)
	})
	if !ok {
		up, err := c.serversUp()
		return fmt.Errorf("cluster not up within 60 s: %d apis up behind HAProxy (%v), %d workers registered (logs in %s)",
			up, err, len(c.workerPIDs()), c.dir)
	}
	return nil
}

// workerPIDs are the process ids of the live worker processes asynq lists.
func (c *cluster) workerPIDs() map[int]bool {
	servers, err := c.insp.Servers()
	if err != nil {
		return nil
	}
	pids := map[int]bool{}
	for _, w := range c.workers {
		if !w.alive() {
			continue
		}
		for _, sv := range servers {
			if sv.PID == w.p.cmd.Process.Pid {
				pids[sv.PID] = true
			}
		}
	}
	return pids
}

// importer is the worker process running the job id, as the job's worker
// (host:pid, set by the worker when it starts the job) names it in GET
// /api/jobs/{id}; nil when no live worker of the cluster does.
func (c *cluster) importer(jobID string) *node {
	j, _ := c.job(jobID, c.admin)
	if j.Worker == "" {
		return nil
	}
	pid := j.Worker[strings.LastIndexByte(j.Worker, ':')+1:]
	for _, n := range c.workers {
		if n.alive() && strconv.Itoa(n.p.cmd.Process.Pid) == pid {
			return n
		}
	}
	return nil
}

// startHAProxy starts HAProxy before the apis (ops/haproxy), requests
// pinnable to one api with the X-Api-Node header (the suite uploads through
// one api and downloads through the other).
func (c *cluster) startHAProxy() error {
	var apis []haproxy.Server
	for _, a := range c.apis {
		apis = append(apis, haproxy.Server{Name: a.name, Addr: a.addr})
	}
	conf, err := haproxy.Config(haproxy.Options{Addr: c.hapAddr, APIs: apis, Pin: true, Stats: c.statsAddr})
	if err != nil {
		return err
	}
	cfg := filepath.Join(c.dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, conf, 0o644); err != nil {
		return err
	}
	if out, err := exec.Command("haproxy", "-c", "-q", "-f", cfg).CombinedOutput(); err != nil {
		return fmt.Errorf("haproxy -c: %v\n%s", err, out)
	}
	logFile, err := os.Create(filepath.Join(c.dir, "haproxy.log"))
	if err != nil {
		return err
	}
	cmd := exec.Command("haproxy", "-db", "-f", cfg)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return err
	}
	c.haproxy = &proc{name: "haproxy", cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(c.haproxy.done) }()
	c.s.procs = append(c.s.procs, c.haproxy)
	port, _ := strconv.Atoi(c.hapAddr[strings.LastIndexByte(c.hapAddr, ':')+1:])
	return waitPort(port, 10*time.Second)
}

// hapStats is HAProxy's statistics CSV: the api backend's row and each api's.
func (c *cluster) hapStats() (map[string]map[string]string, error) {
	res, err := c.http.Get("http://" + c.statsAddr + "/stats;csv")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	rows, err := csv.NewReader(res.Body).ReadAll()
	if err != nil || len(rows) < 2 {
		return nil, fmt.Errorf("stats: %v", err)
	}
	head := rows[0]
	head[0] = strings.TrimPrefix(head[0], "# ")
	out := map[string]map[string]string{}
	for _, r := range rows[1:] {
		if len(r) < len(head) || r[0] != "api" {
			continue
		}
		m := map[string]string{}
		for i, h := range head {
			m[h] = r[i]
		}
		out[r[1]] = m
	}
	return out, nil
}

// serversUp counts the apis HAProxy's health checks see up.
func (c *cluster) serversUp() (int, error) {
	st, err := c.hapStats()
	if err != nil {
		return 0, err
	}
	up := 0
	for _, a := range c.apis {
		if strings.HasPrefix(st[a.name]["status"], "UP") {
			up++
		}
	}
	return up, nil
}

// retried is HAProxy's count of retries and redispatches on the api backend.
func (c *cluster) retried() (int, int) {
	st, err := c.hapStats()
	if err != nil {
		return -1, -1
	}
	r, _ := strconv.Atoi(st["BACKEND"]["wretr"])
	d, _ := strconv.Atoi(st["BACKEND"]["wredis"])
	return r, d
}

// close stops the cluster's processes and removes its bucket.
func (c *cluster) close() {
	for _, list := range [][]*node{c.apis, c.workers, c.schedulers} {
		for _, n := range list {
			if n.alive() {
				n.p.stop()
			}
		}
	}
	if c.haproxy != nil && c.haproxy.alive() {
		c.haproxy.stop()
	}
	if c.stopMail != nil {
		c.stopMail()
	}
	if c.insp != nil {
		c.insp.Close()
	}
	if c.stopRedis != nil {
		c.stopRedis()
	}
	if c.db != nil {
		c.db.Close()
	}
	if c.s3 != nil {
		ctx := context.Background()
		cl := c.s3.Client()
		for o := range cl.ListObjects(ctx, c.s3.Bucket(), minio.ListObjectsOptions{Recursive: true}) {
			if o.Err == nil {
				_ = cl.RemoveObject(ctx, c.s3.Bucket(), o.Key, minio.RemoveObjectOptions{})
			}
		}
		_ = cl.RemoveBucket(ctx, c.s3.Bucket())
	}
}

// reply is one answer through HAProxy; status 0 means no answer at all.
type reply struct {
	status int
	node   string // the api that answered (X-Api-Node)
	raw    []byte
	body   map[string]any
	header http.Header
	err    error
}

func (r reply) str(path ...string) string {
	var cur any = r.body
	for _, p := range path {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	s, _ := cur.(string)
	return s
}

// failed: no answer, or a 5xx (what a client sees when HAProxy could not
// hide a lost api).
func (r reply) failed() bool { return r.status == 0 || r.status >= 500 }

func (r reply) String() string {
	if r.err != nil {
		return r.err.Error()
	}
	return fmt.Sprintf("%d from %s: %.300s", r.status, r.node, r.raw)
}

// send sends req through HAProxy, pinned to api pin when not empty, as a
// client of a fresh address (X-Forwarded-For, which HAProxy extends).
func (c *cluster) send(req *http.Request, token, pin string) reply {
	n := c.ip.Add(1)
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", 100+(n>>16)&127, (n>>8)&255, n&255))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if pin != "" {
		req.Header.Set("X-Api-Node", pin)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return reply{err: err}
	}
	defer res.Body.Close()
	r := reply{status: res.StatusCode, node: res.Header.Get("X-Api-Node"), header: res.Header}
	r.raw, r.err = io.ReadAll(res.Body)
	if r.err != nil {
		r.status = 0
	}
	_ = json.Unmarshal(r.raw, &r.body)
	return r
}

// call sends method path with in as JSON (when not nil).
func (c *cluster) call(method, path, token, pin string, in any) reply {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, "http://"+c.hapAddr+path, body)
	if err != nil {
		return reply{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	return c.send(req, token, pin)
}
