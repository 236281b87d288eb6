package query

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// TestSolveTiersEqualsRetro: solving by tiers gives every position below
// the outcome, remoteness and moves (with their values) of the in-memory
// retrograde engine.
func TestSolveTiersEqualsRetro(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{
		"tictactoe", "tictactoe x.o/.x./...", "tictactoe xo./.x./..o", "tictactoe xxo/oo./x..",
		"quixo:3x3", "quixo:3x3 x.o/.x./o.. o", "quixo:3x3 xxo/oox/x.. x", "quixo:2x2 x./.o o",
	} {
		pos := mustParse(t, s)
		want, err := Solve(ctx, pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			got, err := SolveWith(ctx, pos, SolveOptions{Tiers: true, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if got.Outcome != want.Outcome || !reflect.DeepEqual(got.Remoteness, want.Remoteness) ||
				!reflect.DeepEqual(got.BestMoves, want.BestMoves) || !reflect.DeepEqual(got.Moves, want.Moves) {
				t.Errorf("%s, %d workers: %+v\nwant %+v", s, workers, got, want)
			}
		}
	}
}

// TestSolveTierBlanks: only the tiers with few blanks are solved; their
// records count every board: C(9, k) boards of k x's on a full 3x3 board,
// for each side to move.
func TestSolveTierBlanks(t *testing.T) {
	zero := 0
	res, err := SolveWith(context.Background(), mustParse(t, "quixo:3x3"), SolveOptions{TierBlanks: &zero})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != game.Unknown || len(res.Tiers) != 20 {
		t.Fatalf("outcome %v, %d records; want unknown, 20", res.Outcome, len(res.Tiers))
	}
	binom9 := []int64{1, 9, 36, 84, 126, 126, 84, 36, 9, 1}
	for _, r := range res.Tiers {
		if r.X+r.O != 9 || r.Win+r.Lose+r.Draw != binom9[r.X] {
			t.Errorf("record %+v: want 9 pieces and C(9, %d) boards", r, r.X)
		}
	}
	// A position inside the tiers is solved too.
	one := 1
	res, err = SolveWith(context.Background(), mustParse(t, "quixo:3x3 xox/oxo/ox. o"), SolveOptions{TierBlanks: &one})
	if err != nil || res.Outcome == game.Unknown {
		t.Fatalf("outcome %v, %v; want a value", res, err)
	}
}

// TestSolveTierLimits: the budget reaches the tier solver.
func TestSolveTierLimits(t *testing.T) {
	_, err := SolveWith(context.Background(), mustParse(t, "quixo:4x4"), SolveOptions{Tiers: true, Budget: &limits.Budget{MaxStates: 1000}})
	if !errors.Is(err, limits.ErrStateLimit) {
		t.Errorf("max states 1000: %v, want a state limit", err)
	}
	_, err = SolveWith(context.Background(), mustParse(t, "quixo:4x4"), SolveOptions{Tiers: true, Budget: &limits.Budget{MaxMemory: 1 << 20}})
	if !errors.Is(err, limits.ErrMemoryLimit) {
		t.Errorf("max memory 1 MiB: %v, want a memory limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = SolveWith(ctx, mustParse(t, "quixo:4x4"), SolveOptions{Tiers: true})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
