package query

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// pile is one component of the play oracle: a heap from which any amount
// (set == nil, Nim) or an amount in set may be taken.
type pile struct {
	set []int
	n   int
}

func (p pile) game() string {
	if p.set == nil {
		return "nim"
	}
	parts := make([]string, len(p.set))
	for i, s := range p.set {
		parts[i] = strconv.Itoa(s)
	}
	return "subtract:" + strings.Join(parts, ",")
}

// next lists the heaps reachable from p, straight from the rules.
func (p pile) next() []int {
	var out []int
	if p.set == nil {
		for k := 0; k < p.n; k++ {
			out = append(out, k)
		}
		return out
	}
	for _, s := range p.set {
		if s <= p.n {
			out = append(out, p.n-s)
		}
	}
	return out
}

// pilesString writes a sum of piles as a CLI position, one group per pile.
func pilesString(sum []pile) string {
	groups := make([]string, len(sum))
	for i, p := range sum {
		groups[i] = fmt.Sprintf("%s %d", p.game(), p.n)
	}
	return strings.Join(groups, " + ")
}

func pilesKey(sum []pile) string {
	keys := make([]string, len(sum))
	for i, p := range sum {
		keys[i] = fmt.Sprintf("%s %d", p.game(), p.n)
	}
	slices.Sort(keys)
	return strings.Join(keys, "|")
}

// oracle is the naive solver: plain recursion over whole sums, no Grundy
// values. The mover wins iff some move leaves a lost position; at the end
// the mover loses (normal play) or wins (misère). Remoteness by its
// definition (Smith 1966): 0 at the end, a win is 1 + the least remoteness
// of a lost option, a loss 1 + the largest remoteness of any option.
type oracle struct {
	misere bool
	memo   map[string][2]int // key -> {win 0/1, remoteness}
}

func (o *oracle) solve(sum []pile) (win bool, rem int) {
	key := pilesKey(sum)
	if r, ok := o.memo[key]; ok {
		return r[0] == 1, r[1]
	}
	minLose, maxAll, any := -1, -1, false
	for i, p := range sum {
		for _, n := range p.next() {
			any = true
			next := slices.Clone(sum)
			next[i].n = n
			w, r := o.solve(next)
			if !w && (minLose < 0 || r < minLose) {
				minLose = r
			}
			maxAll = max(maxAll, r)
		}
	}
	switch {
	case !any:
		win, rem = o.misere, 0
	case minLose >= 0:
		win, rem = true, 1+minLose
	default:
		win, rem = false, 1+maxAll
	}
	w := 0
	if win {
		w = 1
	}
	o.memo[key] = [2]int{w, rem}
	return win, rem
}

// pilesOf reads the piles of a position the engine printed, by the order of
// its components (one per group).
func pilesOf(t interface{ Fatalf(string, ...any) }, like []pile, text string) []pile {
	pos, err := ParseString(text)
	if err != nil {
		t.Fatalf("engine printed %q: %v", text, err)
	}
	comps := pos.Components()
	if len(comps) != len(like) {
		t.Fatalf("engine printed %q: %d components, want %d", text, len(comps), len(like))
	}
	out := slices.Clone(like)
	for i, c := range comps {
		n, err := strconv.Atoi(c.String())
		if err != nil {
			t.Fatalf("engine printed %q: component %q", text, c)
		}
		out[i].n = n
	}
	return out
}

func drawPiles(t *rapid.T, maxHeap int) []pile {
	sets := [][]int{nil, {1, 2, 3}, {1, 3, 4}, {2, 5}, {1}}
	k := rapid.IntRange(1, 3).Draw(t, "components")
	sum := make([]pile, k)
	for i := range sum {
		sum[i] = pile{set: rapid.SampledFrom(sets).Draw(t, "set"), n: rapid.IntRange(0, maxHeap).Draw(t, "n")}
	}
	return sum
}

