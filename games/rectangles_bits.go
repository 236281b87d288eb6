package games

import (
	"math/bits"
	"unsafe"
)

// This file is the rectangles game on 8x8 bitboards: the engine's fast path
// for components that fit in 8 rows and 8 columns (every component of a
// board up to 8x8, and every narrow enough component of larger boards).
//
// A board is one uint64 with cell (r, c) at bit 8r+c (row r in byte r,
// column c at bit c of it), r and c in 0..7. A component is kept cropped to
// its bounding box at the top-left corner (row 0 and column 0 hold an open
// cell), so the word alone determines the shape: its width is the highest
// open column + 1 and its height the highest open row + 1. Every operation
// of a move (crossing a rectangle, splitting what is left into 4-connected
// components, cropping each, choosing its representative under the 8
// symmetries of the square) is a handful of word operations: masks,
// shifts, byte swaps, a bit-matrix transpose and occluded fills.

// bitsGame is the rectangles game on canonical cropped 8x8 bitboards
// (bitsCanon). Its Options yield each option already split into canonical
// components, so it needs neither Splitter nor Canonicalizer, and its
// positions are integers, so the engine keys its memo by them directly.
type bitsGame struct {
	buf   *[64]uint64 // the components of the option being yielded
	cache *canonCache // AppendSums' representatives of recent components
}

func newBitsGame() bitsGame { return bitsGame{buf: new([64]uint64), cache: new(canonCache)} }

// bitsScratchBytes is the memory of a bitsGame's buffer, which every game
// holds.
const bitsScratchBytes = 64 * 8

// canonCache remembers the representatives (bitsCropCanon) of the
// components AppendSums met lately, by their cells (a component's cells
// determine its representative, whatever the position): the components a
// rectangle leaves away from it recur from option to option and from a
// position to the next. On 5 x 5 it finds 82% of the components of a
// split, 88% of what a segment leaves of a component of a board already
// split, 50% of what it leaves of a board in one component. It is a
// direct-mapped table of 2^14 entries (256 KiB; 2^12 and 2^16 measured
// the same on 5 x 5); invariant: an entry whose mask is m != 0 holds
// bitsCropCanon(m) (mask 0, no component, marks an empty entry). Like the
// engine, it is not safe for concurrent use. A nil *canonCache is no
// cache: it computes every representative.
type canonCache [1 << 14]struct{ mask, canon uint64 }

// canonCacheBytes is the size of a canonCache.
const canonCacheBytes = int64(unsafe.Sizeof(canonCache{}))

// cropCanon returns bitsCropCanon(m) for a component m of at least two
// cells.
func (c *canonCache) cropCanon(m uint64) uint64 {
	if c == nil {
		return bitsCropCanon(m)
	}
	e := &c[m*0x9e3779b97f4a7c15>>50] // Fibonacci hashing: the top 14 bits
	if e.mask != m {
		e.mask, e.canon = m, bitsCropCanon(m)
	}
	return e.canon
}

// Column and row masks of the 8x8 layout.
const (
	col0Mask = 0x0101010101010101 // column 0 of every row
	col7Mask = col0Mask << 7      // column 7 of every row
)

// Options yields, for each rectangle of open cells of the canonical
// component p, the canonical components of what crossing it leaves.
func (g bitsGame) Options(p uint64, yield func([]uint64) bool) {
	bitsRects(p, func(rect uint64) bool {
		return yield(bitsSplit(p&^rect, g.buf[:0]))
	})
}

// AppendSums is Options for the engine (solve.SumAppender): the canonical
// components of each option appended to parts, with len(parts) appended to
// ends after each option, in the order of bitsRects, with no callback.
//
// It splits incrementally. For a top-left cell (r1, c1), the rectangle of
// rows r1..r and width k+1 is that of width k and one more column segment,
// and the rectangle of rows r1..r and width 1 is that of rows r1..r-1 and one
// more cell. The cells added are open and vertically contiguous, so they lie
// in one component of what the smaller rectangle left: only that component
// is split again (bitsParts.remove); the others, with their canonical forms,
// are kept. A component that a segment splits needs one fill less than it
// has parts (the ring's arcs mark them, see addAll), and representatives
// come from a cache when the same cells were met lately (canonCache).
func (g bitsGame) AppendSums(p uint64, parts []uint64, ends []int32) ([]uint64, []int32) {
	var whole, col, opt bitsParts
	whole.cache, col.cache, opt.cache = g.cache, g.cache, g.cache
	whole.split(p)
	for cells := p; cells != 0; cells &= cells - 1 {
		start := bits.TrailingZeros64(cells)
		r1, c1 := start>>3, start&7
		run := 8 - c1
		var rows uint64
		col.copyFrom(&whole)
		for r := r1; r < 8; r++ {
			row := p >> ((8*r + c1) & 63) & 0xff // (shifts masked below 64: no code for larger ones)
			run = min(run, bits.TrailingZeros64(^row))
			if run == 0 {
				break
			}
			rows |= 1 << (8 * r & 63)
			col.remove(1 << ((8*r + c1) & 63))
			parts = col.appendTo(parts)
			ends = append(ends, int32(len(parts)))
			if run == 1 {
				continue
			}
			opt.copyFrom(&col)
			for k := 1; k < run; k++ {
				opt.remove(rows << ((c1 + k) & 7))
				parts = opt.appendTo(parts)
				ends = append(ends, int32(len(parts)))
			}
		}
	}
	return parts, ends
}

