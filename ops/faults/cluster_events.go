package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sseStream is one open events stream: the thread events it read, by id.
type sseStream struct {
	mu     sync.Mutex
	ids    map[int64]string // event id → offer id
	last   int64
	node   string
	closed chan struct{}
	cancel context.CancelFunc
}

func (st *sseStream) has(id int64) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	_, ok := st.ids[id]
	return ok
}

// openStream takes a ticket and opens GET /api/events through HAProxy,
// pinned to api pin when not empty, resuming after `after` (when >= 0).
func (c *cluster) openStream(ctx context.Context, pin string, after int64) (*sseStream, error) {
	t := c.call("POST", "/api/events/ticket", c.admin, pin, nil)
	ticket := t.str("data", "ticket")
	if t.status != http.StatusCreated || ticket == "" {
		return nil, fmt.Errorf("events ticket: %s", t)
	}
	path := "/api/events?ticket=" + ticket
	if after >= 0 {
		path += "&after=" + strconv.FormatInt(after, 10)
	}
	sctx, cancel := context.WithCancel(ctx)
	req, err := http.NewRequestWithContext(sctx, "GET", "http://"+c.hapAddr+path, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	if pin != "" {
		req.Header.Set("X-Api-Node", pin)
	}
	res, err := (&http.Client{}).Do(req) // no client timeout: the stream stays open
	if err != nil {
		cancel()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		cancel()
		return nil, fmt.Errorf("events stream: %d", res.StatusCode)
	}
	st := &sseStream{ids: map[int64]string{}, last: after, node: res.Header.Get("X-Api-Node"), closed: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(st.closed)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var id int64
		var event string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				id, _ = strconv.ParseInt(strings.TrimPrefix(line, "id: "), 10, 64)
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "thread":
				var d struct {
					OfferID string `json:"offerId"`
				}
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &d)
				st.mu.Lock()
				st.ids[id], st.last = d.OfferID, id
				st.mu.Unlock()
			case line == "" && event == "ready":
				st.mu.Lock()
				st.last = id
				st.mu.Unlock()
			}
			if line == "" {
				event = ""
			}
		}
	}()
	return st, nil
}

// eventsAcrossAPIs is the cluster's live-events check: the ADMIN holds an
// events stream on api2 while a message is posted (as Support) through
// api1: it arrives within 1 s (Redis pub/sub between the apis). Then api2
// is killed with SIGKILL, two messages are posted meanwhile, and the
// stream, reopened through HAProxy (api1 now) after its last id, replays
// them: no event is missed. api2 is started again at the end.
func (c *cluster) eventsAcrossAPIs(ctx context.Context, run int) error {
	var entry string
	err := c.db.QueryRowContext(ctx, `WITH b AS (INSERT INTO brands (name) VALUES ($1) RETURNING id),
		k AS (INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
			SELECT b.id, 'Live', 1000, current_date, current_date + 30, 18, 35, 'All', 'exclusive', '30_days', 'clusterlive' FROM b RETURNING id),
		cr AS (INSERT INTO creators (identity, name) VALUES ($2, 'Live Creator') RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
		SELECT k.id, cr.id, 1, 80, '[]', 'instagram', 400, 400, 'sent' FROM k, cr RETURNING id`,
		fmt.Sprintf("Cluster Live %d", run), fmt.Sprintf("email:live%d@cluster.example.org", run)).Scan(&entry)
	if err != nil {
		return fmt.Errorf("live thread: %w", err)
	}
	post := func(pin, text string) (int64, error) {
		r := c.call("POST", "/api/threads/"+entry+"/messages", c.admin, pin, map[string]any{"body": text})
		if r.status != http.StatusCreated {
			return 0, fmt.Errorf("post through %q: %s", pin, r)
		}
		var id int64
		err := c.db.QueryRowContext(ctx, `SELECT max(id) FROM thread_events WHERE entry_id = $1 AND kind = 'message'`, entry).Scan(&id)
		return id, err
	}

	st, err := c.openStream(ctx, "api2", -1)
	if err != nil {
		return err
	}
	defer st.cancel()
	if !waitFor(ctx, 5*time.Second, func() bool { st.mu.Lock(); defer st.mu.Unlock(); return st.last >= 0 }) {
		return fmt.Errorf("no ready event on the stream held on %s", st.node)
	}
	first, err := post("api1", "Posted through api1")
	if err != nil {
		return err
	}
	t0 := time.Now()
	got := waitFor(ctx, time.Second, func() bool { return st.has(first) })
	c.s.check(got && st.node == "api2", "cluster run %d: a message posted through api1 reached the stream held on %s in %.0f ms (target < 1000)",
		run, st.node, float64(time.Since(t0).Milliseconds()))

	api2 := c.apis[1]
	api2.p.kill()
	select {
	case <-st.closed:
	case <-time.After(10 * time.Second):
		return fmt.Errorf("the stream held on api2 stayed open 10 s after api2 was killed")
	}
	var missed []int64
	for _, text := range []string{"While api2 is down (1)", "While api2 is down (2)"} {
		id, err := post("", text)
		if err != nil {
			return err
		}
		missed = append(missed, id)
	}
	st.mu.Lock()
	last := st.last
	st.mu.Unlock()
	again, err := c.openStream(ctx, "", last)
	if err != nil {
		return fmt.Errorf("reconnect after api2 died: %w", err)
	}
	defer again.cancel()
	all := waitFor(ctx, 3*time.Second, func() bool { return again.has(missed[0]) && again.has(missed[1]) })
	c.s.check(all && again.node == "api1", "cluster run %d: api2 killed; the stream reopened on %s after event %d and replayed the %d messages posted meanwhile (nothing missed)",
		run, again.node, last, len(missed))
	return c.startAll(ctx)
}
