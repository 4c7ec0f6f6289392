package store

import "math"

// FitPool is how many of the best-ranked picks budget fitting considers:
// three times the roster size, at least 60 and at most 300. Within the pool
// the fit is exact.
func FitPool(size int) int { return min(300, max(60, 3*size)) }

// FitBudget chooses, among picks (in rank order), the set with the largest
// total score whose fees add up to at most budget, with at most size
// entries: an exact 0/1 knapsack with a cardinality bound, by dynamic
// programming over (entries, cost in FeeStep dollars) on the first
// FitPool(size) picks. Fees are whole multiples of FeeStep (EstimateFee
// rounds them), so the fit is exact on them; scores count in tenths. Of
// equal totals it keeps the cheaper set, then the one with fewer entries.
// The chosen picks come back in rank order. Same inputs, same answer.
func FitBudget(picks []Pick, budget float64, size int) []Pick {
	if size <= 0 || budget < 0 {
		return nil
	}
	items := picks[:min(len(picks), FitPool(size))]
	capacity := int(math.Floor(budget/FeeStep + 1e-9))
	cost := make([]int, len(items))
	value := make([]int32, len(items))
	for i, p := range items {
		cost[i] = int(math.Ceil(p.Fee/FeeStep - 1e-9))
		value[i] = int32(math.Round(p.Score * 10))
	}
	k := min(size, len(items))
	width := capacity + 1
	// dp[n*width+c]: best total of n entries costing exactly c; -1 unreachable.
	dp := make([]int32, (k+1)*width)
	for i := range dp {
		dp[i] = -1
	}
	dp[0] = 0
	take := make([][]uint64, len(items)) // take[i] bit n*width+c: item i improved dp[n][c]
	for i := range items {
		take[i] = make([]uint64, ((k+1)*width+63)/64)
		w, v := cost[i], value[i]
		if w > capacity {
			continue
		}
		for n := min(k, i+1); n >= 1; n-- {
			row, prev := dp[n*width:(n+1)*width], dp[(n-1)*width:n*width]
			for c := capacity; c >= w; c-- {
				if prev[c-w] >= 0 && prev[c-w]+v > row[c] {
					row[c] = prev[c-w] + v
					bit := n*width + c
					take[i][bit/64] |= 1 << (bit % 64)
				}
			}
		}
	}
	bestN, bestC := 0, 0
	for c := 0; c <= capacity; c++ {
		for n := 0; n <= k; n++ {
			if dp[n*width+c] > dp[bestN*width+bestC] {
				bestN, bestC = n, c
			}
		}
	}
	chosen := make([]bool, len(items))
	for i := len(items) - 1; i >= 0 && bestN > 0; i-- {
		bit := bestN*width + bestC
		if take[i][bit/64]&(1<<(bit%64)) != 0 {
			chosen[i] = true
			bestN, bestC = bestN-1, bestC-cost[i]
		}
	}
	var out []Pick
	for i, ok := range chosen {
		if ok {
			out = append(out, items[i])
		}
	}
	return out
}
