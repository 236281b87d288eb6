package games

import (
	"math/rand/v2"
	"testing"
)

// naiveDominoes counts the pairs of adjacent open cells of a w x h board
// whose cell (r, c) is bit r*stride+c of b.
func naiveDominoes(b uint64, w, h, stride int) int {
	open := func(r, c int) bool { return r < h && c < w && b>>(r*stride+c)&1 != 0 }
	n := 0
	for r := range h {
		for c := range w {
			if !open(r, c) {
				continue
			}
			if open(r, c+1) {
				n++
			}
			if open(r+1, c) {
				n++
			}
		}
	}
	return n
}

// TestCramWeight checks Weight, the dominoes of a component, against a
// count cell by cell on random boards within 8 x 8 and random wide keys.
func TestCramWeight(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 10))
	g := newCramBitsGame(true)
	for range 5000 {
		w, h := 1+rng.IntN(8), 1+rng.IntN(8)
		var b uint64
		for r := range h {
			for c := range w {
				if rng.IntN(4) != 0 {
					b |= 1 << (8*r + c)
				}
			}
		}
		// A board whose cell (7, 7) is open sets the wide keys' tag: the
		// fast engine never holds one (cramEval.fastParts).
		if got, want := g.Weight(b), naiveDominoes(b, w, h, 8); b&cramWideTag == 0 && got != want {
			t.Fatalf("board %#x: Weight %d, %d dominoes", b, got, want)
		}
		w = 9 + rng.IntN(maxWideW-8)
		h = 1 + rng.IntN(59/w)
		b = 0
		for i := range w * h {
			if rng.IntN(4) != 0 {
				b |= 1 << i
			}
		}
		key := cramWideTag | uint64(w)<<59 | b
		if got, want := g.Weight(key), naiveDominoes(b, w, h, w); got != want {
			t.Fatalf("wide %dx%d %#x: Weight %d, %d dominoes", w, h, b, got, want)
		}
	}
}
