package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-redis/redis_rate/v10"

	"creatorcoach/store"
)

// Live events: GET /api/events is a server-sent events stream carrying only
// ids and kinds ({"id", "kind", "offerId"}); the page then refreshes what
// changed through the usual calls. EventSource cannot send a bearer header,
// so the stream takes a single-use ticket, valid eventTicketTTL, from an
// authenticated POST /api/events/ticket: never the access token in a URL.
// Events are rows of thread_events (so a reconnecting stream asks for those
// after its last id and misses nothing) and are published on Redis to every
// api process; each also reads the last seconds of the table now and then,
// which delivers an event whose publication was lost (Redis down, an offer's
// move recorded by a trigger).
const (
	eventTicketTTL  = time.Minute
	eventChannel    = "thread_events"
	eventRecentPoll = 2 * time.Second
	eventReplayMax  = 1000
)

// eventHeartbeat is how often a quiet stream gets a comment line, below
// HAProxy's `timeout client` and `timeout server` (60 s of inactivity) and
// browsers' idle limits.
var eventHeartbeat = 25 * time.Second

var limitEventTickets = redis_rate.PerMinute(60)

var errBadTicket = store.Errorf(store.EUNAUTHORIZED, "This events ticket is invalid or has expired")

// eventRoutes registers the ticket (signed in) and the stream (the ticket is
// its credential).
func (s *server) eventRoutes(signedIn chi.Router) {
	signedIn.With(s.allow(threadRoles...)).Post("/events/ticket", s.eventTicket)
}

// eventStreamRoutes registers GET /events on the public router.
func (s *server) eventStreamRoutes(public chi.Router) {
	public.Get("/events", s.eventStream)
}

func ticketKey(t string) string {
	sum := sha256.Sum256([]byte(t))
	return "events:ticket:" + hex.EncodeToString(sum[:])
}

// eventTicket is POST /events/ticket: 201 {"data": {"ticket", "expiresAt"}},
// a single-use ticket for one stream (kept hashed in Redis).
func (s *server) eventTicket(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !s.rateLimit(w, r, rateKey{"events:ticket:" + u.ID, limitEventTickets}) {
		return
	}
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	ticket := hex.EncodeToString(b)
	if err := s.rdb.Set(r.Context(), ticketKey(ticket), info(r).session, eventTicketTTL).Err(); err != nil {
		s.writeError(w, r, &store.Error{Code: store.EUNAVAILABLE, Message: store.MsgUnavailable, Cause: fmt.Errorf("keep the event ticket in redis: %w", err)})
		return
	}
	respond(w, http.StatusCreated, map[string]any{"ticket": ticket, "expiresAt": time.Now().Add(eventTicketTTL).UTC()})
}

