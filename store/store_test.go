package store_test

import (
	"context"
	"fmt"
	neturl "net/url"
	"strings"
	"testing"

	"creatorcoach/store"
	"creatorcoach/store/storetest"
)

// TestOpen_SessionSettings: every pool connection runs with
// store.SessionSettings, whether DATABASE_URL is a URL or key=value pairs.
func TestOpen_SessionSettings(t *testing.T) {
	t.Parallel()
	_, url := storetest.New(t)
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	kv := fmt.Sprintf("host=%s port=%s user=%s dbname=%s sslmode=disable", u.Hostname(), u.Port(), u.User.Username(),
		strings.TrimPrefix(u.Path, "/"))
	for _, dsn := range []string{url, kv} {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatalf("%s: %v", dsn, err)
		}
		for _, setting := range strings.Split(store.SessionSettings, "&") {
			name, want, _ := strings.Cut(setting, "=")
			var got string
			if err := db.SQL().Get(&got, "SHOW "+name); err != nil || got != want {
				t.Errorf("%s: %s = %q (%v), want %q", dsn, name, got, err, want)
			}
		}
		db.Close()
	}
}
