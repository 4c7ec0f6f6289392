// Command load is the capacity benchmark : simulated users in
// a realistic mix of reads, sent through HAProxy (Debian's) to one api
// process and then to two on this machine. For each topology it steps the
// offered load up (open loop: vegeta sends at a fixed rate whatever the
// answers take) and reports the highest rate it held with p99 <= -p99 and
// no error, and then two apis against one. A missed step is offered once
// more before it counts as missed (a stall of a second on shared cores is
// not the rate's capacity). After one api's walk it offers -overload times
// the held rate and reports how the excess was refused, with the api's own
// time for the requests it accepted (from its /metrics) beside the time the
// load generator saw.
//
// -hold RATE offers one rate for -hold-for to -hold-apis apis and prints the
// CPU each process spent per request (-hold-kinds: per kind too; -timeline:
// each second's p99, to find stalls; -cpuprofile: the api's profile).
//
// The mix, by weight (each request picks one; the tokens are sessions of
// the seeded demo accounts, several per account):
//
//	creators 50: dashboard (me, accounts, engagement), engagement calls,
//	             the coach's history, their offers
//	brands   35: searching the network (50,000 creators), listing and
//	             summarising campaigns, reading a campaign's results
//	admins   15: the offers board (filter-campaign) and the overview
//
// A campaign's results are GET /api/campaigns/{id}/results when the api
// answers it, else GET /api/campaigns/{id} in its place (the output says
// which).
//
// It needs Postgres, Redis (as ops/services.sh provides) and haproxy
// (apt-get install haproxy; installed here when missing). It writes to a
// scratch database creatorcoach_bench_load and a leased Redis database.
//
//	go run ./ops/bench/load [-step 4s] [-start 100] [-factor 1.5] [-p99 200ms] [-overload 2]
//	go run ./ops/bench/load -hold 900 [-hold-apis 2] [-hold-for 40s] [-timeline] [-hold-kinds]
package main

import (
	"bytes"
	"context"
	"creatorcoach/ops/haproxy"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"creatorcoach/ops/bench/benchkit"
)

var (
	step      = flag.Duration("step", 4*time.Second, "length of each load step")
	startRate = flag.Int("start", 25, "offered requests/s of the first step")
	factor    = flag.Float64("factor", 1.5, "each step offers this many times the last held rate")
	refine    = flag.Int("refine", 2, "bisections between the last held rate and the first one missed")
	maxRate   = flag.Int("max", 5000, "highest rate offered")
	warm      = flag.Duration("warm", 2*time.Second, "before each walk, offer the first step's rate this long, unmeasured (each Postgres backend of the api's pool plans its statements)")
	rest      = flag.Duration("rest", 10*time.Second, "idle time between the two walks")
	overload  = flag.Float64("overload", 2, "after one api's walk, offer this many times its held rate once and report how the excess was refused (0 = skip)")
	p99Goal   = flag.Duration("p99", 200*time.Millisecond, "latency goal at the 99th percentile")
	creators  = flag.Int("creators", 50_000, "creators in the network the brands search")
	campaigns = flag.Int("campaigns", 300, "campaigns of the demo brand")
	sessions  = flag.Int("sessions", 4, "sessions (simulated users) per demo account")
	hold      = flag.Int("hold", 0, "instead of stepping: offer this rate to one api for -hold-for and print the CPU each process spent per request")
	holdFor   = flag.Duration("hold-for", 20*time.Second, "how long -hold offers its rate")
	holdAPIs  = flag.Int("hold-apis", 1, "with -hold: api processes behind HAProxy")
	timeline  = flag.Bool("timeline", false, "with -hold: print each second's p99 and max, to find stalls")
	holdKinds = flag.Bool("hold-kinds", false, "with -hold: hold the rate once per kind of request alone, after the whole mix")
	profile   = flag.String("cpuprofile", "", "with -hold: write the api's CPU profile over the whole mix's hold to this file")
)

func main() { benchkit.Main("bench", run) }

