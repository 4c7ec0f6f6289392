// Command events measures live delivery and the thread page.
//
// Live delivery: -pairs offers, each between a brand (its BRAND_ADMIN) and a
// creator, and -streams server-sent event streams (GET /api/events, each
// with its own single-use ticket) spread evenly over those people, all held
// on one api. Messages are then posted through the api at -rate a second
// for -send, round robin over the threads (each thread's messages a few
// seconds apart), by the brand and the creator in turn. Every stream of a
// thread's two people must receive each of its messages once: the command
// counts what was expected, what arrived and what was lost, and prints the
// delivery time (post to arrival) p50, p95, p99 and max, and the api's peak
// RSS. Goals: p99 ≤ 1 s, RSS ≤ 300 MB, none lost.
//
// The thread page: GET /api/threads/{id} (the first thread after the
// messages: its newest 20 items) as the brand, against a bare chi handler running the same statements and
// pgbench on them (benchkit.Compare). Goal: api ≥ 0.8× bare.
//
// It fills a scratch database creatorcoach_bench_events (plus
// BENCH_DB_SUFFIX) and needs Postgres, Redis (as ops/services.sh provides),
// pgbench and about 2 × streams open files.
//
//	go run ./ops/bench/events [-streams 2000] [-pairs 100] [-rate 50] [-send 20s] [-runs 3]
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"creatorcoach/ops/bench/benchkit"
	"creatorcoach/store"
)

var (
	m       = benchkit.MeasureFlags("thread page measurement", "runs", 3)
	streams = flag.Int("streams", 2000, "event streams held on the api")
	pairs   = flag.Int("pairs", 100, "offers, each with a brand and a creator")
	rate    = flag.Int("rate", 50, "messages posted a second")
	send    = flag.Duration("send", 20*time.Second, "how long messages are posted")
)

func main() { benchkit.Main("bench/events", run) }

// party is one person of an offer: their token and the offer.
type party struct {
	token, entry string
}

func run(ctx context.Context) error {
	raiseOpenFiles(uint64(2**streams + 1000))
	s, err := benchkit.EndpointStack(ctx, "creatorcoach_bench_events")
	if err != nil {
		return err
	}
	defer s.Close()
	s.DB.BcryptCost = 4
	// Each person logs in from an address of their own (the api believes
	// X-Forwarded-For from the loopback here), as people at their own
	// computers do, so the per-address limit on log-ins does not bind.
	if err := s.StartAPI("TRUSTED_PROXIES=127.0.0.1/32"); err != nil {
		return err
	}
	t0 := time.Now()
	people, err := fill(ctx, s)
	if err != nil {
		return err
	}
	fmt.Printf("filled %d offers (%d people) in %s\n", *pairs, len(people), time.Since(t0).Round(time.Millisecond))
	if err := live(ctx, s, people); err != nil {
		return err
	}
	return threadPage(ctx, s, people[0])
}

// raiseOpenFiles lifts this process's (and so the api's) open-file limit to
// n when the hard limit allows.
func raiseOpenFiles(n uint64) {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil || l.Cur >= n {
		return
	}
	l.Cur = min(n, l.Max)
	_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
}

// fill makes the offers: for each, a brand with its BRAND_ADMIN, a creator
// with an account on the network, a running campaign and the offer sent (so
// its thread exists). It answers both people of every offer, brand first.
func fill(ctx context.Context, s *benchkit.Stack) ([]party, error) {
	q := s.DB.SQL()
	var out []party
	for i := range *pairs {
		brand, err := s.DB.SaveAccount(ctx, store.AccountSpec{Email: fmt.Sprintf("brand%d@events.bench", i), Password: benchkit.Password,
			Name: fmt.Sprintf("Brand Admin %d", i), Role: store.RoleBrandAdmin, BrandName: fmt.Sprintf("Events Brand %d", i)})
		if err != nil {
			return nil, err
		}
		creator, err := s.DB.SaveAccount(ctx, store.AccountSpec{Email: fmt.Sprintf("creator%d@events.bench", i), Password: benchkit.Password,
			Name: fmt.Sprintf("Creator %d", i), Role: store.RoleUser, NicheName: "Fitness & Health"})
		if err != nil {
			return nil, err
		}
		var entry string
		err = q.GetContext(ctx, &entry, `WITH cr AS (INSERT INTO creators (identity, user_id, name, email, niche, instagram_handle, instagram_followers, listed)
				VALUES ('email:' || $2, $1, $3, $2, 'Fitness & Health', 'events_' || $4, 20000, true) RETURNING id),
			k AS (INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, location, age_from, age_to, gender, exclusivity,
				content_usage, status, tracking_tag, goals)
				VALUES ($5, 'Events ' || $4, 5000, current_date - 1, current_date + 29, '', 18, 34, 'female', 'no_exclusivity',
					'organic_only', 'active', 'eventsbench' || $4, '{Brand Awareness}') RETURNING id)
			INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
			SELECT k.id, cr.id, 1, 80, '[]', 'instagram', 500 FROM k, cr RETURNING id`,
			creator.ID, creator.Email, creator.Name, strconv.Itoa(i), brand.Brand.ID)
		if err != nil {
			return nil, fmt.Errorf("offer %d: %w", i, err)
		}
		var campaign string
		if err := q.GetContext(ctx, &campaign, `SELECT campaign_id FROM roster_entries WHERE id = $1`, entry); err != nil {
			return nil, err
		}
		sent, amount := store.OfferSent, store.Number(500)
		if _, err := s.DB.UpdateBrandOffers(ctx, brand, store.OfferUpdate{CampaignID: campaign,
			Entries: []store.OfferChange{{EntryID: entry, Status: &sent, Amount: &amount}}}, nil); err != nil {
			return nil, fmt.Errorf("send offer %d: %w", i, err)
		}
		for j, email := range []string{brand.Email, creator.Email} {
			token, err := login(s, email, fmt.Sprintf("10.%d.%d.%d", j, i/250, i%250+1))
			if err != nil {
				return nil, err
			}
			out = append(out, party{token: token, entry: entry})
		}
	}
	return out, nil
}

