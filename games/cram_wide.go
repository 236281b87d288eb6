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
// (cramEval.fastParts), and the options of a component of the fast engine never
// have one: an option lies within its component's bounding box, and a wide
// component has at most 6 rows (9 * 7 > 59). A wide key's options are
// computed on its own layout (stride W) by whole-word operations, as the
// bitboards' are: the reduction, occluded fills for the components, and
// the symmetries by reversing the bits of the box (the half-turn) and the
// rows.

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

// wideFirst[w] masks column 0 of the layout of stride w (every bit r*w of
// the word), for the wide widths.
var wideFirst = func() (m [maxWideW + 1]uint64) {
	for w := 9; w <= maxWideW; w++ {
		for i := 0; i < 64; i += w {
			m[w] |= 1 << i
		}
	}
	return m
}()

// appendShape appends the key of the cropped component s (of at least two
// cells) to dst: a canonical bitboard when it fits 8 x 8, else a canonical
// wide key. A wide key's options always fit one (see above); ok is false
// for another shape that does not.
func (g *cramBitsGame) appendShape(s Shape, dst []uint64) (_ []uint64, ok bool) {
	if s.W > maxWideW || s.H > maxWideW || int(s.W)*int(s.H) > 59 {
		return dst, false
	}
	if s.W <= 8 && s.H <= 8 {
		p, _ := bitsOfShape(s)
		return append(dst, g.cache.cropCanon(p)), true
	}
	if s.H > s.W { // a tall shape, met only among a board's components
		s = s.transform(4)
	}
	return append(dst, wideCanonKey(s.Bits, uint(s.W), uint(s.H))), true
}

// wideCanonKey returns the wide key of the cropped shape b of width w > 8
// and height h < w (cell (r, c) at bit r*w+c): the smallest of its images
// that keep it wider than tall (ShapeGame.Canon's representative), found by
// whole-word operations. Reversing the w*h bits of the box maps bit r*w+c
// to bit (h-1-r)*w + (w-1-c), the half-turn; the rows reversed (a mirror)
// take one shift a row; the other mirror is the half-turn of that one.
func wideCanonKey(b uint64, w, h uint) uint64 {
	spare := (64 - w*h) & 63
	var rows uint64 // the rows in reverse order
	for r := range h {
		rows |= (b >> (r * w) & (1<<w - 1)) << ((h - 1 - r) * w)
	}
	return cramWideTag | uint64(w)<<59 | min(b, bits.Reverse64(b)>>spare, rows, bits.Reverse64(rows)>>spare)
}

// wideOptions is Options on a wide key: for each domino, from the centre
// of the box outwards (cramRings), what it leaves, reduced (cramReduce)
// and split into components by occluded fills along the layout of stride
// w, each a canonical bitboard or wide key (a component of one cell has no
// move and is left out; a pair of equal components, of nim-sum 0, too).
func (g *cramBitsGame) wideOptions(p uint64, yield func([]uint64) bool) {
	w := uint(p >> 59 & maxWideW)
	b := p & wideCells
	first := wideFirst[w]
	last := first << (w - 1)
	h := uint(max(bits.Len64(b), 1)-1)/w + 1 // the rows of the shape (cropped), one for no cell
	g.order.wide[w][h].each(cramHorizontal(b, w, first, last), b&(b>>w), w, func(domino uint64) bool {
		return yield(g.wideSplit(b&^domino, w, first, last))
	})
}

// wideSplit returns the keys of the pieces (cramPieces) of q, a set of
// cells of the layout of stride w (first and last mask its first and last
// columns), in g.buf.
func (g *cramBitsGame) wideSplit(q uint64, w uint, first, last uint64) []uint64 {
	dst := g.buf[:0]
	for _, piece := range cramPieces(q, w, first, last, g.pieces[:0]) {
		dst = appendOrCancel(dst, 0, g.wideCropKey(piece, w))
	}
	return dst
}