// topology is HAProxy in front of n api processes.
type topology struct {
	apis    []*exec.Cmd
	apiAddr []string // each api's own address (its /metrics)
	haproxy *exec.Cmd
	addr    string
	stats   string // HAProxy's stats page: its health checks' verdicts

	outAtStart map[string]int // takenOut once the apis were ready (HAProxy starts before them)
}

func run(ctx context.Context) error {
	if _, err := exec.LookPath("haproxy"); err != nil {
		if err := benchkit.AptInstall("haproxy"); err != nil {
			return err
		}
	}
	s, err := benchkit.NewStack(ctx, benchkit.Setup{DB: "creatorcoach_bench_load", Redis: benchkit.LeasedRedis,
		Build: []string{"api"}, Env: []string{"TRUSTED_PROXIES=127.0.0.1/32", "SOCIAL_SANDBOX=1", "JWT_SECRET=bench-load-jwt-secret",
			// Its few brand sessions search the network more in a minute than a brand may in a day: the daily
			// limits (429 past them) are the rule being kept, not the capacity being measured.
			"NETWORK_PAGES_PER_DAY=1000000000", "NETWORK_PROFILES_PER_DAY=1000000000"}})
	if err != nil {
		return err
	}
	defer s.Close()
	if err := fill(ctx, s); err != nil {
		return err
	}
	fmt.Printf("== capacity through HAProxy %s: open-loop load (vegeta), steps of %s from %d req/s (x%.1f, then %d bisections), "+
		"goal p99 <= %s with no error\n", haproxyVersion(), *step, *startRate, *factor, *refine, *p99Goal)
	if *hold > 0 {
		return holdRate(ctx, s)
	}
	var held [2]float64
	var mix *mix
	for i, n := range []int{1, 2} {
		if i > 0 {
			time.Sleep(*rest)
		}
		t, err := start(ctx, s, n)
		if err != nil {
			return err
		}
		if mix == nil {
			if mix, err = newMix(ctx, s, t.addr); err != nil {
				t.stop()
				return err
			}
			fmt.Println("   mix:", mix.describe())
		}
		mix.base = "http://" + t.addr
		fmt.Printf("-- %d api process(es) behind HAProxy (load average %s)\n", n, loadAvg())
		held[i], err = capacity(ctx, t, mix)
		if err == nil && n == 1 && *overload > 0 && held[0] > 0 {
			overloaded(ctx, t, mix, int(held[0]**overload))
		}
		t.stop()
		if err != nil {
			return err
		}
	}
	ratio := 0.0
	if held[0] > 0 {
		ratio = held[1] / held[0]
	}
	fmt.Printf("== held with p99 <= %s and 0 errors: one api %.0f req/s, two apis %.0f req/s; two/one %.2f (goal >= 0.90 on two cores); load average %s\n",
		*p99Goal, held[0], held[1], ratio, loadAvg())
	return nil
}

