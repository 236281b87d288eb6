package games

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

// Shape is a set of open cells of the rectangles game that fits one machine
// word: W columns and H rows with W*H <= 64, cell (r, c) is bit r*W+c.
// The engine's positions are Shapes normalised to their bounding box (no
// empty first or last row or column) and canonical under the 8 symmetries
// of the square (see ShapeGame.Canon).
type Shape struct {
	Bits uint64
	W, H uint8
}

// maxShapeCells is the most cells a Shape can hold.
const maxShapeCells = 64

// ShapeGame is the rectangles game on Shapes: a move crosses out any
// axis-aligned rectangle of open cells. It is a game.Game[Shape] with
// Split (4-connected components: a rectangle is connected, so it lies in
// one component and the components are independent), Canon (rectangles map
// to rectangles under every symmetry of the square, so symmetric shapes have
// equal values) and a closed form for straight lines.
type ShapeGame struct{}

// rowMask is the mask of one row of w cells.
func rowMask(w int) uint64 { return 1<<w - 1 }

// column0 is the mask of column 0 of a w x h shape.
func column0(w, h int) uint64 {
	var m uint64
	for r := 0; r < h; r++ {
		m |= 1 << (r * w)
	}
	return m
}

// rects calls yield with every rectangle of open cells of s, as the rows
// r1..r2 and columns c1..c2 it spans and the mask of its cells.
func (s Shape) rects(yield func(r1, c1, r2, c2 int, rect uint64) bool) {
	w, h := int(s.W), int(s.H)
	full := rowMask(w)
	for r1 := 0; r1 < h; r1++ {
		for c1 := 0; c1 < w; c1++ {
			if s.Bits>>(r1*w+c1)&1 == 0 {
				continue
			}
			cols := full
			var rows uint64 // one bit at column 0 of each row r1..r2
			for r2 := r1; r2 < h; r2++ {
				cols &= s.Bits >> (r2 * w) & full
				run := bits.TrailingZeros64(^(cols >> c1))
				if run == 0 {
					break
				}
				cols &= rowMask(c1 + run) // later rows can only shorten the run
				rows |= 1 << (r2 * w)
				for k := 1; k <= run; k++ {
					// rows * pattern places the pattern on each row with no
					// carries, since the pattern is narrower than a row.
					if !yield(r1, c1, r2, c1+k-1, rows*(rowMask(k)<<c1)) {
						return
					}
				}
			}
		}
	}
}

// Options yields s with each rectangle crossed out, as one (unsplit) part.
func (ShapeGame) Options(s Shape, yield func([]Shape) bool) {
	var buf [1]Shape
	s.rects(func(_, _, _, _ int, rect uint64) bool {
		buf[0] = Shape{s.Bits &^ rect, s.W, s.H}
		return yield(buf[:])
	})
}

// Split appends the 4-connected components of s, each translated to its
// bounding box. Components are grown by bit-parallel dilation.
func (ShapeGame) Split(s Shape, dst []Shape) []Shape {
	w, h := int(s.W), int(s.H)
	col0 := column0(w, h)
	notFirst := ^col0             // cells not in column 0
	notLast := ^(col0 << (w - 1)) // cells not in the last column
	rest := s.Bits
	for rest != 0 {
		comp := rest & -rest
		for {
			grown := comp | (comp<<1)&notFirst | (comp>>1)&notLast | comp<<w | comp>>w
			grown &= rest
			if grown == comp {
				break
			}
			comp = grown
		}
		rest &^= comp
		dst = append(dst, crop(comp, w))
	}
	return dst
}

// crop translates the cells comp of a shape of width w to their bounding
// box.
func crop(comp uint64, w int) Shape {
	top := bits.TrailingZeros64(comp) / w
	bottom := (63 - bits.LeadingZeros64(comp)) / w
	var cols uint64
	for r := top; r <= bottom; r++ {
		cols |= comp >> (r * w)
	}
	cols &= rowMask(w)
	left := bits.TrailingZeros64(cols)
	nw := bits.Len64(cols) - left
	var out uint64
	for r := top; r <= bottom; r++ {
		out |= (comp >> (r*w + left) & rowMask(nw)) << ((r - top) * nw)
	}
	return Shape{out, uint8(nw), uint8(bottom - top + 1)}
}

