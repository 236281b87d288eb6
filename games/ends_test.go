package games

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// endsGeneral states ends as a general scoring game for solve.Minimax: the
// position carries the mover's margin so far, scored when the row is empty.
type endsGeneral struct{ row []int64 }

type endsState struct {
	l, r   int // the row l..r-1 remains
	margin int64
}

func (g endsGeneral) Moves(p endsState, yield func(endsState) bool) {
	if p.l < p.r && !yield(endsState{p.l + 1, p.r, -(p.margin + g.row[p.l])}) {
		return
	}
	if p.l < p.r {
		yield(endsState{p.l, p.r - 1, -(p.margin + g.row[p.r-1])})
	}
}

func (endsGeneral) Result(endsState) (game.Outcome, bool) { return game.Unknown, false }

func (g endsGeneral) Score(p endsState) (int64, bool) { return p.margin, p.l == p.r }

// endsRecursive is plain exponential minimax: the best margin of the mover.
func endsRecursive(row []int64) int64 {
	if len(row) == 0 {
		return 0
	}
	return max(row[0]-endsRecursive(row[1:]), row[len(row)-1]-endsRecursive(row[:len(row)-1]))
}

func TestEndsAgreesWithMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 2000 {
		n := r.IntN(13)
		row := make([]int64, n)
		for i := range row {
			row[i] = int64(r.IntN(21) - 5)
		}
		whole, left, right, err := EndsMargins(context.Background(), row)
		if err != nil {
			t.Fatal(err)
		}
		if want := endsRecursive(row); whole != want {
			t.Fatalf("trial %d %v: DP %d, recursion %d", trial, row, whole, want)
		}
		if n > 0 && (left != endsRecursive(row[1:]) || right != endsRecursive(row[:n-1])) {
			t.Fatalf("%v: child margins %d %d", row, left, right)
		}
		mm := solve.NewMinimax[endsState](endsGeneral{row}, nil)
		v, err := mm.Solve(context.Background(), endsState{0, n, 0})
		if err != nil {
			t.Fatal(err)
		}
		if v.Score != whole || v.Remoteness != n {
			t.Fatalf("%v: minimax %+v, DP %d in %d", row, v, whole, n)
		}
		// The seed's observation: with an even count the first player
		// takes all the odd-placed or all the even-placed numbers, so
		// never loses.
		if n%2 == 0 && whole < 0 {
			t.Fatalf("%v: even row lost by the first player (%d)", row, whole)
		}
	}
}

func TestEnds5000(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	row := make([]int64, 5000)
	for i := range row {
		row[i] = int64(r.IntN(1000))
	}
	start := time.Now()
	whole, _, _, err := EndsMargins(context.Background(), row)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	t.Logf("5000 numbers: margin %d in %v", whole, elapsed)
	if elapsed > 5*time.Second { // "well under a second" alone; slack for a loaded machine
		t.Fatalf("5000 numbers took %v", elapsed)
	}
}

func TestEndsSolveMoves(t *testing.T) {
	// ends 3 9 1 2: by hand, d(9 1 2) = max(9-d(1 2), 2-d(9 1)) = max(9-1,
	// 2-8) = 8, d(3 9 1) = max(3-d(9 1), 1-d(3 9)) = max(3-8, 1-6) = -5; so
	// d = max(3-8, 2-(-5)) = 7: take the 2.
	pos, err := ParseString("ends 3 9 1 2")
	if err != nil {
		t.Fatal(err)
	}
	inst := pos[0].Game.(Solvable)
	sol, err := inst.Solver(nil).Solve(context.Background(), pos[0].Components[0])
	if err != nil {
		t.Fatal(err)
	}
	if *sol.Score != 7 || sol.Value.Remoteness != 4 || len(sol.Moves) != 2 {
		t.Fatalf("solution %+v", sol)
	}
	if sol.Moves[0].Best || !sol.Moves[1].Best || sol.Moves[1].To.String() != "3 9 1" || *sol.Moves[1].Score != -7 {
		t.Fatalf("moves %+v %+v", sol.Moves[0], sol.Moves[1])
	}
}
