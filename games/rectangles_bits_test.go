package games

import (
	"context"
	"math/bits"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// drawBoard draws a board within w x h cells on the 8x8 layout, w and h in
// 1..8, denser or sparser at random.
func drawBoard(t *rapid.T) (p uint64, w, h int) {
	w = rapid.IntRange(1, 8).Draw(t, "w")
	h = rapid.IntRange(1, 8).Draw(t, "h")
	cells := rapid.Uint64().Draw(t, "cells")
	if rapid.Bool().Draw(t, "dense") {
		cells |= rapid.Uint64().Draw(t, "more")
	}
	for r := 0; r < h; r++ {
		p |= (cells >> (8 * r) & (1<<w - 1)) << (8 * r)
	}
	return p, w, h
}

// image returns board p, cropped, under symmetry k of the square, cell by
// cell: bit 0 of k mirrors columns, bit 1 rows, bit 2 transposes.
func image(p uint64, k int) uint64 {
	var out uint64
	for i := 0; i < 64; i++ {
		if p>>i&1 == 0 {
			continue
		}
		r, c := i/8, i%8
		if k&1 != 0 {
			c = 7 - c
		}
		if k&2 != 0 {
			r = 7 - r
		}
		if k&4 != 0 {
			r, c = c, r
		}
		out |= 1 << (8*r + c)
	}
	return cropSlow(out)
}

// cropSlow moves the cells of p to the top-left corner, cell by cell.
func cropSlow(p uint64) uint64 {
	top, left := 8, 8
	for i := 0; i < 64; i++ {
		if p>>i&1 != 0 {
			top, left = min(top, i/8), min(left, i%8)
		}
	}
	var out uint64
	for i := 0; i < 64; i++ {
		if p>>i&1 != 0 {
			out |= 1 << (8*(i/8-top) + i%8 - left)
		}
	}
	return out
}

// componentsSlow returns the 4-connected components of p by breadth-first
// search over cells.
func componentsSlow(p uint64) []uint64 {
	var comps []uint64
	seen := uint64(0)
	for i := 0; i < 64; i++ {
		if p>>i&1 == 0 || seen>>i&1 != 0 {
			continue
		}
		comp := uint64(1) << i
		seen |= comp
		queue := []int{i}
		for len(queue) > 0 {
			cell := queue[0]
			queue = queue[1:]
			r, c := cell/8, cell%8
			for _, nb := range [][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				if nb[0] < 0 || nb[0] > 7 || nb[1] < 0 || nb[1] > 7 {
					continue
				}
				j := nb[0]*8 + nb[1]
				if p>>j&1 != 0 && seen>>j&1 == 0 {
					seen |= 1 << j
					comp |= 1 << j
					queue = append(queue, j)
				}
			}
		}
		comps = append(comps, comp)
	}
	return comps
}

// TestBitsCanon: cropping agrees with a cell-by-cell crop, and the
// canonical form is the smallest of the 8 cropped images computed cell by
// cell, and the same for every image.
func TestBitsCanon(t *testing.T) {
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		p <<= 8 * rapid.IntRange(0, 7).Draw(t, "down") // anywhere on the board
		if p == 0 {
			return
		}
		if got, want := bitsCrop(p), cropSlow(p); got != want {
			t.Fatalf("crop of %#x is %#x, want %#x", p, got, want)
		}
		p = cropSlow(p)
		want := ^uint64(0)
		for k := 0; k < 8; k++ {
			want = min(want, image(p, k))
		}
		for k := 0; k < 8; k++ {
			if got := bitsCanon(image(p, k)); got != want {
				t.Fatalf("canon of image %d of %#x is %#x, want %#x", k, p, got, want)
			}
		}
	}))
}

// eachBoard runs check on 50 boards per rapid case: 5,000 in a default run.
func eachBoard(check func(t *rapid.T)) func(t *rapid.T) {
	return func(t *rapid.T) {
		for i := 0; i < 50; i++ {
			check(t)
		}
	}
}

// TestBitsSplit: the components are those a breadth-first search finds,
// each in canonical form.
func TestBitsSplit(t *testing.T) {
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		var want []uint64
		for _, c := range componentsSlow(p) {
			want = append(want, bitsCanon(cropSlow(c)))
		}
		got := bitsSplit(p, nil)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("split of %#x: %#x, want %#x", p, got, want)
		}
	}))
}