// fill runs the api's seed (the demo accounts, their offers, social
// history and coach chats), then adds the network of creators and the demo
// brand's campaigns with SQL.
func fill(ctx context.Context, s *benchkit.Stack) error {
	t0 := time.Now()
	seed := exec.CommandContext(ctx, filepath.Join(s.Dir, "api"), "seed")
	seed.Env = s.Env()
	if out, err := seed.CombinedOutput(); err != nil {
		return fmt.Errorf("api seed: %v\n%s", err, out)
	}
	_, err := s.DB.SQL().ExecContext(ctx, `
		INSERT INTO creators (identity, name, email, niche, location, instagram_handle, instagram_followers,
			youtube_handle, youtube_subscribers, engagement_rate, audience_male, audience_female)
		SELECT 'instagram:' || h, initcap(f) || ' ' || initcap(l), h || '@mail.io',
			(ARRAY['Travel','Gaming','Beauty & Makeup','Technology','Food & Cooking'])[1 + g % 5],
			(ARRAY['London','Berlin','New York','Lagos','Tokyo','Paris'])[1 + g % 6], h, (g * 7919) % 900000,
			CASE WHEN g % 4 = 0 THEN h END, CASE WHEN g % 4 = 0 THEN (g * 104729) % 400000 END,
			(g % 120) / 10.0, g % 70, 100 - g % 70 - g % 5
		FROM (SELECT g, f, l, f || '_' || l || g AS h FROM (SELECT g,
			(ARRAY['ava','liam','mia','noah','zoe','ethan','lena','omar','iris','mateo'])[1 + g % 10] AS f,
			(ARRAY['martinez','chen','okafor','novak','silva','rossi','tanaka','larsen','dubois','mensah','costa'])[1 + (g / 10) % 11] AS l
			FROM generate_series(1::bigint, $1) g) x) y`, *creators)
	if err != nil {
		return fmt.Errorf("creators: %w", err)
	}
	_, err = s.DB.SQL().ExecContext(ctx, `
		INSERT INTO campaigns (brand_id, name, goals, budget, start_date, end_date, location, age_from, age_to, gender,
			content_vibes, exclusivity, content_usage, status, additional_instructions, created_at, updated_at)
		SELECT b.id, 'Campaign ' || g, '{Brand awareness,Sales}', 500 + (g % 40) * 100, current_date + g % 60,
			current_date + 30 + g % 60, 'Berlin', 18, 35, 'All', '{Fun,Authentic}', 'exclusive', '30_days',
			(ARRAY['draft', 'active', 'completed'])[1 + g % 3], 'Show the product in daylight.',
			now() - g * interval '1 minute', now() - g * interval '1 minute'
		FROM generate_series(1, $1) g, brands b WHERE b.name = 'Acme Studio'`, *campaigns)
	if err != nil {
		return fmt.Errorf("campaigns: %w", err)
	}
	// Analyzed, and written out: the fill's dirty pages flushed by a checkpoint
	// in the middle of a step would stall every call of that step.
	for _, q := range []string{`VACUUM ANALYZE`, `CHECKPOINT`} {
		if _, err := s.DB.SQL().ExecContext(ctx, q); err != nil {
			return err
		}
	}
	fmt.Printf("filled: the demo accounts (api seed), %d creators, %d campaigns of Acme Studio, in %.0f s\n",
		*creators, *campaigns, time.Since(t0).Seconds())
	return nil
}

// start runs n api processes and HAProxy in front of them, and waits until
// HAProxy answers /readyz through each.
func start(ctx context.Context, s *benchkit.Stack, n int) (*topology, error) {
	t := &topology{addr: benchkit.FreeAddr(), stats: benchkit.FreeAddr()}
	var addrs []string
	for range n {
		addr := benchkit.FreeAddr()
		api := exec.Command(filepath.Join(s.Dir, "api"))
		api.Env = s.Env("HTTP_ADDR="+addr, "PUBLIC_URL=http://"+t.addr)
		if err := api.Start(); err != nil {
			t.stop()
			return nil, err
		}
		t.apis = append(t.apis, api)
		addrs = append(addrs, addr)
		t.apiAddr = append(t.apiAddr, addr)
	}
	var servers []haproxy.Server
	for i, a := range addrs {
		servers = append(servers, haproxy.Server{Name: fmt.Sprintf("api%d", i), Addr: a})
	}
	cfg, err := haproxy.Config(haproxy.Options{Addr: t.addr, APIs: servers, Stats: t.stats})
	if err != nil {
		return nil, err
	}
	path := filepath.Join(s.Dir, fmt.Sprintf("haproxy-%d.cfg", n))
	if err := os.WriteFile(path, cfg, 0o644); err != nil {
		t.stop()
		return nil, err
	}
	t.haproxy = exec.Command("haproxy", "-db", "-q", "-f", path)
	if err := t.haproxy.Start(); err != nil {
		t.stop()
		return nil, err
	}
	for _, a := range addrs { // every api answers, and HAProxy's checks have seen it (fall/rise 2 at 500 ms)
		if !waitOK(ctx, "http://"+a+"/readyz", 30*time.Second) {
			t.stop()
			return nil, errors.New("an api did not start")
		}
	}
	time.Sleep(1500 * time.Millisecond)
	if !waitOK(ctx, "http://"+t.addr+"/readyz", 10*time.Second) {
		t.stop()
		return nil, errors.New("HAProxy does not answer")
	}
	t.outAtStart = t.takenOut()
	return t, nil
}

