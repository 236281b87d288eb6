package script_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/games"
	"github.com/grundy-go/grundy/query"
)

const examples = "../examples/"

// open parses a whole position in CLI syntax.
func open(t *testing.T, words ...string) games.Position {
	t.Helper()
	pos, err := query.Parse(words, query.OSFiles(context.Background()))
	if err != nil {
		t.Fatalf("parse %q: %v", words, err)
	}
	return pos
}

// valueOf is the Grundy value of a position (sum) by query.Value.
func valueOf(t *testing.T, words ...string) *query.ValueResult {
	t.Helper()
	res, err := query.Value(context.Background(), open(t, words...), nil)
	if err != nil {
		t.Fatalf("value %q: %v", words, err)
	}
	return res
}

// movesAfter lists the winning moves as the ARGs they leave, without the
// game token, sorted.
func movesAfter(res *query.ValueResult, game string) []string {
	var out []string
	for _, m := range res.WinningMoves {
		out = append(out, strings.ReplaceAll(m.PositionAfter, game, "G"))
	}
	slices.Sort(out)
	return out
}

// TestScriptsMatchBuiltins checks each seed game written as a script against
// the catalog's Go implementation of the same game on random sums: the same
// Grundy value and the same winning moves.
func TestScriptsMatchBuiltins(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	heaps := func(lo, hi int) func() string {
		return func() string { return fmt.Sprint(lo + rng.IntN(hi-lo+1)) }
	}
	flip := func() string {
		b := make([]byte, 1+rng.IntN(14))
		for i := range b {
			b[i] = "+-++"[rng.IntN(4)]
		}
		if len(b) == 1 {
			return "+-" // a lone "+" ARG separates groups
		}
		return string(b)
	}
	rook := func() string {
		w, h := 1+rng.IntN(5), 1+rng.IntN(5)
		rows := make([][]byte, h)
		for i := range rows {
			rows[i] = make([]byte, w)
			for j := range rows[i] {
				rows[i][j] = ".#."[rng.IntN(3)]
			}
		}
		rows[rng.IntN(h)][rng.IntN(w)] = 'o'
		parts := make([]string, h)
		for i, r := range rows {
			parts[i] = string(r)
		}
		return strings.Join(parts, "/")
	}
	cases := []struct {
		file, builtin string
		arg           func() string
	}{
		{"nim.star", "nim", heaps(0, 40)},
		{"subtract.star", "subtract:1,3,4", heaps(0, 300)},
		{"divisor.star", "divisor", heaps(1, 200)},
		{"grundy.star", "grundy-game", heaps(0, 120)},
		{"flip.star", "flip", flip},
		{"rook.star", "rook", rook},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			for range 60 {
				args := make([]string, 1+rng.IntN(3))
				for i := range args {
					args[i] = c.arg()
				}
				file := examples + c.file
				got := valueOf(t, append([]string{file}, args...)...)
				want := valueOf(t, append([]string{c.builtin}, args...)...)
				if got.Grundy != want.Grundy {
					t.Fatalf("%s %v: value %d, built-in %s says %d", c.file, args, got.Grundy, c.builtin, want.Grundy)
				}
				if g, w := movesAfter(got, file), movesAfter(want, c.builtin); !slices.Equal(g, w) {
					t.Fatalf("%s %v: winning moves %v, built-in %v", c.file, args, g, w)
				}
			}
		})
	}
}

// scriptValue is the value of one ARG of a script.
func scriptValue(t *testing.T, file, arg string) game.Nimber {
	t.Helper()
	return valueOf(t, examples+file, arg).Grundy
}

// mexOf is the minimum excluded value of a set.
func mexOf(set map[game.Nimber]bool) game.Nimber {
	m := game.Nimber(0)
	for set[m] {
		m++
	}
	return m
}

// TestTokens checks tokens.star against G(n) = mex{G(i), G(i)^G(j)} over
// the edges of n, computed here directly.
func TestTokens(t *testing.T) {
	edges := map[int][]int{5: {1, 2}, 7: {0, 3, 6}}
	var g []game.Nimber
	for n := 0; n <= 40; n++ {
		targets, ok := edges[n]
		if !ok {
			for i := range n {
				targets = append(targets, i)
			}
		}
		seen := map[game.Nimber]bool{}
		for _, i := range targets {
			seen[g[i]] = true
			for _, j := range targets {
				seen[g[i]^g[j]] = true
			}
		}
		g = append(g, mexOf(seen))
		if got := scriptValue(t, "tokens.star", fmt.Sprint(n)); got != g[n] {
			t.Fatalf("tokens %d: script says %d, direct recursion %d", n, got, g[n])
		}
	}
}