// transform returns s under symmetry k of the square (0..7): bit 2 of k
// transposes, bit 0 mirrors columns, bit 1 mirrors rows.
func (s Shape) transform(k int) Shape {
	w, h := int(s.W), int(s.H)
	nw, nh := w, h
	if k&4 != 0 {
		nw, nh = h, w
	}
	var out uint64
	for b := s.Bits; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		r, c := i/w, i%w
		if k&1 != 0 {
			c = w - 1 - c
		}
		if k&2 != 0 {
			r = h - 1 - r
		}
		if k&4 != 0 {
			r, c = c, r
		}
		out |= 1 << (r*nw + c)
	}
	return Shape{out, uint8(nw), uint8(nh)}
}

// Canon returns the representative of s under the symmetries of the square:
// the image at least as wide as it is tall with the smallest bits. s must be
// cropped to its bounding box (Split's components are).
func (ShapeGame) Canon(s Shape) Shape {
	if s.W <= 8 && s.H <= 8 {
		return canon8(s)
	}
	best := s
	first := true
	for k := 0; k < 8; k++ {
		wide := s.W >= s.H
		if (k&4 != 0) == wide && s.W != s.H {
			continue // keep the orientation with W >= H
		}
		t := s
		if k != 0 {
			t = s.transform(k)
		}
		if first || t.Bits < best.Bits {
			best, first = t, false
		}
	}
	return best
}

// Value is the closed form of a full straight line of n cells: n.
//
// Proof, by induction on n: crossing a segment out of a line of n leaves two
// lines of a and b cells with a + b < n, of value a ^ b <= a + b < n by
// induction, so no option has value n; and crossing the last n-k cells
// leaves a line of k, of value k, for every k < n. So the value is
// mex{0, ..., n-1} = n.
func (ShapeGame) Value(s Shape) (game.Nimber, bool) {
	if s.H == 1 && s.Bits == rowMask(int(s.W)) || s.W == 1 && s.Bits == rowMask(int(s.H)) {
		return game.Nimber(bits.OnesCount64(s.Bits)), true
	}
	return 0, false
}

// canon8 is Canon for shapes within 8x8, on the 8x8 layout (row r in byte
// r) where the symmetries are word operations: mirroring the bits of each
// byte, reversing the bytes and transposing the bit matrix.
func canon8(s Shape) Shape {
	w, h := int(s.W), int(s.H)
	var m uint64
	for r := 0; r < h; r++ {
		m |= (s.Bits >> (r * w) & rowMask(w)) << (8 * r)
	}
	mirrored := mirrorBytes(m) >> (8 - w)    // column c -> w-1-c
	variants := [4]uint64{m, mirrored, 0, 0} // then rows r -> h-1-r
	variants[2] = bits.ReverseBytes64(m) >> (8 * (8 - h))
	variants[3] = bits.ReverseBytes64(mirrored) >> (8 * (8 - h))
	// Keep the orientation at least as wide as tall: transpose when w < h,
	// try both when square.
	best := ^uint64(0)
	nw, nh := w, h
	if w < h {
		nw, nh = h, w
	}
	for _, v := range variants {
		if w >= h {
			best = min(best, v)
		}
		if w <= h {
			best = min(best, transpose8(v))
		}
	}
	var out uint64
	for r := 0; r < nh; r++ {
		out |= (best >> (8 * r) & 0xff) << (r * nw)
	}
	return Shape{out, uint8(nw), uint8(nh)}
}

// mirrorBytes reverses the bits of each byte of x.
func mirrorBytes(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	x = x>>1&k1 | x&k1<<1
	x = x>>2&k2 | x&k2<<2
	return x>>4&k4 | x&k4<<4
}

// transpose8 transposes the 8x8 bit matrix x (bit 8r+c -> bit 8c+r), by
// the three block swaps of the classic diagonal flip.
func transpose8(x uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	return x ^ t ^ t>>7
}
