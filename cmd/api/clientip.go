package main

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

type clientKey struct{}

// clientAddr finds the client's address once per request: the peer, or,
// when the peer is one of TRUSTED_PROXIES, the address X-Forwarded-For names
// before the trusted proxies (read from the right, skipping every trusted
// hop). A client outside the trusted proxies cannot choose its address, so
// it cannot escape the rate limits with a forged header.
func (s *server) clientAddr(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := resolveClient(r, s.cfg.TrustedProxies)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, ip)))
	})
}

// resolveClient is clientAddr's rule.
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

// clientIP is the request's client address (see clientAddr).
func clientIP(r *http.Request) string {
	ip, ok := r.Context().Value(clientKey{}).(netip.Addr)
	if !ok {
		ip = peerAddr(r)
	}
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	return ip.String()
}

// clientNet is the unit rate limits count per client: the IPv4 address, or
// the /64 network of an IPv6 address (one subscriber's usual allocation,
// inside which an address costs nothing to change).
func clientNet(r *http.Request) string {
	ip, ok := r.Context().Value(clientKey{}).(netip.Addr)
	if !ok {
		ip = peerAddr(r)
	}
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	return ip.String()
}
