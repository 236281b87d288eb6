package heap

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy-go/grundy/solve"
)

// BenchmarkCompute tabulates G(0..n) with the sequence engine; the
// baseline is the core engine's memoized search (solve.Grundy, no dense
// table) on the same rules and n.
func BenchmarkCompute(b *testing.B) {
	cases := []struct {
		name  string
		rules Rules
	}{
		{"kayles", Octal(mustCode(b, "0.77"))},
		{"grundy-game", GrundyGame()},
		{"subtract-2,3,7", Subtraction([]int{2, 3, 7})},
	}
	for _, c := range cases {
		for _, n := range []int{1000, 10000} {
			b.Run(fmt.Sprintf("%s/n=%d/sequence", c.name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Compute(context.Background(), c.rules, n, nil); err != nil {
						b.Fatal(err)
					}
				}
			})
			if n > 1000 {
				continue
			}
			b.Run(fmt.Sprintf("%s/n=%d/memoized", c.name, n), func(b *testing.B) {
				for b.Loop() {
					s := solve.NewGrundy[int](opaque{c.rules}, nil)
					for h := 0; h <= n; h++ {
						if _, err := s.Value(context.Background(), h); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkProveKayles is the whole of `grundy table kayles --to 10^12`'s
// engine work: tabulate until the Guy-Smith window is covered, prove.
func BenchmarkProveKayles(b *testing.B) {
	r := Octal(mustCode(b, "0.77"))
	for b.Loop() {
		s, err := Tabulate(context.Background(), r, 1_000_000_000_000, nil, DefaultProofBudget)
		if err != nil || !s.Proven() {
			b.Fatal(err)
		}
	}
}

// BenchmarkValueAt values one heap (the engine of `grundy value GAME N`):
// ValueAt against the core engine's memoized search (solve.Grundy, no
// dense table), the generic path, on the same heap. Kayles at 10^18 is
// answered from its proven period.
func BenchmarkValueAt(b *testing.B) {
	cases := []struct {
		name  string
		rules Rules
		n     int
		slow  bool // also run the memoized search
	}{
		{"grundy-game", GrundyGame(), 5000, true},
		{"kayles", Octal(mustCode(b, "0.77")), 5000, true},
		{"kayles", Octal(mustCode(b, "0.77")), 1_000_000_000_000_000_000, false},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("%s/n=%d/value-at", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				if _, err := ValueAt(context.Background(), c.rules, c.n, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		if !c.slow {
			continue
		}
		b.Run(fmt.Sprintf("%s/n=%d/memoized", c.name, c.n), func(b *testing.B) {
			for b.Loop() {
				s := solve.NewGrundy[int](opaque{c.rules}, nil)
				if _, err := s.Value(context.Background(), c.n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