// TestWythoff checks the P-positions of wythoff.star against Wythoff's
// theorem: (a, b), a <= b, is a P-position iff a = floor(k*phi) and
// b = a + k for some k >= 0.
func TestWythoff(t *testing.T) {
	phi := (1 + math.Sqrt(5)) / 2
	p := map[[2]int]bool{}
	for k := 0; k < 40; k++ {
		a := int(math.Floor(float64(k) * phi))
		p[[2]int{a, a + k}], p[[2]int{a + k, a}] = true, true
	}
	words := []string{examples + "wythoff.star"}
	for a := 0; a <= 25; a++ {
		for b := 0; b <= 25; b++ {
			words = append(words, fmt.Sprintf("%d,%d", a, b))
		}
	}
	for i, c := range valueOf(t, words...).Components {
		a, b := i/26, i%26
		if got := c.Grundy == 0; got != p[[2]int{a, b}] {
			t.Fatalf("wythoff %d,%d: script says P = %v, Wythoff's theorem %v", a, b, got, p[[2]int{a, b}])
		}
	}
}

// staircaseBrute is the Grundy value of a staircase by the definition.
func staircaseBrute(pos []int, memo map[string]game.Nimber) game.Nimber {
	key := fmt.Sprint(pos)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[game.Nimber]bool{}
	for i := range pos {
		for m := 1; m <= pos[i]; m++ {
			next := slices.Clone(pos)
			next[i] -= m
			if i > 0 {
				next[i-1] += m
			}
			seen[staircaseBrute(next, memo)] = true
		}
	}
	v := mexOf(seen)
	memo[key] = v
	return v
}

// TestStaircase checks staircase.star against the definition on random
// staircases and the theorem that the mover loses iff the odd steps have
// nim-sum 0.
func TestStaircase(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	memo := map[string]game.Nimber{}
	for range 150 {
		pos := make([]int, 1+rng.IntN(4))
		parts := make([]string, len(pos))
		odd := 0
		for i := range pos {
			pos[i] = rng.IntN(5)
			parts[i] = fmt.Sprint(pos[i])
			if i%2 == 0 {
				odd ^= pos[i]
			}
		}
		arg := strings.Join(parts, ",") + ","
		got := scriptValue(t, "staircase.star", arg)
		if want := staircaseBrute(pos, memo); got != want {
			t.Fatalf("staircase %s: script %d, definition %d", arg, got, want)
		}
		if (got == 0) != (odd == 0) {
			t.Fatalf("staircase %s: value %d but odd steps nim-sum %d", arg, got, odd)
		}
	}
}

// TestNorthcott checks that each row is a Nim heap of its gap: G is the XOR
// of the gaps b-w-1.
func TestNorthcott(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		var parts []string
		want := game.Nimber(0)
		for range 1 + rng.IntN(3) {
			w := rng.IntN(7)
			b := w + 1 + rng.IntN(7-w)
			parts = append(parts, fmt.Sprintf("%d,%d", w, b))
			want ^= game.Nimber(b - w - 1)
		}
		arg := strings.Join(parts, ",")
		if got := scriptValue(t, "northcott.star", arg); got != want {
			t.Fatalf("northcott %s: script %d, xor of gaps %d", arg, got, want)
		}
	}
}

