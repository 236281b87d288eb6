package query

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// TestExplainTicTacToeMinimax checks the explanations of 200 tic-tac-toe
// positions reached by random play against minimax (ttt, the oracle of
// play_test.go): every step of the principal variation has the minimax
// outcome and remoteness and follows a best move, and every first move
// has the value of the position it leaves.
func TestExplainTicTacToeMinimax(t *testing.T) {
	o := ttt{}
	rng := rand.New(rand.NewPCG(30, 3))
	outcome := map[int]game.Outcome{1: game.Win, 0: game.Draw, -1: game.Lose}
	checked := 0
	for checked < 200 {
		b := "........."
		for range rng.IntN(8) {
			if v := o.value(b); v[0] == -1 && v[1] == 0 || !strings.Contains(b, ".") {
				break
			}
			kids := tttChildren(b)
			b = kids[rng.IntN(len(kids))]
		}
		pos, _ := ParseString("tictactoe " + b[:3] + "/" + b[3:6] + "/" + b[6:])
		x, err := Explain(context.Background(), pos, ExplainOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		g := x.General
		where := pos.String()
		if x.Kind != "general" || g == nil || len(g.Line) == 0 {
			t.Fatalf("%s: %+v", where, x)
		}
		prev := ""
		for i, s := range g.Line {
			sb := tttBoard(t, s.Position)
			v := o.value(sb)
			if s.Outcome != outcome[v[0]] || (s.Remoteness == nil) != (v[0] == 0) || s.Remoteness != nil && *s.Remoteness != v[1] {
				t.Fatalf("%s: step %d %s is %s/%v, minimax %v", where, i, s.Position, s.Outcome, s.Remoteness, v)
			}
			if i > 0 {
				pv := o.value(prev)
				best := slices.Contains(tttChildren(prev), sb) && (pv[0] == 0 && v[0] == 0 || pv[0] != 0 && v[0] == -pv[0] && v[1] == pv[1]-1)
				if !best {
					t.Fatalf("%s: step %d %s is no best move from %s", where, i, s.Position, prev)
				}
			}
			prev = sb
		}
		if last := o.value(prev); last[0] != 0 && last[1] != 0 || last[0] == 0 && strings.Contains(prev, ".") && g.Cycle == nil {
			t.Fatalf("%s: the line stops at %s, not at the end (%v)", where, prev, last)
		}
		kids := tttChildren(b)
		if v := o.value(b); v[0] == -1 && v[1] == 0 {
			kids = nil
		}
		if len(g.Choices) != len(kids) {
			t.Fatalf("%s: %d first moves, minimax %d", where, len(g.Choices), len(kids))
		}
		for _, c := range g.Choices {
			cv := o.value(tttBoard(t, c.Position))
			if c.Outcome != outcome[-cv[0]] || (c.Remoteness == nil) != (cv[0] == 0) || c.Remoteness != nil && *c.Remoteness != cv[1] {
				t.Fatalf("%s: first move %s is %s/%v, minimax of the position it leaves %v", where, c.Position, c.Outcome, c.Remoteness, cv)
			}
		}
	}
}

// TestExplainEndsDP checks 100 rows of the game of taking from both ends
// against the DP f(l, r) = max(a[l] - f(l+1, r), a[r] - f(l, r-1)), the
// mover's best margin: the position's margin and each choice's.
func TestExplainEndsDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 4))
	for range 100 {
		row := make([]int64, 1+rng.IntN(7))
		args := make([]string, len(row))
		for i := range row {
			row[i] = int64(rng.IntN(10))
			args[i] = strconv.FormatInt(row[i], 10)
		}
		var f func(l, r int) int64
		f = func(l, r int) int64 {
			if l > r {
				return 0
			}
			return max(row[l]-f(l+1, r), row[r]-f(l, r-1))
		}
		pos, err := ParseString("ends " + strings.Join(args, " "))
		if err != nil {
			t.Fatal(err)
		}
		x, err := Explain(context.Background(), pos, ExplainOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := x.General
		n := len(row)
		if g.Score == nil || *g.Score != f(0, n-1) {
			t.Fatalf("%s: margin %v, DP %d", pos, g.Score, f(0, n-1))
		}
		want := map[string]int64{
			strings.Join(append([]string{"ends"}, args[1:]...), " "):   row[0] - f(1, n-1),
			strings.Join(append([]string{"ends"}, args[:n-1]...), " "): row[n-1] - f(0, n-2),
		}
		if len(g.Choices) != len(want) {
			t.Fatalf("%s: %d choices, want %d", pos, len(g.Choices), len(want))
		}
		for _, c := range g.Choices {
			m, ok := want[c.Position]
			if !ok || c.Score == nil || *c.Score != m || c.Best != (m == f(0, n-1)) {
				t.Fatalf("%s: choice %+v, DP %v", pos, c, want)
			}
		}
	}
}

// misereBrute decides misère Kayles sums by the definition: the player to
// move wins when no move is left (the opponent moved last) or some move
// leaves a position the opponent loses.
type misereBrute map[string]bool