func TestFindErrors(t *testing.T) {
	pos, _ := ParseString("nim 1 2")
	pl := NewPlayer(PlayOptions{})
	a, err := pl.Analyze(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	// nim 1 2 has 3 moves: nim 0 2, nim 1 1, nim 1 0.
	for _, bad := range []string{"", "0", "4", "nim 1 2", "nim 0 0", "nim 2 2", "kayles 3", "nosuchgame 1"} {
		if _, err := pl.Find(context.Background(), pos, a.Moves, bad); !errors.Is(err, game.ErrInput) {
			t.Errorf("Find(%q) = %v, want an input error", bad, err)
		}
	}
	for in, want := range map[string]string{"1": "nim 0 2", "3": "nim 1 0", "nim 1 1": "nim 1 1", " nim 2 0 ": "nim 0 2", "nim 0 1": "nim 1 0"} {
		m, err := pl.Find(context.Background(), pos, a.Moves, in)
		if err != nil || m.Position != want {
			t.Errorf("Find(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
}

// TestChooseBudget: past the remoteness search's size the computer still
// answers with a winning move (Bouton: heaps 1000 and 1001 XOR to 1, so the
// one winning move takes heap 1001 to 1000). The search of nim 1000 1001
// needs more than 2^20 positions and moves: the lost nim 1000 1000 keeps
// its 2000 moves, and each of those won positions looks at 1000 or more.
func TestChooseBudget(t *testing.T) {
	pos, _ := ParseString("nim 1000 1001")
	pl := NewPlayer(PlayOptions{})
	m, err := pl.Choose(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if m.Position != "nim 1000 1000" || m.Outcome != game.Win || m.Remoteness != nil {
		t.Fatalf("chose %+v", m)
	}
	// From a lost position with no search: the first move the game lists.
	pos, _ = ParseString("nim 1000 1000")
	if m, err = pl.Choose(context.Background(), pos); err != nil || m.Outcome != game.Lose || m.Position != "nim 999 1000" {
		t.Fatalf("chose %+v, %v", m, err)
	}
	// Misère outcomes come from the misère oracle, not the search: misère
	// Nim (Bouton) plays as normal Nim while some heap exceeds 1, so
	// nim 1000 1000 (XOR 0) is lost; the computer still answers.
	mis := NewPlayer(PlayOptions{Misere: true})
	a, err := mis.Analyze(context.Background(), pos)
	if err != nil || a.Outcome != game.Lose || len(a.Moves) != MaxMoves || !a.Truncated || a.Moves[0].Remoteness != nil {
		t.Fatalf("misère nim 1000 1000: %v %+v", err, a)
	}
	if m, err = mis.Choose(context.Background(), pos); err != nil || m.Outcome != game.Lose {
		t.Fatalf("misère choice %+v, %v", m, err)
	}
}

// ttt is the tic-tac-toe oracle: plain minimax over boards written as 9
// cells in row order. x moves first; a line made by the player who just
// moved loses for the player to move; a full board without one is a draw.
// Values are {outcome, remoteness}: outcome 1 win, 0 draw, -1 lose for the
// player to move; a win takes the least remoteness of a losing child, a
// loss the largest of any child, a draw has remoteness -1.
type ttt map[string][2]int

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func tttMover(b string) byte {
	if strings.Count(b, "x") == strings.Count(b, "o") {
		return 'x'
	}
	return 'o'
}

func (o ttt) value(b string) [2]int {
	if v, ok := o[b]; ok {
		return v
	}
	var v [2]int
	last := byte('x')
	if tttMover(b) == 'x' {
		last = 'o'
	}
	lined := false
	for _, l := range tttLines {
		if b[l[0]] == last && b[l[1]] == last && b[l[2]] == last {
			lined = true
		}
	}
	switch {
	case lined:
		v = [2]int{-1, 0}
	case !strings.Contains(b, "."):
		v = [2]int{0, -1}
	default:
		best := [2]int{-2, 0}
		for _, c := range tttChildren(b) {
			cv := o.value(c)
			mine := [2]int{-cv[0], cv[1] + 1}
			if cv[0] == 0 {
				mine[1] = -1
			}
			switch {
			case mine[0] > best[0]:
				best = mine
			case mine[0] == best[0] && mine[0] == 1 && mine[1] < best[1]:
				best = mine
			case mine[0] == best[0] && mine[0] == -1 && mine[1] > best[1]:
				best = mine
			}
		}
		v = best
	}
	o[b] = v
	return v
}

func tttChildren(b string) []string {
	var out []string
	for i := range 9 {
		if b[i] == '.' {
			out = append(out, b[:i]+string(tttMover(b))+b[i+1:])
		}
	}
	return out
}

// tttBoard reads "tictactoe xo./.../..." into 9 cells.
func tttBoard(t interface{ Fatalf(string, ...any) }, position string) string {
	f := strings.Fields(position)
	if len(f) != 2 || f[0] != "tictactoe" {
		t.Fatalf("not a tic-tac-toe position: %q", position)
	}
	return strings.ReplaceAll(f[1], "/", "")
}

// TestPlayTicTacToeAgreesWithMinimax: on positions reached by random play,
// the outcome, remoteness and every move's outcome agree with minimax, and
// the computer's move is a best one: the fastest win, a kept draw, or the
// slowest loss.
func TestPlayTicTacToeAgreesWithMinimax(t *testing.T) {
	if _, ok := LookupGame("tictactoe"); !ok {
		t.Skip("no tictactoe in the catalog")
	}
	o := ttt{}
	if v := o.value("........."); v[0] != 0 {
		t.Fatalf("oracle: the empty board is %v, not a draw", v)
	}
	outcome := map[int]string{1: "win", 0: "draw", -1: "lose"}
	// 600 positions by random play from a fixed seed (each check solves a
	// position afresh, so rapid's thousands of cases would be slow).
	rng := rand.New(rand.NewPCG(9, 9))
	for range 600 {
		b := "........."
		for range rng.IntN(9) {
			if v := o.value(b); v[0] == -1 && v[1] == 0 {
				break // a line: the game is over
			}
			kids := tttChildren(b)
			if len(kids) == 0 {
				break
			}
			b = kids[rng.IntN(len(kids))]
		}
		text := "tictactoe " + b[0:3] + "/" + b[3:6] + "/" + b[6:9]
		pos, err := ParseString(text)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewPlayer(PlayOptions{})
		a, err := pl.Analyze(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		v := o.value(b)
		if a.Outcome.String() != outcome[v[0]] || (a.Remoteness == nil) != (v[0] == 0) || a.Remoteness != nil && *a.Remoteness != v[1] || a.Grundy != nil {
			t.Fatalf("%s: %s remoteness %v, minimax %v", text, a.Outcome, a.Remoteness, v)
		}
		best := [2]int{-2, 0}
		for _, m := range a.Moves {
			cv := o.value(tttBoard(t, m.Position))
			if m.Outcome.String() != outcome[-cv[0]] || rem(m.Remoteness) != cv[1] {
				t.Fatalf("%s: move %s rated %s/%d, minimax %v for the opponent", text, m.Position, m.Outcome, rem(m.Remoteness), cv)
			}
			if -cv[0] > best[0] || -cv[0] == best[0] && (cv[0] == -1 && cv[1] < best[1] || cv[0] == 1 && cv[1] > best[1]) {
				best = [2]int{-cv[0], cv[1]}
			}
		}
		mv, err := pl.Choose(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Moves) == 0 {
			if mv != nil {
				t.Fatalf("%s: a move chosen at the end", text)
			}
			continue
		}
		cv := o.value(tttBoard(t, mv.Position))
		if -cv[0] != best[0] || best[0] != 0 && cv[1] != best[1] {
			t.Fatalf("%s: chose %s (opponent's value %v), best for the mover %v", text, mv.Position, cv, best)
		}
		if _, err := NewPlayer(PlayOptions{Misere: true}).Analyze(context.Background(), pos); !errors.Is(err, game.ErrInput) {
			t.Fatalf("misère tic-tac-toe: %v", err)
		}
	}
}

func TestPlayGeneralNotInSums(t *testing.T) {
	if _, ok := LookupGame("tictactoe"); !ok {
		t.Skip("no tictactoe in the catalog")
	}
	pos, err := ParseString("tictactoe + nim 3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPlayer(PlayOptions{}).Analyze(context.Background(), pos); !errors.Is(err, game.ErrInput) {
		t.Fatalf("tictactoe + nim 3: %v", err)
	}
}

// TestPlayLoopyGraphs: tokens on random directed graphs with cycles
// (graph:FILE) have no Grundy values, so play and graph use the general
// solver; outcomes agree with the naive fixed point (repeat until nothing
// changes: a node whose successors are all wins, or that has none, is a
// loss; a node with a losing successor a win; what is left is a draw).
func TestPlayLoopyGraphs(t *testing.T) {
	if _, ok := LookupGame("graph"); !ok {
		t.Skip("no graph:FILE in the catalog")
	}
	rng := rand.New(rand.NewPCG(4, 7))
	dir := t.TempDir()
	for trial := range 150 {
		n := 1 + rng.IntN(6)
		succ := make([][]int, n)
		var text strings.Builder
		for u := range n {
			fmt.Fprintf(&text, "%d\n", u)
			for v := range n {
				if rng.IntN(3) == 0 {
					succ[u] = append(succ[u], v)
					fmt.Fprintf(&text, "%d %d\n", u, v)
				}
			}
		}
		file := fmt.Sprintf("%s/g%d.txt", dir, trial)
		if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		state := make([]string, n) // "", "win", "lose"
		for changed := true; changed; {
			changed = false
			for u := range n {
				if state[u] != "" {
					continue
				}
				allWin, anyLose := true, false
				for _, v := range succ[u] {
					allWin = allWin && state[v] == "win"
					anyLose = anyLose || state[v] == "lose"
				}
				switch {
				case anyLose:
					state[u], changed = "win", true
				case allWin:
					state[u], changed = "lose", true
				}
			}
		}
		for u := range n {
			if state[u] == "" {
				state[u] = "draw"
			}
		}
		node := func(position string) int {
			f := strings.Fields(position)
			v, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				t.Fatalf("position %q", position)
			}
			return v
		}
		pos, err := Parse([]string{"graph:" + file, "0"}, OSFiles(context.Background()))
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewPlayer(PlayOptions{}).Analyze(context.Background(), pos)
		if err != nil {
			t.Fatalf("%s: %v", text.String(), err)
		}
		if a.Outcome.String() != state[0] {
			t.Fatalf("graph\n%snode 0: %s, fixed point %s", text.String(), a.Outcome, state[0])
		}
		for _, m := range a.Moves {
			want := map[string]string{"win": "lose", "lose": "win", "draw": "draw"}[state[node(m.Position)]]
			if m.Outcome.String() != want {
				t.Fatalf("graph\n%smove to %s rated %s, want %s", text.String(), m.Position, m.Outcome, want)
			}
		}
		g, err := Graph(context.Background(), pos, nil, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, nd := range g.Nodes {
			if nd.Outcome.String() != state[node(nd.Position)] {
				t.Fatalf("graph\n%snode %s: %s, fixed point %s", text.String(), nd.Position, nd.Outcome, state[node(nd.Position)])
			}
		}
	}
}

// TestAnalyzePollsEveryMove: listing the moves of a sum of 10^5 nim heaps,
// where each move is a 10^5-heap position to write and rate (about a
// millisecond), stops within a few moves of the deadline. Polling every 64
// moves let 0.6-0.8 s pass after a 1 s deadline (the CLI's play, issue 14's
// rule is the deadline plus 0.5 s).
func TestAnalyzePollsEveryMove(t *testing.T) {
	var b strings.Builder
	b.WriteString("nim")
	for i := range 100000 {
		fmt.Fprintf(&b, " %d", 1000+i%7919)
	}
	pos, err := ParseString(b.String())
	if err != nil {
		t.Fatal(err)
	}
	const deadline = 100 * time.Millisecond
	var took []time.Duration // best of three: the machine is shared
	for range 3 {
		pl := NewPlayer(PlayOptions{Budget: &limits.Budget{}})
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		start := time.Now()
		_, err = pl.Analyze(ctx, pos)
		took = append(took, time.Since(start))
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want the deadline", err)
		}
		if took[len(took)-1] <= deadline+200*time.Millisecond {
			return
		}
	}
	t.Errorf("stopped after %v, deadline %v", took, deadline)
}

// TestMovesCountAsStates: each move a question looks at counts against
// --max-states, so a question over a huge move list stops at the limit.
// nim 1000000 has 10^6 moves; listing them stops at 500 states under a
// limit of 500, and lists the first MaxMoves (truncated) without one.
func TestMovesCountAsStates(t *testing.T) {
	pos, err := ParseString("nim 1000000")
	if err != nil {
		t.Fatal(err)
	}
	budget := &limits.Budget{MaxStates: 500}
	if _, err := NewPlayer(PlayOptions{Budget: budget}).Analyze(context.Background(), pos); !errors.Is(err, limits.ErrStateLimit) {
		t.Fatalf("err = %v, want the state limit", err)
	}
	if budget.States() > 500 {
		t.Fatalf("%d states counted, limit 500", budget.States())
	}
	a, err := NewPlayer(PlayOptions{Budget: &limits.Budget{}}).Analyze(context.Background(), pos)
	if err != nil || len(a.Moves) != MaxMoves || !a.Truncated {
		t.Fatalf("without a limit: %d moves, truncated %v, %v", len(a.Moves), a.Truncated, err)
	}
}

// rem is a move's remoteness, -1 when it has none (not computed, or a
// draw), as the oracles write it.
func rem(r *int) int {
	if r == nil {
		return -1
	}
	return *r
}

// TestLoopyPlayReleasesMemory: a loopy impartial sum is answered by the
// retrograde solver of the whole sum, afresh at each question; its tables
// are released after each, so a game's questions do not accumulate them
// against its memory budget (they did, one solve per hint and move).
func TestLoopyPlayReleasesMemory(t *testing.T) {
	file := t.TempDir() + "/cycle.txt"
	// 0 -> 1 -> 2 -> 0, and 2 -> 3: a cycle with one way out.
	if err := os.WriteFile(file, []byte("0\n1\n2\n3\n0 1\n1 2\n2 0\n2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pos, err := Parse([]string{"graph:" + file, "0", "1"}, OSFiles(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	budget := &limits.Budget{}
	pl := NewPlayer(PlayOptions{Budget: budget})
	var after []int64
	for range 3 {
		if _, err := pl.Analyze(context.Background(), pos); err != nil {
			t.Fatal(err)
		}
		after = append(after, budget.Memory())
	}
	if after[2] != after[0] {
		t.Fatalf("memory held after each question: %v, want it constant", after)
	}
}

// TestPlayerCloseGivesBackMemory: a Player's remoteness search and listing
// stay accounted with the budget between questions (the next question
// about the same position reuses them) and are given back by Close.
func TestPlayerCloseGivesBackMemory(t *testing.T) {
	pos, err := ParseString("nim 3 4 5")
	if err != nil {
		t.Fatal(err)
	}
	budget := &limits.Budget{}
	pl := NewPlayer(PlayOptions{Budget: budget})
	if _, err := pl.Analyze(context.Background(), pos); err != nil {
		t.Fatal(err)
	}
	held := budget.Memory()
	if err := pl.Close(); err != nil {
		t.Fatal(err)
	}
	if budget.Memory() >= held || pl.search != nil || pl.listing.Held() != 0 {
		t.Fatalf("after Close the budget holds %d bytes of %d; search %v, listing %d", budget.Memory(), held, pl.search, pl.listing.Held())
	}
}
