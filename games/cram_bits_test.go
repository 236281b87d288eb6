package games

import (
	"math/bits"
	"slices"
	"testing"
)

// TestCramReduce checks cramReduce's lemmas on every set of cells of the
// boards within 20 cells: the reduced set has the value of the set, by the
// brute force denseCramValues, on the layout of stride w (as wide keys use
// it) and on the 8x8 layout (as bitboards do). It also checks that the
// reduction removes cells only (and some, on many sets), and a few
// hand-made cases.
func TestCramReduce(t *testing.T) {
	for _, d := range [][2]int{{4, 4}, {5, 4}, {4, 5}, {10, 2}, {2, 10}, {6, 3}, {3, 6}} {
		w, h := d[0], d[1]
		want := denseCramValues(w, h)
		first := column0(w, h)
		last := first << (w - 1)
		reduced := 0
		for m := range uint64(len(want)) {
			q := cramReduce(m, uint(w), first, last)
			if q&^m != 0 {
				t.Fatalf("%dx%d %s: reduced to %s, which adds cells", w, h, cramMaskBoard(w, h, uint32(m)), cramMaskBoard(w, h, uint32(q)))
			}
			if want[q] != want[m] {
				t.Fatalf("%dx%d %s (value %d): reduced to %s (value %d)", w, h, cramMaskBoard(w, h, uint32(m)), want[m], cramMaskBoard(w, h, uint32(q)), want[q])
			}
			if q != m {
				reduced++
			}
			if w <= 8 && h <= 8 { // the 8x8 layout
				p, _ := bitsOfShape(Shape{m, uint8(w), uint8(h)})
				q8, _ := bitsOfShape(Shape{q, uint8(w), uint8(h)})
				if got := cramReduce(p, 8, col0Mask, col7Mask); got != q8 {
					t.Fatalf("%dx%d %s: the 8x8 layout reduces to %x, stride %d to %x", w, h, cramMaskBoard(w, h, uint32(m)), got, w, q8)
				}
			}
		}
		if reduced < len(want)/4 {
			t.Errorf("%dx%d: %d of %d sets reduced", w, h, reduced, len(want))
		}
	}
	for _, tc := range []struct{ board, want string }{
		{".../#.#", "..#/###"},               // three tufts of one centre: the first met (east of it) stays
		{"#.#/.../#.#", "#.#/#.#/###"},       // four tufts: the one north of the centre stays
		{".../.#.", ".#./.#."},               // the middle cell's neighbours are centres: a bridge
		{"..../..../....", "..../..../...."}, // no tuft
		{"../..", "../.."},
		{"..", ".."},
	} {
		b, err := ParseRectBoard(tc.board)
		if err != nil {
			t.Fatal(err)
		}
		var m uint64
		for i, c := range b.Cells {
			if c == '.' {
				m |= 1 << i
			}
		}
		first := column0(b.W, b.H)
		q := cramReduce(m, uint(b.W), first, first<<(b.W-1))
		if got := cramMaskBoard(b.W, b.H, uint32(q)); got != tc.want {
			t.Errorf("%s: reduced to %s, want %s", tc.board, got, tc.want)
		}
	}
}

// TestCramHorizontal checks the lemma of cramHorizontal on every set of
// cells of the boards within 20 cells: a brute force that tries only the
// horizontal dominoes cramHorizontal keeps (and every vertical one) finds
// the values of denseCramValues, which tries them all, on the layout of
// stride w and on the 8x8 layout.
func TestCramHorizontal(t *testing.T) {
	for _, d := range [][2]int{{4, 4}, {5, 4}, {4, 5}, {10, 2}, {2, 10}, {6, 3}, {3, 6}} {
		w, h := d[0], d[1]
		want := denseCramValues(w, h)
		first := column0(w, h)
		last := first << (w - 1)
		got := make([]uint8, len(want))
		pruned := 0
		for m := uint64(1); m < uint64(len(got)); m++ {
			var seen uint32
			horizontal := cramHorizontal(m, uint(w), first, last)
			for d := horizontal; d != 0; d &= d - 1 {
				low := d & -d
				seen |= 1 << got[m&^(low|low<<1)]
			}
			for d := m & (m >> w); d != 0; d &= d - 1 {
				low := d & -d
				seen |= 1 << got[m&^(low|low<<w)]
			}
			got[m] = uint8(bits.TrailingZeros32(^seen))
			if got[m] != want[m] {
				t.Fatalf("%dx%d %s: %d with the horizontal dominoes %x, %d with all", w, h, cramMaskBoard(w, h, uint32(m)), got[m], horizontal, want[m])
			}
			if all := m & (m >> 1) &^ last; horizontal != all {
				if horizontal&^all != 0 {
					t.Fatalf("%dx%d %s: dominoes %x not on the board", w, h, cramMaskBoard(w, h, uint32(m)), horizontal&^all)
				}
				pruned++
			}
			if w <= 8 && h <= 8 {
				p, _ := bitsOfShape(Shape{m, uint8(w), uint8(h)})
				want8, _ := bitsOfShape(Shape{horizontal, uint8(w), uint8(h)})
				if got8 := cramHorizontal(p, 8, col0Mask, col7Mask); got8 != want8 {
					t.Fatalf("%dx%d %s: the 8x8 layout keeps %x, stride %d %x", w, h, cramMaskBoard(w, h, uint32(m)), got8, w, want8)
				}
			}
		}
		if h > 1 && w > 1 && pruned == 0 {
			t.Errorf("%dx%d: no domino left out", w, h)
		}
	}
}

