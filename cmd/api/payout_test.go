package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"creatorcoach/store"
)

// testConnectSecret signs the Connect events of tests.
const testConnectSecret = "whsec_connect_test"

// deliverPayout posts a provider event to the payouts webhook signed now with secret.
func (e *env) deliverPayout(payload []byte, secret string) resp {
	e.t.Helper()
	return e.deliverTo("/api/payouts/webhook", payload, signature(payload, secret, time.Now()))
}

// payoutProcessed waits until the worker processed a payouts event and returns its outcome.
func (e *env) payoutProcessed(eventID string) string {
	e.t.Helper()
	return e.processedBy(eventID, e.db.GetPayoutEvent)
}

// payoutsReady sets up offer f's creator for payouts (the sandbox
// onboarding answers ready at once).
func (e *env) payoutsReady(f offerFixture) {
	e.t.Helper()
	e.want(e.call("POST", "/api/payouts/account", f.creator, nil), http.StatusOK)
	e.want(e.call("GET", "/api/payouts/account?refresh=1", f.creator, nil), http.StatusOK)
}

// fundOffer gives f's brand a card, sends the offer at $500 and has both
// sides sign it: the payment is reserved ($500 + the fee) once settled.
func (e *env) fundOffer(f offerFixture) {
	e.t.Helper()
	e.want(e.call("POST", "/api/payouts/brand/cards", f.brand, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	e.acceptBySigning(f)
	e.settle()
}

// capturePost records offer f's tagged post as captured now (published
// half a day into the campaign), as the social sync does.
func (e *env) capturePost(f offerFixture) {
	e.t.Helper()
	var start time.Time
	_ = e.db.SQL().Get(&start, `SELECT start_date::timestamptz FROM campaigns WHERE id = $1`, f.campaign)
	e.db.SQL().MustExec(`INSERT INTO campaign_posts (campaign_id, entry_id, platform, external_id, published_at, captured_at)
		VALUES ($1, $2, 'instagram', 'p1', $3, $4)`, f.campaign, f.entry, start.Add(12*time.Hour), e.clock.Now())
}

// captureForPayout captures offer f's tagged post (capturePost) and runs
// the payout tick that starts its release clock.
func (e *env) captureForPayout(f offerFixture) {
	e.t.Helper()
	e.capturePost(f)
	if _, err := e.db.PayoutTick(context.Background(), 100); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) payment(entry, token string) map[string]any {
	e.t.Helper()
	p, _ := e.want(e.call("GET", "/api/payouts/offers/"+entry, token, nil), http.StatusOK).data()["payment"].(map[string]any)
	return p
}

func countCalls(calls []string, call string) int {
	n := 0
	for _, c := range calls {
		if c == call {
			n++
		}
	}
	return n
}

// TestPayouts_EndToEnd: the creator sets up payouts (the sandbox's
// onboarding returns at once, the account reads ready); the BRAND_ADMIN
// adds a card (a BRAND_VIEWER sees its last 4 digits and cannot add one);
// the brand sends, the creator accepts, and the worker charges 550.00 with
// the offer as transfer_group: "funded", the creator seeing no fee; another
// creator and another brand get 404; a post captured within the dates
// starts the clock, the release 48 hours later transfers 500.00 once,
// completes the offer and mails both sides; the books hold; a chargeback
// after the transfer is the platform's loss and flags the brand.
func TestPayouts_EndToEnd(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.api.cfg.Payout.ConnectWebhookSecret = testConnectSecret
	f := e.linkedOffer("pay.io")
	viewer := e.brandAccount("viewer@pay.io", store.RoleBrandViewer, "Brand pay.io")
	otherBrand := e.brandAccount("owner@else.io", store.RoleBrandAdmin, "Else")
	otherCreator := e.account("other@pay.io", store.RoleUser)
	admin := e.account("admin@pay.io", store.RoleAdmin)

	if st := e.want(e.call("GET", "/api/payouts/account", f.creator, nil), http.StatusOK).str("data", "account", "state"); st != "not_set_up" {
		t.Fatalf("before set-up: %s", st)
	}
	e.want(e.call("POST", "/api/payouts/account", otherCreator, nil), http.StatusForbidden) // not in the network
	e.want(e.call("POST", "/api/payouts/account", f.brand, nil), http.StatusForbidden)
	before := e.provider.len()
	set := e.want(e.call("POST", "/api/payouts/account", f.creator, nil), http.StatusOK)
	if !strings.HasSuffix(set.str("data", "url"), "/account-settings/payouts?returned=1") || set.str("data", "account", "state") != "details_needed" {
		t.Fatalf("set up: %v", set.Body)
	}
	e.want(e.call("POST", "/api/payouts/account", f.creator, nil), http.StatusOK) // again: the same account
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/accounts") != 1 {
		t.Fatalf("provider calls: %v", calls)
	}
	if st := e.want(e.call("GET", "/api/payouts/account?refresh=1", f.creator, nil), http.StatusOK).str("data", "account", "state"); st != "ready" {
		t.Fatalf("after onboarding: %s", st)
	}
	var creatorID string
	_ = e.db.SQL().Get(&creatorID, `SELECT id FROM users WHERE email = $1`, f.creatorEmail)
	if st := e.want(e.call("GET", "/api/payouts/accounts/"+creatorID, admin, nil), http.StatusOK).str("data", "account", "state"); st != "ready" {
		t.Fatalf("admin reads %s", st)
	}

	e.want(e.call("POST", "/api/payouts/brand/cards", viewer, map[string]any{"id": "pm_card_visa"}), http.StatusForbidden)
	card := e.want(e.call("POST", "/api/payouts/brand/cards", f.brand, map[string]any{"id": "pm_card_visa"}), http.StatusCreated)
	if card.str("data", "card", "last4") != "4242" {
		t.Fatalf("card: %v", card.Body)
	}
	if cards := e.want(e.call("GET", "/api/payouts/brand/cards", viewer, nil), http.StatusOK).data()["cards"].([]any); len(cards) != 1 {
		t.Fatalf("viewer sees %v", cards)
	}

	e.want(e.brandMove(f, "sent", 500), http.StatusOK)
	before = e.provider.len()
	e.acceptBySigning(f)
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/payment_intents") != 1 {
		t.Fatalf("funding calls: %v", calls)
	}
	p := e.payment(f.entry, f.creator)
	if p["state"] != "funded" || p["amount"].(float64) != 50000 || p["fee"] != nil || p["books"] != nil {
		t.Fatalf("creator's payment: %v", p)
	}
	bp := e.payment(f.entry, viewer)
	if bp["fee"].(float64) != 5000 || bp["books"].(map[string]any)["funded"].(float64) != 55000 {
		t.Fatalf("brand's payment: %v", bp)
	}
	e.want(e.call("GET", "/api/payouts/offers/"+f.entry, otherCreator, nil), http.StatusNotFound)
	e.want(e.call("GET", "/api/payouts/offers/"+f.entry, otherBrand, nil), http.StatusNotFound)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", viewer, map[string]any{"reason": "post removed"}), http.StatusForbidden)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", otherBrand, map[string]any{"reason": "post removed"}), http.StatusNotFound)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", f.brand, map[string]any{"decision": "release", "reason": "fine"}), http.StatusForbidden)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", admin, map[string]any{"decision": "release", "reason": "fine"}), http.StatusConflict)

	e.captureForPayout(f)
	if p := e.payment(f.entry, f.creator); p["releaseAt"] == nil || p["state"] != "funded" {
		t.Fatalf("clock: %v", p)
	}
	e.clock.Advance(49 * time.Hour)
	before = e.provider.len()
	if r, err := e.db.PayoutTick(context.Background(), 100); err != nil || r.Released != 1 {
		t.Fatalf("release: %+v, %v", r, err)
	}
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/transfers") != 1 {
		t.Fatalf("transfer calls: %v", calls)
	}
	f.creator, viewer, admin = e.login(f.creatorEmail), e.login("viewer@pay.io"), e.login("admin@pay.io")
	if p := e.payment(f.entry, f.creator); p["state"] != "transferred" || p["transferredAt"] == nil {
		t.Fatalf("after the release: %v", p)
	}
	if st := e.offerStatus(f.entry); st != store.OfferCompleted {
		t.Fatalf("offer %s", st)
	}
	if m := e.mailWith(f.creatorEmail, "Payment sent"); !strings.Contains(m.Subject, "Payment sent") || !strings.Contains(m.Text(), "$500.00") {
		t.Errorf("creator's mail: %q %s", m.Subject, m.Text())
	}
	if m := e.mailWith("owner@pay.io", "Payment sent"); !strings.Contains(m.Subject, "Payment sent") {
		t.Errorf("brand's mail: %q", m.Subject)
	}

	// The creator's bank payout, as signed Connect events carrying the account: on its way, the payment is expected
	// in the bank on the payout's arrival date; paid, it is paid on it. Another account's payout changes nothing.
	var acct string
	_ = e.db.SQL().Get(&acct, `SELECT a.provider_id FROM payout_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1`, f.creatorEmail)
	arrival := e.clock.Now().Add(48 * time.Hour).Truncate(time.Second).UTC()
	payout := func(id, typ, status, account string) {
		t.Helper()
		ev := connectEvent(providerEvent(id, typ, e.clock.Now(), map[string]any{"id": "po_1", "object": "payout", "amount": 50000,
			"currency": "usd", "arrival_date": arrival.Unix(), "created": e.clock.Now().Add(time.Minute).Unix(), "status": status}), account)
		e.want(e.deliverPayout(ev, testConnectSecret), http.StatusOK)
	}
	payout("evt_payout_other", "payout.paid", "paid", "acct_someone_else")
	if out := e.payoutProcessed("evt_payout_other"); out != store.OutcomeUnknown {
		t.Fatalf("another account's payout: %s", out)
	}
	payout("evt_payout_1", "payout.created", "in_transit", acct)
	if out := e.payoutProcessed("evt_payout_1"); out != store.OutcomeApplied {
		t.Fatalf("payout on its way: %s", out)
	}
	sameTime := func(v any) bool {
		s, _ := v.(string)
		got, err := time.Parse(time.RFC3339Nano, s)
		return err == nil && got.Equal(arrival)
	}
	if p := e.payment(f.entry, f.creator); !sameTime(p["arrivalAt"]) || p["paidAt"] != nil {
		t.Fatalf("expected in bank: %v (want %s)", p, arrival)
	}
	payout("evt_payout_2", "payout.paid", "paid", acct)
	if out := e.payoutProcessed("evt_payout_2"); out != store.OutcomeApplied {
		t.Fatalf("payout paid: %s", out)
	}
	if p := e.payment(f.entry, f.creator); !sameTime(p["paidAt"]) || !sameTime(p["arrivalAt"]) {
		t.Fatalf("paid: %v", p)
	}
	problems, err := e.db.CheckLedger(context.Background())
	if err != nil || len(problems) > 0 {
		t.Fatalf("books: %v, %v", problems, err)
	}
	earn := e.want(e.call("GET", "/api/payouts/earnings", f.creator, nil), http.StatusOK).data()["earnings"].(map[string]any)
	if earn["thisMonth"].(float64) != 50000 || earn["thisYear"].(float64) != 50000 || len(earn["byBrand"].([]any)) != 1 {
		t.Fatalf("earnings: %v", earn)
	}
	spend := e.want(e.call("GET", "/api/payouts/spend", viewer, nil), http.StatusOK).data()["spend"].(map[string]any)
	camp := spend["campaigns"].([]any)[0].(map[string]any)
	if camp["committed"].(float64) != 55000 || camp["paid"].(float64) != 50000 || camp["fees"].(float64) != 5000 || len(spend["receipts"].([]any)) != 1 {
		t.Fatalf("spend: %v", spend)
	}
	e.want(e.call("GET", "/api/payouts/spend", f.creator, nil), http.StatusForbidden)
	var brandID string
	_ = e.db.SQL().Get(&brandID, `SELECT brand_id FROM payouts WHERE entry_id = $1`, f.entry)
	rec := e.want(e.call("GET", "/api/payouts/brands/"+brandID+"/pays-on-time", f.creator, nil), http.StatusOK).data()["record"].(map[string]any)
	if rec["label"] != "new on the platform" || rec["onTimeShare"] != nil || rec["releases"].(float64) != 1 {
		t.Fatalf("pays on time: %v", rec)
	}
	e.want(e.call("GET", "/api/payouts/brands/"+brandID+"/pays-on-time", e.login("owner@else.io"), nil), http.StatusNotFound)
	for path, head := range map[string]string{"/api/payouts/earnings.csv": "campaign,brand,state,amount_usd,paid_usd,funded_at,transferred_at\n",
		"/api/payouts/spend.csv": "campaign,committed_usd,paid_usd,refunded_usd,fees_usd\n"} {
		tok := map[bool]string{true: f.creator, false: viewer}[strings.Contains(path, "earnings")]
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(buf.String(), head) || !strings.Contains(buf.String(), "500.00") {
			t.Fatalf("%s: %d %q", path, res.StatusCode, buf.String())
		}
	}

	// The nightly reconciliation lists the provider's moves (stripe-mock's are not our offers'): it runs clean.
	if err := e.jobs.HandlePayoutReconcile(context.Background(), nil); err != nil {
		t.Fatalf("reconcile: %v", err)
	}
	if calls := e.provider.since(before); countCalls(calls, "GET /v1/transfers") != 1 || countCalls(calls, "GET /v1/refunds") != 1 {
		t.Fatalf("reconcile calls: %v", calls)
	}

	// The webhook: a bad signature is refused; a dispute on the funding
	// charge after the transfer is the platform's loss; a replay is stored once.
	var pi string
	_ = e.db.SQL().Get(&pi, `SELECT payment_intent_id FROM payouts WHERE entry_id = $1`, f.entry)
	ev := providerEvent("evt_dispute_1", "charge.dispute.created", e.clock.Now(), map[string]any{"id": "dp_1", "object": "dispute",
		"amount": 55000, "currency": "usd", "payment_intent": pi, "status": "needs_response"})
	e.want(e.deliverPayout(ev, "whsec_wrong"), http.StatusBadRequest)
	e.want(e.deliverPayout(ev, testWebhookSecret), http.StatusBadRequest) // the billing endpoint's secret is not this one's
	if r := e.want(e.deliverPayout(ev, testConnectSecret), http.StatusOK); r.data()["duplicate"] != false {
		t.Fatalf("first delivery: %v", r.Body)
	}
	if r := e.want(e.deliverPayout(ev, testConnectSecret), http.StatusOK); r.data()["duplicate"] != true {
		t.Fatalf("replay: %v", r.Body)
	}
	if out := e.payoutProcessed("evt_dispute_1"); out != store.OutcomeApplied {
		t.Fatalf("dispute outcome %s", out)
	}
	b := e.payment(f.entry, admin)["books"].(map[string]any)
	if b["refunded"].(float64) != 55000 || b["fee"].(float64) != -50000 {
		t.Fatalf("books after the dispute: %v", b)
	}
	if st := e.want(e.call("GET", "/api/payouts/brand/settings", viewer, nil), http.StatusOK).data()["settings"].(map[string]any); st["needsAdminApproval"] != true {
		t.Fatalf("brand not flagged: %v", st)
	}
	evs, _ := e.db.AuditEvents(context.Background(), "offer:"+f.entry)
	var actions []string
	for _, a := range evs {
		actions = append(actions, a.Action)
	}
	for _, want := range []string{"payout.opened", "payout.funding_succeeded", "payout.released", "payout.transferred", "payout.disputed"} {
		if !slices.Contains(actions, want) {
			t.Errorf("audit log lacks %s: %v", want, actions)
		}
	}
}

