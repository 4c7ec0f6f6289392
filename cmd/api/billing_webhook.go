package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// maxWebhookBody bounds a provider event (the provider's own limit is far below).
const maxWebhookBody = 512 << 10

// paymentWebhook is POST /payments/webhook, called by the provider. The
// Stripe-Signature header is checked with the webhook secret (a bad
// signature, or one dated more than five minutes before or after now, is 400); a verified event is stored
// once per id with its billing:event task and answered at once (a replay
// answers the same, changing nothing).
func (s *server) paymentWebhook(w http.ResponseWriter, r *http.Request) {
	ev, payload, ok := verifiedEvent(w, r, s.cfg.StripeWebhookSecret)
	if !ok {
		return
	}
	added, err := s.store.RecordPaymentEvent(r.Context(), store.PaymentEvent{ID: ev.ID, Type: string(ev.Type), Payload: payload,
		ProviderAt: time.Unix(ev.Created, 0).UTC()}, jobs.NewBillingEventTask(ev.ID))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"received": true, "duplicate": !added})
}

// verifiedEvent reads a provider event and checks its Stripe-Signature
// header with secret: a bad signature, or one dated more than five minutes
// before or after now, is answered 400 and ok is false.
func verifiedEvent(w http.ResponseWriter, r *http.Request, secret string) (ev stripe.Event, payload json.RawMessage, ok bool) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Unreadable body", ErrorCode: "bad_request"})
		return ev, nil, false
	}
	ev, err = webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), secret,
		webhook.ConstructEventOptions{Tolerance: webhook.DefaultTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil || ev.ID == "" || !signedRecently(r.Header.Get("Stripe-Signature"), time.Now()) {
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Invalid signature", ErrorCode: "bad_signature"})
		return ev, nil, false
	}
	return ev, payload, true
}

// signedRecently reports whether the signature header's timestamp (t=) is
// within the tolerance of now in both directions: the provider's library
// refuses old signatures only, and one dated in the future would stay
// replayable until that date. A header with more than one t= is refused:
// the library reads the last one, so any other choice would check a
// timestamp the signature does not cover.
func signedRecently(header string, now time.Time) bool {
	var ts []string
	for _, part := range strings.Split(header, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(part), "t="); ok {
			ts = append(ts, v)
		}
	}
	if len(ts) != 1 {
		return false
	}
	sec, err := strconv.ParseInt(ts[0], 10, 64)
	if err != nil {
		return false
	}
	d := now.Sub(time.Unix(sec, 0))
	return d <= webhook.DefaultTolerance && d >= -webhook.DefaultTolerance
}
