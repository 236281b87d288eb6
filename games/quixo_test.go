package games

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// naiveQuixo is an independent statement of the rules on a byte grid: to
// push a cube in at an end of its row or column, remove it from the line
// and insert the mover's symbol at that end.
type naiveQuixo struct{ n int }

func (q naiveQuixo) moves(b []byte, mover byte) [][]byte {
	n := q.n
	var out [][]byte
	at := func(r, c int) int { return r*n + c }
	for r := range n {
		for c := range n {
			if r != 0 && r != n-1 && c != 0 && c != n-1 {
				continue
			}
			if b[at(r, c)] != '.' && b[at(r, c)] != mover {
				continue
			}
			// Row r: the cells in column order; column c: in row order.
			for _, alongRow := range []bool{true, false} {
				var idx []int
				pos := c
				for k := range n {
					if alongRow {
						idx = append(idx, at(r, k))
					} else {
						idx = append(idx, at(k, c))
					}
				}
				if !alongRow {
					pos = r
				}
				for _, end := range []int{0, n - 1} {
					if end == pos {
						continue
					}
					var line []byte
					for k, i := range idx {
						if k != pos {
							line = append(line, b[i])
						}
					}
					if end == 0 {
						line = append([]byte{mover}, line...)
					} else {
						line = append(line, mover)
					}
					nb := slices.Clone(b)
					for k, i := range idx {
						nb[i] = line[k]
					}
					out = append(out, nb)
				}
			}
		}
	}
	return out
}

func (q naiveQuixo) line(b []byte, who byte) bool {
	n := q.n
	d1, d2 := true, true
	for i := range n {
		row, col := true, true
		for j := range n {
			row = row && b[i*n+j] == who
			col = col && b[j*n+i] == who
		}
		if row || col {
			return true
		}
		d1 = d1 && b[i*n+i] == who
		d2 = d2 && b[i*n+n-1-i] == who
	}
	return d1 || d2
}

// quixoRelax solves every n x n position (board and side to move, 2*3^(n*n)
// of them; node 2*i+s is board i with x (s=0) or o (s=1) to move) by the
// seed's naive relaxation over the naive rules; undecided nodes are left
// Unknown (draws).
func quixoRelax(n int) (val []solve.Value, board func(int) []byte) {
	q := naiveQuixo{n}
	cells := n * n
	size := 1
	for range cells {
		size *= 3
	}
	board = func(i int) []byte {
		b := make([]byte, cells)
		for k := range cells {
			b[k] = ".xo"[i%3]
			i /= 3
		}
		return b
	}
	code := func(b []byte) int {
		i := 0
		for k := cells - 1; k >= 0; k-- {
			i = 3*i + map[byte]int{'.': 0, 'x': 1, 'o': 2}[b[k]]
		}
		return i
	}
	// Node 2*i+s: board i with x (s=0) or o (s=1) to move.
	total := 2 * size
	succ := make([][]int, total)
	val = make([]solve.Value, total)
	for v := range total {
		b, mover, s := board(v/2), byte("xo"[v%2]), v%2
		other := byte("xo"[1-s])
		val[v] = solve.Value{Outcome: game.Unknown, Remoteness: -1}
		switch {
		case q.line(b, mover):
			val[v] = solve.Value{Outcome: game.Win}
		case q.line(b, other):
			val[v] = solve.Value{Outcome: game.Lose}
		default:
			for _, nb := range q.moves(b, mover) {
				succ[v] = append(succ[v], 2*code(nb)+1-s)
			}
		}
	}
	for round := 1; ; round++ {
		snap := slices.Clone(val)
		changed := false
		for v := range total {
			if snap[v].Outcome != game.Unknown {
				continue
			}
			anyLose, allWin := false, true
			for _, w := range succ[v] {
				anyLose = anyLose || snap[w].Outcome == game.Lose
				allWin = allWin && snap[w].Outcome == game.Win
			}
			if anyLose {
				val[v], changed = solve.Value{Outcome: game.Win, Remoteness: round}, true
			} else if allWin {
				val[v], changed = solve.Value{Outcome: game.Lose, Remoteness: round}, true
			}
		}
		if !changed {
			break
		}
	}
	return val, board
}

