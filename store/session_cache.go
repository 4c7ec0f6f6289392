package store

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lib/pq"
)

// AuthChangedChannel is the Postgres notification channel on which the
// users', sessions', brands' and niches' triggers say what changed for a
// signed-in user (migration 00186): a user id, or "*" for everyone.
const AuthChangedChannel = "auth_changed"

// DefaultSessionCacheTTL is how long an api answers a session from memory
// before asking Postgres again, when nothing said it changed.
const DefaultSessionCacheTTL = 10 * time.Second

// sessionCacheSize bounds the sessions kept; when full the cache starts over.
const sessionCacheSize = 100_000

// sessionCache keeps, for a few seconds, the user of each live session
// Authenticate found, so that a signed-in request asks Postgres once instead
// of twice. It is kept correct by Postgres: every change to a user, a
// session, a brand's or a niche's name notifies AuthChangedChannel when its
// transaction commits, and every api forgets what changed; this process's own
// changes (log-out, a role or password change, a deletion) are forgotten at
// once, before their call answers. Nothing is kept while the listener is not
// connected, since a notification could then be missed.
type sessionCache struct {
	ttl  time.Duration
	live atomic.Bool   // the listener is connected and listening
	gen  atomic.Uint64 // moves on every forget: a lookup that raced one does not store
	mu   sync.RWMutex
	m    map[string]cachedSession // session id → user

	stop, stopped chan struct{} // close, see DB.Close
	closeOnce     sync.Once
}

// close stops the listener and waits for it.
func (c *sessionCache) close() {
	if c != nil {
		c.closeOnce.Do(func() { close(c.stop) })
		<-c.stopped
	}
}

type cachedSession struct {
	user      User
	expiresAt time.Time // the session's own expiry
	loadedAt  time.Time
}

// get returns the kept user of the session, if fresh at now.
func (c *sessionCache) get(sessionID string, now time.Time) (*User, bool) {
	if c == nil || !c.live.Load() {
		return nil, false
	}
	c.mu.RLock()
	e, ok := c.m[sessionID]
	c.mu.RUnlock()
	if !ok || !now.Before(e.expiresAt) || now.Before(e.loadedAt) || now.Sub(e.loadedAt) >= c.ttl {
		return nil, false
	}
	u := e.user
	return &u, true
}

// generation is the current generation (0 without a cache), read before a
// lookup that put will store.
func (c *sessionCache) generation() uint64 {
	if c == nil {
		return 0
	}
	return c.gen.Load()
}

// put keeps the user of a session read at generation gen, unless something
// was forgotten since (the row read may be older than that change).
func (c *sessionCache) put(sessionID string, u *User, expiresAt, now time.Time, gen uint64) {
	if c == nil || !c.live.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen.Load() != gen {
		return
	}
	if c.m == nil || len(c.m) >= sessionCacheSize {
		c.m = make(map[string]cachedSession)
	}
	c.m[sessionID] = cachedSession{user: *u, expiresAt: expiresAt, loadedAt: now}
}

// forget drops the sessions of the users, or every session for "*".
func (c *sessionCache) forget(userIDs ...string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen.Add(1)
	for _, id := range userIDs {
		if id == "*" {
			c.m = nil
			return
		}
		for sid, e := range c.m {
			if e.user.ID == id {
				delete(c.m, sid)
			}
		}
	}
}

// forgotten is err, and when err is nil the sessions of userIDs are
// forgotten: a public method's own change is seen by its next request at
// once (the notification reaches the other apis a moment later).
func (s *DB) forgotten(err error, userIDs ...string) error {
	if err == nil {
		s.sessions.forget(userIDs...)
	}
	return err
}

// forgetSession drops one session.
func (c *sessionCache) forgetSession(sessionID string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen.Add(1)
	delete(c.m, sessionID)
}

// CacheSessions makes Authenticate keep each session's user for ttl (0
// keeps nothing), listening on AuthChangedChannel with a connection of its
// own to dsn until Close. It waits up to wait for the listener to
// connect and says so if it did not; the listener keeps trying in the
// background, and nothing is kept until it listens. Only the api calls it:
// the other processes authenticate nobody.
func (s *DB) CacheSessions(dsn string, ttl, wait time.Duration) error {
	if ttl <= 0 || s.sessions != nil {
		return nil
	}
	c := &sessionCache{ttl: ttl, stop: make(chan struct{}), stopped: make(chan struct{})}
	s.sessions = c
	var drops atomic.Uint64 // connections lost: one lost while LISTEN was sent leaves the cache off until the next
	l := pq.NewListener(dsn, 100*time.Millisecond, 10*time.Second, func(ev pq.ListenerEventType, _ error) {
		switch ev {
		case pq.ListenerEventDisconnected, pq.ListenerEventConnectionAttemptFailed:
			drops.Add(1)
			c.live.Store(false)
			c.forget("*")
		case pq.ListenerEventReconnected: // the channel is listened to again
			c.forget("*")
			c.live.Store(true)
		}
	})
	ready := make(chan struct{})
	go func() {
		before := drops.Load()
		if l.Listen(AuthChangedChannel) == nil && drops.Load() == before {
			c.live.Store(true)
		}
		close(ready)
	}()
	go func() {
		defer close(c.stopped)
		defer l.Close()
		ping := time.NewTicker(30 * time.Second) // finds a connection that died quietly
		defer ping.Stop()
		for {
			select {
			case <-c.stop:
				c.live.Store(false)
				return
			case n := <-l.Notify:
				if n == nil { // reconnected: what was missed is unknown
					c.forget("*")
				} else {
					c.forget(n.Extra)
				}
			case <-ping.C:
				go l.Ping() //nolint:errcheck // a failure shows as a disconnection event
			}
		}
	}()
	select {
	case <-ready:
		if !c.live.Load() {
			return fmt.Errorf("listen for session changes: the listener lost its connection; sessions are read from Postgres until it is back")
		}
		return nil
	case <-time.After(wait):
		return fmt.Errorf("listen for session changes: not connected after %s; sessions are read from Postgres until it is", wait)
	}
}
