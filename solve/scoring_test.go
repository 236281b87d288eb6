package solve

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// scoreGraph is a scoring game on a small digraph: terminal nodes carry the
// margin of the player to move.
type scoreGraph struct {
	succ  map[string][]string
	score map[string]int64
}

func (g scoreGraph) Moves(p string, yield func(string) bool) {
	for _, q := range g.succ[p] {
		if !yield(q) {
			return
		}
	}
}

func (scoreGraph) Result(string) (game.Outcome, bool) { return game.Unknown, false }

func (g scoreGraph) Score(p string) (int64, bool) {
	s, ok := g.score[p]
	return s, ok
}

func TestMinimaxByHand(t *testing.T) {
	// r -> a (terminal, mover at a has -3: r's margin +3 in 1 move)
	// r -> b -> c (terminal, mover at c has -3: b's margin +3, r's -3).
	// r -> d -> e -> f (f: mover has -3; e: +3; d: -3; r: +3 in 3 moves).
	// Both a and d give r +3: the winner takes the shorter line, 1 move.
	g := scoreGraph{
		succ:  map[string][]string{"r": {"a", "b", "d"}, "b": {"c"}, "d": {"e"}, "e": {"f"}},
		score: map[string]int64{"a": -3, "c": -3, "f": -3},
	}
	s := NewMinimax[string](g, nil)
	v, err := s.Solve(context.Background(), "r")
	if err != nil {
		t.Fatal(err)
	}
	if v != (Scored{Score: 3, Remoteness: 1}) || v.Outcome() != game.Win {
		t.Fatalf("r = %+v", v)
	}
	if d, _ := s.Value("d"); d != (Scored{Score: -3, Remoteness: 2}) {
		t.Fatalf("d = %+v", d)
	}
	// A loser (and a level game) takes the longest line: x -> y (0 now)
	// or x -> z -> w (0 in 2).
	g = scoreGraph{
		succ:  map[string][]string{"x": {"y", "z"}, "z": {"w"}},
		score: map[string]int64{"y": 0, "w": 0},
	}
	if v, _ := NewMinimax[string](g, nil).Solve(context.Background(), "x"); v != (Scored{0, 2}) || v.Outcome() != game.Draw {
		t.Fatalf("x = %+v", v)
	}
}

func TestMinimaxCycleAndLimit(t *testing.T) {
	g := scoreGraph{succ: map[string][]string{"a": {"b"}, "b": {"a"}}, score: map[string]int64{}}
	if _, err := NewMinimax[string](g, nil).Solve(context.Background(), "a"); !errors.Is(err, ErrCycle) {
		t.Fatalf("err = %v, want ErrCycle", err)
	}
	chain := scoreGraph{succ: map[string][]string{}, score: map[string]int64{"end": 1}}
	prev := "end"
	for i := range 100 {
		p := string(rune('A'+i%26)) + string(rune('0'+i/26))
		chain.succ[p] = []string{prev}
		prev = p
	}
	if _, err := NewMinimax[string](chain, &limits.Budget{MaxStates: 10}).Solve(context.Background(), prev); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("err = %v, want a state limit", err)
	}
}