// TestCramPieces checks cramPieces on every set of cells of the boards
// within 20 cells, on the 8x8 layout: the values of its pieces (by the
// brute force denseCramValues) sum to the value of the set, each piece is
// a set of the board's cells of at least two cells, and the pieces are
// disjoint; some sets are cut by a block.
func TestCramPieces(t *testing.T) {
	for _, d := range [][2]int{{4, 4}, {5, 4}, {4, 5}, {8, 2}, {2, 8}, {6, 3}, {3, 6}} {
		w, h := d[0], d[1]
		want := denseCramValues(w, h)
		cut := 0
		for m := range uint64(len(want)) {
			p, _ := bitsOfShape(Shape{m, uint8(w), uint8(h)})
			var x uint8
			var seen uint64
			pieces := cramPieces(p, 8, col0Mask, col7Mask, nil)
			for _, piece := range pieces {
				if piece&(piece-1) == 0 || piece&^p != 0 || piece&seen != 0 {
					t.Fatalf("%dx%d %s: piece %x of %x", w, h, cramMaskBoard(w, h, uint32(m)), piece, pieces)
				}
				seen |= piece
				var s uint64 // the piece on the layout of stride w
				for r := range h {
					s |= (piece >> (8 * r) & (1<<w - 1)) << (r * w)
				}
				x ^= want[s]
			}
			if x != want[m] {
				t.Fatalf("%dx%d %s (value %d): pieces %x sum to %d", w, h, cramMaskBoard(w, h, uint32(m)), want[m], pieces, x)
			}
			components := 0
			for rest := cramReduce(p, 8, col0Mask, col7Mask); rest != 0; {
				comp := bitsComponent(rest)
				rest &^= comp
				if comp&(comp-1) != 0 {
					components++
				}
			}
			if len(pieces) > components {
				cut++
			}
			// The layout of stride w finds the same pieces.
			first := column0(w, h)
			var strided []uint64
			for _, piece := range cramPieces(m, uint(w), first, first<<(w-1), nil) {
				q, _ := bitsOfShape(Shape{piece, uint8(w), uint8(h)})
				strided = append(strided, q)
			}
			slices.Sort(strided)
			slices.Sort(pieces)
			if !slices.Equal(strided, pieces) {
				t.Fatalf("%dx%d %s: pieces %x on the 8x8 layout, %x on stride %d", w, h, cramMaskBoard(w, h, uint32(m)), pieces, strided, w)
			}
		}
		if cut == 0 {
			t.Errorf("%dx%d: no set cut by a block", w, h)
		}
	}
}

// TestCramPiecesWide checks cramPieces on the layouts of the wide keys
// (stride 9 to 11), on every set of cells of boards of two rows: the
// values of its pieces sum to the value of the set.
func TestCramPiecesWide(t *testing.T) {
	for w := 9; w <= 11; w++ {
		want := denseCramValues(w, 2)
		first := uint64(1 | 1<<w)
		for m := range uint64(len(want)) {
			var x uint8
			for _, piece := range cramPieces(m, uint(w), first, first<<(w-1), nil) {
				x ^= want[piece]
			}
			if x != want[m] {
				t.Fatalf("%dx2 %s (value %d): pieces sum to %d", w, cramMaskBoard(w, 2, uint32(m)), want[m], x)
			}
		}
	}
}

// TestCramEndgame checks the endgame table, learned in an order that
// starts from the full board (as a search does), against the brute force
// denseCramValues on every set of cells within 5 x 4.
func TestCramEndgame(t *testing.T) {
	want := denseCramValues(cramEndgameW, cramEndgameH)
	table := new(cramEndgameTable)
	for m := len(want) - 1; m >= 0; m-- {
		if got := table.value(uint32(m)); got != want[m] {
			t.Fatalf("%s: table %d, brute force %d", cramMaskBoard(cramEndgameW, cramEndgameH, uint32(m)), got, want[m])
		}
	}
}

// TestCramAppendSums checks that AppendSums, which the engine calls in
// place of Options, lists the same options in the same order, on every
// set of cells within 4 x 4 (bitboards) and within 9 x 2 (wide keys).
func TestCramAppendSums(t *testing.T) {
	g := newCramBitsGame(true)
	same := func(p uint64) {
		var want [][]uint64
		g.Options(p, func(o []uint64) bool {
			want = append(want, slices.Clone(o))
			return true
		})
		parts, ends := g.AppendSums(p, nil, nil)
		if len(ends) != len(want) {
			t.Fatalf("board %#x: %d options listed, Options has %d", p, len(ends), len(want))
		}
		start := 0
		for i, end := range ends {
			if got := parts[start:end]; !slices.Equal(got, want[i]) {
				t.Fatalf("board %#x, option %d: %#x, Options has %#x", p, i, got, want[i])
			}
			start = int(end)
		}
	}
	for m := range uint64(1 << 16) {
		same(m&0xf | m<<4&0xf00 | m<<8&0xf0000 | m<<12&0xf000000)
	}
	wide := 0
	for m := range uint64(1 << 18) {
		if key, ok := wideKey(Shape{Bits: m, W: 9, H: 2}); ok && key&cramWideTag != 0 {
			same(key)
			wide++
		}
	}
	if wide < 1<<16 {
		t.Fatalf("only %d wide keys among the sets within 9 x 2", wide)
	}
}
