package main

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"creatorcoach/jobs"
	"creatorcoach/store"
)

// maxWebhookBody bounds a provider event (the provider's own limit is far below).
const maxWebhookBody = 512 << 10

// paymentWebhook is POST /payments/webhook, called by the provider. The
// Stripe-Signature header is checked with the webhook secret (a bad or
// older than five minutes signature is 400); a verified event is stored
// once per id with its billing:event task and answered at once (a replay
// answers the same, changing nothing).
func (s *server) paymentWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Unreadable body", ErrorCode: "bad_request"})
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), s.cfg.StripeWebhookSecret,
		webhook.ConstructEventOptions{Tolerance: webhook.DefaultTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil || ev.ID == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Message: "Invalid signature", ErrorCode: "bad_signature"})
		return
	}
	raw := json.RawMessage(payload)
	added, err := s.store.RecordPaymentEvent(r.Context(), store.PaymentEvent{ID: ev.ID, Type: string(ev.Type), Payload: raw,
		ProviderAt: time.Unix(ev.Created, 0).UTC()}, jobs.NewBillingEventTask(ev.ID))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"received": true, "duplicate": !added})
}