func (t *topology) stop() {
	for _, c := range append([]*exec.Cmd{t.haproxy}, t.apis...) {
		if c != nil && c.Process != nil {
			_ = c.Process.Signal(os.Interrupt)
			_ = c.Wait()
		}
	}
}

// takenOut is how many times HAProxy's health checks have taken each api
// out of the round since it started (nil when its stats cannot be read).
func (t *topology) takenOut() map[string]int {
	res, err := http.Get("http://" + t.stats + "/stats;csv")
	if err != nil {
		return nil
	}
	defer res.Body.Close()
	rows, err := csv.NewReader(res.Body).ReadAll()
	if err != nil || len(rows) == 0 {
		return nil
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[strings.TrimPrefix(name, "# ")] = i
	}
	out := map[string]int{}
	for _, r := range rows[1:] {
		if r[col["pxname"]] == "api" && strings.HasPrefix(r[col["svname"]], "api") {
			out[r[col["svname"]]], _ = strconv.Atoi(r[col["chkdown"]])
		}
	}
	return out
}

// checks says which apis HAProxy took out of the round since the topology
// was ready (a saturated api whose /readyz answers later than the check's
// timeout is taken out, and the others get its share), or "" when none.
func (t *topology) checks() string {
	var out []string
	for name, n := range t.takenOut() {
		if n -= t.outAtStart[name]; n > 0 {
			out = append(out, fmt.Sprintf("%s taken out %dx", name, n))
		}
	}
	if len(out) == 0 {
		return ""
	}
	sort.Strings(out)
	return "[HAProxy: " + strings.Join(out, ", ") + "]"
}

func waitOK(ctx context.Context, u string, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(u); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return true
			}
		}
	}
	return false
}

// request is one kind of request of the mix.
type request struct {
	who    string // creator, brand, admin
	name   string
	weight int
	method string
	path   string
	body   []byte
}

// mix is the weighted list of requests and the sessions that send them.
type mix struct {
	kinds    []request
	tokens   map[string][]string // who → access tokens
	schedule []int               // kinds by weight, shuffled
	names    map[string]string   // "METHOD path" → the kind's name
	next     atomic.Uint64
	base     string
	results  bool // GET /api/campaigns/{id}/results exists
}

// newMix signs the demo accounts in (-sessions times each) through addr
// and builds the mix.
func newMix(ctx context.Context, s *benchkit.Stack, addr string) (*mix, error) {
	m := &mix{tokens: map[string][]string{}, base: "http://" + addr}
	// A brand's viewer reads campaigns; searching the network is for its admins and managers.
	accounts := map[string][]string{"creator": {"creator@example.com", "pro@example.com"},
		"brand":       {"brand@example.com", "manager@example.com", "viewer@example.com"},
		"brand staff": {"brand@example.com", "manager@example.com"}, "admin": {"admin@example.com"}}
	for who, emails := range accounts {
		for _, email := range emails {
			for range *sessions {
				var out struct{ Data struct{ AccessToken string } }
				if err := post(m.base+"/api/users/login", "", map[string]string{"email": email, "password": "Demo#2026"}, &out); err != nil {
					return nil, fmt.Errorf("login %s: %w", email, err)
				}
				m.tokens[who] = append(m.tokens[who], out.Data.AccessToken)
			}
		}
	}
	var campaignID string
	if err := s.DB.SQL().GetContext(ctx, &campaignID, `SELECT c.id FROM campaigns c JOIN brands b ON b.id = c.brand_id
		WHERE b.name = 'Acme Studio' AND c.status = 'active' ORDER BY c.created_at DESC LIMIT 1`); err != nil {
		return nil, err
	}
	results := "/api/campaigns/" + campaignID + "/results"
	m.results = get(m.base+results, m.tokens["brand"][0]) == http.StatusOK
	if !m.results {
		results = "/api/campaigns/" + campaignID // the results call is not served by this tree: the campaign read stands in
	}
	filter, _ := json.Marshal(map[string]any{"status": []string{"active"}})
	m.kinds = []request{
		{"creator", "dashboard: me", 10, "GET", "/api/users/me", nil},
		{"creator", "dashboard: accounts", 10, "GET", "/api/accounts", nil},
		{"creator", "engagement", 15, "GET", "/api/accounts/engagement?platform=instagram&days=30", nil},
		{"creator", "coach history", 8, "GET", "/api/chats", nil},
		{"creator", "offers", 7, "GET", "/api/offers", nil},
		{"brand staff", "search the network", 12, "GET", "/api/creators?limit=10&search=mia%20chen&niche=Travel", nil},
		{"brand", "list campaigns", 10, "GET", "/api/campaigns/all-campaigns?page=1&limit=10", nil},
		{"brand", "campaign summary", 3, "GET", "/api/campaigns/summary", nil},
		{"brand", map[bool]string{true: "campaign results", false: "campaign read (results stand-in)"}[m.results], 10, "GET", results, nil},
		{"admin", "offers board", 10, "POST", "/api/admins/filter-campaign?page=1&limit=10", filter},
		{"admin", "overview", 5, "GET", "/api/admins/overview", nil},
	}
	m.names = map[string]string{}
	for i, k := range m.kinds { // every kind answers 200 before it is measured
		m.names[k.method+" "+k.path] = k.name
		tok := m.tokens[k.who][0]
		if code := do(m.base+k.path, k.method, tok, k.body); code != http.StatusOK {
			return nil, fmt.Errorf("%s %s: status %d", k.method, k.path, code)
		}
		for range k.weight {
			m.schedule = append(m.schedule, i)
		}
	}
	r := rand.New(rand.NewPCG(29, 4))
	r.Shuffle(len(m.schedule), func(i, j int) { m.schedule[i], m.schedule[j] = m.schedule[j], m.schedule[i] })
	return m, nil
}