// TestCanonCache: the cache's representative of a component is
// bitsCropCanon's, on a miss and on the hit after it, with entries evicted
// by other components (5,000 components through 2^14 slots).
func TestCanonCache(t *testing.T) {
	cache := new(canonCache)
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		for _, comp := range componentsSlow(p) {
			if comp&(comp-1) == 0 {
				continue // one cell: not asked for
			}
			want := bitsCropCanon(comp)
			for range 2 {
				if got := cache.cropCanon(comp); got != want {
					t.Fatalf("component %#x: cache %#x, bitsCropCanon %#x", comp, got, want)
				}
			}
		}
	}))
}

// TestBitsAppendSums: AppendSums lists the options Options yields, in the
// same order and with the same components, after what parts already held,
// on random boards and on connected cropped ones (the engine's positions),
// with one game, so its canonCache is shared by all the boards.
func TestBitsAppendSums(t *testing.T) {
	g := newBitsGame()
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		if p != 0 && rapid.Bool().Draw(t, "connected") {
			// One component, cropped and in any orientation: the
			// positions the engine asks for, and their images.
			p = image(bitsSplit(p, nil)[0], rapid.IntRange(0, 7).Draw(t, "image"))
		}
		var want [][]uint64
		g.Options(p, func(o []uint64) bool {
			want = append(want, slices.Clone(o))
			return true
		})
		parts, ends := g.AppendSums(p, []uint64{7}, []int32{-1})
		if len(ends) != len(want)+1 {
			t.Fatalf("board %#x: %d options appended, Options yields %d", p, len(ends)-1, len(want))
		}
		start := int32(1)
		for i, end := range ends[1:] {
			if got := parts[start:end]; !slices.Equal(got, want[i]) {
				t.Fatalf("board %#x, option %d: %#x, Options yields %#x", p, i, got, want[i])
			}
			start = end
		}
		if int(start) != len(parts) {
			t.Fatalf("board %#x: %d parts past the last option", p, len(parts)-int(start))
		}
	}))
}

// TestBitsRects: bitsRects yields each rectangle of open cells once, as
// found by trying every corner pair.
func TestBitsRects(t *testing.T) {
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		var want []uint64
		for r1 := 0; r1 < 8; r1++ {
			for c1 := 0; c1 < 8; c1++ {
				for r2 := r1; r2 < 8; r2++ {
					for c2 := c1; c2 < 8; c2++ {
						var rect uint64
						for r := r1; r <= r2; r++ {
							for c := c1; c <= c2; c++ {
								rect |= 1 << (8*r + c)
							}
						}
						if p&rect == rect {
							want = append(want, rect)
						}
					}
				}
			}
		}
		var got []uint64
		bitsRects(p, func(rect uint64) bool { got = append(got, rect); return true })
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("rectangles of %#x: %d, want %d", p, len(got), len(want))
		}
	}))
}

// TestBitsAgainstShapeEngine values random shapes within 8x8 (at most 16
// open cells, so the search is quick; 10 per rapid case, 1,000 in all) with the bitboard engine and with
// the previous engine on Shapes (flood fill and 8 symmetries per option),
// and compares each component's canonical form with the previous one's.
func TestBitsAgainstShapeEngine(t *testing.T) {
	fast := solve.NewGrundy[uint64](newBitsGame(), nil)
	old := solve.NewGrundy[Shape](ShapeGame{}, nil)
	rapid.Check(t, func(t *rapid.T) {
		for range 10 {
			compareEngines(t, fast, old)
		}
	})
}

