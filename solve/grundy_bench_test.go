package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// naiveTable is the baseline: the definition G(n) = mex{G(n-s) : s in S}
// with a hash map as the memo and a set for the mex, the way the seeds write
// it (seed 002's memoized SG()).
func naiveTable(s subtraction, n int) game.Nimber {
	memo := make(map[int]game.Nimber)
	for i := 0; i <= n; i++ {
		seen := map[game.Nimber]bool{}
		for _, k := range s {
			if k <= i {
				seen[memo[i-k]] = true
			}
		}
		var v game.Nimber
		for seen[v] {
			v++
		}
		memo[i] = v
	}
	return memo[n]
}

// fastSubtraction is subtraction with a direct AppendOptions, as the
// catalog's subtraction game has.
type fastSubtraction struct{ descending }

func (g fastSubtraction) AppendOptions(n int, dst []int) []int {
	for _, k := range g.subtraction {
		if k <= n {
			dst = append(dst, n-k)
		}
	}
	return dst
}

// BenchmarkSubtraction values subtract:1,3,4 at heap n from scratch: the dense
// table of a Descending game, the hashed memoized search (no Descending), and
// the naive map-based definition. Checksum: G(n) = [0,1,0,1,2,3,2][n mod 7].
func BenchmarkSubtraction(b *testing.B) {
	set := subtraction{1, 3, 4}
	period := []game.Nimber{0, 1, 0, 1, 2, 3, 2}
	for _, n := range []int{1e5, 1e6, 1e7} {
		want := period[n%7]
		run := func(b *testing.B, value func() game.Nimber) {
			b.ReportAllocs()
			for b.Loop() {
				if got := value(); got != want {
					b.Fatalf("G(%d) = %d, want %d", n, got, want)
				}
			}
			b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		}
		b.Run(fmt.Sprintf("dense/n=%d", n), func(b *testing.B) {
			run(b, func() game.Nimber {
				v, _ := NewGrundy[int](fastSubtraction{descending{set}}, nil).Value(context.Background(), n)
				return v
			})
		})
		if n > 1e6 && testing.Short() {
			continue
		}
		b.Run(fmt.Sprintf("hashed/n=%d", n), func(b *testing.B) {
			run(b, func() game.Nimber {
				v, _ := NewGrundy[int](set, nil).Value(context.Background(), n)
				return v
			})
		})
		b.Run(fmt.Sprintf("naive/n=%d", n), func(b *testing.B) {
			run(b, func() game.Nimber { return naiveTable(set, n) })
		})
	}
}

// BenchmarkHashedPairs values the sum subtract:1,3,4 a + subtract:1,2 b played
// as one game on pairs (hashed tuple positions, no splitting): (n+1)^2
// states. Checksum: the Sprague–Grundy theorem, G = G1(a) ^ G2(b).
func BenchmarkHashedPairs(b *testing.B) {
	g := pair{subtraction{1, 3, 4}, subtraction{1, 2}}
	for _, n := range []int{300, 1000, 3161} {
		want := []game.Nimber{0, 1, 0, 1, 2, 3, 2}[n%7] ^ game.Nimber(n%3)
		b.Run(fmt.Sprintf("states=%d", (n+1)*(n+1)), func(b *testing.B) {
			runStates(b, (n+1)*(n+1), func() (game.Nimber, error) {
				return NewGrundy[duo](g, nil).Value(context.Background(), duo{n, n})
			}, want)
		})
	}
}

// runStates runs value until the benchmark ends, checks its result against
// want, and reports states per second of wall time and per second of the
// process's CPU time (on a loaded machine the second is the steadier).
func runStates(b *testing.B, states int, value func() (game.Nimber, error), want game.Nimber) {
	b.ReportAllocs()
	cpu := cpuSeconds()
	for b.Loop() {
		if v, err := value(); err != nil || v != want {
			b.Fatalf("G = %d, %v; want %d", v, err, want)
		}
	}
	b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	if used := cpuSeconds() - cpu; used > 0 {
		b.ReportMetric(float64(states)*float64(b.N)/used, "states/cpu-s")
	}
}

// withMapMemo makes s keep its memo in a Go map even for integer
// positions: the previous memo, kept as the benchmarks' baseline.
func withMapMemo[P comparable](s *Grundy[P]) *Grundy[P] {
	s.table, s.plain, s.memo = nil, false, make(map[P]game.Nimber)
	return s
}

// packedPair is pair on positions packed into one uint64 (a<<32 | b), the
// key shape of bitboard games, with a reused option buffer.
type packedPair struct {
	pair
	buf *[1]uint64
}

func (g packedPair) Options(p uint64, yield func([]uint64) bool) {
	a, b := int(p>>32), int(p&(1<<32-1))
	for _, k := range g.left {
		if k <= a {
			g.buf[0] = uint64(a-k)<<32 | uint64(b)
			if !yield(g.buf[:]) {
				return
			}
		}
	}
	for _, k := range g.right {
		if k <= b {
			g.buf[0] = uint64(a)<<32 | uint64(b-k)
			if !yield(g.buf[:]) {
				return
			}
		}
	}
}

// packedAppend is packedPair with game.Appender: the engine records its
// options without a callback.
type packedAppend struct{ packedPair }

func (g packedAppend) AppendOptions(p uint64, dst []uint64) []uint64 {
	a, b := int(p>>32), int(p&(1<<32-1))
	for _, k := range g.left {
		if k <= a {
			dst = append(dst, uint64(a-k)<<32|uint64(b))
		}
	}
	for _, k := range g.right {
		if k <= b {
			dst = append(dst, uint64(a)<<32|uint64(b-k))
		}
	}
	return dst
}

// BenchmarkHashedPacked is BenchmarkHashedPairs on uint64 keys: memo=table
// is the engine (the open-addressing table of integer positions, table64),
// memo=map the same search with the previous memo, a Go map;
// memo=table/append the engine on the same game with game.Appender;
// memo=table/helper the engine with a helper on a second core (Parallel;
// states/s is then the wall-clock rate, states/cpu-s that of both cores).
func BenchmarkHashedPacked(b *testing.B) {
	packed := packedPair{pair{subtraction{1, 3, 4}, subtraction{1, 2}}, new([1]uint64)}
	for _, n := range []int{1000, 3161} {
		want := []game.Nimber{0, 1, 0, 1, 2, 3, 2}[n%7] ^ game.Nimber(n%3)
		root := uint64(n)<<32 | uint64(n)
		for _, memo := range []string{"table", "map", "table/append", "table/helper"} {
			b.Run(fmt.Sprintf("states=%d/memo=%s", (n+1)*(n+1), memo), func(b *testing.B) {
				runStates(b, (n+1)*(n+1), func() (game.Nimber, error) {
					var g game.Game[uint64] = packed
					if memo == "table/append" {
						g = packedAppend{packed}
					}
					s := NewGrundy[uint64](g, nil)
					switch memo {
					case "map":
						withMapMemo(s)
					case "table/helper":
						s.Parallel(func() game.Game[uint64] {
							return packedPair{packed.pair, new([1]uint64)}
						}, 1<<11)
					}
					return s.Value(context.Background(), root)
				}, want)
			})
		}
	}
}
