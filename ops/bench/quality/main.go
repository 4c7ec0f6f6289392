// Command quality backtests the audience-quality reading (jobs/quality) on
// generated daily series with labelled patterns (deterministic seeds) and
// times it.
//
//	go run ./ops/bench/quality
//
// Part 1: -accounts (10,000) accounts of 90 days, the patterns in turn;
// the confusion matrix of "unexplained follower growth" against the labels,
// with precision and recall per pattern. Goal: ≥ 95 % of bought and drip
// accounts flagged, ≤ 2 % of organic and viral accounts flagged.
//
// Part 2: the reading of -timed (100,000) accounts × 90 days on every core,
// against the baseline measured in the same run: generating the same series
// without reading them. Goal: reading time ≤ 60 s, peak RSS ≤ 300 MB.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"creatorcoach/jobs/quality"
	"creatorcoach/ops/bench/benchkit"
)

var (
	accounts = flag.Int("accounts", 10_000, "accounts of the backtest")
	timed    = flag.Int("timed", 100_000, "accounts of the timing")
	days     = flag.Int("days", 90, "days per account")
)

var end = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func main() { benchkit.Main("bench/quality", run) }

func run(ctx context.Context) error {
	pats := quality.Patterns
	flagged := map[quality.Pattern]int{}
	total := map[quality.Pattern]int{}
	for i := 0; i < *accounts; i++ {
		p := pats[i%len(pats)]
		s := quality.Generate(uint64(i), p, *days, end, i%3 != 0)
		total[p]++
		if quality.Unexplained(quality.Spikes(s)) {
			flagged[p]++
		}
	}
	fmt.Printf("backtest: %d accounts × %d days (reach reported on 2 of 3, views only on the rest)\n", *accounts, *days)
	fmt.Printf("%-9s %8s %8s %8s %10s\n", "pattern", "accounts", "flagged", "rate", "must flag")
	var tp, fp, fn int
	for _, p := range pats {
		fmt.Printf("%-9s %8d %8d %7.1f%% %10v\n", p, total[p], flagged[p], 100*float64(flagged[p])/float64(total[p]), p.ShouldFlag())
		if p.ShouldFlag() {
			tp += flagged[p]
			fn += total[p] - flagged[p]
		} else {
			fp += flagged[p]
		}
	}
	fmt.Println("confusion matrix (flagged × must flag):")
	fmt.Printf("  flagged & bought/drip %d   not flagged & bought/drip %d\n", tp, fn)
	fmt.Printf("  flagged & other       %d   not flagged & other       %d\n", fp, *accounts-tp-fn-fp)
	fmt.Printf("precision %.3f, recall %.3f\n", float64(tp)/float64(max(1, tp+fp)), float64(tp)/float64(max(1, tp+fn)))
	for _, p := range pats {
		if p.ShouldFlag() {
			fmt.Printf("  %s: recall %.3f, precision %.3f (of flagged, share that is %s)\n", p, float64(flagged[p])/float64(total[p]), float64(flagged[p])/float64(max(1, tp+fp)), p)
		} else {
			fmt.Printf("  %s: flagged %.3f (false positives)\n", p, float64(flagged[p])/float64(total[p]))
		}
	}
	ok := true
	for _, p := range []quality.Pattern{quality.Bought, quality.Drip} {
		if float64(flagged[p]) < 0.95*float64(total[p]) {
			ok = false
		}
	}
	for _, p := range []quality.Pattern{quality.Organic, quality.Viral} {
		if float64(flagged[p]) > 0.02*float64(total[p]) {
			ok = false
		}
	}
	fmt.Println("backtest goal met:", ok)

	base := timeIt(*timed, false)
	withReading := timeIt(*timed, true)
	fmt.Printf("timing: %d accounts × %d days on %d cores\n", *timed, *days, runtime.GOMAXPROCS(0))
	fmt.Printf("  baseline (generate only)  %v\n", base.Round(time.Millisecond))
	fmt.Printf("  generate + read           %v\n", withReading.Round(time.Millisecond))
	fmt.Printf("  reading alone             %v (goal ≤ 60 s), %.1f µs an account, %.2f× the baseline\n",
		(withReading - base).Round(time.Millisecond), float64((withReading-base).Microseconds())/float64(*timed), float64(withReading)/float64(base))
	fmt.Printf("  peak RSS                  %s (goal ≤ 300 MB)\n", peakRSS())
	if !ok {
		return fmt.Errorf("backtest goal missed")
	}
	return ctx.Err()
}

func timeIt(n int, read bool) time.Duration {
	workers := runtime.GOMAXPROCS(0)
	b := quality.Benchmark{MedianLiveRate: 0.08, EngagementPV: []float64{0.01, 0.02, 0.03, 0.04, 0.05, 0.06}}
	aud := &quality.Audience{Countries: map[string]float64{"US": 0.6, "GB": 0.2}, Market: []string{"US"}}
	start := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				s := quality.Generate(uint64(i), quality.Patterns[i%len(quality.Patterns)], *days, end, true)
				if read {
					quality.Read(s, b, aud, end)
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(start)
}

func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	return "unknown"
}
