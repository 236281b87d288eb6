package games

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// denseCramValues values every set of open cells of a w x h board by brute
// force over whole-board bitmasks (bit r*w+c: cell (r, c) is open), with no
// splitting, no symmetry, no table and no engine: placing a domino clears
// two bits, so every option is a smaller mask and one pass in increasing
// order values them all by the definition (the mex of the options'
// values). A set of at most 32 cells holds at most 16 dominoes, so every
// value is below 17 and the options' values fit one word.
func denseCramValues(w, h int) []uint8 {
	var lastCol uint32
	for r := 0; r < h; r++ {
		lastCol |= 1 << (r*w + w - 1)
	}
	table := make([]uint8, 1<<(w*h))
	for m := uint32(1); m < uint32(len(table)); m++ {
		var seen uint32
		for d := m & (m >> 1) &^ lastCol; d != 0; d &= d - 1 { // horizontal dominoes
			low := d & -d
			seen |= 1 << table[m&^(low|low<<1)]
		}
		for d := m & (m >> w); d != 0; d &= d - 1 { // vertical dominoes
			low := d & -d
			seen |= 1 << table[m&^(low|low<<w)]
		}
		table[m] = uint8(bits.TrailingZeros32(^seen))
	}
	return table
}

// cramMaskBoard writes the mask of a w x h board in the board syntax.
func cramMaskBoard(w, h int, m uint32) string {
	var b strings.Builder
	for r := 0; r < h; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < w; c++ {
			if m>>(r*w+c)&1 != 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

// cramValue returns the engine's value of one board.
func cramValue(t *testing.T, e Evaluator, inst *cramInstance, board string) game.Nimber {
	t.Helper()
	comps, err := inst.Parse([]string{board})
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Grundy(t.Context(), comps[0])
	if err != nil {
		t.Fatalf("%s: %v", board, err)
	}
	return v
}

// TestCramAgainstBruteForce checks the engine, with and without the
// symmetry shortcut, serial and with two workers, against
// denseCramValues: on every set of open cells of the boards of at most 16
// cells, and on the empty sub-boards and 2,000 random sets of cells
// (every density) of 6 x 4, 4 x 6 and 5 x 5.
func TestCramAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 1))
	for _, d := range [][2]int{{3, 3}, {4, 3}, {3, 4}, {4, 4}, {5, 3}, {3, 5}, {8, 2}, {2, 8}, {6, 4}, {4, 6}, {5, 5}, {10, 2}, {2, 10}} {
		w, h := d[0], d[1]
		want := denseCramValues(w, h)
		var masks []uint32
		if w*h <= 16 {
			for m := range uint32(len(want)) {
				masks = append(masks, m)
			}
		} else {
			for sw := 1; sw <= w; sw++ {
				for sh := 1; sh <= h; sh++ {
					var m uint32
					for r := range sh {
						m |= (1<<sw - 1) << (r * w)
					}
					masks = append(masks, m)
				}
			}
			for range 2000 {
				// A random density: sparse boards split, full ones do not.
				full := rng.Uint32() | rng.Uint32()
				if rng.IntN(2) == 0 {
					full |= rng.Uint32()
				}
				masks = append(masks, full&(1<<(w*h)-1))
			}
		}
		for _, variant := range []string{"symmetry", "nosymmetry", "two workers", "small memory", "small memory with tables"} {
			switch {
			case variant == "small memory" && w*h != 24:
				continue // 6 x 4 is enough (and costly without the tables) to replace entries
			case variant == "small memory with tables" && w*h != 24 && w*h != 25:
				continue // 6 x 4 and 5 x 5 are enough (and costly) to replace entries
			}
			t.Run(fmt.Sprintf("%dx%d/%s", w, h, variant), func(t *testing.T) {
				inst := &cramInstance{symmetry: variant != "nosymmetry"}
				// The serial search, and the parallel one (solve.Pruned.Parallel)
				// with the shortcut, without it and under 1 MiB.
				workers := 1
				if variant == "nosymmetry" || variant == "two workers" || variant == "small memory" {
					workers = 2
				}
				var budget *limits.Budget
				switch variant {
				case "small memory":
					// The fixed tables (the endgame table, 1 MiB, and the
					// canonical-form cache, 256 KiB) are held only within
					// half the limit (holdSpeedup): at 1 MiB the engine
					// goes without the endgame table, and its memo grows
					// to 16,384 entries (256 KiB, within half the limit
					// with the table it doubles from) and then replaces
					// entries.
					budget = &limits.Budget{MaxMemory: 1 << 20}
				case "small memory with tables":
					// 2.5 MiB and 8 KiB hold both tables (1.25 MiB, half
					// the limit, with the position and the engines'
					// buffers): the smallest limit that does. The memo
					// grows to 32,768 entries and then replaces entries.
					budget = &limits.Budget{MaxMemory: 5<<19 + 8<<10}
				}
				e := inst.Evaluator(budget)
				e.(MultiCore).SetWorkers(workers)
				defer func() {
					ce := e.(*cramEval)
					if _, replaced := ce.memoized(); budget != nil && w*h >= 24 && replaced == 0 {
						t.Errorf("%dx%d under %s: no memo entry was replaced", w, h, limits.Bytes(budget.MaxMemory))
					}
					if tables := ce.bits.endgame != nil && ce.bits.cache != nil; budget != nil && tables != (variant == "small memory with tables") {
						t.Errorf("%dx%d under %s: the tables held are %v", w, h, limits.Bytes(budget.MaxMemory), tables)
					}
				}()
				for i, m := range masks {
					if budget != nil && i == 300 {
						break // the sub-boards and 200 random sets: seconds, not a minute
					}
					board := cramMaskBoard(w, h, m)
					if got := cramValue(t, e, inst, board); got != game.Nimber(want[m]) {
						t.Fatalf("cram %s: engine %d, brute force %d", board, got, want[m])
					}
				}
			})
		}
	}
}

