// Package mailtest runs a real SMTP server (emersion/go-smtp) in the test
// process and keeps every message it receives, so tests read mailed codes
// the way a user would.
package mailtest

import (
	"bytes"
	"io"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one received e-mail.
type Message struct {
	From    string
	To      []string
	Subject string
	Raw     []byte
}

// Text returns the message with quoted-printable soft breaks undone.
func (m Message) Text() string {
	b, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(m.Raw)))
	if err != nil {
		return string(m.Raw)
	}
	return string(b)
}

var codeRe = regexp.MustCompile(`code: (\d{6})`)

// Code returns the six-digit code the message carries, or "".
func (m Message) Code() string {
	if c := codeRe.FindStringSubmatch(m.Text()); c != nil {
		return c[1]
	}
	return ""
}

// Server is a running SMTP server.
type Server struct {
	URL      string // smtp://127.0.0.1:port, for MAIL_URL
	mu       sync.Mutex
	msgs     []Message
	sessions int
}

// Sessions returns how many SMTP connections were opened.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions
}

// Start runs a server on a free loopback port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s, stop, err := Listen()
	if err != nil {
		t.Fatalf("smtp listen: %v", err)
	}
	t.Cleanup(stop)
	return s
}

// Listen runs a server on a free loopback port until stop is called (for
// benchmarks, which have no test to clean up after).
func Listen() (*Server, func(), error) {
	s := &Server{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	s.URL = "smtp://" + ln.Addr().String()
	return s, func() { srv.Close() }, nil
}

// Total returns how many messages arrived.
func (s *Server) Total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.msgs)
}

// Messages returns every message received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Count returns how many messages were sent to addr.
func (s *Server) Count(addr string) int {
	n := 0
	for _, m := range s.Messages() {
		if has(m.To, addr) {
			n++
		}
	}
	return n
}

// Wait returns the n-th (1-based) message to addr, waiting up to 10 s.
func (s *Server) Wait(t testing.TB, addr string, n int) Message {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var seen []Message
		for _, m := range s.Messages() {
			if has(m.To, addr) {
				seen = append(seen, m)
			}
		}
		if len(seen) >= n {
			return seen[n-1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("mail %d to %s did not arrive (got %d)", n, addr, len(seen))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// WaitCode returns the code of the n-th message to addr.
func (s *Server) WaitCode(t testing.TB, addr string, n int) string {
	t.Helper()
	m := s.Wait(t, addr, n)
	code := m.Code()
	if code == "" {
		t.Fatalf("mail to %s has no code:\n%s", addr, m.Text())
	}
	return code
}

func has(list []string, addr string) bool {
	for _, a := range list {
		if strings.EqualFold(a, addr) {
			return true
		}
	}
	return false
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) {
	b.s.mu.Lock()
	b.s.sessions++
	b.s.mu.Unlock()
	return &session{s: b.s}, nil
}

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{From: x.from, To: x.to, Raw: raw}
	if parsed, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		m.Subject = parsed.Header.Get("Subject")
	}
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, m)
	x.s.mu.Unlock()
	return nil
}
