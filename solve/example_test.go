package solve_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Flip is Flip Game (LeetCode 294, seed 002): turn two adjacent '+' into
// "--". It implements game.Splitter: no move touches two runs of '+', so a
// string is the sum of its runs, and game.Canonicalizer: a run is worth
// the same whatever surrounds it, so each run is written as bare '+'s.
type Flip struct{}

func (Flip) Options(s string, yield func(option []string) bool) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '+' && s[i+1] == '+' {
			if !yield([]string{s[:i] + "--" + s[i+2:]}) {
				return
			}
		}
	}
}

func (Flip) Split(s string, dst []string) []string {
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' }) {
		if len(run) >= 2 {
			dst = append(dst, run)
		}
	}
	return dst
}

func (Flip) Canon(s string) string { return strings.Trim(s, "-") }

// Grundy finds Splitter and Canonicalizer by type assertion: seed 002's
// equivalent strings "++++-++--" and "-++--++++" are both a run of four
// and a run of two, 2 XOR 1 = 3, and their sum is 0.
func ExampleGrundy() {
	ctx := context.Background()
	s := solve.NewGrundy[string](Flip{}, nil)
	a, _ := s.Value(ctx, "++++-++--")
	b, _ := s.Value(ctx, "-++--++++")
	sum, _ := s.SumValue(ctx, []string{"++++-++--", "-++--++++"})
	fmt.Println(a, b, sum)
	fmt.Println("components memoized:", s.Memoized()) // "++++" and "++"
	// Output:
	// 3 3 0
	// components memoized: 2
}

// A Budget stops long searches: past MaxStates expanded positions the
// engine returns an error matching ErrStateLimit. Every engine of a request
// shares one Budget, so the limit holds for the request as a whole.
func ExampleNewGrundy_budget() {
	budget := &limits.Budget{MaxStates: 10}
	s := solve.NewGrundy[string](Flip{}, budget)
	_, err := s.Value(context.Background(), strings.Repeat("+", 40))
	fmt.Println(err, errors.Is(err, limits.ErrStateLimit))
	// Output: state limit of 10 states reached true
}

// graph is a game played by sliding one token along the arrows of a
// directed graph; a token with no arrow out cannot move (normal play: the
// player to move loses). The graph may have cycles.
type graph map[string][]string

// Moves and Result make graph a game.General, for Retro.
func (g graph) Moves(p string, yield func(string) bool) {
	for _, q := range g[p] {
		if !yield(q) {
			return
		}
	}
}

func (g graph) Result(string) (game.Outcome, bool) { return game.Unknown, false }

// Options makes graph a game.Game, for Loopy: each option is one token.
func (g graph) Options(p string, yield func([]string) bool) {
	for _, q := range g[p] {
		if !yield([]string{q}) {
			return
		}
	}
}

// loop is docs/graphs/loop.txt: x and y chase each other and x may step to
// the dead end d; a and b chase each other and b may step out to c, and c
// to d.
var loop = graph{
	"x": {"y", "d"}, "y": {"x"},
	"a": {"b"}, "b": {"a", "c"}, "c": {"d"},
}

// Retro solves general games by retrograde analysis, cycles allowed:
// positions no player can force are draws (seed 003's card game is solved
// this way). Remoteness counts the moves to the end under best play.
func ExampleRetro() {
	ctx := context.Background()
	for _, root := range []string{"x", "a"} {
		s := solve.NewRetro[string](loop, nil)
		if err := s.Solve(ctx, root); err != nil {
			fmt.Println(err)
			return
		}
		var solved []string
		for _, p := range []string{"x", "y", "a", "b", "c", "d"} {
			v, ok := s.Value(p)
			switch {
			case !ok: // not reachable from root
			case v.Outcome == game.Draw:
				solved = append(solved, p+": draw")
			default:
				solved = append(solved, fmt.Sprintf("%s: %s in %d", p, v.Outcome, v.Remoteness))
			}
		}
		fmt.Println(strings.Join(solved, ", "))
		s.BestMoves(root, func(child string, v solve.Value) bool {
			fmt.Printf("best from %s: to %s (%s for the opponent)\n", root, child, v.Outcome)
			return true
		})
	}
	// Output:
	// x: win in 1, y: lose in 2, d: lose in 0
	// best from x: to d (lose for the opponent)
	// a: draw, b: draw, c: win in 1, d: lose in 0
	// best from a: to b (draw for the opponent)
}

