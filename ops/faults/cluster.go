package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

var (
	clusterRows      = flag.Int("cluster-rows", 40_000, "rows of the cluster scenario's import killed mid-way")
	clusterFlowRows  = flag.Int("cluster-flow-rows", 200, "rows of the cluster scenario's first (small) import")
	clusterBadRows   = []string{"No Handle,,,,", "Bad Count,bad-count@example.org,,bad_count,lots"}
	clusterAttachPDF = []byte("%PDF-1.4\n% faults cluster attachment\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
)

// clusterScenario is the cluster scenario , repeated -runs
// times. Each run, through HAProxy: a creator and a brand sign up and
// verify their address with the code mailed by a worker; the ADMIN uploads
// a roster through api1 and whichever worker imports it; its row-error CSV
// and a campaign attachment (uploaded through api1) are downloaded through
// api2; the creator connects a sandbox platform, syncs it and asks the
// coach. Then a large import runs while a client reads through HAProxy,
// and one api and the worker running the import are killed with SIGKILL:
// no request the client sent may fail (HAProxy retries what reached the
// lost api), and the import must end exact.
func (s *suite) clusterScenario(ctx context.Context) error {
	if err := s.onlyWorkers(0); err != nil { // the single-node stack's worker idles meanwhile (two cores)
		return err
	}
	defer func() { _ = s.onlyWorkers(1) }()
	t0 := time.Now()
	c, err := s.newCluster(ctx)
	if c != nil {
		defer c.close()
	}
	if err != nil {
		return err
	}
	logf("cluster up in %.1f s: HAProxy %s, apis %s %s, 2 workers, 2 schedulers, Redis under Sentinel, bucket %s",
		time.Since(t0).Seconds(), c.hapAddr, c.apis[0].addr, c.apis[1].addr, c.s3.Bucket())
	flow, err := rosterCSV(*clusterFlowRows)
	if err != nil {
		return err
	}
	big, err := rosterCSV(*clusterRows)
	if err != nil {
		return err
	}
	flow, big = withBadRows(flow), withBadRows(big)
	exact := 0
	for run := 1; run <= *runs && ctx.Err() == nil; run++ {
		started := time.Now()
		if err := c.startAll(ctx); err != nil {
			return err
		}
		if err := c.flows(ctx, run, flow); err != nil {
			s.check(false, "cluster run %d: %v", run, err)
			continue
		}
		if err := c.eventsAcrossAPIs(ctx, run); err != nil {
			s.check(false, "cluster run %d: live events: %v", run, err)
			continue
		}
		ok, err := c.killDuringImport(ctx, run, big)
		if err != nil {
			s.check(false, "cluster run %d: %v", run, err)
			continue
		}
		if ok {
			exact++
		}
		logf("cluster run %d took %.1f s", run, time.Since(started).Seconds())
	}
	s.check(exact == *runs, "cluster: %d of %d runs ended exact", exact, *runs)
	return nil
}

func withBadRows(data []byte) []byte {
	return append(append([]byte(nil), data...), []byte(strings.Join(clusterBadRows, "\n")+"\n")...)
}

// setup reads a niche and signs the ADMIN in.
func (c *cluster) setup() error {
	r := c.call("GET", "/api/niche", "", "", nil)
	list, _ := r.body["data"].(map[string]any)["niche"].([]any)
	if r.status != 200 || len(list) == 0 {
		return fmt.Errorf("niches: %s", r)
	}
	c.niche, _ = list[0].(map[string]any)["_id"].(string)
	r = c.call("POST", "/api/users/login", "", "", map[string]string{"email": adminEmail, "password": adminPassword})
	if c.admin = r.str("data", "accessToken"); r.status != 200 || c.admin == "" {
		return fmt.Errorf("ADMIN login: %s", r)
	}
	return nil
}

// signUp registers (a creator, or a brand when brand is not empty), reads
// the verification code from the mail a worker sent to the SMTP server and
// verifies the address; it returns the access token.
func (c *cluster) signUp(ctx context.Context, email, brand string) (string, error) {
	in := map[string]any{"name": "Cluster Suite", "email": email, "password": "Str0ng!pass"}
	path := "/api/users/register"
	if brand != "" {
		in["brandName"], path = brand, "/api/brands/register"
	} else {
		in["niche"] = c.niche
	}
	if r := c.call("POST", path, "", "", in); r.status != http.StatusCreated {
		return "", fmt.Errorf("sign-up %s: %s", email, r)
	}
	var code string
	if !waitFor(ctx, 30*time.Second, func() bool {
		for _, m := range c.mail.Messages() {
			if len(m.To) > 0 && strings.EqualFold(m.To[0], email) && m.Code() != "" {
				code = m.Code()
			}
		}
		return code != ""
	}) {
		return "", fmt.Errorf("no verification mail to %s within 30 s", email)
	}
	r := c.call("POST", "/api/users/verify-email", "", "", map[string]string{"email": email, "otp": code})
	if tok := r.str("data", "accessToken"); r.status == http.StatusOK && tok != "" {
		return tok, nil
	}
	return "", fmt.Errorf("verify %s: %s", email, r)
}

// logoutAcrossAPIs opens a second session of the creator, has api2 answer
// it (and keep it in memory), logs it out through api1, and checks that
// api2 refuses it at once: the log-out reaches every api.
func (c *cluster) logoutAcrossAPIs(ctx context.Context, run int, email string) error {
	r := c.call("POST", "/api/users/login", "", "", map[string]string{"email": email, "password": "Str0ng!pass"})
	tok := r.str("data", "accessToken")
	if r.status != http.StatusOK || tok == "" {
		return fmt.Errorf("log-in %s: %s", email, r)
	}
	if r := c.call("GET", "/api/users/me", tok, "api2", nil); r.status != http.StatusOK || r.node != "api2" {
		return fmt.Errorf("me through api2: %s", r)
	}
	if r := c.call("POST", "/api/users/logout", tok, "api1", nil); r.status != http.StatusOK || r.node != "api1" {
		return fmt.Errorf("log-out through api1: %s", r)
	}
	t0 := time.Now()
	refused := waitFor(ctx, 2*time.Second, func() bool {
		return c.call("GET", "/api/users/me", tok, "api2", nil).status == http.StatusUnauthorized
	})
	c.s.check(refused, "cluster run %d: a session logged out through api1 is refused by api2 (after %d ms)", run, time.Since(t0).Milliseconds())
	return nil
}

// upload posts a multipart file to path through HAProxy, pinned to pin.
func (c *cluster) upload(path, token, pin, name string, data []byte) reply {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, err := http.NewRequest("POST", "http://"+c.hapAddr+path, &body)
	if err != nil {
		return reply{err: err}
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.send(req, token, pin)
}

// job reads GET /api/jobs/{id} as token.
func (c *cluster) job(id, token string) (job, reply) {
	r := c.call("GET", "/api/jobs/"+id, token, "", nil)
	var j job
	if r.status == http.StatusOK {
		raw, _ := json.Marshal(r.body["data"].(map[string]any)["job"])
		_ = json.Unmarshal(raw, &j)
	}
	return j, r
}

// waitJob polls job id until it is finished (limit at most).
func (c *cluster) waitJob(ctx context.Context, id, token string, limit time.Duration) (job, error) {
	var j job
	ok := waitFor(ctx, limit, func() bool { j, _ = c.job(id, token); return finished(j) })
	if !ok {
		return j, fmt.Errorf("job %s not finished within %s (status %q, %d processed)", id, limit, j.Status, j.Processed)
	}
	if j.Status != "succeeded" {
		return j, fmt.Errorf("job %s %s: %s", id, j.Status, j.Error)
	}
	return j, nil
}

// flows is the first half of a run: every kind of work through HAProxy on
// the two apis, the workers and the bucket.
func (c *cluster) flows(ctx context.Context, run int, roster []byte) error {
	t0 := time.Now()
	creatorEmail, brandEmail := fmt.Sprintf("creator%d@cluster.example.org", run), fmt.Sprintf("brand%d@cluster.example.org", run)
	creator, err := c.signUp(ctx, creatorEmail, "")
	if err != nil {
		return err
	}
	brand, err := c.signUp(ctx, brandEmail, fmt.Sprintf("Cluster Brand %d", run))
	if err != nil {
		return err
	}
	c.s.check(true, "cluster run %d: a creator and a brand signed up and verified with the codes the workers mailed", run)
	if err := c.logoutAcrossAPIs(ctx, run, creatorEmail); err != nil {
		return err
	}

	// A roster through api1, imported by whichever worker takes it; its
	// row errors as CSV through api2.
	if err := truncateCreators(ctx, c.db); err != nil {
		return err
	}
	up := c.upload("/api/upload-creators", c.admin, "api1", "roster.csv", roster)
	jobID := up.str("data", "job", "id")
	if up.status != http.StatusAccepted || up.node != "api1" || jobID == "" {
		return fmt.Errorf("roster upload through api1: %s", up)
	}
	j, err := c.waitJob(ctx, jobID, c.admin, time.Minute)
	if err != nil {
		return err
	}
	errs := c.call("GET", "/api/jobs/"+jobID+"/errors", c.admin, "api2", nil)
	lines := strings.Split(strings.TrimSpace(string(errs.raw)), "\n")
	c.s.check(errs.status == 200 && errs.node == "api2" && j.Processed == *clusterFlowRows && j.Failed == len(clusterBadRows) &&
		len(lines) == 1+len(clusterBadRows) && lines[0] == "row,column,message",
		"cluster run %d: roster of %d rows uploaded through %s, imported (%d processed, %d failed), its row-error CSV (%d lines) read through %s",
		run, *clusterFlowRows+len(clusterBadRows), up.node, j.Processed, j.Failed, len(lines), errs.node)

	// A campaign attachment uploaded through api1, downloaded through api2.
	att := c.upload("/api/files/upload", brand, "api1", "guidelines.pdf", clusterAttachPDF)
	key := att.str("data", "key")
	if att.status != http.StatusCreated || key == "" {
		return fmt.Errorf("attachment upload through api1: %s", att)
	}
	day := func(n int) string { return time.Now().UTC().AddDate(0, 0, n).Format(time.DateOnly) }
	camp := c.call("POST", "/api/campaigns/add-campaign", brand, "", map[string]any{
		"campaignName": fmt.Sprintf("Cluster launch %d", run), "goals": []string{"Brand awareness"}, "budget": 2500,
		"duration": map[string]any{"startDate": day(1), "endDate": day(30)}, "location": "Berlin",
		"demographics": map[string]any{"ageRange": map[string]any{"start": 18, "end": 34}, "gender": "All"},
		"contentVibes": []string{"Fun"}, "terms": map[string]any{"exclusivity": "exclusive", "contentUsage": "30_days"},
		"status": "draft", "brandGuidelines": []map[string]any{{"key": key}}})
	campID := camp.str("data", "campaign", "_id")
	if camp.status != http.StatusCreated || campID == "" {
		return fmt.Errorf("campaign: %s", camp)
	}
	got := c.call("GET", "/api/campaigns/"+campID, brand, "api2", nil)
	var link string
	if g, _ := got.body["data"].(map[string]any)["campaign"].(map[string]any)["brandGuidelines"].([]any); len(g) == 1 {
		link, _ = g[0].(map[string]any)["url"].(string)
	}
	if got.status != 200 || link == "" {
		return fmt.Errorf("campaign through api2: %s", got)
	}
	dl := c.call("GET", link, "", "api2", nil)
	c.s.check(dl.status == 200 && dl.node == "api2" && bytes.Equal(dl.raw, clusterAttachPDF),
		"cluster run %d: campaign attachment uploaded through %s, its signed link downloaded through %s (%d bytes, same bytes: %v)",
		run, att.node, dl.node, len(dl.raw), bytes.Equal(dl.raw, clusterAttachPDF))

	// The creator connects a sandbox platform (consent, callback, token) and syncs it.
	accountID, err := c.connect(ctx, creator, "instagram", fmt.Sprintf("cluster_creator_%d", run))
	if err != nil {
		return err
	}
	sync := c.call("POST", "/api/accounts/"+accountID+"/sync", creator, "", nil)
	syncJob := sync.str("data", "job", "id")
	if sync.status != http.StatusAccepted || syncJob == "" {
		return fmt.Errorf("sync: %s", sync)
	}
	if _, err := c.waitJob(ctx, syncJob, creator, time.Minute); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	// The coach answers the creator.
	ask := c.call("POST", "/api/chats", creator, "", map[string]string{"question": "How am I doing on Instagram?"})
	askJob := ask.str("data", "entry", "jobId")
	if ask.status != http.StatusCreated || askJob == "" {
		return fmt.Errorf("ask the coach: %s", ask)
	}
	if _, err := c.waitJob(ctx, askJob, creator, time.Minute); err != nil {
		return fmt.Errorf("coach: %w", err)
	}
	chats := c.call("GET", "/api/chats", creator, "", nil)
	c.s.check(chats.status == 200 && strings.Contains(string(chats.raw), `"answered"`),
		"cluster run %d: the creator connected the Instagram sandbox, synced it, and the coach answered (%.1f s for every flow)",
		run, time.Since(t0).Seconds())
	return nil
}

// connect connects platform for the creator through the sandbox the apis
// serve, as a browser does (consent page, Allow, the callback's hand-off,
// POST /api/accounts/token), waits for the first sync and returns the
// account's id.
func (c *cluster) connect(ctx context.Context, token, platform, handle string) (string, error) {
	auth := c.call("POST", "/api/accounts", token, "", map[string]string{"id": platform})
	authURL := auth.str("data", "url")
	u, err := url.Parse(authURL)
	if auth.status != 200 || err != nil || !strings.HasPrefix(authURL, "http://"+c.hapAddr+"/sandbox/") {
		return "", fmt.Errorf("authorize URL: %s", auth)
	}
	if page := c.call("GET", u.RequestURI(), "", "", nil); page.status != 200 {
		return "", fmt.Errorf("consent page: %s", page)
	}
	form := u.Query()
	form.Set("sandbox_handle", handle)
	form.Set("decision", "allow")
	form.Set("sandbox_insights", "1")
	u.RawQuery = ""
	hop := func(req *http.Request) (string, error) {
		res, err := c.noFollow.Do(req)
		if err != nil {
			return "", err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusFound && res.StatusCode != http.StatusSeeOther {
			return "", fmt.Errorf("%s %s: %d, want a redirect", req.Method, req.URL.Path, res.StatusCode)
		}
		return res.Header.Get("Location"), nil
	}
	req, _ := http.NewRequest("POST", u.String(), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	callback, err := hop(req)
	if err != nil {
		return "", fmt.Errorf("consent: %w", err)
	}
	req, _ = http.NewRequest("GET", callback, nil)
	back, err := hop(req)
	if err != nil {
		return "", fmt.Errorf("callback: %w", err)
	}
	b, err := url.Parse(back)
	if err != nil || b.Query().Get("code") == "" {
		return "", fmt.Errorf("callback sent the browser to %q", back)
	}
	q := b.Query()
	tok := c.call("POST", "/api/accounts/token", token, "", map[string]string{"platform": q.Get("connect"), "code": q.Get("code"), "state": q.Get("state")})
	jobID := tok.str("data", "job", "id")
	if tok.status != http.StatusCreated || jobID == "" {
		return "", fmt.Errorf("account token: %s", tok)
	}
	if _, err := c.waitJob(ctx, jobID, token, time.Minute); err != nil {
		return "", fmt.Errorf("first sync: %w", err)
	}
	list := c.call("GET", "/api/accounts", token, "", nil)
	accts, _ := list.body["data"].(map[string]any)["accounts"].([]any)
	for _, a := range accts {
		if m, _ := a.(map[string]any); m["platform"] == platform {
			id, _ := m["_id"].(string)
			return id, nil
		}
	}
	return "", fmt.Errorf("%s not listed: %s", platform, list)
}

// readLoad is what a few people do while an import runs: the ADMIN watches
// the job, the creator and the brand read their pages. Every answer is
// counted; a client-visible failure is no answer or a 5xx.
type readLoad struct {
	mu       sync.Mutex
	total    int
	failures []string
	byNode   map[string]int
}

func (l *readLoad) add(r reply) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total++
	if l.byNode == nil {
		l.byNode = map[string]int{}
	}
	l.byNode[r.node]++
	if r.failed() || r.status >= 400 {
		l.failures = append(l.failures, r.String())
	}
}

// killDuringImport uploads roster through HAProxy, waits until a fifth of
// it is imported, kills (SIGKILL) one api and the worker running the import
// while a client keeps reading through HAProxy, and checks that no request
// failed for the client and that the import ended exact.
func (c *cluster) killDuringImport(ctx context.Context, run int, roster []byte) (bool, error) {
	n := *clusterRows
	if err := truncateCreators(ctx, c.db); err != nil {
		return false, err
	}
	creator, err := c.signUp(ctx, fmt.Sprintf("reader%d@cluster.example.org", run), "")
	if err != nil {
		return false, err
	}
	up := c.upload("/api/upload-creators", c.admin, "", "roster.csv", roster)
	jobID := up.str("data", "job", "id")
	if up.status != http.StatusAccepted || jobID == "" {
		return false, fmt.Errorf("roster upload: %s", up)
	}
	retr0, redis0 := c.retried()
	var load readLoad
	stop := make(chan struct{})
	var wg sync.WaitGroup
	reader := func(every time.Duration, f func() reply) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				case <-time.After(every):
					load.add(f())
				}
			}
		}()
	}
	reader(50*time.Millisecond, func() reply { return c.call("GET", "/api/jobs/"+jobID, c.admin, "", nil) })
	reader(50*time.Millisecond, func() reply { return c.call("GET", "/api/users/me", creator, "", nil) })
	reader(50*time.Millisecond, func() reply { return c.call("GET", "/api/accounts/platform", creator, "", nil) })
	reader(100*time.Millisecond, func() reply { return c.call("GET", "/api/niche", "", "", nil) })
	stopLoad := func() { close(stop); wg.Wait() }

	var j job
	if !waitFor(ctx, 2*time.Minute, func() bool { j, _ = c.job(jobID, c.admin); return j.Processed >= n/5 || finished(j) }) || finished(j) {
		stopLoad()
		return false, fmt.Errorf("the import never got going, or ended before the kill (%s, %d processed)", j.Status, j.Processed)
	}
	var victim *node
	waitFor(ctx, 10*time.Second, func() bool { victim = c.importer(jobID); return victim != nil })
	if victim == nil {
		stopLoad()
		j, _ = c.job(jobID, c.admin)
		return false, fmt.Errorf("no live worker is the import's worker (GET /api/jobs/{id} names %q)", j.Worker)
	}
	api := c.apis[(run+1)%2] // api1 on odd runs, api2 on even ones
	before, _ := c.job(jobID, c.admin)
	api.p.kill()
	victim.p.kill()
	killed := time.Now()
	logf("cluster run %d: killed %s and %s (the importer) with SIGKILL at %d of %d rows", run, api.name, victim.name, before.Processed, n)

	j, werr := c.waitJob(ctx, jobID, c.admin, 3*time.Minute)
	took := time.Since(killed)
	time.Sleep(time.Second) // a little more load on the one api left
	stopLoad()
	retr, redis := c.retried()

	var creators, rowErrors int
	_ = c.db.QueryRowContext(ctx, `SELECT count(*) FROM creators`).Scan(&creators)
	_ = c.db.QueryRowContext(ctx, `SELECT count(*) FROM roster_row_errors WHERE job_id = $1`, jobID).Scan(&rowErrors)
	num := func(k string) int { f, _ := j.Result[k].(float64); return int(f) }
	bad := len(clusterBadRows)
	exact := werr == nil && j.Status == "succeeded" && j.Processed == n && j.Failed == bad && creators == n && rowErrors == bad &&
		num("rows") == n+bad && num("imported") == n && num("created") == n && num("updated") == 0 && num("unchanged") == 0
	c.s.check(exact, "cluster run %d: import killed (%s and %s) at %d of %d rows ended exact %.1f s after the kill: status %s, "+
		"%d creators, processed %d, failed %d, %d row errors, result rows %d created %d updated %d unchanged %d",
		run, api.name, victim.name, before.Processed, n, took.Seconds(), j.Status, creators, j.Processed, j.Failed, rowErrors,
		num("rows"), num("created"), num("updated"), num("unchanged"))
	c.s.check(len(load.failures) == 0, "cluster run %d: %d requests through HAProxy across the kills, %d failed for the client "+
		"(HAProxy retried %d, redispatched %d; answers by api %v) %v", run, load.total, len(load.failures), retr-retr0, redis-redis0,
		load.byNode, first(load.failures, 3))
	others := true
	for _, list := range [][]*node{c.apis, c.workers, c.schedulers} {
		for _, x := range list {
			if x != api && x != victim && !x.alive() {
				others = false
			}
		}
	}
	leading, standing := c.schedulerRoles()
	c.s.check(others && c.haproxy.alive() && leading == 1 && standing == 1,
		"cluster run %d: every other process still runs; schedulers: %d leading, %d standing by", run, leading, standing)
	if files := c.localFiles(); len(files) > 0 {
		c.s.check(false, "cluster run %d: files in the processes' working directories (STORAGE=s3 keeps none): %v", run, first(files, 5))
	}
	return exact && len(load.failures) == 0, nil
}

// schedulerRoles counts the schedulers whose log says they took the leader
// lock, and those standing by.
func (c *cluster) schedulerRoles() (leading, standing int) {
	for _, n := range c.schedulers {
		b, _ := os.ReadFile(filepath.Join(c.dir, n.name+".log"))
		switch {
		case bytes.Contains(b, []byte("took the leader lock")):
			leading++
		case bytes.Contains(b, []byte("standing by")):
			standing++
		}
	}
	return leading, standing
}

func first(list []string, n int) []string { return list[:min(n, len(list))] }

// localFiles lists what any process wrote under its working directory.
func (c *cluster) localFiles() []string {
	var files []string
	for _, list := range [][]*node{c.apis, c.workers, c.schedulers} {
		for _, n := range list {
			_ = filepath.Walk(n.dir, func(p string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() {
					files = append(files, p)
				}
				return nil
			})
		}
	}
	return files
}
