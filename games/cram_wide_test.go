package games

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

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
