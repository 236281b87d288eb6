package games

import (
	"math/bits"

	"github.com/grundy-go/grundy/game"
)

// This file is Cram on the 8x8 bitboards of rectangles_bits.go: a
// component is a cropped word (cell (r, c) at bit 8r+c, an open cell in
// row 0 and in column 0), canonical under the 8 symmetries of the square
// (bitsCropCanon: a domino's image under a symmetry of the square is a
// domino, so symmetric components have equal values). A move takes the two
// cells of a domino; what is left is reduced (cramReduce: tufts of a star
// and bridges go, which keeps the value) and split into 4-connected
// components by the occluded fills of bitsComponent. A component of one
// cell has no move and value 0, so options leave it out, and two equal
// components have nim-sum 0, so options leave both out.

// cramBitsGame is Cram on canonical cropped 8x8 bitboards. Its options are
// already split and canonical (no Splitter, no Canonicalizer), so the
// engine keys its memo by the words; its Value (game.Valuer) answers
// without a search the components whose values are known: full rows
// (Dawson's Kayles), the components within the endgame table, those whose
// graph is a path or a cycle, and, with the symmetry shortcut, the
// half-turn symmetric components whose centre is closed (cramSymmetric).
type cramBitsGame struct {
	buf      *[32]uint64       // the components of the option being yielded
	pieces   *[32]uint64       // the same before their canonical forms
	cache    *canonCache       // representatives of recent components (nil: none)
	endgame  *cramEndgameTable // the values of the sets of cells within 5 x 4 learned so far (nil: none)
	rows     []game.Nimber     // dawsonKaylesRows(): the values of full rows
	order    *cramOrders       // cramOrder(): the order of the dominoes of each box
	symmetry bool              // the symmetry shortcut (cramSymmetric) is on
}

// cramScratchBytes is the memory of a cramBitsGame's own buffers (buf and
// pieces), which every game holds.
const cramScratchBytes = 2 * 32 * 8

func newCramBitsGame(symmetry bool) *cramBitsGame {
	return newCramBitsGameWith(symmetry, new(canonCache), new(cramEndgameTable))
}

// newCramBitsGameWith returns a game that finds canonical forms through
// cache and learns into the endgame table t; either may be nil, and the
// game then goes without (its values are the same).
func newCramBitsGameWith(symmetry bool, cache *canonCache, t *cramEndgameTable) *cramBitsGame {
	return &cramBitsGame{buf: new([32]uint64), pieces: new([32]uint64), cache: cache, endgame: t, rows: dawsonKaylesRows(), order: cramOrder(), symmetry: symmetry}
}

// cramDominoes returns the cells of board p that are the left cell of a
// horizontal domino of open cells, and those that are the top cell of a
// vertical one.
func cramDominoes(p uint64) (horizontal, vertical uint64) {
	return p & (p >> 1) &^ col7Mask, p & (p >> 8)
}

// Options yields, for each domino of open cells of p, the canonical
// components of what it leaves, the dominoes from the centre of p's box
// outwards (cramRings, the order the pruned search keeps among options of
// equal sizes).
func (g *cramBitsGame) Options(p uint64, yield func([]uint64) bool) {
	if p&cramWideTag != 0 {
		g.wideOptions(p, yield)
		return
	}
	_, vertical := cramDominoes(p)
	w, h := bitsSize(p)
	g.order.bits[w][h].each(cramHorizontal(p, 8, col0Mask, col7Mask), vertical, 8, func(domino uint64) bool {
		return yield(g.split(p&^domino, g.buf[:0]))
	})
}