// TestQuixo3x3BruteForce solves every 3x3 position by quixoRelax and
// compares outcome and remoteness with the retrograde solver on the dense,
// colour-folded index with parent generation.
func TestQuixo3x3BruteForce(t *testing.T) {
	const n = 3
	val, board := quixoRelax(n)
	total := len(val)
	g := NewQuixo(n)
	s := solve.NewRetro[QuixoPos](g, nil)
	if err := s.Solve(context.Background(), QuixoPos{}); err != nil {
		t.Fatal(err)
	}
	var draws int
	for v := range total {
		want := val[v]
		if want.Outcome == game.Unknown {
			want = solve.Value{Outcome: game.Draw, Remoteness: -1}
			draws++
		}
		p, err := g.ParseQuixo([]string{fmtRows(board(v/2), n), "xo"[v%2 : v%2+1]})
		if err != nil {
			t.Fatal(err)
		}
		got, ok := s.Value(p)
		if !ok || got != want {
			t.Fatalf("%v: retrograde %+v, brute force %+v", g.FormatQuixo(p), got, want)
		}
	}
	if draws == 0 {
		t.Log("no draws on 3x3")
	}
	start, _ := s.Value(QuixoPos{})
	t.Logf("quixo 3x3 start: %+v; %d of %d positions drawn", start, draws, total)
}

func fmtRows(b []byte, n int) string {
	var s []byte
	for k, c := range b {
		if k > 0 && k%n == 0 {
			s = append(s, '/')
		}
		s = append(s, c)
	}
	return string(s)
}

// TestQuixoConformance checks on random 4x4 and 5x5 positions that the fast
// moves equal the naive ones, that parents and moves agree (q is yielded
// by Parents(p) as often as p by Moves(q)), and that the index round-trips.
func TestQuixoConformance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{3, 4, 5} {
		g := NewQuixo(n)
		q := naiveQuixo{n}
		for range 2000 {
			b := make([]byte, n*n)
			for k := range b {
				b[k] = ".xo"[r.IntN(3)]
			}
			oToMove := r.IntN(2) == 1
			sideArg := "x"
			if oToMove {
				sideArg = "o"
			}
			p, err := g.ParseQuixo([]string{fmtRows(b, n), sideArg})
			if err != nil {
				t.Fatal(err)
			}
			// Moves: the same multiset of boards as the naive rules.
			var fast, naive []string
			g.Moves(p, func(c QuixoPos) bool {
				if c.OToMove == p.OToMove {
					t.Fatalf("move did not pass the turn")
				}
				fast = append(fast, g.FormatQuixo(c)[0])
				return true
			})
			for _, nb := range q.moves(b, sideArg[0]) {
				naive = append(naive, fmtRows(nb, n))
			}
			slices.Sort(fast)
			slices.Sort(naive)
			if !slices.Equal(fast, naive) {
				t.Fatalf("%v: moves %v, naive %v", g.FormatQuixo(p), fast, naive)
			}
			// Result: the naive line test, from the mover's side.
			mover, other := sideArg[0], byte('x'+'o'-sideArg[0])
			o, term := g.Result(p)
			switch {
			case q.line(b, mover):
				if o != game.Win || !term {
					t.Fatalf("%v: result %v, want a win", g.FormatQuixo(p), o)
				}
			case q.line(b, other):
				if o != game.Lose || !term {
					t.Fatalf("%v: result %v, want a loss", g.FormatQuixo(p), o)
				}
			case term:
				t.Fatalf("%v: terminal without a line", g.FormatQuixo(p))
			}
			if g.NumMoves(p) != len(fast) {
				t.Fatalf("NumMoves %d, want %d", g.NumMoves(p), len(fast))
			}
			// Parents: every move q -> p shows up as a parent of p.
			g.Moves(p, func(c QuixoPos) bool {
				want := 0
				g.Moves(p, func(d QuixoPos) bool {
					if d == c {
						want++
					}
					return true
				})
				got := 0
				g.Parents(c, func(pp QuixoPos) bool {
					if pp == p {
						got++
					}
					return true
				})
				if got != want {
					t.Fatalf("%v -> %v: %d moves, %d parents", g.FormatQuixo(p), g.FormatQuixo(c), want, got)
				}
				return true
			})
			// Every parent has p among its moves.
			g.Parents(p, func(pp QuixoPos) bool {
				found := false
				g.Moves(pp, func(c QuixoPos) bool { found = found || c == p; return !found })
				if !found {
					t.Fatalf("parent %v of %v has no move to it", g.FormatQuixo(pp), g.FormatQuixo(p))
				}
				return true
			})
			if n <= 4 {
				i := g.Index(p)
				back := g.Position(i)
				if i >= g.Size() || g.Index(back) != i {
					t.Fatalf("index %d of %v does not round-trip", i, g.FormatQuixo(p))
				}
				swapped := QuixoPos{X: p.O, O: p.X, OToMove: !p.OToMove}
				if g.Index(swapped) != i {
					t.Fatalf("colour swap changes the index")
				}
			}
		}
	}
}