func (m *mix) describe() string {
	total := 0
	by := map[string]int{}
	var names []string
	for _, k := range m.kinds {
		total += k.weight
		by[strings.Fields(k.who)[0]] += k.weight
		names = append(names, fmt.Sprintf("%s %d", k.name, k.weight))
	}
	return fmt.Sprintf("creators %d%%, brands %d%%, admins %d%% (%s); %d sessions each of 6 demo accounts",
		by["creator"]*100/total, by["brand"]*100/total, by["admin"]*100/total, strings.Join(names, ", "), *sessions)
}

// targeter hands vegeta the next request of the schedule, from one of the
// sessions of its kind of user.
func (m *mix) targeter() vegeta.Targeter {
	return func(t *vegeta.Target) error {
		n := m.next.Add(1)
		k := m.kinds[m.schedule[n%uint64(len(m.schedule))]]
		toks := m.tokens[k.who]
		t.Method, t.URL, t.Body = k.method, m.base+k.path, k.body
		t.Header = http.Header{"Authorization": {"Bearer " + toks[(n/7)%uint64(len(toks))]}, "Content-Type": {"application/json"}}
		return nil
	}
}

// stepResult is one load step.
type stepResult struct {
	rate   int
	m      vegeta.Metrics
	errors int
	byKind map[string][]time.Duration // latencies by kind of request
}

// kinds is each kind's p99 (and share of the errors), slowest first.
func (r stepResult) kinds() string {
	type kp struct {
		name string
		p99  time.Duration
	}
	var list []kp
	for name, lat := range r.byKind {
		list = append(list, kp{name, percentile(lat, 99)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].p99 > list[j].p99 })
	var parts []string
	for _, k := range list {
		parts = append(parts, fmt.Sprintf("%s %.0f", k.name, ms(k.p99)))
	}
	return "p99 ms by kind: " + strings.Join(parts, ", ")
}

func (r stepResult) held() bool {
	return r.errors == 0 && r.m.Latencies.P99 <= *p99Goal && r.m.Rate >= 0.95*float64(r.rate)
}

func (r stepResult) String() string {
	verdict := "held"
	if !r.held() {
		verdict = "missed"
	}
	return fmt.Sprintf("offered %5d req/s: sent %6.0f/s, answered %6.0f/s, p50 %6.1f ms, p99 %6.1f ms, max %7.1f ms (%d requests), %d errors %v -> %s",
		r.rate, r.m.Rate, r.m.Throughput, ms(r.m.Latencies.P50), ms(r.m.Latencies.P99), ms(r.m.Latencies.Max), r.m.Requests,
		r.errors, codes(r.m.StatusCodes), verdict)
}