// cuttingWins plays the Cutting Game by its real rules: a state is a
// multiset of rectangles; a move cuts one in two; cutting out a 1x1 wins at
// once. It reports whether the player to move wins.
func cuttingWins(rects [][2]int, memo map[string]bool) bool {
	norm := make([][2]int, len(rects))
	for i, r := range rects {
		norm[i] = [2]int{min(r[0], r[1]), max(r[0], r[1])}
	}
	slices.SortFunc(norm, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	key := fmt.Sprint(norm)
	if v, ok := memo[key]; ok {
		return v
	}
	win := false
	for i, r := range norm {
		for side := 0; side < 2 && !win; side++ {
			length, other := r[side], r[1-side]
			for cut := 1; cut < length && !win; cut++ {
				a, b := [2]int{cut, other}, [2]int{length - cut, other}
				if a == [2]int{1, 1} || b == [2]int{1, 1} {
					win = true
					break
				}
				next := append(append(slices.Clone(norm[:i]), norm[i+1:]...), a, b)
				win = !cuttingWins(next, memo)
			}
		}
	}
	memo[key] = win
	return win
}

// TestCutting checks cutting.star (the standard reduction of POJ 2311)
// against the real rules played out by brute force, and POJ's samples
// (2x2 and 3x2 lose, 4x2 wins).
func TestCutting(t *testing.T) {
	memo := map[string]bool{}
	for w := 2; w <= 6; w++ {
		for h := 2; h <= 5; h++ {
			got := scriptValue(t, "cutting.star", fmt.Sprintf("%d,%d", w, h)) != 0
			if want := cuttingWins([][2]int{{w, h}}, memo); got != want {
				t.Fatalf("cutting %dx%d: script says win = %v, brute force %v", w, h, got, want)
			}
		}
	}
	for _, c := range []struct {
		arg string
		win bool
	}{{"2,2", false}, {"3,2", false}, {"4,2", true}} {
		if got := scriptValue(t, "cutting.star", c.arg) != 0; got != c.win {
			t.Errorf("cutting %s: win = %v, POJ 2311 says %v", c.arg, got, c.win)
		}
	}
}

// solveScript solves a position of a general-game script, written as its
// ARGs joined by spaces.
func solveScript(t *testing.T, file, args string) *games.Solution {
	t.Helper()
	pos := open(t, append([]string{examples + file}, strings.Fields(args)...)...)
	s, ok := pos[0].Game.(games.Solvable)
	if !ok {
		t.Fatalf("%s is not solvable", file)
	}
	sol, err := s.Solver(nil).Solve(context.Background(), pos[0].Components[0])
	if err != nil {
		t.Fatalf("solve %s %s: %v", file, args, err)
	}
	return sol
}

// solveBuiltin solves a position of a built-in general game.
func solveBuiltin(t *testing.T, words ...string) *games.Solution {
	t.Helper()
	pos := open(t, words...)
	sol, err := pos[0].Game.(games.Solvable).Solver(nil).Solve(context.Background(), pos[0].Components[0])
	if err != nil {
		t.Fatalf("solve %v: %v", words, err)
	}
	return sol
}

// endsMargin is the perfect-play margin of the player to move on row, by the
// interval recurrence of seed 003.
func endsMargin(row []int) int64 {
	if len(row) == 0 {
		return 0
	}
	return max(int64(row[0])-endsMargin(row[1:]), int64(row[len(row)-1])-endsMargin(row[:len(row)-1]))
}

// TestEnds checks ends.star's final margin and outcome against the interval
// recurrence.
func TestEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 40 {
		row := make([]int, 1+rng.IntN(7))
		parts := make([]string, len(row))
		for i := range row {
			row[i] = rng.IntN(10)
			parts[i] = fmt.Sprint(row[i])
		}
		arg := strings.Join(parts, " ")
		sol := solveScript(t, "ends.star", arg)
		want := endsMargin(row)
		if sol.Score == nil || *sol.Score != want {
			t.Fatalf("ends %s: score %v, recurrence %d", arg, sol.Score, want)
		}
		outcome := game.Draw
		if want > 0 {
			outcome = game.Win
		} else if want < 0 {
			outcome = game.Lose
		}
		if sol.Value.Outcome != outcome {
			t.Fatalf("ends %s: outcome %v, margin %d", arg, sol.Value.Outcome, want)
		}
		builtin := solveBuiltin(t, append([]string{"ends"}, parts...)...)
		if builtin.Score == nil || *builtin.Score != *sol.Score || builtin.Value.Outcome != sol.Value.Outcome {
			t.Fatalf("ends %s: script %d %v, built-in ends %v %v", arg, *sol.Score, sol.Value.Outcome, builtin.Score, builtin.Value.Outcome)
		}
	}
}