// TestQuixo4x4 solves Quixo 4x4 end to end (3^16 indices, about a minute):
// run it with GRUNDY_QUIXO4=1; docs/PERFORMANCE.md records the figures.
func TestQuixo4x4(t *testing.T) {
	if os.Getenv("GRUNDY_QUIXO4") == "" {
		t.Skip("set GRUNDY_QUIXO4=1 to solve Quixo 4x4")
	}
	g := NewQuixo(4)
	s := solve.NewRetro[QuixoPos](g, nil)
	begin := time.Now()
	if err := s.Solve(context.Background(), QuixoPos{}); err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(begin)
	v, _ := s.Value(QuixoPos{})
	c := s.Counts()
	t.Logf("quixo 4x4: start %v in %d; %d indices: win %d, lose %d, draw %d; solved in %v", v.Outcome, v.Remoteness, s.Positions(), c.Win, c.Lose, c.Draw, elapsed.Round(time.Millisecond))
	// The boards reachable in play from the empty board (breadth first
	// over the colour-folded index; terminal boards are not expanded).
	seen := make([]uint64, (g.Size()+63)/64)
	queue := []uint32{uint32(g.Index(QuixoPos{}))}
	seen[queue[0]/64] |= 1 << (queue[0] % 64)
	var reach solve.Counts
	for head := 0; head < len(queue); head++ {
		p := g.Position(uint64(queue[head]))
		switch v, _ := s.Value(p); v.Outcome {
		case game.Win:
			reach.Win++
		case game.Lose:
			reach.Lose++
		default:
			reach.Draw++
		}
		if _, term := g.Result(p); term {
			continue
		}
		g.Moves(p, func(c QuixoPos) bool {
			i := g.Index(c)
			if seen[i/64]&(1<<(i%64)) == 0 {
				seen[i/64] |= 1 << (i % 64)
				queue = append(queue, uint32(i))
			}
			return true
		})
	}
	t.Logf("reachable from the empty board: %d indices: win %d, lose %d, draw %d", len(queue), reach.Win, reach.Lose, reach.Draw)
}

func TestQuixoParse(t *testing.T) {
	g := NewQuixo(3)
	for _, tc := range []struct {
		args []string
		ok   bool
	}{
		{nil, true},
		{[]string{"x.o/.x./o..", "o"}, true},
		{[]string{"X.O/.X./O..", "X"}, true},
		{[]string{"x.o/.x./o.."}, false},       // no side to move
		{[]string{"x.o/.x./o..", "z"}, false},  // bad side
		{[]string{"x.o/.x.", "x"}, false},      // two rows
		{[]string{"x.o/.x./o...", "x"}, false}, // long row
		{[]string{"x.o/.q./o..", "x"}, false},
		{[]string{"x.o/.x./o..", "x", "x"}, false},
	} {
		p, err := g.ParseQuixo(tc.args)
		if (err == nil) != tc.ok {
			t.Errorf("ParseQuixo(%q) error %v, want ok=%v", tc.args, err, tc.ok)
			continue
		}
		if err == nil && len(tc.args) == 2 {
			back := g.FormatQuixo(p)
			if q, _ := g.ParseQuixo(back); q != p {
				t.Errorf("%q does not round-trip: %q", tc.args, back)
			}
		}
	}
	for _, params := range []string{"4", "4x3", "1x1", "6x6", "axb"} {
		if _, err := Open("quixo:" + params); err == nil {
			t.Errorf("quixo:%s opened", params)
		}
	}
}
