package sparse

import (
	"fmt"
	"math/bits"
)

// rareUnder reports whether v is rare under mask m: popcount(v & m) is even.
func rareUnder(v, m uint16) bool { return bits.OnesCount16(v&m)&1 == 0 }

// bestMask returns the non-zero mask m < len(hist) that minimises the number
// of rare values, sum of hist[v] over v with popcount(v & m) even, and that
// number. len(hist) must be a power of two >= 2; ties go to the smallest m.
//
// With W(m) = sum_v hist[v] * (-1)^popcount(v&m), the Walsh-Hadamard
// transform of hist, the rare count under m is (total + W(m)) / 2, so one
// O(V log V) transform scores every mask at once.
func bestMask(hist []int64) (mask uint16, rare int64) {
	return bestMaskIn(hist, nil)
}

// bestMaskIn is bestMask transforming in buf when it is long enough (a
// kernel re-evaluates its mask every 4096 values: a new array each time
// was most of a run's garbage).
func bestMaskIn(hist, buf []int64) (mask uint16, rare int64) {
	w := buf
	if len(w) < len(hist) {
		w = make([]int64, len(hist))
	}
	w = w[:len(hist)]
	copy(w, hist)
	var total int64
	for _, h := range hist {
		total += h
	}
	for h := 1; h < len(w); h *= 2 {
		for i := 0; i < len(w); i += 2 * h {
			for j := i; j < i+h; j++ {
				x, y := w[j], w[j+h]
				w[j], w[j+h] = x+y, x-y
			}
		}
	}
	best := 1
	for m := 2; m < len(w); m++ {
		if w[m] < w[best] {
			best = m
		}
	}
	return uint16(best), (total + w[best]) / 2
}

// rareStats returns the best mask for the histogram of g[1:], the number of
// n >= 1 with G(n) rare under it and the last such n (0 if none).
func rareStats(hist []int64, g []uint16) (mask uint16, rare, last int64) {
	mask, rare = bestMask(hist)
	for n := len(g) - 1; n >= 1 && rare > 0; n-- {
		if rareUnder(g[n], mask) {
			return mask, rare, int64(n)
		}
	}
	return mask, rare, 0
}

// AnalyzeAt is Analyze of the sequence at(0), ..., at(count-1), read twice
// in order (once backwards from the end) without being held in memory.
func AnalyzeAt(count int64, at func(n int64) uint16) Stats {
	st := Stats{Values: count}
	hist := make([]int64, 2)
	var buf []uint16
	crc := uint64(0)
	for n := int64(0); n < count; n++ {
		v := at(n)
		if buf = append(buf, v); len(buf) == 4096 {
			crc, buf = updateChecksum(crc, buf), buf[:0]
		}
		if n == 0 {
			continue
		}
		if int(v) >= len(hist) {
			hist = append(hist, make([]int64, 1<<bits.Len16(v)-len(hist))...)
		}
		hist[v]++
		if v > st.Max {
			st.Max, st.ArgMax = v, n
		}
	}
	st.Checksum = fmt.Sprintf("%016x", updateChecksum(crc, buf))
	size := max(2, 1<<bits.Len16(st.Max))
	hist = append(hist, make([]int64, max(0, size-len(hist)))...)
	st.Mask, st.Rare = bestMask(hist[:size])
	for n := count - 1; n >= 1 && st.Rare > 0; n-- {
		if rareUnder(at(n), st.Mask) {
			st.LastRare = n
			break
		}
	}
	return st
}

// Analyze returns the statistics of a sequence g = G(0..len(g)-1): the
// largest value and where it first occurs, and the rare values under the
// mask that makes them fewest (Stats.Mask): their count over n >= 1 and the
// last n with one. The engines report the same statistics.
func Analyze(g []uint16) Stats {
	st := Stats{Values: int64(len(g))}
	hist := make([]int64, 2)
	for n := 1; n < len(g); n++ {
		v := g[n]
		if int(v) >= len(hist) {
			hist = append(hist, make([]int64, 1<<bits.Len16(v)-len(hist))...)
		}
		hist[v]++
		if v > st.Max {
			st.Max, st.ArgMax = v, int64(n)
		}
	}
	size := max(2, 1<<bits.Len16(st.Max))
	hist = append(hist, make([]int64, max(0, size-len(hist)))...)
	st.Mask, st.Rare, st.LastRare = rareStats(hist[:size], g)
	st.Checksum = fmt.Sprintf("%016x", Checksum(g))
	return st
}
