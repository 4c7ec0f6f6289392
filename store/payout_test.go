package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// payoutWorld is a brand with a campaign and offers sent to creators who
// have accounts, on a clock the test moves.
type payoutWorld struct {
	t        *testing.T
	db       *store.DB
	ctx      context.Context
	mu       sync.Mutex
	clock    time.Time
	campaign string
	brand    string
	admin    *store.User
	brandAdm *store.User
	manager  *store.User
	entries  []string
	creators []string // user ids, by entry
	tasks    []store.Task
}

func (w *payoutWorld) now() time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.clock
}

func (w *payoutWorld) advance(d time.Duration) {
	w.mu.Lock()
	w.clock = w.clock.Add(d)
	w.mu.Unlock()
}

// newPayoutWorld makes n offers of 400.00 sent by a BRAND_MANAGER.
func newPayoutWorld(t *testing.T, n int) *payoutWorld {
	t.Helper()
	db, _ := storetest.New(t)
	w := &payoutWorld{t: t, db: db, ctx: context.Background(), clock: time.Date(2030, 9, 10, 12, 0, 0, 0, time.UTC)}
	db.Now = w.now
	sqlDB := db.SQL()
	sqlDB.MustExec(`INSERT INTO brands (name) VALUES ('Acme')`)
	if err := sqlDB.Get(&w.brand, `SELECT id FROM brands LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	mk := func(email, role string, brand any) *store.User {
		var id string
		if err := sqlDB.Get(&id, `INSERT INTO users (email, name, password_hash, role, brand_id) VALUES ($1, $1, 'x', $2, $3) RETURNING id`,
			email, role, brand); err != nil {
			t.Fatal(err)
		}
		u := &store.User{ID: id, Email: email, Name: email, Role: role}
		if brand != nil {
			u.Brand = &store.Brand{ID: w.brand}
		}
		return u
	}
	w.admin = mk("admin@example.com", store.RoleAdmin, nil)
	w.brandAdm = mk("boss@example.com", store.RoleBrandAdmin, w.brand)
	w.manager = mk("manager@example.com", store.RoleBrandManager, w.brand)
	if err := sqlDB.Get(&w.campaign, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
		VALUES ($1, 'Autumn', 10000000, '2030-09-01', '2030-09-30', 18, 35, 'All', 'exclusive', '30_days', 'acmeautumn') RETURNING id`, w.brand); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		u := mk(fmt.Sprintf("creator%d@example.com", i), store.RoleUser, nil)
		var entry string
		if err := sqlDB.Get(&entry, `WITH cr AS (INSERT INTO creators (identity, name, user_id) VALUES ($1, $1, $2) RETURNING id)
			INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status)
			SELECT $3, cr.id, $4, 80, '[]', 'instagram', 400, 400, 'sent' FROM cr RETURNING id`, "email:"+u.Email, u.ID, w.campaign, i+1); err != nil {
			t.Fatal(err)
		}
		sqlDB.MustExec(`INSERT INTO offer_history (entry_id, actor_id, actor_side, at, from_status, to_status, amount, note)
			VALUES ($1, $2, 'brand', $3, 'draft', 'sent', 400, '')`, entry, w.manager.ID, w.clock)
		w.entries = append(w.entries, entry)
		w.creators = append(w.creators, u.ID)
	}
	payoutTasksOnce.Do(setPayoutTasks)
	return w
}

var payoutTasksOnce sync.Once

// setPayoutTasks names the payout tasks as package jobs would.
func setPayoutTasks() {
	store.PayoutTask = func(step, entryID string, attempt int) store.Task {
		return store.Task{Key: fmt.Sprintf("payout-%s-%s-%d", step, entryID, attempt), Type: "payout:" + step, Queue: "default", Payload: []byte(`{}`)}
	}
	store.PayoutMailTask = func(entryID, kind, key string) store.Task {
		return store.Task{Key: "payout-mail-" + entryID + "-" + key, Type: "payout:mail", Queue: "critical", Payload: []byte(`{}`)}
	}
	store.PayoutTransfersTask = func(entryIDs []string) store.Task {
		b, _ := json.Marshal(entryIDs)
		return store.Task{Key: "payout-transfers-" + entryIDs[0], Type: "payout:transfer_batch", Queue: "default", Payload: b}
	}
}

