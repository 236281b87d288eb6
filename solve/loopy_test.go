package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// tokenGraph is a loopy impartial game: a token on node u of a digraph
// moves along an edge. Node -k-1 stands for a Nim heap of size k (options:
// the smaller heaps), so sums with Nim heaps are sums with tokenGraph too.
type tokenGraph struct{ succ [][]int }

func (g tokenGraph) Options(u int, yield func([]int) bool) {
	if u < 0 {
		for k := -u - 2; k >= 0; k-- {
			if !yield([]int{-k - 1}) {
				return
			}
		}
		return
	}
	for _, v := range g.succ[u] {
		if !yield([]int{v}) {
			return
		}
	}
}

// product is the sum of tokens on several graphs played as one game: a
// move moves one token; whoever cannot move loses. Its positions are the
// token nodes, packed in an array.
type product struct{ parts []tokenGraph }

func (g product) Moves(p [3]int, yield func([3]int) bool) {
	for i, part := range g.parts {
		stop := false
		part.Options(p[i], func(o []int) bool {
			q := p
			q[i] = o[0]
			stop = !yield(q)
			return !stop
		})
		if stop {
			return
		}
	}
}

func (product) Result([3]int) (game.Outcome, bool) { return game.Unknown, false }

func randomTokenGraph(r *rand.Rand, n int) tokenGraph {
	g := tokenGraph{succ: make([][]int, n)}
	for u := range n {
		for range r.IntN(3) {
			g.succ[u] = append(g.succ[u], r.IntN(n))
		}
	}
	return g
}

// retroOutcome solves the product game from p by retrograde analysis.
func retroOutcome(t *testing.T, g product, p [3]int) game.Outcome {
	t.Helper()
	s := NewRetro[[3]int](g, nil)
	if err := s.Solve(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	v, _ := s.Value(p)
	return v.Outcome
}

// TestLoopyValuesAgainstRetrograde checks γ on thousands of random graphs
// against retrograde analysis of product games: γ(u) = g (finite) exactly
// when u + *g is a P-position; for γ(u) = ∞(K), u + *k is N when k is in K
// and a draw otherwise. Sums of two and three tokens on different graphs
// have the outcome SumLoopy predicts.
func TestLoopyValuesAgainstRetrograde(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const maxHeap = 5
	for trial := range 1500 {
		gs := []tokenGraph{randomTokenGraph(r, 1+r.IntN(7)), randomTokenGraph(r, 1+r.IntN(7)), randomTokenGraph(r, 1+r.IntN(7))}
		vals := make([][]LoopyValue, 3)
		for i, g := range gs {
			l := NewLoopy[int](g, nil)
			for u := range g.succ {
				v, err := l.Value(context.Background(), u)
				if err != nil {
					t.Fatal(err)
				}
				vals[i] = append(vals[i], v)
			}
		}
		// Single tokens plus a Nim heap: pins down γ exactly (heaps up to
		// maxHeap; finite values above it are checked by outcome only).
		nim := tokenGraph{}
		g0 := gs[0]
		for u, v := range vals[0] {
			for k := range maxHeap + 1 {
				got := retroOutcome(t, product{[]tokenGraph{g0, nim}}, [3]int{u, -k - 1})
				want := SumLoopy(v, FiniteValue(game.Nimber(k))).Outcome()
				if got != want {
					t.Fatalf("trial %d: node %d (γ = %v) + *%d: retrograde %v, γ says %v; graph %v", trial, u, v, k, got, want, g0.succ)
				}
			}
		}
		// Sums of two and three loopy games.
		for range 5 {
			p := [3]int{r.IntN(len(gs[0].succ)), r.IntN(len(gs[1].succ)), r.IntN(len(gs[2].succ))}
			two := SumLoopy(vals[0][p[0]], vals[1][p[1]])
			if got := retroOutcome(t, product{gs[:2]}, p); got != two.Outcome() {
				t.Fatalf("trial %d: sum of two %v: retrograde %v, γ %v says %v", trial, p, got, two, two.Outcome())
			}
			three := SumLoopy(two, vals[2][p[2]])
			if got := retroOutcome(t, product{gs}, p); got != three.Outcome() {
				t.Fatalf("trial %d: sum of three %v: retrograde %v, γ %v says %v", trial, p, got, three, three.Outcome())
			}
		}
	}
}

func TestLoopyKnownValues(t *testing.T) {
	// Hand-checked graphs. a -> a (a lone self-loop): no finite option,
	// so γ(a) = ∞(∅), a draw. b -> c, c -> b, c -> d (d terminal):
	// γ(d) = 0; c has option d of value 0 and option b; b's only option is
	// c, so b cannot be 0 unless c reaches 0 (it does): stage 0 labels d,
	// then b (its open option c reaches a 0); c has option b labelled 0,
	// so at stage 1: c's options b, d are labelled, none 1: γ(c) = 1.
	g := tokenGraph{succ: [][]int{{0}, {2}, {1, 3}, {}}}
	l := NewLoopy[int](g, nil)
	want := []LoopyValue{Infinite(), FiniteValue(0), FiniteValue(1), FiniteValue(0)}
	for u, w := range want {
		v, err := l.Value(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		if !v.Equal(w) {
			t.Errorf("γ(%d) = %v, want %v", u, v, w)
		}
	}
	if s := SumLoopy(Infinite(0, 2), FiniteValue(2)).String(); s != "inf(0,2)" {
		t.Errorf("inf(0,2) + 2 = %s", s)
	}
	if s := SumLoopy(Infinite(1), Infinite(0)).String(); s != "inf()" {
		t.Errorf("inf + inf = %s", s)
	}
}