// TestPayouts_ObjectionAndAccount: a Connect account.updated event moves
// the creator's state (details needed with what is asked, then ready, and an
// older event changes nothing); a manager's objection holds the payment, the
// board lists it, and the ADMIN's full refund returns 550.00 to the brand.
func TestPayouts_ObjectionAndAccount(t *testing.T) {
	t.Parallel()
	e := setup(t)
	e.api.cfg.Payout.ConnectWebhookSecret = testConnectSecret
	f := e.linkedOffer("held.io")
	manager := e.brandAccount("manager@held.io", store.RoleBrandManager, "Brand held.io")
	admin := e.account("admin@held.io", store.RoleAdmin)
	e.want(e.call("POST", "/api/payouts/account", f.creator, nil), http.StatusOK)
	var acct string
	_ = e.db.SQL().Get(&acct, `SELECT a.provider_id FROM payout_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1`, f.creatorEmail)
	now := e.clock.Now()
	due := providerEvent("evt_acct_1", "account.updated", now, map[string]any{"id": acct, "object": "account", "details_submitted": false,
		"payouts_enabled": false, "requirements": map[string]any{"currently_due": []string{"individual.dob.day", "external_account"}}})
	e.want(e.deliverPayout(due, testConnectSecret), http.StatusOK)
	e.payoutProcessed("evt_acct_1")
	a := e.want(e.call("GET", "/api/payouts/account", f.creator, nil), http.StatusOK).data()["account"].(map[string]any)
	if a["state"] != "details_needed" || len(a["requirements"].([]any)) != 2 {
		t.Fatalf("details needed: %v", a)
	}
	ready := providerEvent("evt_acct_2", "account.updated", now.Add(time.Minute), map[string]any{"id": acct, "object": "account",
		"details_submitted": true, "payouts_enabled": true, "requirements": map[string]any{"currently_due": []string{}}})
	stale := providerEvent("evt_acct_0", "account.updated", now.Add(-time.Minute), map[string]any{"id": acct, "object": "account",
		"details_submitted": false, "payouts_enabled": false, "requirements": map[string]any{"currently_due": []string{"individual.dob.day"}}})
	e.want(e.deliverPayout(ready, testConnectSecret), http.StatusOK)
	e.payoutProcessed("evt_acct_2")
	e.want(e.deliverPayout(stale, testConnectSecret), http.StatusOK)
	e.payoutProcessed("evt_acct_0")
	if st := e.want(e.call("GET", "/api/payouts/account", f.creator, nil), http.StatusOK).str("data", "account", "state"); st != "ready" {
		t.Fatalf("after the events: %s", st)
	}

	e.fundOffer(f)
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", manager, map[string]any{"reason": "x"}), http.StatusUnprocessableEntity)
	if p := e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/objection", manager, map[string]any{"reason": "not as agreed"}), http.StatusOK).
		data()["payment"].(map[string]any); p["state"] != "held" || p["objectionReason"] != "not as agreed" {
		t.Fatalf("objection: %v", p)
	}
	board := e.want(e.call("GET", "/api/payouts/board?state=held", admin, nil), http.StatusOK).data()
	if rows := board["payments"].([]any); len(rows) != 1 || rows[0].(map[string]any)["entryId"] != f.entry {
		t.Fatalf("board: %v", board)
	}
	if row := board["payments"].([]any)[0].(map[string]any); row["brandName"] == "" || row["creatorName"] == "" || row["campaignName"] == "" {
		t.Fatalf("board row without its names: %v", row)
	}
	e.want(e.call("GET", "/api/payouts/board?state=nope", admin, nil), http.StatusUnprocessableEntity)
	e.want(e.call("GET", "/api/payouts/board", manager, nil), http.StatusForbidden)
	before := e.provider.len()
	e.want(e.call("POST", "/api/payouts/offers/"+f.entry+"/decision", admin, map[string]any{"decision": "refund", "reason": "never posted"}), http.StatusOK)
	e.settle()
	if calls := e.provider.since(before); countCalls(calls, "POST /v1/refunds") != 1 {
		t.Fatalf("refund calls: %v", calls)
	}
	p := e.payment(f.entry, admin)
	if b := p["books"].(map[string]any); p["state"] != "refunded" || b["refunded"].(float64) != 55000 || b["held"].(float64) != 0 {
		t.Fatalf("after the refund: %v", p)
	}
	if m := e.mailWith("owner@held.io", "Payment refunded"); !strings.Contains(m.Subject, "Payment refunded") || !strings.Contains(m.Text(), "$550.00") {
		t.Errorf("brand's mail: %q %s", m.Subject, m.Text())
	}
}

// connectEvent marks a provider event as a Connect event of a connected account (its top-level account).
func connectEvent(payload []byte, account string) []byte {
	var ev map[string]any
	_ = json.Unmarshal(payload, &ev)
	ev["account"] = account
	b, _ := json.Marshal(ev)
	return b
}