func compareEngines(t *rapid.T, fast *solve.Grundy[uint64], old *solve.Grundy[Shape]) {
	ctx := context.Background()
	{
		p, w, h := drawBoard(t)
		for popcount(p) > 16 {
			p &= p - 1
		}
		var s Shape
		s.W, s.H = uint8(w), uint8(h)
		for r := 0; r < h; r++ {
			s.Bits |= (p >> (8 * r) & rowMask(w)) << (r * w)
		}
		var got game.Nimber
		for _, c := range bitsSplit(p, nil) {
			v, err := fast.Value(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			got ^= v
		}
		want, err := old.Value(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("board %#x: bitboard engine %d, shape engine %d", p, got, want)
		}
		var fromOld []uint64
		for _, c := range (ShapeGame{}).Split(s, nil) {
			b, ok := bitsOfShape((ShapeGame{}).Canon(c))
			if !ok {
				t.Fatalf("component %v of a board within 8x8 does not fit", c)
			}
			fromOld = append(fromOld, bitsCanon(b))
		}
		fromNew := bitsSplit(p, nil)
		slices.Sort(fromOld)
		slices.Sort(fromNew)
		if !slices.Equal(fromOld, fromNew) {
			t.Fatalf("board %#x: components %#x, the shape engine's %#x", p, fromNew, fromOld)
		}
	}
}

// TestBitsRingEnds: on random boards (half of them connected and cropped,
// in any orientation) less a random column segment of open cells of one
// component, bitsRingEnds finds the arcs' ends that a walk round the ring,
// cell by cell, finds; it never calls a board connected (at most one end)
// that breadth-first search finds in several components, and every
// component holds an end; and bitsParts.remove, with its shortcuts (no
// split when connected, no fill of the last component), agrees with
// bitsSplit, components and order.
func TestBitsRingEnds(t *testing.T) {
	rapid.Check(t, eachBoard(func(t *rapid.T) {
		p, _, _ := drawBoard(t)
		if p == 0 {
			return
		}
		if rapid.Bool().Draw(t, "connected") {
			// One component, cropped and in any orientation.
			p = image(bitsSplit(p, nil)[0], rapid.IntRange(0, 7).Draw(t, "image"))
		}
		whole := bitsParts{cache: new(canonCache)}
		whole.split(p)
		i := rapid.IntRange(0, whole.n-1).Draw(t, "component")
		comp := whole.mask[i]
		cells := popcount(comp)
		start := rapid.IntRange(0, cells-1).Draw(t, "start")
		cell := comp
		for range start {
			cell &= cell - 1
		}
		cell &= -cell
		x := cell // a segment of open cells going down from cell
		for n := rapid.IntRange(0, 7).Draw(t, "length"); n > 0 && x<<8&^x&comp != 0; n-- {
			x |= x << 8 & comp
		}
		q := comp &^ x
		if q != 0 {
			ends := bitsRingEnds(q, x)
			if want := ringEndsSlow(q, x); ends != want {
				t.Fatalf("component %#x less %#x: ends %#x, the walk finds %#x", comp, x, ends, want)
			}
			comps := componentsSlow(q)
			if ends&(ends-1) == 0 && len(comps) != 1 {
				t.Fatalf("component %#x less %#x: %d components, not connected", comp, x, len(comps))
			}
			for _, c := range comps {
				if ends != 0 && c&ends == 0 {
					t.Fatalf("component %#x less %#x: part %#x holds no end of %#x", comp, x, c, ends)
				}
			}
		}
		whole.remove(x)
		got := whole.canon[:whole.n]
		if want := bitsSplit(p&^x, nil); !slices.Equal(got, want) {
			t.Fatalf("board %#x less %#x: %#x, bitsSplit %#x", p, x, got, want)
		}
		for j := range whole.n {
			if whole.mask[j]&(p&^x) != whole.mask[j] {
				t.Fatalf("board %#x less %#x: component %#x outside", p, x, whole.mask[j])
			}
		}
	}))
}

// ringEndsSlow is bitsRingEnds cell by cell: it walks round the ring of the
// column segment x (rows a..b, column c): (a-1, c), then (a-1..b+1, c+1)
// going down, (b+1, c), then (b+1..a-1, c-1) going up, and returns the open
// cells (in q, on the board) whose next cell on the ring is closed.
func ringEndsSlow(q, x uint64) uint64 {
	a, b, c := bits.TrailingZeros64(x)/8, (63-bits.LeadingZeros64(x))/8, bits.TrailingZeros64(x)%8
	ring := [][2]int{{a - 1, c}}
	for r := a - 1; r <= b+1; r++ {
		ring = append(ring, [2]int{r, c + 1})
	}
	ring = append(ring, [2]int{b + 1, c})
	for r := b + 1; r >= a-1; r-- {
		ring = append(ring, [2]int{r, c - 1})
	}
	open := func(cell [2]int) bool {
		r, c := cell[0], cell[1]
		return r >= 0 && r < 8 && c >= 0 && c < 8 && q>>(8*r+c)&1 != 0
	}
	var ends uint64
	for i, cell := range ring {
		if open(cell) && !open(ring[(i+1)%len(ring)]) {
			ends |= 1 << (8*cell[0] + cell[1])
		}
	}
	return ends
}