// AppendSums is Options for the engine (solve.SumAppender): the
// components of each option appended to parts, with len(parts) appended to
// ends after each option, in Options' order, with no callback.
func (g *cramBitsGame) AppendSums(p uint64, parts []uint64, ends []int32) ([]uint64, []int32) {
	if p&cramWideTag != 0 {
		g.wideOptions(p, func(option []uint64) bool {
			parts = append(parts, option...)
			ends = append(ends, int32(len(parts)))
			return true
		})
		return parts, ends
	}
	_, vertical := cramDominoes(p)
	horizontal := cramHorizontal(p, 8, col0Mask, col7Mask)
	w, h := bitsSize(p)
	for _, r := range &g.order.bits[w][h] {
		for d := vertical & r.vertical; d != 0; d &= d - 1 {
			low := d & -d
			parts = g.split(p&^(low|low<<8), parts)
			ends = append(ends, int32(len(parts)))
		}
		for d := horizontal & r.horizontal; d != 0; d &= d - 1 {
			low := d & -d
			parts = g.split(p&^(low|low<<1), parts)
			ends = append(ends, int32(len(parts)))
		}
	}
	return parts, ends
}

// cramHorizontal returns the left cells of the horizontal dominoes of p
// (cell (r, c) at bit r*stride+c; first and last mask the first and last
// columns) that options need: all but those of the 2 x 2 blocks whose
// moves are the same as others.
//
// Lemma. Let A B over C D be a 2 x 2 block of open cells in which A and D
// have no neighbour outside the block (A's north and west, D's south and
// east closed). Then the domino A-B leaves the same value as B-D, and C-D
// as A-C, so the options without A-B and C-D have the values of all the
// options, and the mex is the same. Proof: Cram's value depends only on
// the graph of the cells (cramReduce); after A-B, D's one neighbour is C,
// and after B-D, A's one neighbour is C, and the rest is the same, so the
// map that exchanges A and D is an isomorphism of the two graphs; likewise
// after C-D and A-C with B in C's place. The mirror image, B and C with no
// neighbour outside the block, makes A-B the same as A-C and C-D as B-D.
// The dominoes left out are horizontal and the ones they equal vertical,
// which are all kept, so no block leaves out another's substitute.
func cramHorizontal(p uint64, stride uint, first, last uint64) uint64 {
	blocks := cramBlocks(p, stride, first, last)
	return p & (p >> 1) &^ last &^ (blocks | blocks<<stride)
}

// cramBlocks returns the top-left cells (A) of the 2 x 2 blocks of
// cramHorizontal's lemma in p.
func cramBlocks(p uint64, stride uint, first, last uint64) uint64 {
	east := p & (p >> 1) &^ last // cells whose east neighbour is open
	west := p & (p << 1) &^ first
	south := p & (p >> stride)
	north := p & (p << stride)
	a := east &^ west & south &^ north // a block's A (its top-left cell), open east and south only
	d := west &^ east & north &^ south // D, the bottom-right, open west and north only
	b := west &^ east & south &^ north // B, the top-right
	c := east &^ west & north &^ south // C, the bottom-left
	return a&(d>>(stride+1)) | (b>>1)&(c>>stride)
}

// split appends the canonical components of board p that have a move
// (at least two cells) to dst, as cramPieces finds them, with pairs of
// equal components left out (a sum G + G has value 0).
func (g *cramBitsGame) split(p uint64, dst []uint64) []uint64 {
	start := len(dst)
	for _, piece := range cramPieces(p, 8, col0Mask, col7Mask, g.pieces[:0]) {
		dst = appendOrCancel(dst, start, g.cache.cropCanon(piece))
	}
	return dst
}