// bitsParts is a board split into 4-connected components, in the order of
// bitsSplit (by lowest cell): each component's cells and canonical form. A
// board of the 8x8 layout has at most 32 components: the two cells of each
// of the 32 pairs (r, 2j), (r, 2j+1) are adjacent, so a pair meets at most
// one component.
type bitsParts struct {
	n     int
	mask  [32]uint64
	canon [32]uint64
	cache *canonCache // finds the representatives
}

// split sets s to the components of p.
func (s *bitsParts) split(p uint64) {
	s.n = 0
	s.addAll(p, ^uint64(0))
}

// copyFrom sets s to a copy of t.
func (s *bitsParts) copyFrom(t *bitsParts) {
	s.n = t.n
	for i := range t.n {
		s.mask[i], s.canon[i] = t.mask[i], t.canon[i]
	}
}

// appendTo appends the canonical forms to dst.
func (s *bitsParts) appendTo(dst []uint64) []uint64 {
	if s.n == 1 {
		return append(dst, s.canon[0])
	}
	//lint:ignore S1011 a few words: the loop is cheaper than append's memmove here (measured in the hashed engine's benchmark)
	for _, c := range s.canon[:s.n] {
		dst = append(dst, c)
	}
	return dst
}

// remove takes the open cells x out of the board, x a segment of one
// column: the component that holds x is replaced by the components of what
// x leaves of it; the others are unchanged, since no cell of x is next to
// them (x's neighbours are in its component). When the ring test
// (bitsRingEnds) shows that what is left is connected, it is not split
// again.
func (s *bitsParts) remove(x uint64) {
	i := 0
	for s.mask[i]&x == 0 {
		i++
	}
	rest := s.mask[i] &^ x
	var ends uint64
	if rest != 0 {
		ends = bitsRingEnds(rest, x)
	}
	if rest != 0 && ends&(ends-1) == 0 {
		low := rest & -rest
		if i+1 == s.n || low < s.mask[i+1]&-s.mask[i+1] {
			// Its place is unchanged: its lowest cell is at or after
			// the component's and before the next one's.
			s.mask[i] = rest
			s.canon[i] = 1
			if rest&(rest-1) != 0 {
				s.canon[i] = s.cache.cropCanon(rest)
			}
			return
		}
	}
	for j := i; j+1 < s.n; j++ {
		s.mask[j], s.canon[j] = s.mask[j+1], s.canon[j+1]
	}
	s.n--
	s.addAll(rest, ends)
}

// bitsRingEnds returns the ends of the arcs of open cells on the ring
// around x, given that q | x is connected, x is a segment of one column
// (rows a..b, column c) and no cell of x is in q: one bit per arc, at the
// arc's last cell. When it has at most one bit, q is connected; and every
// component of q holds the whole of at least one arc.
//
// The ring around x is the cycle of cells (a-1, c), then (a-1..b+1, c+1)
// going down, (b+1, c), then (b+1..a-1, c-1) going up (cells off the board
// count as closed): each is 4-adjacent to the next, and the ring holds every
// 4-neighbour of x. An arc (a maximal run of open cells along the cycle) is
// a path in q, so it lies in one component of q. Every component of q
// holds a neighbour of x (q | x is connected), so an arc. If there is at
// most one arc, q is connected. Proof: take two cells u, v of q and a path
// from u to v in q | x. If it avoids x it lies in q. Otherwise the part of
// the path before it first enters x lies in q and ends at a neighbour n1 of
// x, and the part after it last leaves x starts at a neighbour n2; n1 and
// n2 are open cells of the ring, so they lie on the one arc, which is a
// path in q; so u and v are joined in q.
//
// The number of arcs is the number of open ring cells whose successor on
// the cycle is closed (none when every ring cell is open: then the result
// is 0). Those cells are distinct, so they are gathered in one word.
func bitsRingEnds(q, x uint64) uint64 {
	top := x >> 8 &^ x    // (a-1, c)
	bottom := x << 8 &^ x // (b+1, c)
	ext := x | top | bottom
	right := ext << 1 &^ col0Mask & q // open cells of (a-1..b+1, c+1)
	left := ext >> 1 &^ col7Mask & q  // open cells of (a-1..b+1, c-1)
	rightLast := bottom << 1 &^ col0Mask
	leftFirst := top >> 1 &^ col7Mask
	return right&^rightLast&^(q>>8) | // going down: the cell below is closed
		right&rightLast&^(q<<1) | // the last one: (b+1, c) is closed
		left&^leftFirst&^(q<<8) | // going up: the cell above is closed
		left&leftFirst&^(q>>1) | // the first one: (a-1, c) is closed
		top&q&^(q&^col0Mask>>1) | // (a-1, c+1) is closed
		bottom&q&^(q&^col7Mask<<1) // (b+1, c-1) is closed
}

