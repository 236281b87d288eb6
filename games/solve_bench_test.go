package games

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// quixoNoParents hides Quixo's game.Parenter: the solver stores reverse
// edges (CSR) instead.
type quixoNoParents struct{ *Quixo }

func (g quixoNoParents) Moves(p QuixoPos, yield func(QuixoPos) bool) { g.Quixo.Moves(p, yield) }
func (g quixoNoParents) Result(p QuixoPos) (game.Outcome, bool)      { return g.Quixo.Result(p) }
func (g quixoNoParents) Size() uint64                                { return g.Quixo.Size() }
func (g quixoNoParents) Index(p QuixoPos) uint64                     { return g.Quixo.Index(p) }
func (g quixoNoParents) Position(i uint64) QuixoPos                  { return g.Quixo.Position(i) }

// BenchmarkQuixo3x3 solves all of Quixo 3x3 three ways: retrograde
// analysis with parent generation, with stored reverse edges, and the
// naive relaxation of the tests (over both sides to move, no colour fold).
func BenchmarkQuixo3x3(b *testing.B) {
	g := NewQuixo(3)
	run := func(b *testing.B, gg game.General[QuixoPos]) {
		for b.Loop() {
			s := solve.NewRetro(gg, nil)
			if err := s.Solve(context.Background(), QuixoPos{}); err != nil {
				b.Fatal(err)
			}
			if v, _ := s.Value(QuixoPos{}); v.Remoteness != 7 {
				b.Fatal(v)
			}
		}
		b.ReportMetric(float64(g.Size()), "states/op")
	}
	b.Run("retro-parents", func(b *testing.B) { run(b, g) })
	b.Run("retro-edges", func(b *testing.B) { run(b, quixoNoParents{g}) })
	b.Run("relaxation", func(b *testing.B) {
		for b.Loop() {
			quixoRelax(3)
		}
		b.ReportMetric(2*float64(g.Size()), "states/op")
	})
}

// BenchmarkEnds compares the O(n^2) interval DP with plain exponential
// minimax on a row of 20, and times the DP on 5000 numbers.
func BenchmarkEnds(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	row := func(n int) []int64 {
		out := make([]int64, n)
		for i := range out {
			out[i] = int64(r.IntN(1000))
		}
		return out
	}
	small, big := row(20), row(5000)
	b.Run("dp-20", func(b *testing.B) {
		for b.Loop() {
			EndsMargins(context.Background(), small)
		}
	})
	b.Run("minimax-20", func(b *testing.B) {
		for b.Loop() {
			endsRecursive(small)
		}
	})
	b.Run("dp-5000", func(b *testing.B) {
		for b.Loop() {
			EndsMargins(context.Background(), big)
		}
	})
}