// Loopy computes the generalized Sprague–Grundy function of an impartial
// game with cycles: a finite value, or ∞(K) with K the finite values among
// the options. y is 0 although it lies on a cycle; a and b are ∞ with no 0
// among their escapes, so they are draws.
func ExampleLoopy() {
	ctx := context.Background()
	s := solve.NewLoopy[string](loop, nil)
	for _, p := range []string{"x", "y", "a", "b", "c", "d"} {
		v, err := s.Value(ctx, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s %s\n", p, v, v.Outcome())
	}
	fmt.Println("a + c:", solve.SumLoopy(solve.Infinite(), solve.FiniteValue(1)))
	// Output:
	// x: 1 win
	// y: 0 lose
	// a: inf() draw
	// b: inf(1) draw
	// c: 1 win
	// d: 0 lose
	// a + c: inf()
}

// ends is seed 003's scoring game on a fixed row: the players alternately
// take the leftmost or the rightmost number, and the larger total wins. A
// position is the part of the row left and the margin of the player to
// move so far.
type ends struct{ row []int64 }

type endsPos struct {
	l, r   int   // row[l:r] is left
	margin int64 // the mover's total minus the opponent's, so far
}

func (g ends) Moves(p endsPos, yield func(endsPos) bool) {
	if !yield(endsPos{p.l + 1, p.r, -(p.margin + g.row[p.l])}) {
		return
	}
	yield(endsPos{p.l, p.r - 1, -(p.margin + g.row[p.r-1])})
}

func (g ends) Score(p endsPos) (int64, bool) { return p.margin, p.l == p.r }

func (g ends) Result(p endsPos) (game.Outcome, bool) {
	if p.l < p.r {
		return game.Unknown, false
	}
	return solve.Scored{Score: p.margin}.Outcome(), true
}

// Minimax solves scoring games: the final margin of the player to move
// under perfect play. On 3 9 1 2 the first player takes 2, then whatever
// the opponent does gets the 9, and wins 11 to 4.
func ExampleMinimax() {
	g := ends{row: []int64{3, 9, 1, 2}}
	s := solve.NewMinimax[endsPos](g, nil)
	v, err := s.Solve(context.Background(), endsPos{l: 0, r: len(g.row)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Outcome(), v.Score, v.Remoteness)
	// Output: win 7 4
}

// Sticks is seed 004's stick game: take 1, 2 or 3.
type Sticks struct{}

func (Sticks) Options(n int, yield func(option []int) bool) {
	for take := 1; take <= 3 && take <= n; take++ {
		if !yield([]int{n - take}) {
			return
		}
	}
}

// Misere answers misère play, where the last mover loses: the stick game's
// losing piles move from the multiples of 4 to one more than them.
func ExampleMisere() {
	m := solve.NewMisere[int](Sticks{}, nil)
	for _, n := range []int{12, 13} {
		o, method, err := m.Outcome(context.Background(), []int{n})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(n, o, method)
	}
	// Output:
	// 12 win tame
	// 13 lose tame
}

// Cram is Cram (Winning Ways) on a board of at most 8x8, Flip
// Game in two dimensions: a move covers two adjacent free cells. A
// position is the bitboard of the free cells, a value and not an
// identifier, so copies of the game agree on what it means and may share
// values: a helper engine on a second core can work beside the main one.
type Cram struct{ w, h int }

func (g Cram) Options(free uint64, yield func(option []uint64) bool) {
	for r := range g.h {
		for c := range g.w {
			cell := uint64(1) << (8*r + c)
			if free&cell == 0 {
				continue
			}
			if c+1 < g.w && free&(cell<<1) != 0 && !yield([]uint64{free &^ (cell | cell<<1)}) {
				return
			}
			if r+1 < g.h && free&(cell<<8) != 0 && !yield([]uint64{free &^ (cell | cell<<8)}) {
				return
			}
		}
	}
}

// Parallel gives the engine a helper on a second core once a search has
// expanded after states; the value is the same with it or without it. By
// the symmetry strategy, Cram on a board with an even side is a
// second-player win (answer each domino with its image through the
// centre, which is free: no domino is its own image), so 4x4 has value 0.
func ExampleGrundy_Parallel() {
	board := Cram{w: 4, h: 4}
	var free uint64
	for r := range board.h {
		free |= (1<<board.w - 1) << (8 * r)
	}
	s := solve.NewGrundy[uint64](board, nil)
	s.Parallel(func() game.Game[uint64] { return board }, 1000)
	v, err := s.Value(context.Background(), free)
	fmt.Println(v, err)
	// Output:
	// 0 <nil>
}
