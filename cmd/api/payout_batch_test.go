package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// TestPayouts_TransferBatchRefusalHoldsOnlyItsPayment: a transfer batch of
// three released payments whose second the provider refuses transfers and
// records the other two and fails for the refused one alone; its retry asks
// the provider for that one only, under the same idempotency key scheme,
// and a third run asks nothing. The books hold throughout.
func TestPayouts_TransferBatchRefusalHoldsOnlyItsPayment(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var fs []offerFixture
	var entries []string
	for _, domain := range []string{"one.io", "two.io", "three.io"} {
		f := e.linkedOffer(domain)
		e.payoutsReady(f)
		e.fundOffer(f)
		fs, entries = append(fs, f), append(entries, f.entry)
	}
	// Released by a decision taken in the database; the batch below is the task the release queues.
	e.db.SQL().MustExec(`UPDATE payouts SET state = 'releasing', released_at = now() WHERE entry_id = ANY($1)`, pq.Array(entries))
	e.provider.answering(func(c providerCall) (int, string, bool) {
		if c.Call != "POST /v1/transfers" || c.Form.Get("transfer_group") != fs[1].entry {
			return 0, "", false
		}
		return http.StatusBadRequest, `{"error":{"type":"invalid_request_error","message":"The destination account cannot receive transfers."}}`, true
	})
	payload, _ := json.Marshal(jobs.PayoutTransferBatchPayload{EntryIDs: entries})
	run := func() error {
		return e.jobs.HandlePayoutTransferBatch(context.Background(), asynq.NewTask(jobs.TypePayoutTransferBatch, payload))
	}
	before := e.provider.len()
	if err := run(); err == nil || !strings.Contains(err.Error(), fs[1].entry) {
		t.Fatalf("a batch with a refused transfer: %v", err)
	}
	sent := e.provider.sentSince(before, "POST /v1/transfers")
	if len(sent) != 3 {
		t.Fatalf("%d transfer calls, want 3", len(sent))
	}
	for i, c := range sent {
		if c.Key != jobs.PayoutKey(store.PayoutStepTransfer, entries[i], 0) || c.Form.Get("amount") != "50000" {
			t.Fatalf("call %d: key %s amount %s", i, c.Key, c.Form.Get("amount"))
		}
	}
	states := func() []string {
		var out []string
		for _, entry := range entries {
			p, err := e.db.GetPayout(context.Background(), entry)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p.State)
		}
		return out
	}
	if s := states(); s[0] != store.PayoutTransferred || s[1] != store.PayoutReleasing || s[2] != store.PayoutTransferred {
		t.Fatalf("after the refusal: %v", s)
	}
	if st := e.offerStatus(entries[2]); st != store.OfferCompleted {
		t.Fatalf("third offer %s", st)
	}

	e.provider.answering(nil)
	before = e.provider.len()
	if err := run(); err != nil {
		t.Fatalf("the retry: %v", err)
	}
	if sent := e.provider.sentSince(before, "POST /v1/transfers"); len(sent) != 1 || sent[0].Key != jobs.PayoutKey(store.PayoutStepTransfer, entries[1], 0) {
		t.Fatalf("the retry's calls: %+v", sent)
	}
	if s := states(); s[0] != store.PayoutTransferred || s[1] != store.PayoutTransferred || s[2] != store.PayoutTransferred {
		t.Fatalf("after the retry: %v", s)
	}
	before = e.provider.len()
	if err := run(); err != nil || len(e.provider.since(before)) != 0 {
		t.Fatalf("a third run: %v, calls %v", err, e.provider.since(before))
	}
	var released int
	_ = e.db.SQL().Get(&released, `SELECT count(DISTINCT movement) FROM payout_ledger WHERE kind = 'release' AND entry_id = ANY($1)`, pq.Array(entries))
	if problems, err := e.db.CheckLedger(context.Background()); err != nil || len(problems) > 0 || released != 3 {
		t.Fatalf("ledger: %d releases, %v, %v", released, problems, err)
	}
}
