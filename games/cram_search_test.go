package games

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestCramOrder checks the order of the dominoes (cramRings.each) on
// random sets of cells of every box within 8 x 8 and of every wide box:
// every domino given is listed once, and the distances of their centres
// from the box's centre, measured here in cells as floats, never
// decrease from one ring to the next, with the vertical dominoes of a
// ring before its horizontal ones.
func TestCramOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 7))
	check := func(w, h int, stride uint, rs *cramRings) {
		t.Helper()
		var box uint64
		for r := range h {
			for c := range w {
				box |= 1 << (uint(r)*stride + uint(c))
			}
		}
		for range 200 {
			cells := box & rng.Uint64()
			var horizontal, vertical uint64 // a domino's first cell, as the models find them
			for r := range h {
				for c := range w {
					i := uint(r)*stride + uint(c)
					if cells>>i&1 == 0 {
						continue
					}
					if c+1 < w && cells>>(i+1)&1 != 0 {
						horizontal |= 1 << i
					}
					if r+1 < h && cells>>(i+stride)&1 != 0 {
						vertical |= 1 << i
					}
				}
			}
			seenH, seenV := uint64(0), uint64(0)
			lastRing, lastVertical := -1, true
			rs.each(horizontal, vertical, stride, func(domino uint64) bool {
				first := domino & -domino
				i := 0
				for first>>i != 1 {
					i++
				}
				r, c := i/int(stride), i%int(stride)
				vert := domino != first|first<<1
				x, y := float64(c)+1, float64(r)+0.5 // the centre of a horizontal domino
				if vert {
					x, y = float64(c)+0.5, float64(r)+1
					if vertical&first == 0 || seenV&first != 0 {
						t.Fatalf("%dx%d %#x: vertical domino at (%d, %d) not given or listed twice", w, h, cells, r, c)
					}
					seenV |= first
				} else {
					if horizontal&first == 0 || seenH&first != 0 {
						t.Fatalf("%dx%d %#x: horizontal domino at (%d, %d) not given or listed twice", w, h, cells, r, c)
					}
					seenH |= first
				}
				ring := int(math.Floor(math.Abs(x-float64(w)/2) + math.Abs(y-float64(h)/2)))
				if ring < lastRing || ring == lastRing && vert && !lastVertical {
					t.Fatalf("%dx%d %#x: domino at (%d, %d) in ring %d after one in ring %d", w, h, cells, r, c, ring, lastRing)
				}
				lastRing, lastVertical = ring, vert
				return true
			})
			if seenH != horizontal || seenV != vertical {
				t.Fatalf("%dx%d %#x: dominoes left out: horizontal %#x, vertical %#x", w, h, cells, horizontal&^seenH, vertical&^seenV)
			}
		}
	}
	o := cramOrder()
	for w := 1; w <= 8; w++ {
		for h := 1; h <= 8; h++ {
			check(w, h, 8, &o.bits[w][h])
		}
	}
	for w := 9; w <= maxWideW; w++ {
		for h := 1; h <= 6 && w*h <= 59; h++ {
			check(w, h, uint(w), &o.wide[w][h])
		}
	}
}