// cramPieces appends to dst sets of cells of at least two cells whose
// values sum to the value of the set p (cell (r, c) at bit r*stride+c;
// first and last mask the first and last columns): the components of p reduced by
// cramReduce, and a component that the blocks of cramHorizontal's lemma
// cut is replaced by the pieces of its cut, each split again.
//
// Lemma. A block's horizontal edges A-B and C-D can be taken out of the
// graph: with them or without them, the value is the same. Proof, by
// induction on the number of cells: the dominoes A-B and C-D are the same
// as B-D and A-C (cramHorizontal), which are options of both; a domino
// that takes A or D with their partner in the block leaves the same graph
// either way; one away from the block leaves the block whole, and the
// induction applies; one that takes B with a cell outside the block leaves
// A and D tufts of C, with the edge C-D or with D isolated, which are the
// same by the star lemma (cramReduce), and one that takes C likewise. So
// the options of the two graphs have the same values. Two blocks share no
// A or D cell (unless they are one 2 x 2 component, whose two blocks take
// out the same edges), so taking one block's edges out leaves the others
// blocks, and the lemma applies to each in turn. Without the edges, A
// hangs from C and D from B, and a component whose only links between the
// two were the blocks falls apart; a piece that holds a whole block holds
// its horizontal edges again, which by the lemma changes nothing.
func cramPieces(p uint64, stride uint, first, last uint64, dst []uint64) []uint64 {
	q := cramReduce(p, stride, first, last)
	cut := cramBlocks(q, stride, first, last)
	cut |= cut << stride // the left cells of the blocks' horizontal edges
	for rest := q; rest != 0; {
		var comp uint64
		if stride == 8 {
			comp = bitsComponent(rest)
		} else {
			comp = wideComponent(rest, stride, first, last)
		}
		rest &^= comp
		if comp&(comp-1) == 0 {
			continue
		}
		if c := cut & comp; c != 0 && cramPiece(comp, c|last, stride) != comp {
			for r := comp; r != 0; {
				piece := cramPiece(r, c|last, stride)
				r &^= piece
				dst = cramPieces(piece, stride, first, last, dst)
			}
			continue
		}
		dst = append(dst, comp)
	}
	return dst
}

// cramPiece returns the cells of comp joined to its lowest cell by paths
// that cross no horizontal edge whose left cell is in cut (which holds the
// last column, whose cells have no east edge).
func cramPiece(comp, cut uint64, stride uint) uint64 {
	piece := comp & -comp
	for {
		grown := piece | (piece&^cut)<<1 | (piece>>1)&^cut | piece<<stride | piece>>stride
		grown &= comp
		if grown == piece {
			return piece
		}
		piece = grown
	}
}

// appendOrCancel appends the component key k to the sum dst[start:], or
// removes its twin from it when it has one: the two have equal values,
// whose nim-sum is 0.
func appendOrCancel(dst []uint64, start int, k uint64) []uint64 {
	for i := start; i < len(dst); i++ {
		if dst[i] == k {
			last := len(dst) - 1
			dst[i] = dst[last]
			return dst[:last]
		}
	}
	return append(dst, k)
}

// cramReduce returns the set of open cells p (cell (r, c) at bit
// r*stride+c; first and last mask the board's first and last columns)
// with cells removed that do not change its value. Cram on a set of cells
// is a game on its graph (the cells, an edge between adjacent ones): a
// domino is an edge, whose two ends it removes. Call a cell with exactly
// one neighbour a tuft, and its neighbour the tuft's centre. Two lemmas,
// each proved by induction on the number of cells (G ~ H means equal
// values, and every G below is any set of cells):
//
//   - Stars. If a centre v has two tufts a and b, G ~ G - b. The options of
//     G are: a domino away from a and b, after which v keeps both tufts or
//     is gone and leaves both isolated (no moves), and the induction
//     applies; v-a, which leaves b isolated, so it is (G - b) after v-a;
//     and v-b, which is v-a with a and b swapped (an automorphism of the
//     graph). The options of G - b are the dominoes of G away from b, and
//     G - e ~ (G - b) - e by induction. So both have the same option
//     values.
//   - Bridges. If every neighbour v of a cell x is the centre of a tuft
//     other than x, G ~ G - x. A domino e away from x leaves each remaining
//     neighbour of x with its tuft (a domino that takes a tuft takes its
//     centre), so G - e ~ G - e - x by induction; the domino x-v leaves v's
//     tuft t isolated, so it is G - x after v-t. Conversely every option of
//     G - x is a domino e of G away from x, and (G - x) - e ~ G - e by
//     induction.
//
// cramReduce drops every tuft of a centre but the first it meets, and the
// cells that are neither tufts nor centres and whose neighbours are all
// centres (no two of them adjacent, so each still meets the lemma's
// condition after the others are gone; an isolated cell is one too).
func cramReduce(p uint64, stride uint, first, last uint64) uint64 {
	east := p & (p >> 1) &^ last // cells whose east neighbour is open
	west := p & (p << 1) &^ first
	south := p & (p >> stride)
	north := p & (p << stride)
	many := east&west | (east|west)&(south|north) | south&north
	tufts := (east ^ west ^ south ^ north) &^ many
	if tufts == 0 {
		return p
	}
	// The centres of the tufts, by the side they lie on; a tuft whose
	// centre already has one from an earlier side is dropped.
	centres := (tufts & south) << stride
	fromEast := (tufts & east) << 1
	drop := (centres & fromEast) >> 1
	centres |= fromEast
	fromNorth := (tufts & north) >> stride
	drop |= (centres & fromNorth) << stride
	centres |= fromNorth
	fromWest := (tufts & west) >> 1
	drop |= (centres & fromWest) << 1
	centres |= fromWest
	bridges := p &^ (tufts | centres)
	bridges &^= (bridges<<1)&^first | (bridges>>1)&^last | bridges<<stride | bridges>>stride
	return p &^ (drop | bridges)
}

