package store_test

import (
	"context"
	"fmt"
	neturl "net/url"
	"runtime"
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

// TestDefaultPoolSize: the pool follows the cores the process may use,
// twice as many connections, between 4 and 16.
func TestDefaultPoolSize(t *testing.T) {
	was := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(was)
	for _, c := range []struct{ procs, want int }{{1, 4}, {2, 4}, {3, 6}, {8, 16}, {64, 16}} {
		runtime.GOMAXPROCS(c.procs)
		if got := store.DefaultPoolSize(); got != c.want {
			t.Errorf("%d cores: pool of %d, want %d", c.procs, got, c.want)
		}
	}
}
