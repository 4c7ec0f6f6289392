package socialsetup

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"creatorcoach/cmd/internal/app"
)

// TestLoad_SandboxMountedOnlyWhenOn: SOCIAL_SANDBOX=1 makes the sandbox,
// points the connectors at it and serves it under /sandbox; off, nothing is
// mounted and the connectors keep the platforms' own addresses.
func TestLoad_SandboxMountedOnlyWhenOn(t *testing.T) {
	cfg := app.Config{PublicURL: "http://app.test"}
	for _, on := range []bool{true, false} {
		t.Setenv("SOCIAL_SANDBOX", map[bool]string{true: "1", false: "0"}[on])
		set, err := Load(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if (set.Sandbox != nil) != on || set.Config.Sandbox != on {
			t.Fatalf("sandbox on=%v: server %v, config %v", on, set.Sandbox != nil, set.Config.Sandbox)
		}
		for p, eps := range set.Config.Platforms {
			if got := strings.HasPrefix(eps.AuthURL, "http://app.test"+SandboxPath+"/"); got != on {
				t.Errorf("sandbox on=%v: %s authorizes at %s", on, p, eps.AuthURL)
			}
		}
		r := chi.NewRouter()
		set.Mount(r)
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, SandboxPath+"/instagram/oauth/authorize", nil))
		if (w.Code != http.StatusNotFound) != on {
			t.Errorf("sandbox on=%v: GET %s = %d", on, SandboxPath, w.Code)
		}
	}
}
