package games

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

// This file lets cramBitsGame hold the components wider than 8 cells (the
// boards 4 x 9, 5 x 9, 5 x 10, 4 x 11) in the same 64-bit keys as those
// within 8 x 8, so one engine, one memo and the endgame table serve both,
// and a wide component's options that fit 8 x 8 become bitboards at once.
//
// A wide key is a canonical Shape (ShapeGame.Canon: W >= 9 > H or W >= H,
// cropped) of at most wideCells' 59 cells, W <= 15: its cells in bits 0-58
// (cell (r, c) at bit r*W+c), W in bits 59-62 and cramWideTag, bit 63. A
// bitboard key within 8 x 8 sets bit 63 only for a component whose bounding
// box is 8 x 8 (cell (7, 7)); cramEval sends those to the Shape engine
// (cramFastParts), and the options of a component of the fast engine never
// have one: an option lies within its component's bounding box, and a wide
// component has at most 6 rows (9 * 7 > 59).

// cramWideTag marks a wide key.
const cramWideTag = 1 << 63

// wideCells masks the cells of a wide key.
const wideCells = 1<<59 - 1

// maxWideW is the widest wide key.
const maxWideW = 15

// wideKey returns the key of a canonical wide Shape; ok is false when it
// does not fit one (more than 59 cells in its box, or wider than 15).
func wideKey(s Shape) (uint64, bool) {
	if s.W > maxWideW || int(s.W)*int(s.H) > 59 {
		return 0, false
	}
	return cramWideTag | uint64(s.W)<<59 | s.Bits, true
}

// wideShape decodes a wide key: its height is that of its last cell's row
// (the shape is cropped).
func wideShape(p uint64) Shape {
	w := int(p >> 59 & maxWideW)
	b := p & wideCells
	return Shape{b, uint8(w), uint8((bits.Len64(b)-1)/w + 1)}
}

// wideCache remembers the canonical keys of recent wide components, by
// their cropped shapes' keys before the symmetries (a direct-mapped table
// as canonCache; a key of 0 marks an empty entry: a shape key is never 0;
// a shape taller than wide is not cached). Invariant: an entry whose raw
// key is not 0 holds the canonical key of the shape that raw encodes.
type wideCache [1 << 12]struct{ raw, canon uint64 }

// appendShape appends the key of the cropped component s (of at least two
// cells) to dst: a canonical bitboard when it fits 8 x 8, else a canonical
// wide key. A wide key's options always fit one (see above); ok is false
// for another shape that does not.
func (g cramBitsGame) appendShape(s Shape, dst []uint64) (_ []uint64, ok bool) {
	if s.W > maxWideW || s.H > maxWideW || int(s.W)*int(s.H) > 59 {
		return dst, false
	}
	if s.W <= 8 && s.H <= 8 {
		p, _ := bitsOfShape(s)
		return append(dst, g.cache.cropCanon(p)), true
	}
	if s.H > s.W { // a tall shape, met only among a board's components
		k, ok := wideKey(ShapeGame{}.Canon(s))
		return append(dst, k), ok
	}
	raw := cramWideTag | uint64(s.W)<<59 | s.Bits
	e := &g.wide[raw*0x9e3779b97f4a7c15>>52]
	if e.raw != raw {
		k, ok := wideKey(ShapeGame{}.Canon(s))
		if !ok {
			return dst, false
		}
		e.raw, e.canon = raw, k
	}
	return append(dst, e.canon), true
}

// wideOptions is Options on a wide key: each domino's leftover split into
// components, each encoded by appendShape (a component of one cell has no
// move and is left out).
func (g cramBitsGame) wideOptions(p uint64, yield func([]uint64) bool) {
	s := wideShape(p)
	(cramShapeGame{}).Options(s, func(option []Shape) bool {
		dst := g.buf[:0]
		for _, c := range (ShapeGame{}).Split(option[0], g.shapes[:0]) {
			if c.Bits&(c.Bits-1) != 0 {
				dst, _ = g.appendShape(c, dst)
			}
		}
		return yield(dst)
	})
}

// wideValue answers the wide keys cramShapeGame.Value answers: full rows
// (Dawson's Kayles) and, with the symmetry shortcut, the half-turn
// symmetric shapes whose centre is closed (cramSymmetric's theorem).
func (g cramBitsGame) wideValue(p uint64) (game.Nimber, bool) {
	s := wideShape(p)
	if s.H == 1 && s.Bits == rowMask(int(s.W)) {
		return g.rows[s.W], true
	}
	if g.symmetry && s.transform(3) == s && cramCentreClosed(s.Bits, int(s.W), int(s.H), int(s.W)) {
		return 0, true // cramSymmetric's theorem
	}
	return 0, false
}
