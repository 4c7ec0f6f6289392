package mail_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"creatorcoach/jobs/mail"
	"creatorcoach/jobs/mail/mailtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func msg(to string) mail.Message {
	return mail.Message{To: to, Subject: "Hello", Text: "Your Creator Coach code: 123456", HTML: "<p>Your Creator Coach code: 123456</p>", Tag: "test"}
}

func TestSender_SMTPReusesConnections(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t)
	s, err := mail.New(srv.URL, "", "no-reply@creatorcoach.test", quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := 0; i < 5; i++ {
		if err := s.Send(context.Background(), msg("a@example.org")); err != nil {
			t.Fatal(err)
		}
	}
	if got := srv.Count("a@example.org"); got != 5 {
		t.Fatalf("%d mails, want 5", got)
	}
	if got := srv.Sessions(); got != 1 {
		t.Fatalf("%d SMTP sessions for 5 sequential mails, want 1", got)
	}
	if code := srv.Wait(t, "a@example.org", 1).Code(); code != "123456" {
		t.Fatalf("code %q", code)
	}
}

func TestSender_Files(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := mail.New("", dir, "no-reply@creatorcoach.test", quiet)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), msg("b@example.org")); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*_test_b@example.org.eml"))
	if len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	raw, _ := os.ReadFile(files[0])
	if !strings.Contains(string(raw), "code: 123456") || !strings.Contains(string(raw), "text/html") {
		t.Fatalf("eml lacks the text or HTML part:\n%s", raw)
	}
}

func TestNew_BadURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"http://x", "smtp://", "smtp://host:port"} {
		if _, err := mail.New(u, "", "a@b.c", quiet); err == nil {
			t.Errorf("MAIL_URL %q accepted", u)
		}
	}
}