// Size is the number of cells of p: the pruned search tries the options
// with the fewest cells first and takes a sum's largest component as its
// hardest.
func (*cramBitsGame) Size(p uint64) int {
	if p&cramWideTag != 0 {
		p &= wideCells
	}
	return bits.OnesCount64(p)
}

// Value answers the canonical components whose values are known.
func (g *cramBitsGame) Value(p uint64) (game.Nimber, bool) {
	if p&cramWideTag != 0 {
		return g.wideValue(p)
	}
	if p&(p+1) == 0 && p < 1<<8 { // a full row (a line's representative is a row; 0x3ff is a row of 8 and two cells below)
		return g.rows[bits.OnesCount64(p)], true
	}
	w, h := bitsSize(p)
	if w <= cramEndgameW && h <= cramEndgameH && g.endgame != nil {
		return game.Nimber(g.endgame.value(uint32(cramEndgameIndex(p)))), true
	}
	if v, ok := g.graphValue(p); ok {
		return v, true
	}
	if g.symmetry && cramSymmetric(p, w, h) {
		return 0, true
	}
	return 0, false
}

// graphValue answers a connected component whose graph (its open cells,
// an edge between adjacent ones) is a path or a cycle, whatever its shape
// on the board. A domino is an edge whose two ends it removes, so Cram on
// a component depends only on its graph up to isomorphism: on a path of n
// cells it is Dawson's Kayles on a heap of n, as on a row (a snake that
// never touches itself is a row), and on a cycle of n cells every domino
// leaves a path of n - 2, so the value is 1 if that path's is 0 and 0
// otherwise. A connected graph is a path when no vertex has three
// neighbours or more and it has one edge fewer than vertices (a tree),
// and a cycle when no vertex has three and it has as many edges as
// vertices.
func (g *cramBitsGame) graphValue(p uint64) (game.Nimber, bool) {
	west, north := p&(p<<1)&^col0Mask, p&(p<<8) // cells whose west (north) neighbour is open
	east, south := cramDominoes(p)              // cells whose east (south) neighbour is open
	if west&east&(north|south)|north&south&(west|east) != 0 {
		return 0, false
	}
	n, edges := bits.OnesCount64(p), bits.OnesCount64(east)+bits.OnesCount64(south)
	switch edges {
	case n - 1:
		return g.rows[n], true
	case n:
		if g.rows[n-2] == 0 {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// cramSymmetric reports whether the cropped board p of width w and height
// h is one the symmetry shortcut values 0: the half-turn about the centre
// of the bounding box maps p onto itself, and p leaves closed the cells at
// the centre (cramCentreClosed).
//
// Theorem (the symmetry strategy): such a component is a loss for the
// player to move, so its value is 0. Proof. Put the cells' centres at the
// points (c + 1/2, r + 1/2); the half-turn is x -> (w, h) - x, about the
// centre (w/2, h/2). A domino is its own image exactly when its centre is
// that point, which needs one of w and h even and the other odd (a
// domino's centre has one integer coordinate and one not): it is then the
// central domino, whose two cells cramCentreClosed requires closed. A cell
// is its own image exactly when its centre is that point, which needs w
// and h odd: it is then the central cell, which cramCentreClosed requires
// closed. So no open domino is its own image and no open cell either. An
// open domino d and its image d' share no cell: if a cell u were in both,
// its image u' (a different cell) would be in both too, so d = {u, u'} =
// d', which is impossible. The second player answers each domino d with
// d': when the open cells are symmetric before d, the cells of d' are open
// (they are the images of d's cells) and not in d, so the answer is legal
// and leaves the open cells symmetric again. So the second player always
// has a move after the first, and the first player is the one who finds
// none: the position is a loss. The empty even-by-even boards are such
// components, and so is an even-by-odd board once its central domino is
// placed, which makes that domino a winning move of the empty board.
func cramSymmetric(p uint64, w, h int) bool {
	cols := mirrorBytes(p) >> (uint(8-w) & 7)
	return bits.ReverseBytes64(cols)>>(uint(64-8*h)&63) == p && cramCentreClosed(p, w, h, 8)
}

// cramCentreClosed reports whether the cells of a w x h board at the
// centre of its half-turn are closed in p (cell (r, c) at bit r*stride+c):
// none for even w and h, the two middle cells of the middle row (column)
// when only w (h) is even, the middle cell when both are odd.
func cramCentreClosed(p uint64, w, h, stride int) bool {
	var centre uint64
	switch r, c := h/2, w/2; {
	case w&1 == 0 && h&1 == 0:
		return true
	case w&1 == 0:
		centre = 1<<(r*stride+c-1) | 1<<(r*stride+c)
	case h&1 == 0:
		centre = 1<<((r-1)*stride+c) | 1<<(r*stride+c)
	default:
		centre = 1 << (r*stride + c)
	}
	return p&centre == 0
}

// The endgame table: the value of every set of cells within 5 columns and
// 4 rows, computed as the search first asks for it (one byte each, 1 MiB a
// request, of which only the pages it touches are memory, but all of it is
// counted against the request's budget; a whole table, 0.07-0.11 s of CPU
// time, would be most of a small board's). A canonical
// component of width w and height h is stored with w >= h (canonSized
// keeps the wider orientation, and either for a square), so the table
// answers every component within 5 x 4 or 4 x 5.
const (
	cramEndgameW = 5
	cramEndgameH = 4
)

// cramEndgameIndex returns the table index of a cropped board within 5 x 4:
// the 5 low bits of each of its 4 rows, row r at bits 5r.
func cramEndgameIndex(p uint64) int {
	return int(p&0x1f | p>>3&0x3e0 | p>>6&0x7c00 | p>>9&0xf8000)
}

// cramEndgameTable holds the values of the sets of cells within 5 x 4 (see
// cramEndgameIndex) learned so far: an entry is the value plus one, 0 while
// it is not known. Like the engine, it is not safe for concurrent use.
type cramEndgameTable [1 << (cramEndgameW * cramEndgameH)]uint8

// cramEndgameBytes is the size of a cramEndgameTable.
const cramEndgameBytes = 1 << (cramEndgameW * cramEndgameH)

// cramEndgameLast masks the last column of the table's layout (stride 5).
const cramEndgameLast = 0x10 | 0x10<<5 | 0x10<<10 | 0x10<<15

// value returns the value of the set of cells m (table index), by the
// definition, the mex of its options' values, computing the entries it
// lacks; the sets need not be connected (no splitting, no symmetry).
// Taking a domino clears two bits, so the recursion is at most 10 deep.
func (t *cramEndgameTable) value(m uint32) uint8 {
	if v := t[m]; v != 0 {
		return v - 1
	}
	var seen uint32 // at most 10 dominoes fit in 20 cells, so each option's value is below 11
	for d := m & (m >> 1) &^ cramEndgameLast; d != 0; d &= d - 1 {
		low := d & -d
		seen |= 1 << t.value(m&^(low|low<<1))
	}
	for d := m & (m >> cramEndgameW); d != 0; d &= d - 1 {
		low := d & -d
		seen |= 1 << t.value(m&^(low|low<<cramEndgameW))
	}
	v := uint8(bits.TrailingZeros32(^seen))
	t[m] = v + 1
	return v
}
