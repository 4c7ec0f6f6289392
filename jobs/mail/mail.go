// Package mail sends the product's e-mail with go-mail: over SMTP when a
// smtp:// (or smtps://) URL is configured, otherwise by writing each message
// as an .eml file under a directory (development and end-to-end tests).
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail with a plain-text and an HTML body.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	Tag     string // short label used in the .eml file name and logs, e.g. the OTP purpose
	// ListUnsubscribe, when set, is the List-Unsubscribe header's URL (mail clients show an unsubscribe button).
	ListUnsubscribe string
}

// Sender delivers messages. It is safe for concurrent use.
type Sender struct {
	from    string
	dir     string // set when writing .eml files
	opts    []gomail.Option
	host    string
	log     *slog.Logger
	timeout time.Duration
	idle    chan *gomail.Client // open SMTP connections ready for reuse
}

// maxIdleConns is how many SMTP connections a Sender keeps open between sends.
const maxIdleConns = 8

// New returns a Sender for mailURL; an empty URL writes files under dir.
func New(mailURL, dir, from string, log *slog.Logger) (*Sender, error) {
	s := &Sender{from: from, log: log, timeout: 15 * time.Second}
	if mailURL == "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("mail dir: %w", err)
		}
		s.dir = dir
		return s, nil
	}
	u, err := url.Parse(mailURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("MAIL_URL must look like smtp://user:password@host:port")
	}
	s.host = u.Hostname()
	s.idle = make(chan *gomail.Client, maxIdleConns)
	s.opts = []gomail.Option{gomail.WithTimeout(s.timeout)}
	if p := u.Port(); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("MAIL_URL port: %w", err)
		}
		s.opts = append(s.opts, gomail.WithPort(port))
	}
	if u.Scheme == "smtps" {
		s.opts = append(s.opts, gomail.WithSSL())
	} else {
		s.opts = append(s.opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if u.User != nil {
		pw, _ := u.User.Password()
		s.opts = append(s.opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pw))
	}
	return s, nil
}

// Send delivers m. The log line names the recipient and tag, never the body.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	if m.ListUnsubscribe != "" {
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.ListUnsubscribe+">")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	if s.dir != "" {
		name := fmt.Sprintf("%s_%s_%s.eml", time.Now().UTC().Format("20060102T150405.000000000Z"), m.Tag, safeName(m.To))
		path := filepath.Join(s.dir, name)
		if err := msg.WriteToFile(path); err != nil {
			return fmt.Errorf("write mail file: %w", err)
		}
		s.log.Info("mail written", "to", m.To, "tag", m.Tag, "file", path)
		return nil
	}
	if err := s.sendSMTP(ctx, msg); err != nil {
		return err
	}
	s.log.Info("mail sent", "to", m.To, "tag", m.Tag)
	return nil
}

// sendSMTP sends over a reused connection when one is idle; a connection the
// server has meanwhile closed is dropped and the message goes over a new one.
func (s *Sender) sendSMTP(ctx context.Context, msg *gomail.Msg) error {
	select {
	case c := <-s.idle:
		if err := c.Send(msg); err == nil {
			s.release(c)
			return nil
		}
		_ = c.Close()
	default:
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail client: %w", err)
	}
	if err := c.DialWithContext(ctx); err != nil {
		return fmt.Errorf("dial smtp: %w", err)
	}
	if err := c.Send(msg); err != nil {
		_ = c.Close()
		return fmt.Errorf("send mail: %w", err)
	}
	s.release(c)
	return nil
}

func (s *Sender) release(c *gomail.Client) {
	select {
	case s.idle <- c:
	default:
		_ = c.Close()
	}
}

// Close closes the idle SMTP connections.
func (s *Sender) Close() {
	for {
		select {
		case c := <-s.idle:
			_ = c.Close()
		default:
			return
		}
	}
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '@' || r == '.' || r == '-' || r == '+' || r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			return r
		}
		return '_'
	}, s)
}