// percentile is the q-th percentile of l (sorted in place), 0 for none.
func percentile(l []time.Duration, q int) time.Duration {
	if len(l) == 0 {
		return 0
	}
	sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
	return l[len(l)*q/100]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func codes(c map[string]int) string {
	var keys []string
	for k := range c {
		if k != "200" {
			keys = append(keys, fmt.Sprintf("%s:%d", k, c[k]))
		}
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return "(all 200)"
	}
	return "(" + strings.Join(keys, " ") + ")"
}

// overloaded offers rate (past what the api holds) for one step and reports
// how it coped: the requests it accepted must keep their p99 under a
// second, and the rest must be refused at once with 503 and Retry-After
// (MAX_IN_FLIGHT) rather than queued.
func overloaded(ctx context.Context, t *topology, m *mix, rate int) {
	time.Sleep(time.Second)
	var accepted, refused []time.Duration
	other, withRetry := 0, 0
	before := t.servedHistogram(ctx)
	r := attackEach(ctx, m, rate, *step, func(res *vegeta.Result) {
		switch {
		case res.Error == "" && res.Code == http.StatusOK:
			accepted = append(accepted, res.Latency)
		case res.Code == http.StatusServiceUnavailable:
			refused = append(refused, res.Latency)
			if res.Headers.Get("Retry-After") != "" {
				withRetry++
			}
		default:
			other++
		}
	})
	pct := func(l []time.Duration, q int) float64 { return ms(percentile(l, q)) }
	fmt.Println(strings.TrimRight(fmt.Sprintf("   overload, %.1fx the held rate: offered %d req/s, sent %.0f/s; accepted %d (p50 %.1f ms, p99 %.1f ms; goal p99 <= 1 s), "+
		"refused with 503 %d (%d with Retry-After; p50 %.1f ms, p99 %.1f ms), other failures %d %s",
		*overload, rate, r.m.Rate, len(accepted), pct(accepted, 50), pct(accepted, 99), len(refused), withRetry, pct(refused, 50), pct(refused, 99), other, t.checks()), " "))
	if after := t.servedHistogram(ctx); after != nil && before != nil {
		fmt.Printf("     the api's own time for the requests it accepted (from its arrival at the api, its wait for a slot included; "+
			"the rest is HAProxy's and the load's wait for the shared cores): %s\n", after.Since(before))
	}
}

// servedHistogram reads every api's /metrics (nil when one cannot be read).
func (t *topology) servedHistogram(ctx context.Context) benchkit.Served {
	return benchkit.ReadServed(ctx, "/api/", t.apiAddr...)
}

// attack offers rate requests/s of the mix for d.
func attack(ctx context.Context, m *mix, rate int, d time.Duration) stepResult {
	return attackEach(ctx, m, rate, d, nil)
}

// attackEach is attack, handing each result to each (when not nil) as well.
func attackEach(ctx context.Context, m *mix, rate int, d time.Duration, each func(*vegeta.Result)) stepResult {
	a := vegeta.NewAttacker(vegeta.Timeout(10*time.Second), vegeta.KeepAlive(true), vegeta.Connections(256),
		vegeta.Workers(32), vegeta.MaxWorkers(2048), vegeta.MaxBody(0))
	var met vegeta.Metrics
	res := stepResult{rate: rate, byKind: map[string][]time.Duration{}}
	for r := range a.Attack(m.targeter(), vegeta.Rate{Freq: rate, Per: time.Second}, d, fmt.Sprint(rate)) {
		met.Add(r)
		name := m.names[r.Method+" "+strings.TrimPrefix(r.URL, m.base)]
		res.byKind[name] = append(res.byKind[name], r.Latency)
		if r.Error != "" || r.Code != http.StatusOK {
			res.errors++
		}
		if each != nil {
			each(r)
		}
		if ctx.Err() != nil {
			a.Stop()
		}
	}
	met.Close()
	res.m = met
	return res
}

// capacity steps the offered rate up by -factor until a step is missed,
// bisects -refine times between the last held and the first missed rate,
// and returns the highest rate held.
func capacity(ctx context.Context, t *topology, m *mix) (float64, error) {
	// Warm-up, up to the first step's rate: the api's pool opens the connections that rate needs, and each new
	// Postgres backend fills its caches and plans the statements; a first step that paid for that alone stalled for
	// a second or two (p99 0.6-1 s at 400 req/s after a warm-up at 200, then 350 held).
	attack(ctx, m, *startRate/2, 2*time.Second)
	attack(ctx, m, *startRate, *warm)
	time.Sleep(time.Second)
	// offer runs a step; a missed step is offered once more after a pause and
	// counts as missed only if it misses again: a stall of a second (another
	// tenant of the cores, a collector cycle) is not the rate's capacity,
	// and the walk would end below it.
	offer := func(rate int) stepResult {
		r := attack(ctx, m, rate, *step)
		fmt.Println("   " + strings.TrimSpace(fmt.Sprint(r, " ", t.checks())))
		if !r.held() && ctx.Err() == nil {
			time.Sleep(time.Second)
			r = attack(ctx, m, rate, *step)
			fmt.Println("   again: " + strings.TrimSpace(fmt.Sprint(r, " ", t.checks())))
		}
		return r
	}
	best, missed := 0, 0
	var bestStep, missedStep stepResult
	for rate := *startRate; rate <= *maxRate && rate >= 5 && ctx.Err() == nil; {
		r := offer(rate)
		if !r.held() {
			missed, missedStep = rate, r
			if best > 0 {
				break
			}
			rate /= 2 // the first step missed: step down until one holds
			time.Sleep(time.Second)
			continue
		}
		best, bestStep = rate, r
		if missed > 0 {
			break
		}
		rate = int(float64(rate) * *factor)
	}
	for i := 0; i < *refine && missed > 0 && best > 0 && ctx.Err() == nil; i++ {
		rate := (best + missed) / 2
		time.Sleep(time.Second) // let the queue of the missed step drain
		r := offer(rate)
		if r.held() {
			best, bestStep = rate, r
		} else {
			missed, missedStep = rate, r
		}
	}
	if best > 0 {
		fmt.Printf("   at %d req/s, %s\n", best, bestStep.kinds())
	}
	if missed > 0 {
		fmt.Printf("   at %d req/s, %s\n", missed, missedStep.kinds())
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	fmt.Printf("   held: %d req/s (p99 <= %s, no error)\n", best, *p99Goal)
	return float64(best), nil
}

// loadAvg is the machine's 1-minute load average (the cores are shared).
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

func haproxyVersion() string {
	out, _ := exec.Command("haproxy", "-v").Output()
	if f := strings.Fields(string(out)); len(f) >= 3 {
		return f[2]
	}
	return "?"
}

func post(u, token string, in, out any) error {
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", u, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		return fmt.Errorf("status %d: %s", res.StatusCode, raw)
	}
	return json.NewDecoder(res.Body).Decode(out)
}

func get(u, token string) int { return do(u, "GET", token, nil) }

func do(u, method, token string, body []byte) int {
	req, _ := http.NewRequest(method, u, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode
}

// holdRate offers -hold req/s of the mix to one api behind HAProxy for
// -hold-for and prints the step, each kind's p99 and the CPU each process
// spent per request; with -hold-kinds, then each kind alone at that rate:
// where the api's and Postgres's time per request goes.
func holdRate(ctx context.Context, s *benchkit.Stack) error {
	t, err := start(ctx, s, *holdAPIs)
	if err != nil {
		return err
	}
	defer t.stop()
	m, err := newMix(ctx, s, t.addr)
	if err != nil {
		return err
	}
	attack(ctx, m, *hold/2, 2*time.Second) // warm-up
	prof := make(chan error, 1)
	if *profile != "" {
		go func() { prof <- cpuProfile(ctx, t.addr, *holdFor-time.Second) }()
	}
	fmt.Printf("-- %d api(s) behind HAProxy, %d req/s for %s (load average %s)\n", *holdAPIs, *hold, *holdFor, benchkit.LoadAvg())
	measure := func(label string) {
		before := t.cpu(ctx, s)
		var start time.Time
		var seconds [][]time.Duration
		var each func(*vegeta.Result) // only with -timeline: the load's own CPU is measured too
		if *timeline {
			each = func(r *vegeta.Result) {
				if start.IsZero() {
					start = r.Timestamp
				}
				i := max(0, int(r.Timestamp.Sub(start)/time.Second))
				for len(seconds) <= i {
					seconds = append(seconds, nil)
				}
				seconds[i] = append(seconds[i], r.Latency)
			}
		}
		r := attackEach(ctx, m, *hold, *holdFor, each)
		after := t.cpu(ctx, s)
		fmt.Printf("   %s: %s\n", label, r)
		if *timeline {
			for i, l := range seconds {
				if len(l) == 0 {
					fmt.Printf("     second %2d: nothing sent\n", i)
					continue
				}
				p99 := percentile(l, 99) // sorts l
				fmt.Printf("     second %2d: %5d sent, p99 %7.1f ms, max %7.1f ms\n", i, len(l), ms(p99), ms(l[len(l)-1]))
			}
		}
		if len(r.byKind) > 1 {
			fmt.Println("  ", r.kinds())
		}
		fmt.Printf("   %s: CPU ms per request: %s\n", label, after.per(before, float64(r.m.Requests)))
	}
	measure("mix")
	if *profile != "" {
		if err := <-prof; err != nil {
			return err
		}
		fmt.Println("   the api's CPU profile:", *profile)
	}
	if !*holdKinds {
		return nil
	}
	all := m.schedule
	for i, k := range m.kinds {
		m.schedule = []int{i}
		measure(k.name)
	}
	m.schedule = all
	return nil
}

// cpuProfile writes the api's CPU profile over d to -cpuprofile (through
// HAProxy, with the development operator's credentials the bench's api runs
// with).
func cpuProfile(ctx context.Context, addr string, d time.Duration) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, max(1, int(d.Seconds()))), nil)
	req.SetBasicAuth("ops", "ops")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("the api's CPU profile: status %d", res.StatusCode)
	}
	f, err := os.Create(*profile)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, res.Body)
	return err
}

