package query

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/limits"
)

// heap is one component of the naive oracle: a rule and a heap size.
type heap struct {
	rule string // "nim", "divisor" or a subtraction set like "1,3,4"
	n    int
}

// naiveMoves lists the heaps reachable from h, straight from the rules.
func naiveMoves(h heap) []int {
	var next []int
	switch h.rule {
	case "nim":
		for k := 0; k < h.n; k++ {
			next = append(next, k)
		}
	case "divisor":
		for d := 1; d < h.n; d++ {
			if h.n%d == 0 {
				next = append(next, h.n-d)
			}
		}
	default:
		for _, f := range strings.Split(h.rule, ",") {
			var k int
			fmt.Sscan(f, &k)
			if k <= h.n {
				next = append(next, h.n-k)
			}
		}
	}
	return next
}

// naiveWins is Zermelo's win/lose search over the whole sum: the mover wins
// iff some move leads to a position where the mover loses. No Grundy values,
// no XOR, no memo by component: the memo is keyed by the whole sum.
func naiveWins(sum []heap, memo map[string]bool) bool {
	key := fmt.Sprint(sum)
	if w, ok := memo[key]; ok {
		return w
	}
	win := false
	for i, h := range sum {
		for _, n := range naiveMoves(h) {
			next := slices.Clone(sum)
			next[i].n = n
			if !naiveWins(next, memo) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	memo[key] = win
	return win
}

func position(sum []heap) string {
	var groups []string
	for _, h := range sum {
		name := h.rule
		if name != "nim" && name != "divisor" {
			name = "subtract:" + name
		}
		groups = append(groups, fmt.Sprintf("%s %d", name, h.n))
	}
	return strings.Join(groups, " + ")
}

// TestValueAgreesWithNaiveSearch: the engine's outcome (XOR of component
// values) equals the naive search over the whole sum, and every winning move
// it lists leads to a position the naive search says the mover loses.
func TestValueAgreesWithNaiveSearch(t *testing.T) {
	rules := []string{"nim", "divisor", "1,3,4", "1-3", "2,5", "1", "3,4,7"}
	memo := map[string]bool{}
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.IntRange(1, 3).Draw(t, "components")
		sum := make([]heap, k)
		for i := range sum {
			sum[i].rule = rapid.SampledFrom(rules).Draw(t, "rule")
			sum[i].n = rapid.IntRange(0, 9).Draw(t, "n")
			if sum[i].rule == "divisor" && sum[i].n == 0 {
				sum[i].n = 1
			}
		}
		for i := range sum {
			if sum[i].rule != "nim" && sum[i].rule != "divisor" {
				set, _ := games.ParseSet(sum[i].rule)
				sum[i].rule = strings.Trim(strings.ReplaceAll(fmt.Sprint(set), " ", ","), "[]")
			}
		}
		pos, err := ParseString(position(sum))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Value(context.Background(), pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		wins := naiveWins(sum, memo)
		if (res.Outcome == game.Win.Class()) != wins {
			t.Fatalf("%s: outcome %s (value %d), naive search says win=%v", position(sum), res.Outcome, res.Grundy, wins)
		}
		if wins && len(res.WinningMoves) == 0 {
			t.Fatalf("%s: a win with no winning move", position(sum))
		}
		for _, m := range res.WinningMoves {
			after, err := ParseString(m.PositionAfter)
			if err != nil {
				t.Fatal(err)
			}
			next := slices.Clone(sum)
			for i, c := range after.Components() {
				fmt.Sscan(c.String(), &next[i].n)
			}
			if naiveWins(next, memo) {
				t.Fatalf("%s: winning move to %s leaves the opponent a win", position(sum), m.PositionAfter)
			}
		}
	})
}

func TestValueNim345(t *testing.T) {
	// 3 ^ 4 ^ 5 = 2; the only winning move makes the heaps XOR to 0: heap 3
	// (011) becomes 3 ^ 2 = 1, since 4 ^ 2 = 6 > 4 and 5 ^ 2 = 7 > 5.
	pos, _ := ParseString("nim 3 4 5")
	res, err := Value(context.Background(), pos, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Grundy != 2 || res.Outcome != game.Win.Class() || len(res.WinningMoves) != 1 {
		t.Fatalf("got %+v", res)
	}
	if m := res.WinningMoves[0]; m.Component != 0 || m.To != "nim 1" || m.PositionAfter != "nim 1 4 5" {
		t.Fatalf("move %+v", m)
	}
	pos, _ = ParseString("nim 1 2 3")
	if res, _ = Value(context.Background(), pos, nil); res.Outcome != game.Lose.Class() || len(res.WinningMoves) != 0 {
		t.Fatalf("nim 1 2 3: %+v", res)
	}
}

func TestValueHugeNimHeap(t *testing.T) {
	// Nim's closed form G(n) = n and its direct option search answer at once.
	pos, _ := ParseString("nim 1000000000000 999999999999")
	res, err := Value(context.Background(), pos, &limits.Budget{MaxStates: 10})
	if err != nil {
		t.Fatal(err)
	}
	if res.Grundy != 1000000000000^999999999999 || len(res.WinningMoves) != 1 || res.WinningMoves[0].To != "nim 999999999999" {
		t.Fatalf("got %+v", res)
	}
}

// TestValueWorkers checks ValueWith's worker count: Cram's search on one
// goroutine and on several gives the same value and the same winning moves
// (the values of 5 x 5 and 6 x 5 against the published table,
// docs/cram.md), counts its states, and a count out of range is bad input. A state limit
// stops the parallel search with the serial one's error.
func TestValueWorkers(t *testing.T) {
	for _, tc := range []struct {
		board string
		want  game.Nimber
	}{{"cram 5x5", 0}, {"cram 6x5", 2}} {
		pos, err := ParseString(tc.board)
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		for _, workers := range []int{1, 2, 3} {
			res, err := ValueWith(t.Context(), pos, nil, ValueOptions{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if res.Grundy != tc.want || res.States == 0 {
				t.Fatalf("%s, %d workers: value %d after %d states, want %d", tc.board, workers, res.Grundy, res.States, tc.want)
			}
			var got []string
			for _, m := range res.WinningMoves {
				got = append(got, m.PositionAfter)
			}
			if workers == 1 {
				moves = got
			} else if !slices.Equal(got, moves) {
				t.Fatalf("%s: %d workers give the winning moves %v, one gives %v", tc.board, workers, got, moves)
			}
		}
	}
	pos, _ := ParseString("cram 5x7")
	if _, err := ValueWith(t.Context(), pos, &limits.Budget{MaxStates: 500}, ValueOptions{Workers: 2}); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("cram 5x7 within 500 states on 2 workers: %v, want the state limit", err)
	}
	for _, bad := range []int{-1, MaxWorkers + 1} {
		if _, err := ValueWith(t.Context(), pos, nil, ValueOptions{Workers: bad}); !errors.Is(err, game.ErrInput) {
			t.Fatalf("%d workers: %v, want bad input", bad, err)
		}
	}
}

func TestValueLimit(t *testing.T) {
	pos, _ := ParseString("divisor 100000")
	_, err := Value(context.Background(), pos, &limits.Budget{MaxStates: 1000})
	if !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("err = %v, want a state limit", err)
	}
}

// TestValueOneBudget checks issue 14, one request, one budget: the engines
// of every component of a sum count against the same budget, so a limit
// that each component fits under alone stops the sum. The components are
// P-positions (two equal heaps), so no winning-move phase adds states.
func TestValueOneBudget(t *testing.T) {
	ctx := context.Background()
	states := func(text string, budget *limits.Budget) (int64, error) {
		pos, err := ParseString(text)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Value(ctx, pos, budget)
		if err != nil {
			return 0, err
		}
		if res.Grundy != 0 {
			t.Fatalf("%s: value %d, want 0", text, res.Grundy)
		}
		return res.States, nil
	}
	a, errA := states("grundy-game 30 30", nil)
	b, errB := states("divisor 300 300", nil)
	if errA != nil || errB != nil || a == 0 || b == 0 {
		t.Fatalf("states %d, %v and %d, %v; want some states each", a, errA, b, errB)
	}
	const sum = "grundy-game 30 30 + divisor 300 300"
	if _, err := states(sum, &limits.Budget{MaxStates: max(a, b)}); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("%s with %d states, enough for each component alone: err = %v, want the state limit", sum, max(a, b), err)
	}
	if _, err := states(sum, &limits.Budget{MaxStates: a + b - 1}); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("%s with %d states: err = %v, want the state limit", sum, a+b-1, err)
	}
	budget := &limits.Budget{MaxStates: a + b}
	n, err := states(sum, budget)
	if err != nil || n != a+b || budget.States() != a+b {
		t.Fatalf("%s with %d states: %d states (budget counted %d), %v; want %d", sum, a+b, n, budget.States(), err, a+b)
	}
}