// addAll adds the components of p (no cell of p in or next to a component
// of s), each at its place in the order by lowest cell. Every component of
// p must hold a cell of marks: then once the components found so far hold
// all but at most one cell of marks, what is left of p is one component
// (or none) and needs no fill. remove passes the arcs' ends of bitsRingEnds
// (every component holds one); ^0 marks every cell.
func (s *bitsParts) addAll(p, marks uint64) {
	j := 0
	for rest := p; rest != 0; {
		comp := rest
		if marks&(marks-1) != 0 {
			comp = bitsComponent(rest)
			marks &^= comp
		}
		rest &^= comp
		canon := uint64(1)
		if comp&(comp-1) != 0 {
			canon = s.cache.cropCanon(comp)
		}
		// The components of p come by increasing lowest cell, so each
		// one's place is after the previous one's.
		low := comp & -comp
		for j < s.n && s.mask[j]&-s.mask[j] < low {
			j++
		}
		for m := s.n; m > j; m-- {
			s.mask[m], s.canon[m] = s.mask[m-1], s.canon[m-1]
		}
		s.mask[j], s.canon[j] = comp, canon
		s.n++
		j++
	}
}

// bitsRects calls yield with the mask of every rectangle of open cells of
// board p, each once.
//
// For each top-left open cell (r1, c1) it extends the rectangle down row by
// row: run is the number of open cells from column c1 that every row so far
// has, so the rectangles with rows r1..r2 are those of widths 1..run. Each
// is rows * (the row pattern): rows has bit 0 of each row r1..r2 set, and a
// pattern of at most 8 bits multiplied by it lands in each row without
// carries.
func bitsRects(p uint64, yield func(rect uint64) bool) {
	for cells := p; cells != 0; cells &= cells - 1 {
		start := bits.TrailingZeros64(cells)
		r1, c1 := start>>3, start&7
		run := 8 - c1
		var rows uint64
		for r := r1; r < 8; r++ {
			row := p >> (8*r + c1) & 0xff
			run = min(run, bits.TrailingZeros64(^row))
			if run == 0 {
				break
			}
			rows |= 1 << (8 * r)
			for k := 1; k <= run; k++ {
				if !yield(rows * (1<<k - 1) << c1) {
					return
				}
			}
		}
	}
}

// bitsSplit appends the canonical forms of the 4-connected components of
// board p to dst. A component grows from the run of open cells that holds
// the lowest open cell, by occluded fills along columns and rows (through
// open cells only: each fill moves a front any distance in one direction
// in three shift steps, Kogge–Stone), until one step of growth in the four
// directions adds nothing: so a component is found in as many rounds as its
// paths have turns.
func bitsSplit(p uint64, dst []uint64) []uint64 {
	for rest := p; rest != 0; {
		comp := bitsComponent(rest)
		rest &^= comp
		if comp&(comp-1) == 0 {
			dst = append(dst, 1) // one cell
			continue
		}
		dst = append(dst, bitsCropCanon(comp))
	}
	return dst
}

// bitsComponent returns the component of the non-empty board rest that
// holds its lowest open cell (see bitsSplit).
func bitsComponent(rest uint64) uint64 {
	low := rest & -rest
	// The run of open cells east of the lowest one: adding low carries
	// through it; the bits that change, within its row, are the run and
	// the cell after it.
	comp := (rest ^ (rest + low)) & rest & (0xff << (bits.TrailingZeros64(low) & 0x38))
	for {
		comp = fillSouth(comp, rest) | fillNorth(comp, rest)
		comp = fillEast(comp, rest) | fillWest(comp, rest)
		if comp == rest {
			return comp // the common case: what is left is connected
		}
		// Closed when no open cell is next to the component.
		next := (comp<<1)&^col0Mask | (comp>>1)&^col7Mask | comp<<8 | comp>>8
		if next&rest&^comp == 0 {
			return comp
		}
	}
}

