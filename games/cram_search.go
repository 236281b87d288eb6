package games

import "sync"

// The order in which Cram lists a component's dominoes. The pruned search
// tries the options of a position by the sum of the squared sizes of their
// components (cramBitsGame.Size), and among equal sums in the order the
// game lists them. Cram lists the dominoes from the centre of the
// component's bounding box outwards: a domino near the centre cuts the
// component into pieces, or leaves it thinner, more often than one at its
// edge, so the option that settles a question ("is there an option of
// value k?") is found sooner. The distance of a domino is that of its
// centre from the box's centre, |dx| + |dy|; among dominoes at one
// distance, those across the box's short side (vertical ones: a canonical
// component is at least as wide as tall) come first, then the rest, each
// in the order of their cells. On 5 x 7 this expands 164k positions where
// the order of the cells with options ordered by the dominoes they leave
// expanded 349k, on 9 x 4 93k where it expanded 212k.

// cramRing is the dominoes of a box at one distance from its centre: the
// top cells of the vertical ones and the left cells of the horizontal ones.
type cramRing struct{ vertical, horizontal uint64 }

// cramMaxRings bounds the rings of a box: twice a domino's distance is at
// most w + h - 3 (see cramRingsOf), so its ring is at most 6 within 8 x 8
// and at most 7 on the wide keys (w + h <= 18 when w * h <= 59, w <= 15).
const cramMaxRings = 8

// cramRings is the dominoes of a w x h box by rings, nearest first.
type cramRings [cramMaxRings]cramRing

// cramRingsOf returns the rings of the w x h box on the layout of stride
// stride (cell (r, c) at bit r*stride+c). In doubled coordinates the
// centre of the box is (w, h) and a cell's centre (2c+1, 2r+1), so the
// vertical domino whose top cell is (r, c) has its centre at distance
// |2c+1-w| + |2r+2-h|, and the horizontal one whose left cell is (r, c)
// at |2c+2-w| + |2r+1-h|: both of the parity of w+h+1, so half the
// doubled distance, rounded down, numbers the rings in order. The largest
// doubled distance is (w-1) + (h-2) for a vertical domino and (w-2) +
// (h-1) for a horizontal one.
func cramRingsOf(w, h int, stride uint) (rs cramRings) {
	for r := range h {
		for c := range w {
			bit := uint64(1) << (uint(r)*stride + uint(c))
			if r+1 < h {
				rs[(abs(2*c+1-w)+abs(2*r+2-h))/2].vertical |= bit
			}
			if c+1 < w {
				rs[(abs(2*c+2-w)+abs(2*r+1-h))/2].horizontal |= bit
			}
		}
	}
	return rs
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cramOrders holds the rings of every box: bits[w][h] those of the boxes
// within 8 x 8 (stride 8) and wide[w][h] those of the wide keys (stride
// w), made on first use (24 KiB, shared by every request: it is the same
// for all).
type cramOrders struct {
	bits [9][9]cramRings
	wide [maxWideW + 1][7]cramRings
}

var cramOrder = sync.OnceValue(func() *cramOrders {
	o := new(cramOrders)
	for w := 1; w <= 8; w++ {
		for h := 1; h <= 8; h++ {
			o.bits[w][h] = cramRingsOf(w, h, 8)
		}
	}
	for w := 9; w <= maxWideW; w++ {
		for h := 1; h <= 6 && w*h <= 59; h++ {
			o.wide[w][h] = cramRingsOf(w, h, uint(w))
		}
	}
	return o
})

// each calls f with the cells of each domino of the box, in the rings'
// order, whose top (left) cell is in vertical (horizontal), until f
// returns false; stride is the layout's.
func (rs *cramRings) each(horizontal, vertical uint64, stride uint, f func(domino uint64) bool) {
	for _, r := range rs {
		for d := vertical & r.vertical; d != 0; d &= d - 1 {
			low := d & -d
			if !f(low | low<<stride) {
				return
			}
		}
		for d := horizontal & r.horizontal; d != 0; d &= d - 1 {
			low := d & -d
			if !f(low | low<<1) {
				return
			}
		}
	}
}
