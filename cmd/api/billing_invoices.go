package main

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// invoiceCacheTTL is how long a user's invoice list is answered from Redis
// before the provider is asked again. Any billing change the user makes
// (card, subscription) forgets it at once.
const invoiceCacheTTL = 30 * time.Second

// limitInvoices bounds how often one user's invoice list reaches the
// provider (cache misses only): 10 at once, then one a minute.
var limitInvoices = redis_rate.Limit{Rate: 60, Burst: 10, Period: time.Hour}

// invoiceCacheKey is the Redis key of a user's cached invoice list.
func invoiceCacheKey(userID string) string { return "invoices:user:" + userID }

// listInvoices is GET /invoices: the provider's invoices of the caller,
// newest first: {"invoices": [...]} (empty before the first card). The
// answer is kept invoiceCacheTTL; a miss counts against limitInvoices.
func (s *server) listInvoices(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if s.rdb != nil {
		if b, err := s.rdb.Get(r.Context(), invoiceCacheKey(u.ID)).Bytes(); err == nil {
			respond(w, http.StatusOK, map[string]any{"invoices": json.RawMessage(b)})
			return
		}
	}
	lister, ok := s.pay.(store.InvoiceLister)
	if !ok {
		s.writeError(w, r, &store.Error{Code: store.EPROVIDERDOWN, Message: "The billing history is not available right now."})
		return
	}
	if !s.rateLimit(w, r, rateKey{"invoices:user:" + u.ID, limitInvoices}) {
		return
	}
	invoices, err := s.store.ListInvoices(r.Context(), u.ID, lister)
	if err == nil && s.rdb != nil {
		if b, jerr := json.Marshal(invoices); jerr == nil {
			s.rdb.Set(r.Context(), invoiceCacheKey(u.ID), b, invoiceCacheTTL)
		}
	}
	s.answer(w, r, err, map[string]any{"invoices": invoices})
}

// forgetInvoices drops the caller's cached invoice list after any billing
// call that may change it (a card, a subscription), so the next read asks
// the provider.
func (s *server) forgetInvoices(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		if r.Method != http.MethodGet && s.rdb != nil {
			s.rdb.Del(r.Context(), invoiceCacheKey(currentUser(r).ID))
		}
	})
}