// TestTicTacToe checks tictactoe.star against the built-in tictactoe on
// random positions reached by random play: same outcome and remoteness.
func TestTicTacToe(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 25 {
		b := []byte(".........")
		for k := rng.IntN(7); k > 0; k-- {
			i := rng.IntN(9)
			if b[i] == '.' {
				b[i] = "xo"[strings.Count(string(b), ".")%2^1]
			}
		}
		if strings.Count(string(b), "x") != strings.Count(string(b), "o") && strings.Count(string(b), "x") != strings.Count(string(b), "o")+1 {
			continue
		}
		arg := string(b)
		got := solveScript(t, "tictactoe.star", arg)
		if want := solveBuiltin(t, "tictactoe", arg); got.Value != want.Value {
			t.Fatalf("tictactoe %s: script %+v, built-in %+v", arg, got.Value, want.Value)
		}
	}
	if v := solveScript(t, "tictactoe.star", ".........").Value; v.Outcome != game.Draw {
		t.Errorf("empty board: %v, want a draw", v)
	}
}

// cardsBrute solves the card game by the plain fixpoint: a position is won
// if some move leads to a lost one, lost if every move leads to a won one
// (or the opponent just made a 0); what is never decided is a draw.
func cardsBrute() map[[5]int]game.Outcome {
	type pos = [5]int // mine0, mine1, theirs0, theirs1, y (10: no move yet)
	sorted := func(a, b int) (int, int) { return min(a, b), max(a, b) }
	var all []pos
	for a := 0; a < 10; a++ {
		for b := a; b < 10; b++ {
			for c := 0; c < 10; c++ {
				for d := c; d < 10; d++ {
					for y := 0; y <= 10; y++ {
						all = append(all, pos{a, b, c, d, y})
					}
				}
			}
		}
	}
	children := func(p pos) []pos {
		if p[4] == 0 {
			return nil
		}
		add := p[4] % 10
		var out []pos
		for i := 0; i < 2; i++ {
			c := (p[i] + add) % 10
			x, y := sorted(c, p[1-i])
			out = append(out, pos{p[2], p[3], x, y, c})
		}
		return out
	}
	out := map[[5]int]game.Outcome{}
	for _, p := range all {
		if p[4] == 0 {
			out[p] = game.Lose
		}
	}
	for changed := true; changed; {
		changed = false
		for _, p := range all {
			if _, done := out[p]; done {
				continue
			}
			allWin := true
			for _, c := range children(p) {
				o, ok := out[c]
				if ok && o == game.Lose {
					out[p], changed = game.Win, true
					break
				}
				if !ok || o != game.Win {
					allWin = false
				}
			}
			if _, done := out[p]; !done && allWin {
				out[p], changed = game.Lose, true
			}
		}
	}
	for _, p := range all {
		if _, ok := out[p]; !ok {
			out[p] = game.Draw
		}
	}
	return out
}

// TestCards checks cards.star against the fixpoint solution on random
// starting hands.
func TestCards(t *testing.T) {
	brute := cardsBrute()
	rng := rand.New(rand.NewPCG(11, 12))
	draws := 0
	for range 12 {
		a1, a2, b1, b2 := rng.IntN(10), rng.IntN(10), rng.IntN(10), rng.IntN(10)
		arg := fmt.Sprintf("%d,%d %d,%d", a1, a2, b1, b2)
		got := solveScript(t, "cards.star", arg).Value
		want := brute[[5]int{min(a1, a2), max(a1, a2), min(b1, b2), max(b1, b2), 10}]
		if got.Outcome != want {
			t.Fatalf("cards %s: script %v, fixpoint %v", arg, got.Outcome, want)
		}
		builtin := solveBuiltin(t, append([]string{"cards"}, strings.Fields(arg)...)...).Value
		if builtin != got {
			t.Fatalf("cards %s: script %+v, built-in cards %+v", arg, got, builtin)
		}
		if got.Outcome == game.Draw {
			draws++
		}
	}
	t.Logf("%d of 12 random deals are draws", draws)
}

// TestSolveImpartial checks that `grundy solve` of an impartial script
// (a sum, by query.Solve) agrees with its Grundy values: the mover wins iff
// the nim-sum is not 0.
func TestSolveImpartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for range 30 {
		a, b := fmt.Sprint(rng.IntN(12)), fmt.Sprint(rng.IntN(12))
		words := []string{examples + "grundy.star", a, b}
		res, err := query.Solve(context.Background(), open(t, words...), nil)
		if err != nil {
			t.Fatalf("solve %v: %v", words, err)
		}
		g := valueOf(t, words...).Grundy
		if want := game.OutcomeOf(g); res.Outcome != want {
			t.Fatalf("grundy.star %s %s: solve says %s, nim-sum %d", a, b, res.Outcome, g)
		}
	}
}
