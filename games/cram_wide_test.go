package games

import (
	"math/bits"
	"math/rand/v2"
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
		var first uint64
		for r := range h {
			first |= 1 << (r * w)
		}
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
		var first uint64
		for r := range b.H {
			first |= 1 << (r * b.W)
		}
		q := cramReduce(m, uint(b.W), first, first<<(b.W-1))
		if got := cramMaskBoard(b.W, b.H, uint32(q)); got != tc.want {
			t.Errorf("%s: reduced to %s, want %s", tc.board, got, tc.want)
		}
	}
}

// randomWide returns a random cropped shape of width 9..15 and height
// 1..59/width, of a random density.
func randomWide(rng *rand.Rand) Shape {
	for {
		w := 9 + rng.IntN(7)
		h := 1 + rng.IntN(59/w)
		m := rng.Uint64() & rng.Uint64()
		if rng.IntN(2) == 0 {
			m |= rng.Uint64()
		}
		m &= 1<<(w*h) - 1
		if m == 0 {
			continue
		}
		s := crop(m, w)
		if s.W > 8 && s.W > s.H {
			return s
		}
	}
}

// TestCramWideCanon checks the wide keys' whole-word symmetries against
// ShapeGame.Canon's cell-by-cell transforms on 20,000 random shapes, and
// the decoding of a key.
func TestCramWideCanon(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	for range 20000 {
		s := randomWide(rng)
		want, ok := wideKey(ShapeGame{}.Canon(s))
		if !ok {
			t.Fatalf("%+v: no wide key", s)
		}
		if got := wideCanonKey(s.Bits, uint(s.W), uint(s.H)); got != want {
			t.Fatalf("%+v: key %x, want %x", s, got, want)
		}
		if got := wideShape(want); got != (ShapeGame{}).Canon(s) {
			t.Fatalf("%+v: key %x decodes to %+v", s, want, got)
		}
	}
}

// TestCramWideSplit checks the wide keys' split by occluded fills against
// ShapeGame.Split's one-step dilation on 20,000 random sets of cells of the
// layouts of stride 9 to 15, and each component's key against appendShape
// on the cropped component.
func TestCramWideSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 5))
	g := newCramBitsGame(true)
	for range 20000 {
		s := randomWide(rng)
		w := uint(s.W)
		first := wideFirst[w]
		var got []uint64
		for rest := s.Bits; rest != 0; {
			comp := wideComponent(rest, w, first, first<<(w-1))
			if comp&^rest != 0 || comp == 0 {
				t.Fatalf("%+v: component %x of %x", s, comp, rest)
			}
			rest &^= comp
			if comp&(comp-1) != 0 {
				got = append(got, g.wideCropKey(comp, w))
			}
		}
		var want []uint64
		for _, c := range (ShapeGame{}).Split(s, nil) {
			if bits.OnesCount64(c.Bits) > 1 {
				want, _ = g.appendShape(c, want)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%+v: components %x, want %x", s, got, want)
		}
	}
}
