package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
)

// bruteRectTable values every position of a w x h board by brute force over
// whole-board bitmasks (bit r*w+c: cell (r, c) is open), with no splitting
// and no symmetry: crossing a rectangle clears bits, so every option is a
// smaller mask and one pass in increasing order suffices.
func bruteRectTable(w, h int) []game.Nimber {
	var rects []uint32
	for r1 := 0; r1 < h; r1++ {
		for r2 := r1; r2 < h; r2++ {
			for c1 := 0; c1 < w; c1++ {
				for c2 := c1; c2 < w; c2++ {
					var m uint32
					for r := r1; r <= r2; r++ {
						for c := c1; c <= c2; c++ {
							m |= 1 << (r*w + c)
						}
					}
					rects = append(rects, m)
				}
			}
		}
	}
	table := make([]game.Nimber, 1<<(w*h))
	var seen game.MexSet
	for mask := range table {
		seen.Reset()
		for _, m := range rects {
			if uint32(mask)&m == m {
				seen.Add(table[uint32(mask)&^m])
			}
		}
		table[mask] = seen.Mex()
	}
	return table
}

func maskBoard(w, h int, mask uint32) string {
	var b strings.Builder
	for r := 0; r < h; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < w; c++ {
			if mask>>(r*w+c)&1 != 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

func boardMask(t *testing.T, text string) uint32 {
	b, err := ParseRectBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	var m uint32
	for i, c := range b.Cells {
		if c == '.' {
			m |= 1 << i
		}
	}
	return m
}

func TestRectanglesAgainstBruteForce(t *testing.T) {
	old := runtime.GOMAXPROCS(2) // the engine's helper needs two
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
	r := rand.New(rand.NewPCG(41, 1))
	ctx := context.Background()
	dims := [][2]int{{1, 1}, {2, 1}, {1, 5}, {2, 2}, {3, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {2, 7}, {3, 3}, {4, 3}, {3, 4}, {3, 5}, {4, 4}, {2, 8}}
	inst := newRectangles()
	for _, d := range dims {
		w, h := d[0], d[1]
		table := bruteRectTable(w, h)
		for trial := 0; trial < 400; trial++ {
			mask := uint32(r.Uint64()) & (1<<(w*h) - 1)
			if trial == 0 { // the empty board W x H of docs/boards.md
				mask = 1<<(w*h) - 1
			}
			if trial%3 == 0 { // denser boards
				mask |= uint32(r.Uint64()) & (1<<(w*h) - 1)
			}
			text := maskBoard(w, h, mask)
			comps, err := inst.Parse([]string{text})
			if err != nil {
				t.Fatal(err)
			}
			// Every third board with the helper started at once.
			ev := inst.Evaluator(nil)
			if trial%3 == 1 {
				ev = inst.evaluator(nil, 0)
			}
			got, err := ev.Grundy(ctx, comps[0])
			if err != nil {
				t.Fatal(err)
			}
			if got != table[mask] {
				t.Fatalf("board %s: value %d, brute force %d", text, got, table[mask])
			}
			// Winning moves to a random target: exactly the options of that value.
			target := game.Nimber(r.IntN(4))
			want := 0
			ev.Moves(comps[0], func(o []Component) bool {
				if table[boardMask(t, o[0].String())] == target {
					want++
				}
				return true
			})
			n := 0
			if err := ev.MovesToValue(ctx, comps[0], target, func(o []Component) bool {
				if v := table[boardMask(t, o[0].String())]; v != target {
					t.Fatalf("board %s: move to %s has value %d, not %d", text, o[0], v, target)
				}
				if _, ok := CrossedRectangle(text, o[0].String()); !ok {
					t.Fatalf("board %s: %s is not one rectangle crossed", text, o[0])
				}
				n++
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if n != want {
				t.Fatalf("board %s: %d moves to value %d, brute force %d", text, n, target, want)
			}
		}
	}
}

// TestRectanglesLine: a line of n cells has value n (proof at ShapeGame.Value),
// for lines short enough to search and long ones that only the closed form
// values; the search without the closed form agrees for n <= 16.
func TestRectanglesLine(t *testing.T) {
	ctx := context.Background()
	inst := newRectangles()
	for _, n := range []int{1, 2, 3, 7, 16, 64, 65, 300} {
		for _, text := range []string{strings.Repeat(".", n), strings.Repeat("./", n-1) + "."} {
			comps, err := inst.Parse([]string{text})
			if err != nil {
				t.Fatal(err)
			}
			if got, err := inst.Evaluator(nil).Grundy(ctx, comps[0]); err != nil || got != game.Nimber(n) {
				t.Errorf("line of %d: %d, %v", n, got, err)
			}
		}
	}
	for n := 1; n <= 16; n++ {
		if got := bruteRectTable(n, 1)[1<<n-1]; got != game.Nimber(n) {
			t.Errorf("brute force line of %d: %d", n, got)
		}
	}
	// Moves on a long line: crossing cells a..e leaves a ^ (n-1-e).
	comps, _ := inst.Parse([]string{"#" + strings.Repeat(".", 100)})
	n := 0
	if err := inst.Evaluator(nil).MovesToValue(ctx, comps[0], 0, func(o []Component) bool { n++; return true }); err != nil {
		t.Fatal(err)
	}
	if n != 50 { // a == n-1-e with a <= e: a = 0..49
		t.Errorf("line of 100 has %d moves to 0, want 50", n)
	}
}

func TestShapeCanonAndSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 2))
	g := ShapeGame{}
	for trial := 0; trial < 2000; trial++ {
		w, h := 1+r.IntN(8), 1+r.IntN(8)
		s := Shape{r.Uint64() & rowMask(w*h), uint8(w), uint8(h)}
		parts := g.Split(s, nil)
		var cells int
		for _, p := range parts {
			cells += int(popcount(p.Bits))
			c := g.Canon(p)
			image := false
			for k := 0; k < 8; k++ {
				image = image || p.transform(k) == c
			}
			if !image {
				t.Fatalf("shape %v: canon %v is not one of its images", p, c)
			}
			for k := 0; k < 8; k++ {
				if g.Canon(p.transform(k)) != c {
					t.Fatalf("shape %v: canon of symmetry %d differs", p, k)
				}
			}
			if len(g.Split(p, nil)) != 1 {
				t.Fatalf("component %v splits further", p)
			}
		}
		if cells != int(popcount(s.Bits)) {
			t.Fatalf("shape %v: components hold %d cells, not %d", s, cells, popcount(s.Bits))
		}
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func TestParseRectBoardErrors(t *testing.T) {
	for _, tt := range []struct{ arg, msg string }{
		{"../.", "rows differ in length"},
		{"..o/...", "not a cell"},
		{"0x3", "not WxH"},
		{"3x", "not WxH"},
		{"", "empty board"},
	} {
		_, err := ParseRectBoard(tt.arg)
		if !errors.Is(err, game.ErrInput) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseRectBoard(%q) = %v, want an input error with %q", tt.arg, err, tt.msg)
		}
	}
	b, err := ParseRectBoard("3x2")
	if err != nil || b.String() != "3x2" || b.cross(0, 0, 0, 0).String() != "#../..." {
		t.Errorf("3x2: %v %v", b, err)
	}
}

// TestRectanglesTooLarge: a component too big to search is an error that is
// not blamed on the input.
func TestRectanglesTooLarge(t *testing.T) {
	inst := newRectangles()
	comps, err := inst.Parse([]string{"9x9"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = inst.Evaluator(nil).Grundy(context.Background(), comps[0])
	if err == nil || errors.Is(err, game.ErrInput) {
		t.Errorf("9x9: %v", err)
	}
}

// BenchmarkRectangles compares the engine (split, symmetry, memo) with the
// dense whole-board brute force; GRUNDY_BIG_BENCH=1 adds 5x5 (the brute
// force's table then takes 256 MiB).
func BenchmarkRectangles(b *testing.B) {
	dims := [][2]int{{4, 4}, {4, 5}}
	if os.Getenv("GRUNDY_BIG_BENCH") != "" {
		dims = append(dims, [2]int{5, 5})
	}
	for _, d := range dims {
		w, h := d[0], d[1]
		name := string(rune('0'+w)) + "x" + string(rune('0'+h))
		b.Run(name+"/engine", func(b *testing.B) {
			for b.Loop() {
				inst := newRectangles()
				comps, _ := inst.Parse([]string{name})
				ev := inst.Evaluator(nil)
				if _, err := ev.Grundy(context.Background(), comps[0]); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(ev.States()), "states/op")
			}
		})
		b.Run(name+"/brute-bitmask", func(b *testing.B) {
			for b.Loop() {
				bruteRectTable(w, h)
			}
		})
	}
}

// TestRectanglesCentralMoves checks the engine against a theorem: on an
// empty board, crossing a rectangle that the half-turn σ about the board's
// centre maps to itself leaves a position of value 0. Proof: such a
// rectangle spans the middle row (or two middle rows) and the middle
// column (or two), so it crosses the central block K of 1, 2 or 4 cells.
// What is left is σ-symmetric, and no open rectangle R meets σ(R): if R
// held a cell x and σ(x), it would span the rows and the columns between
// them, which include K's, so R would hold K. The second player answers
// each R with σ(R), open and disjoint from R, keeps the symmetry, and so
// makes the last move. (Hence every empty board has a nonzero value, and
// docs/boards.md's winning moves of 6 x 6 are these.)
func TestRectanglesCentralMoves(t *testing.T) {
	inst := newRectangles()
	ctx := context.Background()
	for h := 1; h <= 6; h++ {
		for w := 1; w <= 8; w++ {
			if w*h > 24 {
				continue
			}
			board, _ := ParseRectBoard(fmt.Sprintf("%dx%d", w, h))
			ev := inst.Evaluator(nil)
			checked := 0
			for r1 := 0; 2*r1 <= h-1; r1++ {
				for c1 := 0; 2*c1 <= w-1; c1++ {
					after := board.cross(r1, c1, h-1-r1, w-1-c1)
					comps, err := inst.Parse([]string{after.String()})
					if err != nil {
						t.Fatal(err)
					}
					v, err := ev.Grundy(ctx, comps[0])
					if err != nil {
						t.Fatal(err)
					}
					if v != 0 {
						t.Errorf("%dx%d: crossing rows %d-%d, columns %d-%d leaves value %d, not 0", w, h, r1+1, h-r1, c1+1, w-c1, v)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatalf("%dx%d: no central rectangle", w, h)
			}
		}
	}
}
