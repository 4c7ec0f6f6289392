package main

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"
)

// limitOfferAttachmentLinks bounds the signed links one account asks for.
var limitOfferAttachmentLinks = redis_rate.PerMinute(60)

// offerAttachmentOut is a campaign attachment with a fresh signed link.
type offerAttachmentOut struct {
	Key       string    `json:"key"`
	Name      string    `json:"name"`
	Type      string    `json:"type"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// offerAttachmentLink is GET /api/offers/{id}/attachments/{key}: a signed
// link (GET /api/files/{key}, valid fileLinkTTL) to one of the offer's
// campaign attachments, for the creator the offer was sent to, the
// campaign's brand team and ADMIN; 404 for anyone else's offer, a draft,
// or a key the campaign does not list; 429 past the account's links per minute.
func (s *server) offerAttachmentLink(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"offer-file:user:" + u.ID, limitOfferAttachmentLinks}) {
		return
	}
	a, err := s.store.OfferAttachment(r.Context(), u, chi.URLParam(r, "id"), chi.URLParam(r, "key"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	url, exp := s.signFileURL(a.Key)
	respond(w, http.StatusOK, map[string]any{"file": offerAttachmentOut{Key: a.Key, Name: a.Name, Type: a.Type, URL: url, ExpiresAt: exp}})
}
