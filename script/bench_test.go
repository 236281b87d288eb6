package script_test

import (
	"context"
	"io"
	"testing"

	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/script"
	"github.com/grundy-go/grundy/solve"
)

// benchN is the heap the subtraction benchmarks value: every position
// 0..benchN is expanded once.
const benchN = 200_000

const subtractSrc = "S = (1, 3, 4)\n\ndef moves(n):\n    return [n - s for s in S if s <= n]\n"

// BenchmarkScriptSubtract values heap benchN of subtract:1,3,4 written as a
// script (fresh script per iteration: every position is expanded).
func BenchmarkScriptSubtract(b *testing.B) {
	for b.Loop() {
		inst, err := script.LoadSource("s.star", []byte(subtractSrc), io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		comps, _ := inst.Parse([]string{"200000"})
		if _, err := inst.(games.Valued).Evaluator(nil).Grundy(context.Background(), comps[0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchN, "ns/position")
}

// hashedSubtract is subtract:1,3,4 in Go without the Descending mark, so
// the engine searches and hashes exactly as it does for a script.
type hashedSubtract struct{}

func (hashedSubtract) Options(n int, yield func([]int) bool) {
	for _, s := range []int{1, 3, 4} {
		if s <= n && !yield([]int{n - s}) {
			return
		}
	}
}

// BenchmarkGoSubtractHashed is the same computation with the game in Go.
func BenchmarkGoSubtractHashed(b *testing.B) {
	for b.Loop() {
		g := solve.NewGrundy[int](hashedSubtract{}, nil)
		if _, err := g.Value(context.Background(), benchN); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchN, "ns/position")
}

// BenchmarkGoSubtractDense is the built-in subtract:1,3,4 (dense table).
func BenchmarkGoSubtractDense(b *testing.B) {
	for b.Loop() {
		g := solve.NewGrundy[int](games.Subtraction{Set: []int{1, 3, 4}}, nil)
		if _, err := g.Value(context.Background(), benchN); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchN, "ns/position")
}