// fillEast returns g with every cell of open that a run of open cells
// joins to g towards higher columns (within its row).
func fillEast(g, open uint64) uint64 {
	open &^= col0Mask // a shift by one column must not wrap into column 0
	g |= open & (g << 1)
	open &= open << 1
	g |= open & (g << 2)
	open &= open << 2
	return g | open&(g<<4)
}

// fillWest is fillEast towards lower columns.
func fillWest(g, open uint64) uint64 {
	open &^= col7Mask
	g |= open & (g >> 1)
	open &= open >> 1
	g |= open & (g >> 2)
	open &= open >> 2
	return g | open&(g>>4)
}

// fillSouth is fillEast towards higher rows (no wrap: rows shift out of the
// word).
func fillSouth(g, open uint64) uint64 {
	g |= open & (g << 8)
	open &= open << 8
	g |= open & (g << 16)
	open &= open << 16
	return g | open&(g<<32)
}

// fillNorth is fillSouth towards lower rows.
func fillNorth(g, open uint64) uint64 {
	g |= open & (g >> 8)
	open &= open >> 8
	g |= open & (g >> 16)
	open &= open >> 16
	return g | open&(g>>32)
}

// bitsCrop moves the non-empty board p to the top-left corner: its first
// open row to row 0 and its first open column to column 0. Shifting the
// whole word right by the empty columns moves each row within its byte,
// since those columns are empty in every row.
func bitsCrop(p uint64) uint64 {
	p >>= bits.TrailingZeros64(p) &^ 7
	return p >> bits.TrailingZeros64(bitsColumns(p))
}

// bitsColumns returns the byte of the columns of p that hold an open cell.
func bitsColumns(p uint64) uint64 {
	p |= p >> 32
	p |= p >> 16
	p |= p >> 8
	return p & 0xff
}

// bitsSize returns the width and height of the cropped board p.
func bitsSize(p uint64) (w, h int) {
	return bits.Len64(bitsColumns(p)), (bits.Len64(p) + 7) >> 3
}

// bitsCanon returns the representative of the cropped board p under the 8
// symmetries of the square: the smallest word among its cropped images. A
// rectangle's image under a symmetry is a rectangle, so symmetric
// components have equal values and share one memo entry.
//
// The images: mirroring columns reverses the bits of each byte and shifts
// the rows back by the 8-w empty columns; mirroring rows reverses the bytes
// and shifts down by the 8-h empty rows; the transpose (bit 8r+c to bit
// 8c+r) of a cropped board is cropped, with width and height exchanged. An
// image of height k lies in [2^(8k-8), 2^(8k)), so when the board is not
// square the smallest image is one of the four of height min(w, h): those
// of p when it is wider than tall, of its transpose when taller.
func bitsCanon(p uint64) uint64 {
	w, h := bitsSize(p)
	return canonSized(p, w, h)
}

// bitsCropCanon is bitsCanon(bitsCrop(p)) for a non-empty board p, with
// the columns of p found once for the crop and the width.
func bitsCropCanon(p uint64) uint64 {
	cols := bitsColumns(p)
	c0 := bits.TrailingZeros64(cols)
	p = p >> (bits.TrailingZeros64(p) & 0x38) >> (c0 & 7) // shifts below 64
	return canonSized(p, bits.Len64(cols)-c0, (bits.Len64(p)+7)>>3)
}

// canonSized is bitsCanon of the cropped board p of width w and height h.
func canonSized(p uint64, w, h int) uint64 {
	switch {
	case p&(p+1) == 0: // a full row: the smallest image (a column is larger)
		return p
	case w == 1 && p == col0Mask>>((64-8*h)&63): // a full column: its transpose
		return 1<<h - 1
	case w > h:
		return flips(p, w, h)
	case w < h:
		return flips(transpose8(p), h, w)
	}
	return min(flips(p, w, h), flips(transpose8(p), h, w))
}

// flips returns the smallest of the cropped board p (width w, height h)
// and its images under the mirrors of columns, of rows, and of both.
func flips(p uint64, w, h int) uint64 {
	// w and h are in 1..8; the masks tell the compiler that the shifts
	// are below 64 (no code for larger ones).
	sw, sh := uint(8-w)&7, uint(64-8*h)&63
	cols := mirrorBytes(p) >> sw
	return min(p, cols, bits.ReverseBytes64(p)>>sh, bits.ReverseBytes64(cols)>>sh)
}

// bitsOfShape returns s on the 8x8 layout; ok is false when s does not fit
// in 8 columns and 8 rows.
func bitsOfShape(s Shape) (p uint64, ok bool) {
	w, h := int(s.W), int(s.H)
	if w > 8 || h > 8 {
		return 0, false
	}
	for r := 0; r < h; r++ {
		p |= (s.Bits >> (r * w) & rowMask(w)) << (8 * r)
	}
	return p, true
}