// login signs email in through the api from address ip.
func login(s *benchkit.Stack, email, ip string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": benchkit.Password})
	req, _ := http.NewRequest("POST", s.URL("/api/users/login"), bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct{ Data struct{ AccessToken string } }
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK || out.Data.AccessToken == "" {
		return "", fmt.Errorf("login %s: %d %v", email, res.StatusCode, err)
	}
	return out.Data.AccessToken, nil
}

// tally is what the streams received.
type tally struct {
	mu      sync.Mutex
	sent    map[string][]time.Time // per offer, the time each message was posted, in order
	delays  []time.Duration
	got     atomic.Int64
	dupes   atomic.Int64
	dropped atomic.Int64 // streams the api closed before the end
}

// live opens the streams, posts the messages and counts the deliveries.
func live(ctx context.Context, s *benchkit.Stack, people []party) error {
	t := &tally{sent: map[string][]time.Time{}}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 0}}
	streamCtx, stop := context.WithCancel(ctx)
	defer stop()
	var ready, done sync.WaitGroup
	perPerson := make([]int, len(people)) // streams each person holds
	for i := range *streams {
		perPerson[i%len(people)]++
	}
	t0 := time.Now()
	var openErr atomic.Value
	opening := make(chan struct{}, 16) // streams being opened at once, as tabs that open one by one
	for i, p := range people {
		for range perPerson[i] {
			ready.Add(1)
			done.Add(1)
			go func() {
				defer done.Done()
				if err := stream(streamCtx, s, client, p, t, &ready, opening); err != nil && streamCtx.Err() == nil {
					openErr.Store(err)
				}
			}()
		}
	}
	ready.Wait()
	if err, _ := openErr.Load().(error); err != nil {
		return fmt.Errorf("open streams: %w", err)
	}
	fmt.Printf("== live events (%d streams on one api over %d people, %d threads; %d messages a second for %s)\n",
		*streams, len(people), *pairs, *rate, *send)
	fmt.Printf("  streams open in %s; api RSS %.0f MB\n", time.Since(t0).Round(time.Millisecond), float64(benchkit.PeakRSSKB(s.APIPID))/1024)

	// Messages: thread k%pairs, posted by its brand and its creator in turn.
	total := int(send.Seconds() * float64(*rate))
	tick := time.NewTicker(time.Second / time.Duration(*rate))
	var posts sync.WaitGroup
	var failed atomic.Int64
	for k := range total {
		<-tick.C
		thread := k % *pairs
		p := people[2*thread+(k / *pairs)%2]
		posts.Add(1)
		go func() {
			defer posts.Done()
			at := time.Now()
			t.mu.Lock()
			t.sent[p.entry] = append(t.sent[p.entry], at)
			t.mu.Unlock()
			if err := s.CallJSON("POST", "/api/threads/"+p.entry+"/messages", p.token, map[string]string{"body": "Message " + strconv.Itoa(k)},
				http.StatusCreated, nil); err != nil {
				failed.Add(1)
				fmt.Fprintln(os.Stderr, "post:", err)
				t.mu.Lock() // a refused message is expected nowhere
				t.sent[p.entry] = slices.DeleteFunc(t.sent[p.entry], func(x time.Time) bool { return x.Equal(at) })
				t.mu.Unlock()
			}
		}()
	}
	tick.Stop()
	posts.Wait()
	expected := int64(0)
	for i, p := range people {
		expected += int64(perPerson[i] * len(t.sent[p.entry]))
	}
	// Wait for the last deliveries (at most 10 s), then close the streams.
	for deadline := time.Now().Add(10 * time.Second); t.got.Load() < expected && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	rss := float64(benchkit.PeakRSSKB(s.APIPID)) / 1024
	stop()
	done.Wait()

	t.mu.Lock()
	defer t.mu.Unlock()
	slices.Sort(t.delays)
	pct := func(p float64) time.Duration {
		if len(t.delays) == 0 {
			return 0
		}
		return t.delays[min(len(t.delays)-1, int(p*float64(len(t.delays))))]
	}
	lost := expected - t.got.Load()
	fmt.Printf("  messages posted %d (%d refused); deliveries expected %d, received %d, lost %d, twice %d; streams the api closed %d\n",
		total, failed.Load(), expected, t.got.Load(), lost, t.dupes.Load(), t.dropped.Load())
	fmt.Printf("  delivery p50 %s  p95 %s  p99 %s  max %s   (goal p99 ≤ 1 s)\n",
		pct(0.50).Round(time.Millisecond), pct(0.95).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), pct(1).Round(time.Millisecond))
	fmt.Printf("  api peak RSS %.0f MB (goal ≤ 300 MB)\n", rss)
	if lost != 0 {
		return fmt.Errorf("%d deliveries lost", lost)
	}
	return nil
}