func (w *payoutWorld) accept(i int) {
	w.t.Helper()
	// Accepting is signing: the manager who sent it and the creator sign.
	creator := &store.User{ID: w.creators[i], Email: fmt.Sprintf("creator%d@example.com", i), Role: store.RoleUser}
	if err := storetest.SignOffer(w.ctx, w.db, w.entries[i], nil, w.manager, creator); err != nil {
		w.t.Fatal(err)
	}
}

func (w *payoutWorld) payout(i int) *store.Payout {
	w.t.Helper()
	p, err := w.db.GetPayout(w.ctx, w.entries[i])
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *payoutWorld) capture(i int) {
	w.t.Helper()
	w.db.SQL().MustExec(`INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, published_at, captured_at)
		VALUES ($1, $2, 'instagram', $3, $4, $4)`, w.campaign, w.entries[i], "post-"+w.entries[i], w.now())
}

func (w *payoutWorld) ready(i int) {
	w.t.Helper()
	w.db.SQL().MustExec(`INSERT INTO payout_accounts (user_id, provider_id, state) VALUES ($1, $2, 'ready')
		ON CONFLICT (user_id) DO UPDATE SET state = 'ready'`, w.creators[i], "acct_"+w.creators[i][:8])
}

// checkBooks fails unless the whole ledger holds (CheckLedger) and each
// offer's books are as wanted.
func (w *payoutWorld) checkBooks(step string) {
	w.t.Helper()
	problems, err := w.db.CheckLedger(w.ctx)
	if err != nil {
		w.t.Fatal(err)
	}
	if len(problems) > 0 {
		w.t.Fatalf("after %s the books do not hold: %v", step, problems)
	}
}

func (w *payoutWorld) books(i int) store.PayoutBooks {
	w.t.Helper()
	b, err := w.db.PayoutBooks(w.ctx, w.entries[i])
	if err != nil {
		w.t.Fatal(err)
	}
	return store.PayoutBooks{Funded: b.Funded, Transferred: b.Transferred, Refunded: b.Refunded, Fee: b.Fee, Held: b.Held}
}