func (m misereBrute) wins(heaps []int) bool {
	hs := slices.Clone(heaps)
	hs = slices.DeleteFunc(hs, func(h int) bool { return h == 0 })
	slices.Sort(hs)
	key := fmt.Sprint(hs)
	if v, ok := m[key]; ok {
		return v
	}
	win := len(hs) == 0
	for i, h := range hs {
		for _, o := range takeAndBreak(h, []int{1, 2}, true) {
			next := slices.Concat(hs[:i], hs[i+1:])
			for _, a := range o {
				next = append(next, atoi(a))
			}
			if !m.wins(next) {
				win = true
			}
		}
	}
	m[key] = win
	return win
}

// TestExplainMisereKayles checks 200 misère Kayles sums against the brute
// force: the outcome, the quotient's P-portion membership when the
// quotient decided (at least 100 of them), and every winning move.
func TestExplainMisereKayles(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	brute := misereBrute{}
	byQuotient := 0
	for range 200 {
		heaps := make([]int, 2+rng.IntN(3))
		args := make([]string, len(heaps))
		for i := range heaps {
			heaps[i] = 4 + rng.IntN(8)
			if rng.IntN(4) == 0 {
				heaps[i] = rng.IntN(4)
			}
			args[i] = strconv.Itoa(heaps[i])
		}
		pos, _ := ParseString("kayles " + strings.Join(args, " "))
		x, err := Explain(context.Background(), pos, ExplainOptions{Misere: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		mx := x.Misere
		win := brute.wins(heaps)
		if (mx.Outcome.Outcome() == game.Win) != win {
			t.Fatalf("%s: misère %s by %s, brute force wins=%v", pos, mx.Outcome, mx.Method, win)
		}
		if q := mx.Quotient; q != nil {
			byQuotient++
			if q.InP == win || len(q.Elements) != len(heaps) {
				t.Fatalf("%s: product %s in P %v, brute force wins=%v", pos, q.Product, q.InP, win)
			}
		}
		want := map[string]bool{}
		for i, h := range heaps {
			for _, o := range takeAndBreak(h, []int{1, 2}, true) {
				next := slices.Concat(heaps[:i], heaps[i+1:])
				for _, a := range o {
					next = append(next, atoi(a))
				}
				if win && !brute.wins(next) {
					want[fmt.Sprintf("%d:%s", i, optionKey(o))] = true
				}
			}
		}
		got := map[string]bool{}
		for _, m := range mx.WinningMoves {
			k := fmt.Sprintf("%d:%s", m.Component, textKey("kayles", m.To))
			if !want[k] {
				t.Fatalf("%s: winning move %+v is not one (brute force %v)", pos, m, want)
			}
			got[k] = true
		}
		if !mx.MovesMore && len(got) != len(want) {
			t.Fatalf("%s: winning moves %v, brute force %v", pos, got, want)
		}
	}
	if byQuotient < 100 {
		t.Fatalf("only %d of 200 sums went through the quotient", byQuotient)
	}
}

// TestExplainDrawCycle: a drawn line of the loopy card game returns to
// positions it has seen: the cycle is the line's tail from the first
// repeated position, and each step is a move of the one before (the
// engine's own moves list it) that keeps the draw.
func TestExplainDrawCycle(t *testing.T) {
	g := explainString(t, "cards 2,2 4,4", ExplainOptions{}).General
	if g.Outcome != game.Draw || len(g.Cycle) == 0 {
		t.Fatalf("cards 2,2 4,4: %+v", g)
	}
	line := make([]string, len(g.Line))
	for i, s := range g.Line {
		line[i] = s.Position
		if s.Outcome != game.Draw {
			t.Fatalf("step %d %s is %s in a drawn line", i, s.Position, s.Outcome)
		}
	}
	start := slices.Index(line, g.Cycle[0])
	if start < 0 || !slices.Equal(line[start:], g.Cycle) {
		t.Fatalf("cycle %v is not the tail of the line %v", g.Cycle, line)
	}
	// The line's last position moves back to the cycle's first: the card
	// game's rule, (c + y) mod 10 for one card of the mover, checked by hand
	// on the positions the line names.
	last, first := strings.Fields(g.Cycle[len(g.Cycle)-1]), strings.Fields(g.Cycle[0])
	mover, opp, y := strings.Split(last[1], ","), strings.Split(last[2], ","), atoi(last[3])
	made := atoi(first[3])
	kept := false
	for i, c := range mover {
		if (atoi(c)+y)%10 != made {
			continue
		}
		other := mover[1-i]
		hand := []string{other, strconv.Itoa(made)}
		slices.SortFunc(hand, func(a, b string) int { return atoi(a) - atoi(b) })
		if strings.Join(hand, ",") == first[2] && strings.Join(opp, ",") == first[1] {
			kept = true
		}
	}
	if !kept {
		t.Fatalf("%s does not move to %s", g.Cycle[len(g.Cycle)-1], g.Cycle[0])
	}
}
