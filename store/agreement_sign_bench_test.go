package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// BenchmarkOfferAnswer compares the creator's accepting signature (the last
// one: code check, signature, audit events, the move to accepted with its
// history and payment, the PDF's task, the agreement read back) with the
// accept as it was without an agreement (the same move, the offer read
// back), each on a fresh sent offer the brand has signed.
// go test -run '^$' -bench BenchmarkOfferAnswer -benchtime 40x ./store
func BenchmarkOfferAnswer(b *testing.B) {
	db, _ := storetest.New(b)
	ctx := context.Background()
	q := db.SQL()
	var brandID, campaign string
	if err := q.Get(&brandID, `INSERT INTO brands (name) VALUES ('Bench') RETURNING id`); err != nil {
		b.Fatal(err)
	}
	mk := func(email, role string, brand any) *store.User {
		u := &store.User{Email: email, Name: "Bench " + role, Role: role}
		if err := q.Get(&u.ID, `INSERT INTO users (email, name, password_hash, role, brand_id) VALUES ($1, $2, 'x', $3, $4) RETURNING id`,
			email, u.Name, role, brand); err != nil {
			b.Fatal(err)
		}
		if brand != nil {
			u.Brand = &store.Brand{ID: brandID}
		}
		return u
	}
	manager := mk("manager@bench.io", store.RoleBrandManager, brandID)
	if err := q.Get(&campaign, `INSERT INTO campaigns (brand_id, name, budget, start_date, end_date, age_from, age_to, gender, exclusivity, content_usage, tracking_tag)
		VALUES ($1, 'Bench', 100000000, current_date, current_date + 30, 18, 35, 'All', 'exclusive', '30_days', 'bench') RETURNING id`, brandID); err != nil {
		b.Fatal(err)
	}
	n := 0
	offer := func() (string, *store.User) {
		n++
		u := mk(fmt.Sprintf("creator%d@bench.io", n), store.RoleUser, nil)
		var entry string
		if err := q.Get(&entry, `WITH cr AS (INSERT INTO creators (identity, name, user_id) VALUES ($1, $1, $2) RETURNING id)
			INSERT INTO roster_entries (campaign_id, creator_id, rank, score, parts, platform, estimated_fee, offer_amount, offer_status, offer_sent_at)
			SELECT $3, cr.id, $4, 80, '[]', 'instagram', 400, 400, 'sent', now() FROM cr RETURNING id`, "email:"+u.Email, u.ID, campaign, n); err != nil {
			b.Fatal(err)
		}
		if err := storetest.SignOffer(ctx, db, entry, nil, manager); err != nil {
			b.Fatal(err)
		}
		return entry, u
	}
	tasks := store.AgreementTasks{PDF: func(entryID, versionID string, _ time.Time, _ []store.AgreementSignature) store.Task {
		return store.Task{Key: "agreement:pdf:" + versionID, Type: "agreement:pdf", Queue: "default", Payload: []byte(`{}`)}
	}}
	for _, arm := range []string{"plain", "sign"} {
		b.Run(arm, func(b *testing.B) {
			type prepared struct {
				entry, version string
				creator        *store.User
			}
			ps := make([]prepared, b.N)
			for i := range ps {
				ps[i].entry, ps[i].creator = offer()
				if arm == "sign" {
					req := store.Task{Key: uuid.NewString(), Type: "user:send_otp", Queue: "critical", Payload: []byte(`{}`)}
					if _, err := db.RequestAgreementCode(ctx, ps[i].creator, ps[i].entry, req, store.RequestMeta{}); err != nil {
						b.Fatal(err)
					}
					if _, err := db.IssueOTP(ctx, req.Key, storetest.SignCode); err != nil {
						b.Fatal(err)
					}
					if err := q.Get(&ps[i].version, `SELECT id FROM agreement_versions WHERE entry_id = $1 ORDER BY version DESC LIMIT 1`, ps[i].entry); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ResetTimer()
			for i := range ps {
				p := ps[i]
				var err error
				if arm == "plain" {
					_, err = db.AcceptWithoutAgreement(ctx, p.creator, p.entry)
				} else {
					_, err = db.SignAgreement(ctx, p.creator, p.entry, store.AgreementSignInput{VersionID: p.version, FullName: "Bench Creator",
						Code: storetest.SignCode, Consent: true}, store.RequestMeta{IP: "192.0.2.1", UserAgent: "bench"}, tasks)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
