package storetest

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"creatorcoach/store"
)

// SignCode is the signing code SignOffer issues.
const SignCode = "246810"

// SignOffer signs offer entryID's current agreement version as each of
// signers in turn (the creator's USER account, a BRAND_ADMIN or
// BRAND_MANAGER of the campaign's brand), through the product's own calls:
// a code requested, issued as the worker would (SignCode, no mail), then the
// signature with consent and the signer's name. An offer sent without the
// product's moves (rows written directly) gets its agreement fixed first.
// The last required signature accepts the offer; tasks are the outbox tasks
// signing queues (nil makes inert ones). Over-budget acceptances are confirmed.
func SignOffer(ctx context.Context, db *store.DB, entryID string, tasks *store.AgreementTasks, signers ...*store.User) error {
	if tasks == nil {
		tasks = &store.AgreementTasks{
			PDF: func(entryID, versionID string, _ time.Time, _ []store.AgreementSignature) store.Task {
				return store.Task{Key: "agreement:pdf:" + versionID, Type: "agreement:pdf", Queue: "default", Payload: []byte(`{"entryId":"` + entryID + `","versionId":"` + versionID + `"}`)}
			},
			Guardian: func() store.Task {
				id := uuid.NewString()
				return store.Task{Key: id, Type: "agreement:guardian_mail", Queue: "critical", Payload: []byte(`{"requestId":"` + id + `"}`)}
			},
		}
	}
	var version string
	err := db.SQL().GetContext(ctx, &version, `SELECT id::text FROM agreement_versions WHERE entry_id = $1 ORDER BY version DESC LIMIT 1`, entryID)
	if err != nil {
		var brand *store.User
		for _, s := range signers {
			if s.IsBrand() {
				brand = s
			}
		}
		v, err := db.FixAgreement(ctx, entryID, brand, store.RequestMeta{})
		if err != nil {
			return fmt.Errorf("fix agreement: %w", err)
		}
		version = v.ID
	}
	for _, s := range signers {
		req := store.Task{Key: uuid.NewString(), Type: "user:send_otp", Queue: "critical", Payload: []byte(`{}`)}
		if _, err := db.RequestAgreementCode(ctx, s, entryID, req, store.RequestMeta{}); err != nil {
			return fmt.Errorf("%s asks for a code: %w", s.Email, err)
		}
		if _, err := db.SQL().ExecContext(ctx, `DELETE FROM task_outbox WHERE task_key = $1`, req.Key); err != nil {
			return err
		}
		var live string // a request within the resend cooldown keeps the last one
		if err := db.SQL().GetContext(ctx, &live, `SELECT request_id::text FROM one_time_codes WHERE user_id = $1 AND purpose = $2`,
			s.ID, store.OTPAgreementSignature); err != nil {
			return err
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE one_time_codes SET sent_at = NULL WHERE request_id = $1`, live); err != nil {
			return err
		}
		if _, err := db.IssueOTP(ctx, live, SignCode); err != nil {
			return err
		}
		if err := db.MarkOTPSent(ctx, live); err != nil { // a worker holding the task mails nothing now
			return err
		}
		name := s.Name
		if name == "" {
			name = s.Email
		}
		in := store.AgreementSignInput{VersionID: version, FullName: name, Code: SignCode, Consent: true, ConfirmOverBudget: true}
		if _, err := db.SignAgreement(ctx, s, entryID, in, store.RequestMeta{IP: "192.0.2.1", UserAgent: "storetest"}, *tasks); err != nil {
			return fmt.Errorf("%s signs: %w", s.Email, err)
		}
	}
	return nil
}
