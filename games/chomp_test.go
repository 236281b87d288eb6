package games

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// chompBrute values a bar given as a set of squares of a 5 x 5 board (bit
// 5r+c: row r from the top, column c) by the rules and nothing else:
// picking square (r, c), not the poisoned (0, 0), eats every square (r',
// c') of the set with r' >= r and c' >= c; the value is the mex of the
// options' values. No packing, no symmetry, no engine.
type chompBrute map[uint32]game.Nimber

func (memo chompBrute) value(set uint32) game.Nimber {
	if v, ok := memo[set]; ok {
		return v
	}
	seen := map[game.Nimber]bool{}
	for _, sq := range chompBruteMoves(set) {
		seen[memo.value(chompBruteEat(set, sq))] = true
	}
	var v game.Nimber
	for seen[v] {
		v++
	}
	memo[set] = v
	return v
}

// chompBruteMoves returns the squares of set that may be picked.
func chompBruteMoves(set uint32) []int {
	var squares []int
	for sq := 1; sq < 25; sq++ {
		if set>>sq&1 != 0 {
			squares = append(squares, sq)
		}
	}
	return squares
}

// chompBruteEat returns set after picking square sq.
func chompBruteEat(set uint32, sq int) uint32 {
	for r := sq / 5; r < 5; r++ {
		for c := sq % 5; c < 5; c++ {
			set &^= 1 << (5*r + c)
		}
	}
	return set
}

// TestChompAgainstBruteForce checks every bar within 5 x 5 (all 251
// non-increasing height lists), written both ways, against chompBrute: the
// value and the winning squares (the moves to value 0).
func TestChompAgainstBruteForce(t *testing.T) {
	inst, err := Open("chomp")
	if err != nil {
		t.Fatal(err)
	}
	e := inst.(Valued).Evaluator(nil)
	memo := chompBrute{}
	count := 0
	var walk func(heights []int)
	walk = func(heights []int) {
		if len(heights) > 0 {
			count++
			checkChomp(t, inst, e, memo, heights)
		}
		if len(heights) == 5 {
			return
		}
		top := 5
		if len(heights) > 0 {
			top = heights[len(heights)-1]
		}
		for h := 1; h <= top; h++ {
			walk(append(heights, h))
		}
	}
	walk(nil)
	if count != 251 {
		t.Fatalf("%d bars, want 251 (C(10,5) - 1)", count)
	}
}

func checkChomp(t *testing.T, inst Instance, e Evaluator, memo chompBrute, heights []int) {
	t.Helper()
	var set uint32
	text := make([]string, len(heights))
	for c, h := range heights {
		text[c] = fmt.Sprint(h)
		for r := range h {
			set |= 1 << (5*r + c)
		}
	}
	arg := strings.Join(text, ",")
	comps, err := inst.Parse([]string{arg})
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.Grundy(t.Context(), comps[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := memo.value(set); got != want {
		t.Fatalf("chomp %s: engine %d, brute force %d", arg, got, want)
	}
	var want, moves []string
	for _, sq := range chompBruteMoves(set) {
		if memo.value(chompBruteEat(set, sq)) == 0 {
			want = append(want, cellName(sq/5, sq%5))
		}
	}
	if err := e.MovesToValue(t.Context(), comps[0], 0, func(after []Component) bool {
		moves = append(moves, inst.(MoveNamer).NameMove(comps[0], after))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	slices.Sort(moves)
	if !slices.Equal(moves, want) {
		t.Fatalf("chomp %s: winning squares %v, brute force %v", arg, moves, want)
	}
}

// TestChompParse checks the two syntaxes and bad bars.
func TestChompParse(t *testing.T) {
	inst, err := Open("chomp")
	if err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]string{"4x3": "4x3", "3,3,3": "3x3", "4,2,0": "4,2", "1x1": "1", "1x4": "4", "15x15": "15x15"} {
		comps, err := inst.Parse([]string{arg})
		if err != nil || comps[0].String() != want {
			t.Errorf("%s: %v %v, want %s", arg, comps, err, want)
		}
	}
	for _, bad := range []string{"16x2", "2x16", "0x3", "2,3", "0", "", "a,b", "16", "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"} {
		if _, err := inst.Parse([]string{bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestChompSquareBars checks a theorem on the square bars: on n x n (n >=
// 2) the first player wins by eating the square at row 2, column 2, which
// leaves two arms of n-1 squares beside the poison; then every bite from
// one arm is answered by the same bite from the other, so the second
// player of that L always has a reply. So the square b2 is a winning move.
func TestChompSquareBars(t *testing.T) {
	inst, err := Open("chomp")
	if err != nil {
		t.Fatal(err)
	}
	e := inst.(Valued).Evaluator(nil)
	for n := 2; n <= 7; n++ {
		comps, err := inst.Parse([]string{fmt.Sprintf("%dx%d", n, n)})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		if err := e.MovesToValue(t.Context(), comps[0], 0, func(after []Component) bool {
			found = found || inst.(MoveNamer).NameMove(comps[0], after) == "b2"
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if !found {
			t.Errorf("chomp %dx%d: b2 is not among the winning moves", n, n)
		}
	}
}