// naiveCram values a set of open cells m of a w x h board (bit r*w+c) by
// the definition, memoized by the whole set, with no splitting, no
// symmetry and no table.
func naiveCram(w, h int, m uint64, memo map[uint64]game.Nimber) game.Nimber {
	if v, ok := memo[m]; ok {
		return v
	}
	var seen game.MexSet
	for i := range w * h {
		if m>>i&1 == 0 {
			continue
		}
		if i%w+1 < w && m>>(i+1)&1 != 0 {
			seen.Add(naiveCram(w, h, m&^(3<<i), memo))
		}
		if i+w < w*h && m>>(i+w)&1 != 0 {
			seen.Add(naiveCram(w, h, m&^(1<<i|1<<(i+w)), memo))
		}
	}
	v := seen.Mex()
	memo[m] = v
	return v
}

// TestCramWideAgainstNaive checks the components wider than 8 (the wide
// keys of cram_wide.go, and the Shape engine for those that do not fit
// one) against naiveCram on random boards of 12 to 20 open cells, 9 to 15
// cells wide or tall, with and without the shortcut, serial and with two
// workers.
func TestCramWideAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 3))
	wide := 0
	for _, d := range [][2]int{{9, 3}, {3, 9}, {9, 4}, {4, 9}, {10, 4}, {12, 4}, {4, 12}, {15, 3}, {9, 7}, {10, 6}, {8, 8}} {
		w, h := d[0], d[1]
		// With and without the shortcut, serial and with two workers.
		engines := []Evaluator{(&cramInstance{symmetry: true}).Evaluator(nil), (&cramInstance{}).Evaluator(nil),
			(&cramInstance{symmetry: true}).Evaluator(nil), (&cramInstance{}).Evaluator(nil)}
		for i, e := range engines {
			e.(MultiCore).SetWorkers(1 + i/2)
		}
		for range 150 {
			// A random walk of open cells, mostly forward along the board's
			// long side (a, of length long; b across, of length short), so
			// they connect into components wider than 8.
			long, short := max(w, h), min(w, h)
			a, b := rng.IntN(long/3), rng.IntN(short)
			cell := func() uint64 {
				if w >= h {
					return 1 << (b*w + a)
				}
				return 1 << (a*w + b)
			}
			m := cell()
			for open := 12 + rng.IntN(9); bits.OnesCount64(m) < open; m |= cell() {
				switch step := rng.IntN(16); {
				case step < 10:
					a = min(a+1, long-1)
				case step < 11:
					a = max(a-1, 0)
				case step < 13:
					b = min(b+1, short-1)
				case step < 15:
					b = max(b-1, 0)
				default:
					a, b = rng.IntN(long), rng.IntN(short) // a jump: several components
				}
			}
			var board strings.Builder
			for r := range h {
				if r > 0 {
					board.WriteByte('/')
				}
				for c := range w {
					board.WriteByte(".#"[1-m>>(r*w+c)&1])
				}
			}
			for _, c := range (ShapeGame{}).Split(Shape{m, uint8(w), uint8(h)}, nil) {
				if c.W > 8 || c.H > 8 {
					wide++
					break
				}
			}
			want := naiveCram(w, h, m, map[uint64]game.Nimber{})
			for i, e := range engines {
				inst := &cramInstance{symmetry: i%2 == 0}
				if got := cramValue(t, e, inst, board.String()); got != want {
					t.Fatalf("%s %s: engine %d, naive %d", inst.Name(), board.String(), got, want)
				}
			}
		}
	}
	if wide < 500 {
		t.Fatalf("%d boards of 1,650 had a component wider than 8", wide)
	}
}