// TestPayoutRelease: acceptance opens the funding with the 10 % fee; the
// charge funds it (card paid 440.00, 400.00 held, 40.00 fee); a post
// captured in the campaign's dates starts the clock; before RELEASE_AFTER
// nothing leaves; after it the creator without payout details waits, and
// leaves on the next run once ready; the transfer completes the offer; the
// books hold after every step and every step is in the audit log.
func TestPayoutRelease(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 1)
	w.accept(0)
	p := w.payout(0)
	if p.State != store.PayoutFunding || p.Amount != 40000 || p.Fee != 4000 || p.CommittedRole != store.RoleBrandManager {
		t.Fatalf("opened payout = %+v", p)
	}
	w.checkBooks("acceptance")
	order, err := w.db.PayoutFundingOrder(w.ctx, w.entries[0], 1)
	if err != nil || order == nil || order.Amount != 44000 {
		t.Fatalf("funding order = %+v, %v", order, err)
	}
	if err := w.db.RecordFunding(w.ctx, w.entries[0], store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	if err := w.db.RecordFunding(w.ctx, w.entries[0], store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	if b := w.books(0); b != (store.PayoutBooks{Funded: 44000, Held: 40000, Fee: 4000}) {
		t.Fatalf("funded books = %+v", b)
	}
	w.checkBooks("funding")
	if o, _ := w.db.PayoutFundingOrder(w.ctx, w.entries[0], 1); o != nil {
		t.Fatal("a funded payment is charged again")
	}

	w.capture(0)
	r, err := w.db.PayoutTick(w.ctx, 100)
	if err != nil || r.ClocksStarted != 1 || r.Released != 0 {
		t.Fatalf("first tick = %+v, %v", r, err)
	}
	if p := w.payout(0); p.ReleaseAt == nil || !p.ReleaseAt.Equal(w.now().Add(store.DefaultReleaseAfter)) {
		t.Fatalf("release at %v", p.ReleaseAt)
	}
	w.advance(47 * time.Hour)
	if r, _ := w.db.PayoutTick(w.ctx, 100); r.Released != 0 || r.Waiting != 0 {
		t.Fatalf("released inside the window: %+v", r)
	}
	w.advance(2 * time.Hour)
	if r, _ := w.db.PayoutTick(w.ctx, 100); r.Waiting != 1 {
		t.Fatalf("creator without details: %+v", r)
	}
	if p := w.payout(0); p.State != store.PayoutWaitingDetails {
		t.Fatalf("state %s, want waiting_details", p.State)
	}
	w.ready(0)
	if r, _ := w.db.PayoutTick(w.ctx, 100); r.Released != 1 {
		t.Fatalf("ready creator not released: %+v", r)
	}
	to, err := w.db.PayoutTransferOrder(w.ctx, w.entries[0])
	if err != nil || to == nil || to.Amount != 40000 || to.Destination == "" {
		t.Fatalf("transfer order = %+v, %v", to, err)
	}
	w.checkBooks("release decision")
	for range 2 {
		if err := w.db.RecordTransfer(w.ctx, w.entries[0], "tr_1"); err != nil {
			t.Fatal(err)
		}
	}
	if b := w.books(0); b != (store.PayoutBooks{Funded: 44000, Transferred: 40000, Fee: 4000}) {
		t.Fatalf("transferred books = %+v", b)
	}
	var status string
	_ = w.db.SQL().Get(&status, `SELECT offer_status FROM roster_entries WHERE id = $1`, w.entries[0])
	if status != store.OfferCompleted {
		t.Fatalf("offer %s after the transfer, want completed", status)
	}
	w.checkBooks("transfer")
	evs, err := w.db.AuditEvents(w.ctx, "offer:"+w.entries[0])
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range evs {
		if strings.HasPrefix(e.Action, "payout.") { // the agreement's signing events share the offer's log
			actions = append(actions, e.Action)
		}
	}
	want := []string{"payout.opened", "payout.funding_succeeded", "payout.released", "payout.transferred"}
	if fmt.Sprint(actions) != fmt.Sprint(want) {
		t.Fatalf("audit = %v, want %v", actions, want)
	}
	var transfers int
	_ = w.db.SQL().Get(&transfers, `SELECT count(*) FROM task_outbox WHERE task_type = 'payout:transfer_batch'`)
	if transfers != 1 {
		t.Fatalf("%d transfer tasks, want 1", transfers)
	}
}

// TestPayoutReleaseBatches: the periodic release hands 30 due payments of
// two campaigns to the worker in batches (spread over many tasks, each of
// one campaign, every payment in one), audits each release; the batch's
// orders leave out what is not releasing, and recording a batch twice, with
// a payment that is not releasing, records each transfer once.
func TestPayoutReleaseBatches(t *testing.T) {
	t.Parallel()
	const n = 30
	w := newPayoutWorld(t, n)
	var other string
	if err := w.db.SQL().Get(&other, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity,
		content_usage, tracking_tag) SELECT brand_id, 'Winter', budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage,
		'acmewinter' FROM campaigns WHERE id = $1 RETURNING id`, w.campaign); err != nil {
		t.Fatal(err)
	}
	w.db.SQL().MustExec(`UPDATE roster_entries SET campaign_id = $1 WHERE id = ANY($2)`, other, pq.Array(w.entries[n-5:]))
	campaignOf := map[string]string{}
	for i, e := range w.entries {
		campaignOf[e] = map[bool]string{true: other, false: w.campaign}[i >= n-5]
		w.accept(i)
		if err := w.db.RecordFunding(w.ctx, e, store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: fmt.Sprintf("pi_%d", i)}); err != nil {
			t.Fatal(err)
		}
		w.ready(i)
		w.capture(i)
	}
	if r, err := w.db.PayoutTick(w.ctx, 100); err != nil || r.ClocksStarted != n {
		t.Fatalf("clocks: %+v, %v", r, err)
	}
	w.advance(49 * time.Hour)
	if r, err := w.db.PayoutTick(w.ctx, 100); err != nil || r.Released != n {
		t.Fatalf("release: %+v, %v", r, err)
	}
	var payloads [][]byte
	if err := w.db.SQL().Select(&payloads, `SELECT payload FROM task_outbox WHERE task_type = 'payout:transfer_batch'`); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, b := range payloads {
		var ids []string
		if err := json.Unmarshal(b, &ids); err != nil || len(ids) == 0 || len(ids) > 2 {
			t.Fatalf("batch %s: 30 payments are spread over batches of at most 2 (%v)", b, err)
		}
		for _, id := range ids {
			seen[id]++
			if campaignOf[id] != campaignOf[ids[0]] {
				t.Fatalf("batch %v mixes campaigns", ids)
			}
		}
	}
	if len(payloads) != 16 || len(seen) != n {
		t.Fatalf("%d batches covering %d payments, want 16 (13 + 3) covering %d", len(payloads), len(seen), n)
	}
	for id, c := range seen {
		if c != 1 {
			t.Fatalf("payment %s in %d batches", id, c)
		}
	}
	var released int
	_ = w.db.SQL().Get(&released, `SELECT count(*) FROM audit_events WHERE action = 'payout.released'`)
	if released != n {
		t.Fatalf("%d releases audited, want %d", released, n)
	}

	batch := append(slices.Clone(w.entries[:10]), "not-a-uuid", "00000000-0000-0000-0000-000000000000")
	orders, err := w.db.PayoutTransferOrders(w.ctx, batch)
	if err != nil || len(orders) != 10 || orders[0].EntryID != w.entries[0] || orders[9].EntryID != w.entries[9] || orders[3].Amount != 40000 {
		t.Fatalf("orders = %+v, %v", orders, err)
	}
	made := []store.TransferMade{}
	for i, o := range orders {
		made = append(made, store.TransferMade{EntryID: o.EntryID, TransferID: fmt.Sprintf("tr_%d", i)})
	}
	for range 2 {
		if err := w.db.RecordTransfers(w.ctx, append(slices.Clone(made), store.TransferMade{EntryID: w.entries[12], TransferID: "tr_x"},
			store.TransferMade{EntryID: "not-a-uuid"})); err != nil {
			t.Fatal(err)
		}
		// Entry 12 was releasing too: recorded with the batch's transfer; the second round changes nothing.
	}
	if orders, _ := w.db.PayoutTransferOrders(w.ctx, w.entries[:13]); len(orders) != 2 {
		t.Fatalf("%d of the first 13 still releasing, want 2", len(orders))
	}
	var count struct {
		Transferred int `db:"transferred"`
		Completed   int `db:"completed"`
		History     int `db:"history"`
		Mails       int `db:"mails"`
		Audited     int `db:"audited"`
		Movements   int `db:"movements"`
	}
	if err := w.db.SQL().Get(&count, `SELECT
		(SELECT count(*) FROM payouts WHERE state = 'transferred') AS transferred,
		(SELECT count(*) FROM roster_entries WHERE offer_status = 'completed') AS completed,
		(SELECT count(*) FROM offer_history WHERE to_status = 'completed') AS history,
		(SELECT count(*) FROM task_outbox WHERE task_key LIKE 'payout-mail-%-transferred') AS mails,
		(SELECT count(*) FROM audit_events WHERE action = 'payout.transferred') AS audited,
		(SELECT count(DISTINCT movement) FROM payout_ledger WHERE kind = 'release') AS movements`); err != nil {
		t.Fatal(err)
	}
	if count.Transferred != 11 || count.Completed != 11 || count.History != 11 || count.Mails != 11 || count.Audited != 11 || count.Movements != 11 {
		t.Fatalf("after recording 11 transfers twice: %+v", count)
	}
	if p := w.payout(3); p.TransferID != "tr_3" {
		t.Fatalf("transfer id %q", p.TransferID)
	}
	w.checkBooks("batch transfers")
	if checked, broken, err := w.db.VerifyAudit(w.ctx); err != nil || broken != nil || checked == 0 {
		t.Fatalf("audit chain: %d checked, %+v, %v", checked, broken, err)
	}
}

// TestPayoutObjection: a BRAND_VIEWER cannot object, another brand's
// member sees no payment, a manager's objection holds it; the ADMIN's
// partial refund gives 150.00 back and releases 250.00; the books hold.
func TestPayoutObjection(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 2)
	for i := range 2 {
		w.accept(i)
		if err := w.db.RecordFunding(w.ctx, w.entries[i], store.FundingResult{Status: store.FundingSucceeded}); err != nil {
			t.Fatal(err)
		}
		w.ready(i)
	}
	viewer := &store.User{ID: w.manager.ID, Role: store.RoleBrandViewer, Brand: &store.Brand{ID: w.brand}}
	if _, err := w.db.ObjectPayout(w.ctx, viewer, w.entries[0], "post removed"); store.ErrorCode(err) != store.EFORBIDDEN {
		t.Fatalf("viewer objection: %v", err)
	}
	other := &store.User{ID: w.manager.ID, Role: store.RoleBrandManager, Brand: &store.Brand{ID: "00000000-0000-0000-0000-000000000001"}}
	if _, err := w.db.ObjectPayout(w.ctx, other, w.entries[0], "post removed"); store.ErrorCode(err) != store.ENOTFOUND {
		t.Fatalf("another brand's objection: %v", err)
	}
	if _, err := w.db.ObjectPayout(w.ctx, w.manager, w.entries[0], "x"); store.ErrorCode(err) != store.EINVALID {
		t.Fatalf("short reason: %v", err)
	}
	p, err := w.db.ObjectPayout(w.ctx, w.manager, w.entries[0], "not as agreed")
	if err != nil || p.State != store.PayoutHeld {
		t.Fatalf("objection = %+v, %v", p, err)
	}
	if _, err := w.db.ObjectPayout(w.ctx, w.manager, w.entries[0], "not as agreed"); store.ErrorCode(err) != store.ECONFLICT {
		t.Fatalf("second objection: %v", err)
	}
	w.capture(0)
	w.advance(72 * time.Hour)
	if r, _ := w.db.PayoutTick(w.ctx, 100); r.Released != 0 {
		t.Fatalf("a held payment was released: %+v", r)
	}
	if _, err := w.db.DecidePayout(w.ctx, w.brandAdm, w.entries[0], store.PayoutDecision{Decision: "release", Reason: "ok"}); store.ErrorCode(err) != store.EFORBIDDEN {
		t.Fatalf("brand decision: %v", err)
	}
	if _, err := w.db.DecidePayout(w.ctx, w.admin, w.entries[0], store.PayoutDecision{Decision: "partial_refund", RefundAmount: 40000, Reason: "half done"}); store.ErrorCode(err) != store.EINVALID {
		t.Fatalf("refund of everything as partial: %v", err)
	}
	p, err = w.db.DecidePayout(w.ctx, w.admin, w.entries[0], store.PayoutDecision{Decision: "partial_refund", RefundAmount: 15000, Reason: "one of two posts"})
	if err != nil || p.State != store.PayoutReleasing || p.RefundAmount != 15000 {
		t.Fatalf("decision = %+v, %v", p, err)
	}
	ro, err := w.db.PayoutRefundOrder(w.ctx, w.entries[0])
	if err != nil || ro == nil || ro.Amount != 15000 {
		t.Fatalf("refund order = %+v, %v", ro, err)
	}
	if err := w.db.RecordRefund(w.ctx, w.entries[0], "re_1"); err != nil {
		t.Fatal(err)
	}
	w.checkBooks("partial refund")
	if err := w.db.RecordTransfer(w.ctx, w.entries[0], "tr_1"); err != nil {
		t.Fatal(err)
	}
	if b := w.books(0); b != (store.PayoutBooks{Funded: 44000, Transferred: 25000, Refunded: 15000, Fee: 4000}) {
		t.Fatalf("books after partial refund = %+v", b)
	}
	// The second: objected and refunded in full, fee included.
	if _, err := w.db.ObjectPayout(w.ctx, w.brandAdm, w.entries[1], "post removed"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.DecidePayout(w.ctx, w.admin, w.entries[1], store.PayoutDecision{Decision: "refund", Reason: "never posted"}); err != nil {
		t.Fatal(err)
	}
	if err := w.db.RecordRefund(w.ctx, w.entries[1], "re_2"); err != nil {
		t.Fatal(err)
	}
	if b := w.books(1); b != (store.PayoutBooks{Funded: 44000, Refunded: 44000}) || w.payout(1).State != store.PayoutRefunded {
		t.Fatalf("full refund books = %+v, state %s", b, w.payout(1).State)
	}
	w.checkBooks("full refund")
}

// TestPayoutManagerLimit: above the brand's monthly manager limit a
// manager's acceptance waits for a BRAND_ADMIN's approval (a manager may
// not approve); a failed funding is mailed and lapses after FUNDING_GRACE;
// a chargeback after the transfer is the platform's loss and flags the
// brand, whose next funding needs an ADMIN.
func TestPayoutManagerLimit(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 4)
	w.db.SQL().MustExec(`INSERT INTO payout_brand_settings (brand_id, manager_monthly_limit) VALUES ($1, 50000)`, w.brand)
	w.accept(0)
	w.accept(1)
	if a, b := w.payout(0).State, w.payout(1).State; a != store.PayoutFunding || b != store.PayoutAwaitingApproval {
		t.Fatalf("states %s, %s; want funding, awaiting_approval", a, b)
	}
	if _, err := w.db.ApprovePayout(w.ctx, w.manager, w.entries[1]); store.ErrorCode(err) != store.EFORBIDDEN {
		t.Fatalf("manager approval: %v", err)
	}
	if p, err := w.db.ApprovePayout(w.ctx, w.brandAdm, w.entries[1]); err != nil || p.State != store.PayoutFunding {
		t.Fatalf("approval = %+v, %v", p, err)
	}
	if err := w.db.RecordFunding(w.ctx, w.entries[1], store.FundingResult{Status: store.FundingFailed, Failure: "Your card was declined."}); err != nil {
		t.Fatal(err)
	}
	var mails int
	_ = w.db.SQL().Get(&mails, `SELECT count(*) FROM task_outbox WHERE task_key LIKE 'payout-mail-%funding_failed%'`)
	if mails != 1 || w.payout(1).State != store.PayoutFundingFailed {
		t.Fatalf("failed funding: %d mails, state %s", mails, w.payout(1).State)
	}
	w.advance(store.DefaultFundingGrace + time.Minute)
	if r, _ := w.db.PayoutTick(w.ctx, 100); r.Lapsed != 1 || w.payout(1).State != store.PayoutLapsed {
		t.Fatalf("lapse: %+v, state %s", r, w.payout(1).State)
	}
	w.checkBooks("lapse")

	if err := w.db.RecordFunding(w.ctx, w.entries[0], store.FundingResult{Status: store.FundingSucceeded}); err != nil {
		t.Fatal(err)
	}
	w.ready(0)
	w.capture(0)
	_, _ = w.db.PayoutTick(w.ctx, 100)
	w.advance(49 * time.Hour)
	_, _ = w.db.PayoutTick(w.ctx, 100)
	if err := w.db.RecordTransfer(w.ctx, w.entries[0], "tr_1"); err != nil {
		t.Fatal(err)
	}
	if err := w.db.RecordDispute(w.ctx, w.entries[0], 44000); err != nil {
		t.Fatal(err)
	}
	if b := w.books(0); b != (store.PayoutBooks{Funded: 44000, Transferred: 40000, Refunded: 44000, Fee: -40000}) {
		t.Fatalf("books after chargeback = %+v", b)
	}
	w.checkBooks("chargeback")
	w.accept(2)
	if w.payout(2).State != store.PayoutAwaitingApproval {
		t.Fatalf("a flagged brand's funding is %s", w.payout(2).State)
	}
	if _, err := w.db.ApprovePayout(w.ctx, w.brandAdm, w.entries[2]); store.ErrorCode(err) != store.EFORBIDDEN {
		t.Fatalf("brand admin approving a flagged brand: %v", err)
	}
	if _, err := w.db.ApprovePayout(w.ctx, w.admin, w.entries[2]); err != nil {
		t.Fatal(err)
	}
}

// TestPayoutLedgerProperty runs random sequences of moves on several offers
// (fund, fail, capture, time passing, the periodic release, transfers,
// objections, decisions, refunds, disputes, provider fees, repeats of each)
// and checks after every move that every movement sums to zero, every
// offer's books balance and agree with its payment's state.
func TestPayoutLedgerProperty(t *testing.T) {
	t.Parallel()
	const offers = 6
	w := newPayoutWorld(t, offers)
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 36))
	t.Logf("seed %d", seed)
	for i := range offers {
		w.accept(i)
	}
	moves := []func(i int) string{
		func(i int) string {
			_ = w.db.RecordFunding(w.ctx, w.entries[i], store.FundingResult{Status: store.FundingSucceeded})
			return "fund"
		},
		func(i int) string {
			_ = w.db.RecordFunding(w.ctx, w.entries[i], store.FundingResult{Status: store.FundingFailed, Failure: "declined"})
			return "fail"
		},
		func(i int) string { _, _ = w.db.RetryFunding(w.ctx, w.brandAdm, w.entries[i]); return "retry" },
		func(i int) string {
			var n int
			_ = w.db.SQL().Get(&n, `SELECT count(*) FROM campaign_posts WHERE entry_id = $1`, w.entries[i])
			if n == 0 {
				w.capture(i)
			}
			return "capture"
		},
		func(i int) string { w.ready(i); return "ready" },
		func(int) string { w.advance(time.Duration(rng.IntN(60)) * time.Hour); return "time" },
		func(int) string { _, _ = w.db.PayoutTick(w.ctx, 100); return "tick" },
		func(i int) string { _ = w.db.RecordTransfer(w.ctx, w.entries[i], "tr"); return "transfer" },
		func(i int) string {
			_, _ = w.db.ObjectPayout(w.ctx, w.manager, w.entries[i], "not as agreed")
			return "object"
		},
		func(i int) string {
			d := []string{store.DecisionRelease, store.DecisionPartialRefund, store.DecisionRefund}[rng.IntN(3)]
			_, _ = w.db.DecidePayout(w.ctx, w.admin, w.entries[i], store.PayoutDecision{Decision: d, RefundAmount: int64(1 + rng.IntN(39999)), Reason: "decided"})
			return "decide " + d
		},
		func(i int) string {
			if o, _ := w.db.PayoutRefundOrder(w.ctx, w.entries[i]); o != nil {
				_ = w.db.RecordRefund(w.ctx, w.entries[i], "re")
			}
			return "refund"
		},
		func(i int) string {
			_ = w.db.RecordDispute(w.ctx, w.entries[i], int64(rng.IntN(44001)))
			return "dispute"
		},
		func(i int) string {
			_ = w.db.RecordProviderFee(w.ctx, w.entries[i], int64(rng.IntN(2000)))
			return "provider fee"
		},
		func(i int) string {
			// A refund made at the provider's dashboard in whatever state the payment is (while the product's
			// own refund is on its way too), reported with the charge's whole refunded amount so far: part of
			// what is left or all of it.
			p, _ := w.db.GetPayout(w.ctx, w.entries[i])
			b, _ := w.db.PayoutBooks(w.ctx, w.entries[i])
			if p == nil || b.Funded <= b.Refunded {
				return "no dashboard refund"
			}
			total := b.Refunded + 1 + int64(rng.IntN(int(b.Funded-b.Refunded)))
			_, _ = w.db.RecordProviderRefund(w.ctx, w.entries[i], "re_dash", total)
			return fmt.Sprintf("dashboard refund to %d", total)
		},
		func(i int) string { _, _ = w.db.ApprovePayout(w.ctx, w.admin, w.entries[i]); return "approve" },
		func(i int) string { _, _ = w.db.CancelUndelivered(w.ctx, w.brandAdm, w.entries[i]); return "cancel" },
	}
	var log []string
	defer func() {
		var states []string
		_ = w.db.SQL().Select(&states, `SELECT state FROM payouts ORDER BY state`)
		t.Logf("final states %v", states)
	}()
	for step := 0; step < 300; step++ {
		i := rng.IntN(offers)
		name := moves[rng.IntN(len(moves))](i)
		log = append(log, fmt.Sprintf("%s(%d)", name, i))
		problems, err := w.db.CheckLedger(w.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Fatalf("seed %d, after %v: %v", seed, log, problems)
		}
	}
}

// TestPayoutPaysOnTime: under five releases a brand is "new on the
// platform"; with six, one objected, the share is 5/6 and the median hours
// from capture to transfer is measured.
func TestPayoutPaysOnTime(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 6)
	for i := range 6 {
		w.accept(i)
		if err := w.db.RecordFunding(w.ctx, w.entries[i], store.FundingResult{Status: store.FundingSucceeded}); err != nil {
			t.Fatal(err)
		}
		w.ready(i)
		w.capture(i)
	}
	if _, err := w.db.ObjectPayout(w.ctx, w.manager, w.entries[5], "not as agreed"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.PayoutTick(w.ctx, 100); err != nil {
		t.Fatal(err)
	}
	w.advance(48 * time.Hour)
	if r, err := w.db.PayoutTick(w.ctx, 100); err != nil || r.Released != 5 {
		t.Fatalf("release: %+v, %v", r, err)
	}
	for i := range 4 {
		if err := w.db.RecordTransfer(w.ctx, w.entries[i], "tr"); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := w.db.BrandPaysOnTime(w.ctx, w.admin, w.brand)
	if err != nil || rec.Releases != 4 || rec.OnTimeShare != nil || rec.Label != "new on the platform" {
		t.Fatalf("four releases: %+v, %v", rec, err)
	}
	if err := w.db.RecordTransfer(w.ctx, w.entries[4], "tr"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.DecidePayout(w.ctx, w.admin, w.entries[5], store.PayoutDecision{Decision: store.DecisionRelease, Reason: "fine after all"}); err != nil {
		t.Fatal(err)
	}
	w.advance(time.Hour)
	if err := w.db.RecordTransfer(w.ctx, w.entries[5], "tr"); err != nil {
		t.Fatal(err)
	}
	rec, err = w.db.BrandPaysOnTime(w.ctx, w.admin, w.brand)
	if err != nil || rec.Releases != 6 || rec.OnTimeShare == nil || *rec.OnTimeShare < 0.83 || *rec.OnTimeShare > 0.84 || *rec.MedianHours != 48 {
		t.Fatalf("six releases: %+v, %v", rec, err)
	}
}

// TestPayoutReconcile: the provider's moves of the day agreeing with the
// ledger find nothing; a transfer of another amount, a refund the ledger
// lacks and a funding the provider does not list are each recorded once,
// and a provider move of an offer that is not ours is ignored.
func TestPayoutReconcile(t *testing.T) {
	t.Parallel()
	w := newPayoutWorld(t, 2)
	for i := range 2 {
		w.accept(i)
		if err := w.db.RecordFunding(w.ctx, w.entries[i], store.FundingResult{Status: store.FundingSucceeded, PaymentIntentID: fmt.Sprintf("pi_%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	w.ready(0)
	w.capture(0)
	_, _ = w.db.PayoutTick(w.ctx, 100)
	w.advance(49 * time.Hour)
	_, _ = w.db.PayoutTick(w.ctx, 100)
	if err := w.db.RecordTransfer(w.ctx, w.entries[0], "tr_0"); err != nil {
		t.Fatal(err)
	}
	fundDay, releaseDay := w.now().Add(-49*time.Hour), w.now()
	agree := []store.ProviderMove{{Kind: store.MoveFunding, ID: "pi_0", EntryID: w.entries[0], Amount: 44000},
		{Kind: store.MoveFunding, ID: "pi_1", EntryID: w.entries[1], Amount: 44000},
		{Kind: store.MoveFunding, ID: "pi_x", EntryID: "not-ours", Amount: 999}}
	if got, err := w.db.Reconcile(w.ctx, fundDay, agree); err != nil || len(got) != 0 {
		t.Fatalf("agreeing day: %+v, %v", got, err)
	}
	if got, err := w.db.Reconcile(w.ctx, fundDay, agree[:1]); err != nil || len(got) != 1 || got[0].Kind != store.MismatchMissingAtProvider {
		t.Fatalf("funding the provider lacks: %+v, %v", got, err)
	}
	differ := []store.ProviderMove{{Kind: store.MoveRelease, ID: "tr_0", EntryID: w.entries[0], Amount: 39000},
		{Kind: store.MoveRefund, ID: "re_9", EntryID: w.entries[1], Amount: 100}}
	got, err := w.db.Reconcile(w.ctx, releaseDay, differ)
	if err != nil || len(got) != 2 {
		t.Fatalf("differences: %+v, %v", got, err)
	}
	kinds := []string{got[0].Kind, got[1].Kind}
	if !slices.Contains(kinds, store.MismatchAmount) || !slices.Contains(kinds, store.MismatchMissingInLedger) {
		t.Fatalf("kinds %v", kinds)
	}
	if again, _ := w.db.Reconcile(w.ctx, releaseDay, differ); len(again) != 0 {
		t.Fatalf("recorded twice: %+v", again)
	}
	if n, _ := w.db.OpenMismatches(w.ctx); n != 3 {
		t.Fatalf("%d open mismatches, want 3", n)
	}
	_, _, mism, err := w.db.PaymentsBoard(w.ctx, w.admin, "", 1, 10)
	if err != nil || len(mism) != 3 {
		t.Fatalf("board mismatches %v, %v", mism, err)
	}
}

// TestPayoutPaymentTerms: the agreement's payment terms follow the release
// and delivery windows in whole units.
func TestPayoutPaymentTerms(t *testing.T) {
	for _, c := range []struct {
		settings store.PayoutSettings
		want     []string
	}{
		{store.PayoutSettings{}, []string{"payout account 48 hours after", "by 7 days after the end date"}},
		{store.PayoutSettings{ReleaseAfter: 72 * time.Hour, DeliveryGrace: 24 * time.Hour}, []string{"account 3 days after", "by 24 hours after"}},
		{store.PayoutSettings{ReleaseAfter: time.Minute, DeliveryGrace: 90 * time.Second}, []string{"account 1 minute after", "by 90 seconds after"}},
	} {
		got := c.settings.PaymentTerms()
		for _, w := range append(c.want, "through Creator Coach.", "The creator pays no fee") {
			if !strings.Contains(got, w) {
				t.Errorf("%+v: terms lack %q: %s", c.settings, w, got)
			}
		}
	}
}
