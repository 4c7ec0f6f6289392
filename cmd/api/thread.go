package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// threadRoles read threads; a BRAND_VIEWER's writes are refused by the store (403).
var threadRoles = []string{store.RoleAdmin, store.RoleBrandAdmin, store.RoleBrandManager, store.RoleBrandViewer, store.RoleUser}

// limitThreadMessages is how many messages one person may post a minute.
var limitThreadMessages = redis_rate.PerMinute(30)

// threadRoutes registers one conversation per offer: its time line, its
// messages, the read state and reports.
func (s *server) threadRoutes(signedIn chi.Router) {
	r := signedIn.With(s.allow(threadRoles...))
	r.Get("/threads/unread", s.threadUnread)
	r.Get("/threads/{id}", s.getThread)
	r.Post("/threads/{id}/messages", s.postThreadMessage)
	r.Post("/threads/{id}/attachments", s.uploadThreadAttachment)
	r.Post("/threads/{id}/read", s.markThreadRead)
	r.Post("/threads/{id}/messages/{messageId}/report", s.reportThreadMessage)
	s.draftRoutes(r)
	s.threadSettingsRoutes(r, signedIn)
	s.eventRoutes(signedIn)
}

// getThread is GET /threads/{id}?before&limit: {"data": {"thread", "items",
// "nextBefore"}}, the time line newest first.
func (s *server) getThread(w http.ResponseWriter, r *http.Request) {
	p := newQueryParams(r)
	limit := p.int("limit")
	if err := p.errs.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	u := currentUser(r)
	t, page, err := s.store.ThreadItems(r.Context(), u, chi.URLParam(r, "id"), r.URL.Query().Get("before"), limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	info, err := s.store.ThreadInfo(r.Context(), u, t)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"thread": info, "items": s.signAttachments(page.Items), "nextBefore": page.NextBefore})
}

// signAttachments adds a signed download link to every attachment of items.
// With one, it answers items' only item.
func (s *server) signAttachments(items json.RawMessage, one ...bool) any {
	if !bytes.Contains(items, []byte(`"key"`)) { // no attachment at all
		if len(one) > 0 {
			return items[1 : len(items)-1]
		}
		return items
	}
	var list []map[string]any
	if json.Unmarshal(items, &list) != nil {
		return items
	}
	if len(one) > 0 && len(list) == 1 {
		s.signList(list)
		return list[0]
	}
	s.signList(list)
	return list
}

// signList adds the signed links to the attachments of decoded items.
func (s *server) signList(list []map[string]any) {
	for _, it := range list {
		for _, field := range []string{"attachments", "media"} { // a message's files, a draft's media
			atts, _ := it[field].([]any)
			for _, a := range atts {
				if m, ok := a.(map[string]any); ok {
					key, _ := m["key"].(string)
					m["url"], _ = s.signFileURL(key)
				}
			}
		}
	}
}

// postThreadMessage is POST /threads/{id}/messages {"body", "attachments"?}:
// 201 {"data": {"message"}}; 429 past 30 a minute.
func (s *server) postThreadMessage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	var in store.ThreadMessageIn
	if !s.decode(w, r, &in) {
		return
	}
	if !s.rateLimit(w, r, rateKey{"thread:msg:" + u.ID, limitThreadMessages}) {
		return
	}
	msg, ev, err := s.store.PostMessage(r.Context(), u, chi.URLParam(r, "id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.publishEvent(r.Context(), ev)
	respond(w, http.StatusCreated, map[string]any{"message": s.signAttachments(json.RawMessage("["+string(msg)+"]"), true)})
}

// markThreadRead is POST /threads/{id}/read {"upTo"?}: {"data": {"unread"}}.
func (s *server) markThreadRead(w http.ResponseWriter, r *http.Request) {
	var in struct {
		UpTo int64 `json:"upTo"`
	}
	if r.ContentLength != 0 && !s.decode(w, r, &in) {
		return
	}
	n, err := s.store.MarkRead(r.Context(), currentUser(r), chi.URLParam(r, "id"), in.UpTo)
	s.answer(w, r, err, map[string]any{"unread": n})
}

// threadUnread is GET /threads/unread: {"data": {"total", "threads"}}.
func (s *server) threadUnread(w http.ResponseWriter, r *http.Request) {
	raw, err := s.store.Unread(r.Context(), currentUser(r))
	s.answer(w, r, err, json.RawMessage(raw))
}

// reportThreadMessage is POST /threads/{id}/messages/{messageId}/report {"reason"}.
func (s *server) reportThreadMessage(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reason string `json:"reason"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	mid, err := strconv.ParseInt(chi.URLParam(r, "messageId"), 10, 64)
	if err != nil || mid < 1 {
		s.writeError(w, r, store.Errorf(store.ENOTFOUND, store.MsgThreadMessage))
		return
	}
	err = s.store.ReportMessage(r.Context(), currentUser(r), chi.URLParam(r, "id"), mid, in.Reason)
	s.answer(w, r, err, map[string]any{"message": "Reported to the administrators"})
}

// threadAttachmentMax is the largest attachment: 100 MB (a video).
const threadAttachmentMax = 100 << 20

// MsgThreadAttachmentType refuses an attachment that is not an image, a PDF or a video.
const MsgThreadAttachmentType = "Attach an image (jpg, jpeg, png, gif, webp), a PDF or a video (mp4, mov, webm)."

var errThreadTooLarge = &store.Error{Code: store.ETOOLARGE, Message: "File size must be less than 100MB.",
	Fields: map[string]string{"file": "File size must be less than 100MB."}}

// uploadThreadAttachment is POST /threads/{id}/attachments (multipart field
// "file"): an image, a PDF or a video up to 100 MB for a message of the
// thread, under the upload rules (type sniffing, clean names, the account's
// quota and uploads per hour); 201 as POST /files/upload.
func (s *server) uploadThreadAttachment(w http.ResponseWriter, r *http.Request) {
	if err := s.store.ThreadWritable(r.Context(), currentUser(r), chi.URLParam(r, "id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.receiveUpload(w, r, uploadLimits{maxSize: threadAttachmentMax, tooLarge: errThreadTooLarge}, nil, func(typ string) error {
		if !strings.HasPrefix(typ, "image/") && !strings.HasPrefix(typ, "video/") && typ != "application/pdf" {
			return store.FieldErrors{"file": MsgThreadAttachmentType}.Err()
		}
		return nil
	})
}
