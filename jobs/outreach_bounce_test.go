package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"net/textproto"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/lib/pq"

	"creatorcoach/jobs/mail"
	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// refusingMailer answers every message with a permanent SMTP refusal.
type refusingMailer struct{ sent int }

func (m *refusingMailer) Send(context.Context, mail.Message) error {
	m.sent++
	return &textproto.Error{Code: 550, Msg: "5.1.1 mailbox unavailable"}
}

// TestOutreach_BounceSuppresses: an invitation the mail server refuses for
// good (550) puts the address on the suppression list as undeliverable, is
// done (no retry), and the brand's next offer to that creator is refused
// with "cannot be contacted: … undeliverable".
func TestOutreach_BounceSuppresses(t *testing.T) {
	t.Parallel()
	ce := setupCapture(t)
	ctx := context.Background()
	brand, err := ce.Store.SaveAccount(ctx, store.AccountSpec{Email: "owner@bounce.io", Password: "Str0ng!pass", Role: store.RoleBrandAdmin, BrandName: "Bounce"})
	if err != nil {
		t.Fatal(err)
	}
	campaign := func(name string) string {
		var c store.Campaign
		if err := json.Unmarshal([]byte(`{"campaignName": "`+name+`", "goals": ["Brand awareness"], "budget": 5000,
			"duration": {"startDate": "2026-12-11", "endDate": "2026-12-31"}, "demographics": {"ageRange": {"start": 18, "end": 35},
			"gender": "All"}, "contentVibes": ["Cosy"], "terms": {"exclusivity": "no_exclusivity", "contentUsage": "organic_only"},
			"status": "active"}`), &c); err != nil {
			t.Fatal(err)
		}
		out, err := ce.Store.CreateCampaign(ctx, brand, c)
		if err != nil {
			t.Fatal(err)
		}
		return out.ID
	}
	camps := []string{campaign("Bounce Days"), campaign("Bounce Nights")}
	var entries []string
	if err := ce.Store.SQL().Select(&entries, `WITH c AS (INSERT INTO creators (identity, name, email, niche) VALUES ('email:gone@bounce.io', 'Gone', 'gone@bounce.io', 'Travel') RETURNING id)
		INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee)
		SELECT k, c.id, 1, 80, '[]', 'instagram', 400 FROM c, unnest($1::uuid[]) WITH ORDINALITY AS t (k, n) ORDER BY n RETURNING id`, pq.Array(camps)); err != nil || len(entries) != 2 {
		t.Fatalf("entries %v: %v", entries, err)
	}
	send := func(i int) error {
		st, amount := store.OfferSent, store.Number(230)
		_, err := ce.Store.UpdateBrandOffers(ctx, brand, store.OfferUpdate{CampaignID: camps[i],
			Entries: []store.OfferChange{{EntryID: entries[i], Status: &st, Amount: &amount}}}, NewOfferSendMailTask)
		return err
	}
	if err := send(0); err != nil {
		t.Fatal(err)
	}
	task := storetest.RequireInserted(t, ce.Store, TypeOutreachSendInvite, nil)
	raw, _ := json.Marshal(task.Payload)
	mailer := &refusingMailer{}
	ce.Mail = mailer
	if err := ce.HandleOutreachSendInvite(ctx, asynq.NewTask(TypeOutreachSendInvite, raw)); err != nil {
		t.Fatalf("a permanent refusal is done, not retried: %v", err)
	}
	var reason string
	if err := ce.Store.SQL().Get(&reason, `SELECT reason FROM outreach_suppressions WHERE email = 'gone@bounce.io'`); err != nil || reason != store.SuppressUndeliverable {
		t.Fatalf("suppression %q (%v), want %q", reason, err, store.SuppressUndeliverable)
	}
	// A second run (a redelivered task) mails nothing: the address is suppressed.
	if err := ce.HandleOutreachSendInvite(ctx, asynq.NewTask(TypeOutreachSendInvite, raw)); err != nil || mailer.sent != 1 {
		t.Fatalf("second run: %d sends (%v), want the one", mailer.sent, err)
	}
	// The other campaign's entry of the same creator is refused with the reason. Out of the 30-day window
	// first, else the earlier invitation would count for it.
	ce.Store.SQL().MustExec(`UPDATE outreach_invitations SET created_at = created_at - interval '31 days'`)
	var se *store.Error
	if err := send(1); !errors.As(err, &se) || se.Code != store.ECONFLICT || se.Message != store.MsgCannotContactUndeliverable {
		t.Errorf("send to an undeliverable address: %v", err)
	}
}
