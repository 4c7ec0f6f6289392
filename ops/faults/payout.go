package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"sync"
	"time"

	"creatorcoach/store"
)

// providerProxy stands between the processes and the payment provider's
// stand-in (stripe-mock, which keeps no state): it forwards every call, and
// for transfers it behaves as the provider does with an Idempotency-Key (a
// key seen before gets the first answer again, no new transfer) and counts
// the transfers really made. When hold is set, the answer to a new transfer
// is kept back (after the transfer is made and counted) until release is
// closed, so that the worker can be killed between the provider's answer and
// its own commit.
type providerProxy struct {
	addr    string
	srv     *http.Server
	forward *httputil.ReverseProxy
	up      *url.URL

	mu        sync.Mutex
	made      map[string][]byte // transfer answers by idempotency key
	forwarded int               // transfers that reached the provider
	replayed  int               // transfers answered again from a key
	hold      chan struct{}     // closed by the harness to let a held answer go
	answered  chan struct{}     // closed when a held transfer has been made
}

func startProviderProxy() (*providerProxy, error) {
	upstream := os.Getenv("STRIPE_MOCK_URL")
	if upstream == "" {
		upstream = os.Getenv("STRIPE_API_BASE")
	}
	if upstream == "" {
		upstream = "http://127.0.0.1:12111"
	}
	up, err := url.Parse(upstream)
	if err != nil {
		return nil, fmt.Errorf("provider stand-in %q: %w", upstream, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &providerProxy{addr: "http://" + ln.Addr().String(), forward: httputil.NewSingleHostReverseProxy(up), up: up,
		made: map[string][]byte{}}
	p.srv = &http.Server{Handler: p, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = p.srv.Serve(ln) }()
	return p, nil
}

func (p *providerProxy) close() { _ = p.srv.Close() }

// holdNextTransfer makes the next new transfer's answer wait for the harness.
func (p *providerProxy) holdNextTransfer() (answered, release chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hold, p.answered = make(chan struct{}), make(chan struct{})
	return p.answered, p.hold
}

func (p *providerProxy) counts() (forwarded, replayed int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.forwarded, p.replayed
}

func (p *providerProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/transfers" {
		p.forward.ServeHTTP(w, r)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	p.mu.Lock()
	if body, ok := p.made[key]; ok && key != "" {
		p.replayed++
		p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Idempotent-Replayed", "true")
		_, _ = w.Write(body)
		return
	}
	p.mu.Unlock()
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	p.forward.ServeHTTP(rec, r)
	p.mu.Lock()
	if rec.status == http.StatusOK {
		p.forwarded++
		p.made[key] = rec.body.Bytes()
	}
	hold, answered := p.hold, p.answered
	p.hold, p.answered = nil, nil
	p.mu.Unlock()
	if hold != nil {
		close(answered)
		select {
		case <-hold:
		case <-r.Context().Done(): // the worker died waiting: the transfer is made, its answer lost
			return
		}
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.body.Bytes())
}

// recorder keeps a forwarded answer.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(status int)      { r.status = status }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

var _ io.Writer = (*recorder)(nil)

// payoutKill: an offer is accepted, funded, its post captured and its
// release decided (in the database, handed to the worker through the
// outbox). The worker's transfer reaches the provider, and the worker is
// killed with SIGKILL after the provider made the transfer and before the
// worker recorded it. Another worker takes the task over and the offer is
// paid: exactly one transfer at the provider, the books balanced, the
// offer completed.
func (s *suite) payoutKill(ctx context.Context) error {
	db, err := store.Open(ctx, s.dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	// No worker while the offer is set up: the funding the acceptance queues
	// must find the payment funded already (the brand here has no card).
	if err := s.onlyWorkers(0); err != nil {
		return err
	}
	entry, err := payoutReadyToRelease(ctx, db)
	if err != nil {
		return err
	}
	if _, err := s.startWorker(); err != nil {
		return err
	}
	answered, release := s.provider.holdNextTransfer()
	defer close(release)
	later := time.Now().Add(store.DefaultReleaseAfter + time.Hour)
	db.Now = func() time.Time { return later }
	if r, err := db.PayoutTick(ctx, 100); err != nil || r.Released != 1 {
		return fmt.Errorf("payout: the release was not decided: %+v, %v", r, err)
	}
	select {
	case <-answered:
	case <-time.After(time.Minute):
		return fmt.Errorf("payout: the worker never asked the provider for the transfer (see %s/worker-*.log)", s.dir)
	}
	victim := s.liveWorkers()[0]
	victim.kill()
	killed := time.Now()
	if p, err := db.GetPayout(ctx, entry); err != nil || p.State == store.PayoutTransferred {
		return fmt.Errorf("payout: recorded before the kill (%+v, %v): the kill came too late to test anything", p, err)
	}
	if _, err := s.startWorker(); err != nil {
		return err
	}
	paid := waitFor(ctx, 2*time.Minute, func() bool {
		p, err := db.GetPayout(ctx, entry)
		return err == nil && p.State == store.PayoutTransferred
	})
	took := time.Since(killed)
	time.Sleep(2 * time.Second) // a second transfer would show up now
	forwarded, replayed := s.provider.counts()
	books, _ := db.PayoutBooks(ctx, entry)
	problems, err := db.CheckLedger(ctx)
	if err != nil {
		return err
	}
	var status string
	_ = db.SQL().GetContext(ctx, &status, `SELECT offer_status FROM roster_entries WHERE id = $1`, entry)
	s.check(paid && forwarded == 1 && replayed >= 1 && books.Transferred == payoutAmount && len(problems) == 0 && status == store.OfferCompleted,
		"payout: worker killed between the provider's transfer and its commit: paid %.1f s after the kill; %d transfer made at the provider, %d answered again by idempotency key; transferred %d cents of %d; offer %s; ledger problems %v",
		took.Seconds(), forwarded, replayed, books.Transferred, payoutAmount, status, problems)
	return nil
}

// payoutAmount is the offer's amount in cents (400.00).
const payoutAmount = 40000

// payoutReadyToRelease makes a brand, a campaign and a creator with payout
// details, an offer accepted and funded, and its post captured: the
// payment's clock starts, so a tick RELEASE_AFTER later releases it.
func payoutReadyToRelease(ctx context.Context, db *store.DB) (string, error) {
	q := db.SQL()
	var brand, campaign, admin, creator, entry string
	err := q.GetContext(ctx, &brand, `INSERT INTO brands (name) VALUES ('Faults Payouts') RETURNING id`)
	if err == nil {
		err = q.GetContext(ctx, &admin, `SELECT id FROM users WHERE email = $1`, adminEmail)
	}
	if err == nil {
		err = q.GetContext(ctx, &campaign, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender,
			exclusivity, content_usage, tracking_tag) VALUES ($1, 'Faults payout', 100000, current_date - 10, current_date + 20, 18, 35, 'All',
			'no_exclusivity', 'organic_only', 'faultspay') RETURNING id`, brand)
	}
	if err == nil {
		err = q.GetContext(ctx, &creator, `INSERT INTO users (email, name, password_hash, role) VALUES ('payee@example.org', 'Payee', 'x', 'USER')
			RETURNING id`)
	}
	if err == nil {
		err = q.GetContext(ctx, &entry, `WITH cr AS (INSERT INTO creators (identity, name, user_id) VALUES ('email:payee@example.org', 'Payee', $1) RETURNING id)
			INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status, offer_sent_at)
			SELECT $2, cr.id, 1, 80, '[]', 'instagram', 400, 400, 'sent', now() FROM cr RETURNING id`, creator, campaign)
	}
	if err == nil {
		_, err = q.ExecContext(ctx, `INSERT INTO payout_accounts (user_id, provider_id, state) VALUES ($1, 'acct_faultspayee', 'ready')`, creator)
	}
	if err != nil {
		return "", fmt.Errorf("payout: setting up: %w", err)
	}
	// Accepting is signing: the brand's and the creator's signatures accept it (payoutOnMove opens the payment).
	var signer store.User
	err = q.GetContext(ctx, &signer, `INSERT INTO users (email, name, password_hash, role, brand_id) VALUES ('faults-brand@example.org', 'Faults Brand', 'x', 'BRAND_ADMIN', $1)
		ON CONFLICT (email) DO UPDATE SET brand_id = EXCLUDED.brand_id RETURNING id, name, role`, brand)
	if err != nil {
		return "", fmt.Errorf("payout: the brand's signer: %w", err)
	}
	signer.Brand = &store.Brand{ID: brand}
	if err := db.RecordSignedAcceptance(ctx, entry, &signer, store.AgreementTasks{}); err != nil {
		return "", fmt.Errorf("payout: accepting: %w", err)
	}
	if err := db.RecordFunding(ctx, entry, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_faults"}); err != nil {
		return "", fmt.Errorf("payout: funding: %w", err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, published_at, captured_at)
		VALUES ($1, $2, 'instagram', 'faults-post', now() - interval '1 hour', now())`, campaign, entry); err != nil {
		return "", fmt.Errorf("payout: capturing: %w", err)
	}
	if r, err := db.PayoutTick(ctx, 100); err != nil || r.ClocksStarted != 1 {
		return "", fmt.Errorf("payout: the clock did not start: %+v, %v", r, err)
	}
	return entry, nil
}
