// Package stripetest hands tests a running stripe-mock, the provider's own
// stand-in that checks request shapes and answers its fixtures.
package stripetest

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"creatorcoach/store/storetest/gobin"
)

// Version is the stripe-mock release the tests and ops/services.sh use.
const Version = "v0.203.0"

var (
	once     sync.Once
	baseURL  string
	startErr error
)

// URL returns the HTTP base URL of a stripe-mock: STRIPE_MOCK_URL when set
// (ops/test.sh exports the one ops/services.sh found or started), else one
// answering on 127.0.0.1:12111, else a private one this process starts on a
// free loopback port (installed with `go install` when missing). The private
// one dies with the test process.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { baseURL, startErr = find() })
	if startErr != nil {
		t.Fatalf("stripe-mock: %v", startErr)
	}
	return baseURL
}

func find() (string, error) {
	if u := os.Getenv("STRIPE_MOCK_URL"); u != "" {
		if answers(u) {
			return u, nil
		}
		return "", fmt.Errorf("STRIPE_MOCK_URL %s does not answer", u)
	}
	if answers("http://127.0.0.1:12111") {
		return "http://127.0.0.1:12111", nil
	}
	bin, err := binary()
	if err != nil {
		return "", err
	}
	httpAddr, httpsAddr := gobin.FreeAddr(), gobin.FreeAddr()
	cmd := exec.Command(bin, "-http-addr", httpAddr, "-https-addr", httpsAddr)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	u := "http://" + httpAddr
	for i := 0; i < 100; i++ {
		if answers(u) {
			return u, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return "", fmt.Errorf("%s did not answer on %s", bin, httpAddr)
}

// answers reports whether a stripe-mock serves base.
func answers(base string) bool {
	req, _ := http.NewRequest(http.MethodGet, strings.TrimRight(base, "/")+"/v1/customers?limit=1", nil)
	req.SetBasicAuth("sk_test_123", "")
	c := &http.Client{Timeout: 2 * time.Second}
	res, err := c.Do(req)
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK && res.Header.Get("Stripe-Mock-Version") != ""
}

// binary finds stripe-mock on PATH or in GOPATH/bin, installing it when missing.
func binary() (string, error) {
	return gobin.Binary("stripe-mock", "github.com/stripe/stripe-mock", Version)
}