// eventStream is GET /events?ticket&after (or the Last-Event-ID header):
// the events after that id the ticket's user may see, then live ones, with
// a comment line every eventHeartbeat.
func (s *server) eventStream(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ticket := q.Get("ticket")
	if ticket == "" || len(ticket) > 100 {
		s.writeError(w, r, errBadTicket)
		return
	}
	session, err := s.rdb.GetDel(r.Context(), ticketKey(ticket)).Result()
	if err != nil || session == "" {
		s.writeError(w, r, errBadTicket)
		return
	}
	u, err := s.store.Authenticate(r.Context(), session)
	if err != nil {
		s.writeError(w, r, errBadTicket)
		return
	}
	after := int64(-1)
	for _, v := range []string{r.Header.Get("Last-Event-ID"), q.Get("after")} {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n >= 0 && n > after {
			after = n
		}
	}
	sub := s.hub().subscribe(u)
	defer s.hub().unsubscribe(sub)
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	sent := map[int64]bool{}
	from, err := s.replay(r.Context(), w, u, after, sent)
	if err != nil {
		return
	}
	if rc.Flush() != nil {
		return
	}
	beat := time.NewTicker(eventHeartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev, ok := <-sub.ch:
			if !ok {
				return // too slow: the browser reconnects and replays
			}
			if sent[ev.ID] || ev.ID <= from {
				continue // replayed, or from before the stream's starting point (the recent-events poll)
			}
			if writeEvent(w, ev) != nil || rc.Flush() != nil {
				return
			}
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}

// replay writes the events after after (none for -1: a fresh stream gets a
// "ready" event naming the newest id, its starting point on reconnect) and
// answers the stream's starting point: after, or the ready event's id.
func (s *server) replay(ctx context.Context, w http.ResponseWriter, u *store.User, after int64, sent map[int64]bool) (int64, error) {
	if _, err := fmt.Fprint(w, "retry: 2000\n\n"); err != nil {
		return 0, err
	}
	if after < 0 {
		last, err := s.store.LastThreadEvent(ctx)
		if err != nil {
			return 0, err
		}
		_, err = fmt.Fprintf(w, "id: %d\nevent: ready\ndata: {}\n\n", last)
		return last, err
	}
	from := after
	for {
		evs, err := s.store.ThreadEventsAfter(ctx, u, after, eventReplayMax)
		if err != nil {
			return 0, err
		}
		for _, ev := range evs {
			sent[ev.ID] = true
			if err := writeEvent(w, ev); err != nil {
				return 0, err
			}
			after = ev.ID
		}
		if len(evs) < eventReplayMax {
			return from, nil
		}
	}
}

func writeEvent(w http.ResponseWriter, ev store.ThreadEvent) error {
	data, _ := json.Marshal(ev)
	_, err := fmt.Fprintf(w, "id: %d\nevent: thread\ndata: %s\n\n", ev.ID, data)
	return err
}

// publishEvent tells every api process of ev (after its commit). A lost
// publication is delivered by the processes' reading of recent events.
func (s *server) publishEvent(ctx context.Context, ev store.ThreadEvent) {
	if ev.ID == 0 {
		return
	}
	raw, _ := json.Marshal(wireEvent{ev, ev.BrandID, ev.CreatorUserID})
	if err := s.rdb.Publish(context.WithoutCancel(ctx), eventChannel, raw).Err(); err != nil {
		s.log.Warn("publish event", "err", err)
	}
}

// wireEvent is an event as published on Redis, with its audience.
type wireEvent struct {
	store.ThreadEvent
	Brand   *string `json:"brandId"`
	Creator *string `json:"creatorUserId"`
}

// eventHub hands the events this process hears to its open streams.
type eventHub struct {
	mu   sync.Mutex
	subs map[*eventSub]struct{}
	seen map[int64]time.Time // delivered lately: a published event is not delivered again by the poll
}

type eventSub struct {
	user *store.User
	ch   chan store.ThreadEvent
}

var hubs sync.Map // *server → *eventHub

// hub is the server's event hub, started on first use: a Redis
// subscription and the recent-events poll, for the process's life.
func (s *server) hub() *eventHub {
	if h, ok := hubs.Load(s); ok {
		return h.(*eventHub)
	}
	h := &eventHub{subs: map[*eventSub]struct{}{}, seen: map[int64]time.Time{}}
	if actual, loaded := hubs.LoadOrStore(s, h); loaded {
		return actual.(*eventHub)
	}
	go s.listenEvents(h)
	go s.pollEvents(h)
	return h
}

func (h *eventHub) subscribe(u *store.User) *eventSub {
	sub := &eventSub{user: u, ch: make(chan store.ThreadEvent, 64)}
	h.mu.Lock()
	h.subs[sub] = struct{}{}
	h.mu.Unlock()
	return sub
}

func (h *eventHub) unsubscribe(sub *eventSub) {
	h.mu.Lock()
	if _, ok := h.subs[sub]; ok {
		delete(h.subs, sub)
		close(sub.ch)
	}
	h.mu.Unlock()
}

// deliver hands ev to every stream whose user may see it, once; a stream
// whose buffer is full is closed (its browser reconnects and replays).
func (h *eventHub) deliver(ev store.ThreadEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.seen[ev.ID]; ok {
		return
	}
	h.seen[ev.ID] = time.Now()
	for sub := range h.subs {
		if !ev.For(sub.user) {
			continue
		}
		select {
		case sub.ch <- ev:
		default:
			delete(h.subs, sub)
			close(sub.ch)
		}
	}
}

// listenEvents delivers what Redis publishes, resubscribing after a failure.
func (s *server) listenEvents(h *eventHub) {
	for {
		ps := s.rdb.Subscribe(context.Background(), eventChannel)
		for msg := range ps.Channel() {
			var we wireEvent
			if json.Unmarshal([]byte(msg.Payload), &we) != nil {
				continue
			}
			we.ThreadEvent.BrandID, we.ThreadEvent.CreatorUserID = we.Brand, we.Creator
			h.deliver(we.ThreadEvent)
		}
		_ = ps.Close()
		time.Sleep(time.Second)
	}
}

// pollEvents reads the recent events every eventRecentPoll while streams
// are open and forgets what was delivered long ago.
func (s *server) pollEvents(h *eventHub) {
	for range time.Tick(eventRecentPoll) {
		h.mu.Lock()
		open := len(h.subs) > 0
		for id, at := range h.seen {
			if time.Since(at) > time.Minute {
				delete(h.seen, id)
			}
		}
		h.mu.Unlock()
		if !open {
			continue
		}
		evs, err := s.store.RecentThreadEvents(context.Background(), 20)
		if err != nil {
			continue
		}
		for _, ev := range evs {
			h.deliver(ev)
		}
	}
}
