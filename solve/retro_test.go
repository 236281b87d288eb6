package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// digraph is a general game on the nodes 0..n-1 of a directed graph, some
// of them terminal with a given result.
type digraph struct {
	succ     [][]int
	pred     [][]int
	terminal map[int]game.Outcome
}

func (g *digraph) Moves(p int, yield func(int) bool) {
	for _, q := range g.succ[p] {
		if !yield(q) {
			return
		}
	}
}

func (g *digraph) Result(p int) (game.Outcome, bool) {
	o, ok := g.terminal[p]
	return o, ok
}

// withParents adds game.Parenter; withIndex adds game.Indexer too.
type withParents struct{ *digraph }

func (g withParents) Parents(p int, yield func(int) bool) {
	for _, q := range g.pred[p] {
		if !yield(q) {
			return
		}
	}
}

type withIndex struct{ *digraph }

func (g withIndex) Size() uint64          { return uint64(len(g.succ)) }
func (g withIndex) Index(p int) uint64    { return uint64(p) }
func (g withIndex) Position(i uint64) int { return int(i) }

type withBoth struct {
	withParents
}

func (g withBoth) Size() uint64          { return uint64(len(g.succ)) }
func (g withBoth) Index(p int) uint64    { return uint64(p) }
func (g withBoth) Position(i uint64) int { return int(i) }

// randomDigraph has n nodes with up to maxOut edges each (repeats and self
// loops allowed), about a third of the nodes terminal with a random result.
func randomDigraph(r *rand.Rand, n, maxOut int) *digraph {
	g := &digraph{succ: make([][]int, n), pred: make([][]int, n), terminal: map[int]game.Outcome{}}
	for u := range n {
		if r.IntN(3) == 0 {
			g.terminal[u] = []game.Outcome{game.Win, game.Lose, game.Draw}[r.IntN(3)]
			continue
		}
		for range r.IntN(maxOut + 1) {
			v := r.IntN(n)
			g.succ[u] = append(g.succ[u], v)
			g.pred[v] = append(g.pred[v], u)
		}
	}
	return g
}

// relax is the seed's naive fixed point (Bellman-Ford style relaxation),
// by rounds: in round t, from a snapshot of the values decided before it, an
// undecided position with a losing move becomes a win, one whose moves all
// lead to wins becomes a loss, both of remoteness t. What is never decided
// is a draw.
func relax(g *digraph) []Value {
	n := len(g.succ)
	val := make([]Value, n)
	for u := range n {
		val[u] = Value{game.Unknown, -1}
		if o, ok := g.terminal[u]; ok {
			val[u] = Value{o, 0}
			if o == game.Draw {
				val[u].Remoteness = -1
			}
		} else if len(g.succ[u]) == 0 {
			val[u] = Value{game.Lose, 0}
		}
	}
	for t := 1; ; t++ {
		snap := append([]Value(nil), val...)
		changed := false
		for u := range n {
			if snap[u].Outcome != game.Unknown {
				continue
			}
			anyLose, allWin := false, true
			for _, v := range g.succ[u] {
				anyLose = anyLose || snap[v].Outcome == game.Lose
				allWin = allWin && snap[v].Outcome == game.Win
			}
			if anyLose {
				val[u], changed = Value{game.Win, t}, true
			} else if allWin {
				val[u], changed = Value{game.Lose, t}, true
			}
		}
		if !changed {
			break
		}
	}
	for u := range n {
		if val[u].Outcome == game.Unknown {
			val[u] = Value{game.Draw, -1}
		}
	}
	return val
}

func TestRetroMatchesRelaxation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := 1 + r.IntN(40)
		g := randomDigraph(r, n, 1+r.IntN(4))
		want := relax(g)
		games := map[string]game.General[int]{
			"reverse-edges": g,
			"parents":       withParents{g},
			"index":         withIndex{g},
			"index+parents": withBoth{withParents{g}},
		}
		for name, gg := range games {
			s := NewRetro(gg, nil)
			if err := s.Solve(context.Background(), 0); err != nil {
				t.Fatalf("trial %d %s: %v", trial, name, err)
			}
			for u := range n {
				got, ok := s.Value(u)
				if !ok {
					continue // not reachable from 0
				}
				if got != want[u] {
					t.Fatalf("trial %d %s: node %d = %+v, relaxation says %+v (graph %v, terminal %v)", trial, name, u, got, want[u], g.succ, g.terminal)
				}
				// Best moves: exactly the moves the definition picks.
				var best []int
				s.BestMoves(u, func(c int, _ Value) bool { best = append(best, c); return true })
				var wantBest []int
				if _, term := g.terminal[u]; !term {
					for _, c := range g.succ[u] {
						w, cv := want[u], want[c]
						if (w.Outcome == game.Win && cv.Outcome == game.Lose && cv.Remoteness == w.Remoteness-1) ||
							(w.Outcome == game.Lose && cv.Remoteness == w.Remoteness-1) ||
							(w.Outcome == game.Draw && cv.Outcome == game.Draw) {
							wantBest = append(wantBest, c)
						}
					}
				}
				if len(best) != len(wantBest) {
					t.Fatalf("trial %d %s: node %d best moves %v, want %v", trial, name, u, best, wantBest)
				}
			}
		}
	}
}