// stream holds one event stream of p until ctx ends, counting the message
// events of p's thread against their post times.
func stream(ctx context.Context, s *benchkit.Stack, client *http.Client, p party, t *tally, ready *sync.WaitGroup, opening chan struct{}) error {
	opening <- struct{}{}
	release := sync.OnceFunc(func() { <-opening })
	defer release()
	once := sync.OnceFunc(func() { release(); ready.Done() })
	defer once()
	var ticket struct{ Data struct{ Ticket string } }
	if err := s.CallJSON("POST", "/api/events/ticket", p.token, map[string]any{}, http.StatusCreated, &ticket); err != nil {
		return err
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", s.URL("/api/events?ticket="+ticket.Data.Ticket), nil)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("stream: %d %s", res.StatusCode, b)
	}
	seen := map[int64]bool{}
	n := 0 // messages of the thread received so far
	r := bufio.NewReader(res.Body)
	var event, data string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, context.Canceled) {
				t.dropped.Add(1)
			}
			return nil
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			event = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "":
			if event == "ready" {
				once()
			}
			if event == "thread" {
				at := time.Now()
				var ev struct {
					ID      int64  `json:"id"`
					Kind    string `json:"kind"`
					OfferID string `json:"offerId"`
				}
				if json.Unmarshal([]byte(data), &ev) == nil && ev.Kind == "message" && ev.OfferID == p.entry {
					if seen[ev.ID] {
						t.dupes.Add(1)
					} else {
						seen[ev.ID] = true
						t.mu.Lock()
						if sent := t.sent[p.entry]; n < len(sent) {
							t.delays = append(t.delays, at.Sub(sent[n]))
						}
						t.mu.Unlock()
						n++
						t.got.Add(1)
					}
				}
			}
			event, data = "", ""
		}
	}
}

// threadPage compares the first thread's page (its newest 20 items) as the
// brand with a bare handler running the same statements.
func threadPage(ctx context.Context, s *benchkit.Stack, brand party) error {
	var userID string
	if err := s.DB.SQL().GetContext(ctx, &userID, `SELECT id FROM users WHERE email = 'brand0@events.bench'`); err != nil {
		return err
	}
	// The bare handler hands every statement the arguments up to the last
	// it names: the page's $1-$4 (offer, user, before, limit) first, the
	// head's side and flags moved to $5-$7 (naming $3 and $4 so that they
	// are typed).
	info := strings.NewReplacer("$3::text", "$5::text", "$4::bool", "$6::bool", "$5::bool", "$7::bool").Replace(store.ThreadInfoSQL) +
		` AND $3::text IS NOT NULL AND $4::int IS NOT NULL`
	args := []any{brand.entry, userID, "", 21, store.ThreadBrand, true, false}
	_, err := s.CompareAndPrintEndpoint(ctx, os.Stdout, m, "GET /api/threads/{id}", "a thread's newest 20 items, as the brand",
		benchkit.Endpoint{Path: "/api/threads/" + brand.entry, Token: brand.token, Args: args, Body: benchkit.EveryColumn,
			Queries: []string{store.ThreadAccessSQL, store.ThreadPageSQL, info}})
	return err
}
