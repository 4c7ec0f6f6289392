package benchkit

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Loader names the HTTP load generator Load uses: wrk, like pgbench a
// small C program, so both sides of a ratio pay about the same for their
// client. The first call installs it when missing (the Debian package wrk,
// with apt-get as ops/services.sh installs Postgres); only when that fails
// does Load fall back to a Go client, which costs the machine more per
// request and so understates the API.
func Loader() string {
	installWrk.Do(func() {
		if _, err := exec.LookPath("wrk"); err == nil {
			return
		}
		if err := aptInstall("wrk"); err != nil {
			fmt.Fprintf(os.Stderr, "bench: could not install wrk (%v); the load comes from a Go client\n", err)
		}
	})
	if _, err := exec.LookPath("wrk"); err == nil {
		return "wrk"
	}
	return "Go net/http client"
}

var installWrk sync.Once

// AptInstall installs Debian packages with apt-get (through sudo unless
// root), as ops/services.sh installs Postgres.
func AptInstall(pkgs ...string) error { return aptInstall(pkgs...) }

// aptInstall installs Debian packages with apt-get (through sudo unless
// root).
func aptInstall(pkgs ...string) error {
	if _, err := exec.LookPath("apt-get"); err != nil {
		return fmt.Errorf("apt-get not found; install %s yourself", strings.Join(pkgs, " "))
	}
	var sudo []string
	if os.Geteuid() != 0 {
		sudo = []string{"sudo"}
	}
	fmt.Fprintf(os.Stderr, "bench: installing %s (apt-get)\n", strings.Join(pkgs, " "))
	run := func(args ...string) error {
		cmd := exec.Command(append(sudo, args...)[0], append(sudo, args...)[1:]...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := run("apt-get", "update", "-qq"); err != nil {
		return err
	}
	return run(append([]string{"apt-get", "install", "-y", "-qq", "--no-install-recommends"}, pkgs...)...)
}

// Load runs conns keep-alive clients against target (with the bearer token
// when not empty) for d; it returns requests/s and the p99 latency in ms.
// Any answer but 200 stops it with an error.
func Load(target, token string, conns int, d time.Duration) (float64, float64, error) {
	if Loader() == "wrk" {
		return loadWrk(target, token, conns, d)
	}
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}
	client := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	var mu sync.Mutex
	var lat []time.Duration
	var firstErr error
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for i := 0; i < conns; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", target, nil)
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("%s: status %d", target, res.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, 0, firstErr
	}
	if len(lat) == 0 {
		return 0, 0, fmt.Errorf("%s: no request finished", target)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return float64(len(lat)) / d.Seconds(), float64(lat[len(lat)*99/100].Microseconds()) / 1000, nil
}

var (
	wrkRate = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	wrkP99  = regexp.MustCompile(`\s99%\s+([0-9.]+)(us|ms|s)`)
)

// loadWrk is Load with wrk on one thread, which drives every connection:
// one thread sends tens of thousands of requests a second, more than any
// call answers on these two cores, and a second one is one more runnable
// thread beside the api and its Postgres backends. With two, the search's
// p99 was higher and further apart between runs (one handle: 6.4-8.7 ms
// against 5.5-5.9 ms, at a lower rate), the client's own waits for a core
// counted as the server's.
func loadWrk(target, token string, conns int, d time.Duration) (float64, float64, error) {
	args := []string{"-t", "1", "-c", strconv.Itoa(conns), "-d", strconv.Itoa(max(1, int(d.Seconds()))) + "s", "--latency"}
	if token != "" {
		args = append(args, "-H", "Authorization: Bearer "+token)
	}
	out, err := exec.Command("wrk", append(args, target)...).CombinedOutput()
	if err != nil {
		return 0, 0, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "Non-2xx") || strings.Contains(string(out), "Socket errors") {
		return 0, 0, fmt.Errorf("%s: not every answer was 200:\n%s", target, out)
	}
	rate, p99 := wrkRate.FindSubmatch(out), wrkP99.FindSubmatch(out)
	if rate == nil || p99 == nil {
		return 0, 0, fmt.Errorf("wrk output: %s", out)
	}
	rps, _ := strconv.ParseFloat(string(rate[1]), 64)
	ms, _ := strconv.ParseFloat(string(p99[1]), 64)
	switch string(p99[2]) {
	case "us":
		ms /= 1000
	case "s":
		ms *= 1000
	}
	return rps, ms, nil
}
