package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// client talks to the suite's api.
type client struct {
	base  string
	http  *http.Client
	niche string
	admin string // ADMIN access token
	ip    atomic.Int64
}

func newClient(addr string) *client {
	return &client{base: "http://" + addr, http: &http.Client{Timeout: 20 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
}

// answer is one HTTP answer; status 0 means the request itself failed.
type answer struct {
	status int
	body   map[string]any
	err    error
}

func (a answer) str(path ...string) string {
	var cur any = a.body
	for _, p := range path {
		m, _ := cur.(map[string]any)
		cur = m[p]
	}
	s, _ := cur.(string)
	return s
}

// nextIP is a fresh client address, sent as X-Forwarded-For through the
// trusted loopback proxy, so per-IP limits do not cap the suite's load.
func (c *client) nextIP() string {
	n := c.ip.Add(1)
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255)
}

func (c *client) do(method, path, token string, body any) answer {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", c.nextIP())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return c.send(req)
}

func (c *client) send(req *http.Request) answer {
	res, err := c.http.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	a := answer{status: res.StatusCode}
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// setup reads a niche and logs the suite's ADMIN in.
func (c *client) setup(email, password string) error {
	a := c.do("GET", "/api/niche", "", nil)
	list, _ := a.body["data"].(map[string]any)["niche"].([]any)
	if a.status != 200 || len(list) == 0 {
		return fmt.Errorf("niches: %d %v", a.status, a.err)
	}
	c.niche, _ = list[0].(map[string]any)["_id"].(string)
	return c.login(email, password)
}

func (c *client) login(email, password string) error {
	a := c.do("POST", "/api/users/login", "", map[string]string{"email": email, "password": password})
	if a.status != 200 {
		return fmt.Errorf("login %s: %d %v %v", email, a.status, a.body, a.err)
	}
	c.admin = a.str("data", "accessToken")
	return nil
}

func (c *client) signUp(email string) answer {
	return c.do("POST", "/api/users/register", "", map[string]string{"name": "Fault Suite", "email": email,
		"password": "Str0ng!pass", "niche": c.niche})
}

// upload sends a roster file as the ADMIN and returns the import job's id.
func (c *client) upload(name string, data []byte) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.base+"/api/upload-creators", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+c.admin)
	a := c.send(req)
	id := a.str("data", "job", "id")
	if a.status != http.StatusAccepted || id == "" {
		return "", fmt.Errorf("upload %s: %d %v %v", name, a.status, a.body, a.err)
	}
	return id, nil
}

// job is the part of GET /api/jobs/{id} the suite reads.
type job struct {
	Status    string         `json:"status"`
	Processed int            `json:"processed"`
	Failed    int            `json:"failed"`
	Error     string         `json:"error"`
	Result    map[string]any `json:"result"`
	Worker    string         `json:"worker"` // host:pid of the worker process that started it (ADMIN only)
}

func (c *client) job(id string) (job, error) {
	a := c.do("GET", "/api/jobs/"+id, c.admin, nil)
	if a.status != 200 {
		return job{}, fmt.Errorf("job %s: %d %v", id, a.status, a.err)
	}
	var j job
	raw, _ := json.Marshal(a.body["data"].(map[string]any)["job"])
	err := json.Unmarshal(raw, &j)
	return j, err
}

// waitJob polls the job until done says so or limit passes.
func (c *client) waitJob(ctx context.Context, id string, limit time.Duration, done func(job) bool) (job, bool) {
	var j job
	ok := waitFor(ctx, limit, func() bool {
		var err error
		j, err = c.job(id)
		return err == nil && done(j)
	})
	return j, ok
}

func finished(j job) bool { return j.Status == "succeeded" || j.Status == "failed" }

// tally counts answers by outcome.
type tally struct {
	mu       sync.Mutex
	ok       int
	refused  int // 429
	failed   int // 5xx other than an expected 503, or no answer
	expected int // 503 while Postgres is down
	other    map[int]int
	samples  []string
}

func (t *tally) add(a answer, okStatus ...int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if a.status == http.StatusServiceUnavailable && len(okStatus) > 0 && okStatus[0] == http.StatusServiceUnavailable {
		t.expected++
		return
	}
	for _, s := range okStatus {
		if a.status == s {
			t.ok++
			return
		}
	}
	switch {
	case a.status == http.StatusTooManyRequests:
		t.refused++
	case a.status == 0 || a.status >= 500:
		t.failed++
		if len(t.samples) < 5 {
			t.samples = append(t.samples, fmt.Sprintf("%d %v %v", a.status, a.body, a.err))
		}
	default:
		if t.other == nil {
			t.other = map[int]int{}
		}
		t.other[a.status]++
	}
}

func (t *tally) String() string {
	s := fmt.Sprintf("%d ok, %d refused (429), %d failed", t.ok, t.refused, t.failed)
	if t.expected > 0 {
		s += fmt.Sprintf(", %d answered 503", t.expected)
	}
	if len(t.other) > 0 || len(t.samples) > 0 {
		s += fmt.Sprintf(", other %v %v", t.other, t.samples)
	}
	return s
}