// TestCramLines checks rows and columns of 1..200 cells against the heap
// engine's Dawson's Kayles (octal 0.07) and against the recurrence of
// Cram on a row written here (a domino on a row of n leaves rows of a and
// n-2-a cells), and a row broken by taken cells against the sum of its
// pieces.
func TestCramLines(t *testing.T) {
	const n = 200
	want := make([]game.Nimber, n+1)
	for k := 2; k <= n; k++ {
		seen := map[game.Nimber]bool{}
		for a := 0; a <= k-2; a++ {
			seen[want[a]^want[k-2-a]] = true
		}
		for seen[want[k]] {
			want[k]++
		}
	}
	dk, err := Open("dawson-kayles")
	if err != nil {
		t.Fatal(err)
	}
	dkEval := dk.(Valued).Evaluator(nil)
	inst := &cramInstance{symmetry: true}
	e := inst.Evaluator(nil)
	for k := 1; k <= n; k++ {
		heaps, err := dk.Parse([]string{fmt.Sprint(k)})
		if err != nil {
			t.Fatal(err)
		}
		heapValue, err := dkEval.Grundy(t.Context(), heaps[0])
		if err != nil {
			t.Fatal(err)
		}
		if heapValue != want[k] {
			t.Fatalf("dawson-kayles %d = %d, the recurrence %d", k, heapValue, want[k])
		}
		for _, board := range []string{fmt.Sprintf("%dx1", k), fmt.Sprintf("1x%d", k)} {
			if got := cramValue(t, e, inst, board); got != want[k] {
				t.Fatalf("cram %s = %d, dawson-kayles %d = %d", board, got, k, want[k])
			}
		}
	}
	row := strings.Repeat(".", 70) + "#" + strings.Repeat(".", 129)
	if got := cramValue(t, e, inst, row); got != want[70]^want[129] {
		t.Fatalf("a row of 70 and 129 cells = %d, want %d", got, want[70]^want[129])
	}
}

// TestCramMovesToValue checks MovesToValue against the options' values on
// random boards (small and wide ones, and long lines): it yields exactly
// the options of each value, as Moves lists them.
func TestCramMovesToValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	inst := &cramInstance{symmetry: true}
	e := inst.Evaluator(nil)
	boards := []string{"1x90", "90x1", "10x3", "4x4", "7x1"}
	for range 30 {
		w, h := 1+rng.IntN(10), 1+rng.IntN(5)
		if w*h > 40 {
			continue
		}
		var b strings.Builder
		for r := range h {
			if r > 0 {
				b.WriteByte('/')
			}
			for range w {
				b.WriteByte(".#."[rng.IntN(3)])
			}
		}
		boards = append(boards, b.String())
	}
	for _, board := range boards {
		comps, err := inst.Parse([]string{board})
		if err != nil {
			t.Fatal(err)
		}
		byValue := map[game.Nimber][]string{}
		inst.Moves(comps[0], func(after []Component) bool {
			v, err := e.Grundy(t.Context(), after[0])
			if err != nil {
				t.Fatal(err)
			}
			byValue[v] = append(byValue[v], after[0].String())
			return true
		})
		for v := range game.Nimber(6) {
			var got []string
			if err := e.MovesToValue(t.Context(), comps[0], v, func(after []Component) bool {
				got = append(got, after[0].String())
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(sorted(got)) != fmt.Sprint(sorted(byValue[v])) {
				t.Fatalf("cram %s, moves to %d: got %v, want %v", board, v, got, byValue[v])
			}
		}
	}
}

// sorted returns a sorted copy of s.
func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestCramSymmetric checks the shortcut's test on hand-made boards: it
// must hold exactly for half-turn symmetric boards whose centre is closed.
func TestCramSymmetric(t *testing.T) {
	for _, tc := range []struct {
		board string
		want  bool
	}{
		{"..../..../..../....", true},
		{"#.../..../..../...#", true},
		{"#.../..../..../#...", false},
		{"../..", true},
		{".../.../...", false},     // odd by odd, the centre open
		{".../.#./...", true},      // odd by odd, the centre closed
		{"..../#..#/....", false},  // odd height, the central domino open
		{"..../.##./....", true},   // odd height, the central domino closed
		{"..../.#../....", false},  // not symmetric
		{".#./.../.../.#.", false}, // odd width, the central domino open
		{".../.#./.#./...", true},  // odd width, the central domino closed
		{"....../.#..../....#./......", true},
	} {
		b, err := ParseRectBoard(tc.board)
		if err != nil {
			t.Fatal(err)
		}
		var p uint64
		for i, c := range b.Cells {
			if c == '.' {
				p |= 1 << (8*(i/b.W) + i%b.W)
			}
		}
		if got := cramSymmetric(p, b.W, b.H); got != tc.want {
			t.Errorf("%s: symmetric %v, want %v", tc.board, got, tc.want)
		}
	}
}

// TestCramParse checks the game's tokens and bad boards.
func TestCramParse(t *testing.T) {
	for _, token := range []string{"cram", "cram:nosymmetry"} {
		inst, err := Open(token)
		if err != nil || inst.Name() != token {
			t.Fatalf("%s: %v, %v", token, inst, err)
		}
	}
	if _, err := Open("cram:fast"); err == nil {
		t.Fatal("cram:fast: no error")
	}
	inst := &cramInstance{symmetry: true}
	for _, bad := range []string{"0x3", "..x/...", "", "../..."} {
		if _, err := inst.Parse([]string{bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	comps, err := inst.Parse([]string{"12x12"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inst.Evaluator(nil).Grundy(t.Context(), comps[0]); err == nil || !strings.Contains(err.Error(), "more than the 64") {
		t.Fatalf("12x12: %v, want the bounding-box error", err)
	}
}