func TestRetroStateLimit(t *testing.T) {
	// A path 0 -> 1 -> ... -> 999.
	n := 1000
	g := &digraph{succ: make([][]int, n), pred: make([][]int, n)}
	for u := 0; u+1 < n; u++ {
		g.succ[u] = []int{u + 1}
		g.pred[u+1] = []int{u}
	}
	s := NewRetro[int](g, &limits.Budget{MaxStates: 100})
	err := s.Solve(context.Background(), 0)
	if !errors.Is(err, limits.ErrStateLimit) || !strings.Contains(err.Error(), "reached 101 positions (101 expanded)") {
		t.Fatalf("err = %v, want a state limit error naming the positions reached", err)
	}
	// The path alternates: node 999 has no move (loss), so node u is a
	// loss iff 999-u is even, with remoteness 999-u.
	s = NewRetro[int](g, nil)
	if err := s.Solve(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Value(0); v != (Value{game.Win, 999}) {
		t.Fatalf("value of the path's start = %+v, want win in 999", v)
	}
	if c := s.Counts(); c.Win != 500 || c.Lose != 500 || c.Draw != 0 {
		t.Fatalf("counts %+v", c)
	}
	idx := NewRetro[int](withIndex{g}, &limits.Budget{MaxStates: 10})
	if err := idx.Solve(context.Background(), 0); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("indexed err = %v", err)
	}
}

// bigIndex claims 2^31 positions: the solver must refuse before allocating.
type bigIndex struct{ *digraph }

func (bigIndex) Size() uint64          { return 1 << 31 }
func (bigIndex) Index(p int) uint64    { return uint64(p) }
func (bigIndex) Position(i uint64) int { return 0 }

func TestRetroMemoryBudget(t *testing.T) {
	g := &digraph{succ: make([][]int, 1), pred: make([][]int, 1)}
	s := NewRetro[int](bigIndex{g}, &limits.Budget{MaxMemory: 4 << 30})
	err := s.Solve(context.Background(), 0)
	if !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("err = %v, want a memory budget error", err)
	}
}

func TestRetroExploredMemoryBudget(t *testing.T) {
	n := 5000
	g := &digraph{succ: make([][]int, n), pred: make([][]int, n)}
	for u := 0; u+1 < n; u++ {
		g.succ[u] = []int{u + 1}
	}
	s := NewRetro[int](g, &limits.Budget{MaxMemory: 1 << 16})
	err := s.Solve(context.Background(), 0)
	if !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("err = %v, want a memory budget error", err)
	}
}

// wideKey is a position written as a long text, of a type whose underlying
// type is string (like a whole sum's key).
type wideKey string

// wideChain is a chain of n positions, each a 10^4-byte key: position i
// moves to i+1, the last has no move.
type wideChain struct{ n int }

func (g wideChain) key(i int) wideKey {
	return wideKey(strings.Repeat("x", 10000) + string(rune('0'+i%10)) + strings.Repeat("y", i))
}

func (g wideChain) Moves(p wideKey, yield func(wideKey) bool) {
	if i := len(p) - 10001; i+1 < g.n {
		yield(g.key(i + 1))
	}
}

func (g wideChain) Result(wideKey) (game.Outcome, bool) { return game.Unknown, false }

// TestRetroCountsTextKeys: the text of keys of a named string type counts
// against the memory budget (20 keys of 10^4 bytes need 200 KB, more than
// 100 KB); an assertion to string missed them, and such a solve held any
// amount. The chain alternates lost and won positions from its end.
func TestRetroCountsTextKeys(t *testing.T) {
	g := wideChain{n: 20}
	s := NewRetro[wideKey](g, &limits.Budget{MaxMemory: 100 << 10})
	if err := s.Solve(context.Background(), g.key(0)); !errors.Is(err, limits.ErrMemoryLimit) {
		t.Fatalf("20 keys of 10 KB under 100 KB: %v, want the memory limit", err)
	}
	s = NewRetro[wideKey](g, &limits.Budget{MaxMemory: 1 << 20})
	if err := s.Solve(context.Background(), g.key(0)); err != nil {
		t.Fatal(err)
	}
	// The last position (19) is lost, so 0, 19 moves from it, is won.
	if v, _ := s.Value(g.key(0)); v.Outcome != game.Win || v.Remoteness != 19 {
		t.Fatalf("the chain's start: %+v, want a win in 19", v)
	}
	if s.Held() < 200000 {
		t.Fatalf("held %d bytes for 20 keys of 10 KB", s.Held())
	}
}
