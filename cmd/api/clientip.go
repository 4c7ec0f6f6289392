package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"creatorcoach/store"
)

// requestInfo is what the api learns about a request as it passes the
// middleware: its id, the client's address and, once authenticated, the
// user and the session. It is put in the request's context once (one
// allocation, instead of a context and a request copy per fact).
type requestInfo struct {
	id      string
	client  netip.Addr
	user    *store.User
	session string
}

type requestInfoKey struct{}

// info is r's requestInfo, nil before startRequest.
func info(r *http.Request) *requestInfo {
	i, _ := r.Context().Value(requestInfoKey{}).(*requestInfo)
	return i
}

// startRequest gives every request its requestInfo: the id the proxy sent
// in X-Request-Id (when it is short and printable) or a new one, and the
// client's address: the peer, or, when the peer is one of TRUSTED_PROXIES,
// the address X-Forwarded-For names before the trusted proxies (read from
// the right, skipping every trusted hop). A client outside the trusted
// proxies cannot choose its address, so it cannot escape the rate limits
// with a forged header.
func (s *server) startRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := &requestInfo{id: r.Header.Get("X-Request-Id"), client: resolveClient(r, s.cfg.TrustedProxies)}
		if !validRequestID(i.id) {
			i.id = newRequestID()
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, i)))
	})
}

// requestIDPrefix makes this process's request ids unique across
// processes: the host name and a random part, then a counter.
var (
	requestIDPrefix = func() string {
		host, _ := os.Hostname()
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		return host + "/" + base64.RawURLEncoding.EncodeToString(b) + "-"
	}()
	requestCount atomic.Uint64
)

func newRequestID() string {
	b := make([]byte, 0, len(requestIDPrefix)+12)
	b = append(b, requestIDPrefix...)
	n := requestCount.Add(1)
	for d := uint64(100000); d > 1 && n < d; d /= 10 { // at least six digits
		b = append(b, '0')
	}
	return string(strconv.AppendUint(b, n, 10))
}

// validRequestID admits a forwarded id of 1 to 64 printable ASCII characters.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return false
		}
	}
	return true
}

// requestID is r's id for the logs ("" outside startRequest).
func requestID(r *http.Request) string {
	if i := info(r); i != nil {
		return i.id
	}
	return ""
}

// resolveClient is startRequest's rule for the client's address.
func resolveClient(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer := peerAddr(r)
	if !isTrusted(peer, trusted) {
		return peer
	}
	hops := r.Header.Values("X-Forwarded-For")
	ip := peer
	for i := len(hops) - 1; i >= 0; i-- {
		parts := strings.Split(hops[i], ",")
		for j := len(parts) - 1; j >= 0; j-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(parts[j]))
			if err != nil {
				return ip // a malformed entry: believe nothing further left
			}
			ip = hop.Unmap()
			if !isTrusted(ip, trusted) {
				return ip
			}
		}
	}
	return ip
}

func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return ip.Unmap()
}

func isTrusted(ip netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// clientAddr is the request's client address (see startRequest).
func clientAddr(r *http.Request) netip.Addr {
	if i := info(r); i != nil {
		return i.client
	}
	return peerAddr(r)
}

// clientIP is clientAddr as text.
func clientIP(r *http.Request) string {
	ip := clientAddr(r)
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	return ip.String()
}

// clientNet is the unit rate limits count per client: the IPv4 address, or
// the /64 network of an IPv6 address (one subscriber's usual allocation,
// inside which an address costs nothing to change).
func clientNet(r *http.Request) string {
	ip := clientAddr(r)
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	return ip.String()
}