// ownCPU is the CPU time (s) of what the benchmark runs, apart from the
// other work sharing the machine: the api processes, HAProxy, the Postgres
// backends serving the benchmark's database, and this process (the load).
type ownCPU struct {
	api, haproxy, load, machine float64
	postgres                    benchkit.Backends
}

func (t *topology) cpu(ctx context.Context, s *benchkit.Stack) ownCPU {
	var c ownCPU
	for _, a := range t.apis {
		c.api += cpuSeconds(a.Process.Pid)
	}
	c.haproxy = cpuSeconds(t.haproxy.Process.Pid)
	var name string
	_ = s.DB.SQL().GetContext(ctx, &name, `SELECT current_database()`)
	c.postgres, _ = benchkit.DatabaseBackends(ctx, s.DB.SQL().DB, name)
	c.load = cpuSeconds(os.Getpid())
	c.machine = benchkit.CPUByCommand()["(machine busy)"]
	return c
}

// per says the CPU between two readings in ms per request, by process.
func (c ownCPU) per(before ownCPU, n float64) string {
	ms := func(a, b float64) float64 { return (a - b) * 1000 / n }
	pgSince, _ := c.postgres.Since(before.postgres)
	pg := pgSince.Seconds() * 1000 / n
	own := ms(c.api, before.api) + ms(c.haproxy, before.haproxy) + pg
	return fmt.Sprintf("api %.2f, postgres backends %.2f, haproxy %.2f (served: %.2f); the load %.2f; the whole machine %.2f",
		ms(c.api, before.api), pg, ms(c.haproxy, before.haproxy), own, ms(c.load, before.load), ms(c.machine, before.machine))
}

// cpuSeconds is the CPU time (user and system) of process pid, in seconds.
func cpuSeconds(pid int) float64 { return benchkit.ProcCPU(pid).Seconds() }
