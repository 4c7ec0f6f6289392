package main

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/hibiken/asynq"

	"creatorcoach/jobs"
	"creatorcoach/jobs/mail/mailtest"
	"creatorcoach/store"
)

// signingCode asks for a signing code on offer entry as the account of
// token and returns the mailed code. Where no worker runs, it runs the
// code's mail task itself (taking it out of the outbox); a request within
// the resend cooldown of the last one moves the test clock past it first.
func (e *env) signingCode(entry, token string) string {
	e.t.Helper()
	email := e.want(e.call("GET", "/api/users/me", token, nil), http.StatusOK).str("data", "user", "email")
	var last time.Time
	err := e.db.SQL().Get(&last, `SELECT c.requested_at FROM one_time_codes c JOIN users u ON u.id = c.user_id
		WHERE u.email = $1 AND c.purpose = $2`, email, store.OTPAgreementSignature)
	if err == nil && e.clock.Now().Sub(last) < store.OTPResendCooldown {
		e.clock.Advance(store.OTPResendCooldown + time.Second)
	}
	before := len(e.signingMails(email))
	e.want(e.call("POST", "/api/offers/"+entry+"/agreement/code", token, nil), http.StatusAccepted)
	var req string
	if err := e.db.SQL().Get(&req, `SELECT c.request_id::text FROM one_time_codes c JOIN users u ON u.id = c.user_id
		WHERE u.email = $1 AND c.purpose = $2`, email, store.OTPAgreementSignature); err != nil {
		e.t.Fatal(err)
	}
	var payload []byte
	if err := e.db.SQL().Get(&payload, `DELETE FROM task_outbox WHERE task_key = $1 RETURNING payload`, req); err == nil {
		if err := e.jobs.HandleSendOTP(context.Background(), asynq.NewTask(jobs.TypeUserSendOTP, payload)); err != nil {
			e.t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ms := e.signingMails(email); len(ms) > before {
			return ms[before].Code()
		}
	}
	e.t.Fatalf("no signing code mailed to %s", email)
	return ""
}

// signingMails are the signing-code mails sent to email so far.
func (e *env) signingMails(email string) []mailtest.Message {
	var out []mailtest.Message
	for _, m := range e.mail.Messages() {
		if slices.Contains(m.To, email) && strings.Contains(m.Subject, "Your code to sign the agreement") {
			out = append(out, m)
		}
	}
	return out
}

// currentVersion is the id of offer entry's last agreement version.
func (e *env) currentVersion(entry string) string {
	e.t.Helper()
	var id string
	if err := e.db.SQL().Get(&id, `SELECT id::text FROM agreement_versions WHERE entry_id = $1 ORDER BY version DESC LIMIT 1`, entry); err != nil {
		e.t.Fatalf("no agreement version of %s: %v", entry, err)
	}
	return id
}

// sign signs offer entry's current version as the account of token (a
// mailed code, the typed name, consent) with extra fields merged into the
// body; it returns the answer unchecked.
func (e *env) sign(entry, token string, extra map[string]any) resp {
	e.t.Helper()
	body := map[string]any{"versionId": e.currentVersion(entry), "fullName": "Pat Signer", "consent": true,
		"code": e.signingCode(entry, token)}
	for k, v := range extra {
		body[k] = v
	}
	return e.call("POST", "/api/offers/"+entry+"/agreement/sign", token, body)
}

// acceptBySigning accepts offer f: the brand and the creator each sign the
// current version (accepting is signing); it fails unless the offer is
// accepted after.
func (e *env) acceptBySigning(f offerFixture) {
	e.t.Helper()
	e.signBoth(f.entry, f.brand, f.creator)
}

// signBoth signs offer entry's current version as the brand (token brand)
// and the creator (token creator), skipping a side that signed already, and
// fails unless the offer is accepted after.
func (e *env) signBoth(entry, brand, creator string) {
	e.t.Helper()
	for _, tok := range []string{brand, creator} {
		a := e.want(e.call("GET", "/api/offers/"+entry+"/agreement", tok, nil), http.StatusOK).data()["agreement"].(map[string]any)
		if a["canSign"] == true {
			e.want(e.sign(entry, tok, map[string]any{"confirmOverBudget": true}), http.StatusOK)
		}
	}
	if st := e.offerStatus(entry); st != store.OfferAccepted {
		e.t.Fatalf("after both signatures the offer is %s", st)
	}
}

// mailWith waits up to 10 s for a mail to addr whose subject contains
// subject (signing codes come between the other mails of a flow).
func (e *env) mailWith(addr, subject string) mailtest.Message {
	e.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, m := range e.mail.Messages() {
			if slices.Contains(m.To, addr) && strings.Contains(m.Subject, subject) {
				return m
			}
		}
	}
	e.t.Fatalf("no mail to %s about %q", addr, subject)
	return mailtest.Message{}
}