// wideComponent returns the component of the non-empty set rest (stride
// w) that holds its lowest cell: occluded fills along the columns and the
// rows, each of which moves the front any distance through open cells in a
// few shifts (Kogge–Stone), until a round adds nothing.
func wideComponent(rest uint64, w uint, first, last uint64) uint64 {
	comp := rest & -rest
	for {
		next := wideFillVertical(comp, rest, w)
		next = wideFillEast(next, rest&^first) | wideFillWest(next, rest&^last)
		if next == comp {
			return comp
		}
		comp = next
	}
}

// wideFillVertical returns g with every cell of open that a run of open
// cells of a column joins to g, up or down (at most 7 rows: a wide key has
// at most 6).
func wideFillVertical(g, open uint64, w uint) uint64 {
	s, n, down, up := g, g, open, open
	for k := w; k < 8*w; k *= 2 {
		s |= down & (s << k)
		n |= up & (n >> k)
		down &= down << k
		up &= up >> k
	}
	return s | n
}

// wideFillEast returns g with every cell of open that a run of open cells
// joins to g towards higher columns; open must leave column 0 out, so that
// no shift wraps into the next row (at most 15 columns).
func wideFillEast(g, open uint64) uint64 {
	g |= open & (g << 1)
	open &= open << 1
	g |= open & (g << 2)
	open &= open << 2
	g |= open & (g << 4)
	open &= open << 4
	return g | open&(g<<8)
}

// wideFillWest is wideFillEast towards lower columns; open must leave the
// last column out.
func wideFillWest(g, open uint64) uint64 {
	g |= open & (g >> 1)
	open &= open >> 1
	g |= open & (g >> 2)
	open &= open >> 2
	g |= open & (g >> 4)
	open &= open >> 4
	return g | open&(g>>8)
}

// wideCropKey returns the key of the component comp (of at least two
// cells) of a wide key of width w: a canonical bitboard when its bounding
// box fits 8 x 8, else a canonical wide key (at most 6 rows either way).
func (g *cramBitsGame) wideCropKey(comp uint64, w uint) uint64 {
	comp >>= uint(bits.TrailingZeros64(comp)) / w * w
	h := uint(bits.Len64(comp)-1)/w + 1
	var cols uint64
	for x := comp; x != 0; x >>= w {
		cols |= x
	}
	cols &= 1<<w - 1
	left := uint(bits.TrailingZeros64(cols))
	nw := uint(bits.Len64(cols)) - left
	if nw <= 8 {
		var p uint64
		for r := range h {
			p |= (comp >> (r*w + left) & 0xff) << (8 * r)
		}
		p &= bitsRows(nw) // the cells right of the box, from the next row
		return g.cache.cropCanon(p)
	}
	if nw != w {
		var b uint64
		for r := range h {
			b |= (comp >> (r*w + left) & (1<<nw - 1)) << (r * nw)
		}
		comp = b
	}
	return wideCanonKey(comp, nw, h)
}

// bitsRows masks the first w columns of every row of the 8x8 layout.
func bitsRows(w uint) uint64 { return col0Mask * (1<<w - 1) }

// wideValue answers the wide keys cramShapeGame.Value answers: full rows
// (Dawson's Kayles) and, with the symmetry shortcut, the half-turn
// symmetric shapes whose centre is closed (cramSymmetric's theorem; the
// half-turn of a box of n cells reverses its n bits).
func (g *cramBitsGame) wideValue(p uint64) (game.Nimber, bool) {
	s := wideShape(p)
	if s.H == 1 && s.Bits == rowMask(int(s.W)) {
		return g.rows[s.W], true
	}
	if g.symmetry && bits.Reverse64(s.Bits)>>((64-uint(s.W)*uint(s.H))&63) == s.Bits && cramCentreClosed(s.Bits, int(s.W), int(s.H), int(s.W)) {
		return 0, true // cramSymmetric's theorem
	}
	return 0, false
}
