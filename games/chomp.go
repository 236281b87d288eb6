package games

import (
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Chomp (David Gale's game): a bar of chocolate whose top-left
// square is poisoned. A move picks a square and eats it with every square
// below it and to its right; whoever must eat the poisoned square loses.
// As an impartial game under normal play the poisoned square is never a
// move: whoever cannot pick another square loses. What is left is always
// a Young diagram: columns of non-increasing heights, the poison at the
// top of the first.
//
// A position is a word: the height of column c (0..15) in bits 4c..4c+3,
// columns 0..14, so boards up to 15 x 15. Its ARG is WxH for a full bar of
// W columns and H rows, or the column heights joined by commas (4,4,2).

// chompGame is Chomp on packed column heights (game.Game[uint64]) with
// Canon: the mirror in the diagonal through the poison (the conjugate
// diagram) maps moves to moves, so a diagram and its conjugate have equal
// values.
type chompGame struct{}

// maxChomp is the most columns, and the highest column, of a bar.
const maxChomp = 15

// chompHeight returns the height of column c of p.
func chompHeight(p uint64, c int) int { return int(p >> (4 * c) & 15) }

// Options yields, for every square but the poison, the bar after eating
// it: columns c.. are cut to height r when the square is row r (from 0 at
// the top) of column c.
func (chompGame) Options(p uint64, yield func([]uint64) bool) {
	var buf [1]uint64
	for c := 0; c < maxChomp; c++ {
		h := chompHeight(p, c)
		if h == 0 {
			return
		}
		for r := 0; r < h; r++ {
			if c == 0 && r == 0 {
				continue
			}
			buf[0] = chompCut(p, c, r)
			if !yield(buf[:]) {
				return
			}
		}
	}
}

// chompCut returns p with columns c.. cut to height at most r.
func chompCut(p uint64, c, r int) uint64 {
	q := p & (1<<(4*c) - 1)
	for j := c; j < maxChomp; j++ {
		q |= uint64(min(chompHeight(p, j), r)) << (4 * j)
	}
	return q
}

// chompConjugate returns the conjugate diagram: column k of it is as high
// as the number of columns of p higher than k.
func chompConjugate(p uint64) uint64 {
	var q uint64
	for k := 0; k < chompHeight(p, 0); k++ {
		n := 0
		for n < maxChomp && chompHeight(p, n) > k {
			n++
		}
		q |= uint64(n) << (4 * k)
	}
	return q
}

// Canon returns the smaller of p and its conjugate.
func (chompGame) Canon(p uint64) uint64 { return min(p, chompConjugate(p)) }

// parseChomp reads WxH or column heights.
func parseChomp(arg string) (uint64, error) {
	text := strings.TrimSpace(arg)
	var heights []int
	if w, h, ok := strings.Cut(text, "x"); ok {
		W, errW := strconv.Atoi(w)
		H, errH := strconv.Atoi(h)
		if errW != nil || errH != nil || W < 1 || H < 1 {
			return 0, game.Inputf("chomp bar %q is not WxH with positive integers W and H", arg)
		}
		if W > maxChomp || H > maxChomp {
			return 0, game.Inputf("chomp bar %q: at most %d columns and %d rows", arg, maxChomp, maxChomp)
		}
		for range W {
			heights = append(heights, H)
		}
	} else {
		for i, f := range strings.Split(text, ",") {
			h, err := strconv.Atoi(strings.TrimSpace(f))
			switch {
			case err != nil || h < 0:
				return 0, game.Inputf("chomp bar %q: column %d's height %q is not a non-negative integer (write WxH or heights such as 4,4,2)", clip(arg), i+1, clip(f))
			case h > maxChomp:
				return 0, game.Inputf("chomp bar %q: column %d is %d high, more than %d", clip(arg), i+1, h, maxChomp)
			case i > 0 && h > heights[i-1]:
				return 0, game.Inputf("chomp bar %q: column %d is higher than column %d (heights must not increase)", clip(arg), i+1, i)
			}
			heights = append(heights, h)
		}
		for len(heights) > 0 && heights[len(heights)-1] == 0 {
			heights = heights[:len(heights)-1]
		}
		if len(heights) == 0 {
			return 0, game.Inputf("chomp bar %q has no square (the poisoned one is always there: write 1)", clip(arg))
		}
		if len(heights) > maxChomp {
			return 0, game.Inputf("chomp bar %q has %d columns, more than %d", clip(arg), len(heights), maxChomp)
		}
	}
	var p uint64
	for c, h := range heights {
		p |= uint64(h) << (4 * c)
	}
	return p, nil
}

// formatChomp writes WxH for a full bar, the heights otherwise.
func formatChomp(p uint64) string {
	var heights []string
	full := true
	for c := 0; c < maxChomp && chompHeight(p, c) > 0; c++ {
		heights = append(heights, strconv.Itoa(chompHeight(p, c)))
		full = full && chompHeight(p, c) == chompHeight(p, 0)
	}
	if full && len(heights) > 1 {
		return strconv.Itoa(len(heights)) + "x" + heights[0]
	}
	return strings.Join(heights, ",")
}

// chompInstance is the catalog's Chomp: the bound game with a board view.
type chompInstance struct{ *Bound[uint64] }

// chompSquare returns the square (row, column) whose eating leads from
// before to after; ok is false when after is not a move from before.
func chompSquare(before, after uint64) (r, c int, ok bool) {
	for c = 0; c < maxChomp; c++ {
		if chompHeight(after, c) != chompHeight(before, c) {
			r = chompHeight(after, c)
			return r, c, chompCut(before, c, r) == after && (r > 0 || c > 0)
		}
	}
	return 0, 0, false
}

// NameMove names the square eaten ("b3": its column letter and its row
// from 1 at the top).
func (ci chompInstance) NameMove(c Component, after []Component) string {
	if len(after) != 1 {
		return ""
	}
	r, col, ok := chompSquare(ci.Position(c), ci.Position(after[0]))
	if !ok {
		return ""
	}
	return cellName(r, col)
}

// View draws the bar as a grid: "●" for the poisoned square, "#" for the
// squares eaten.
func (ci chompInstance) View(c Component) View {
	p := ci.Position(c)
	w, h := 0, chompHeight(p, 0)
	for w < maxChomp && chompHeight(p, w) > 0 {
		w++
	}
	cells := make([]byte, 0, w*h)
	for r := range h {
		for col := range w {
			switch {
			case r == 0 && col == 0:
				cells = append(cells, '*')
			case r < chompHeight(p, col):
				cells = append(cells, '.')
			default:
				cells = append(cells, '#')
			}
		}
	}
	return View{Kind: ViewGrid, Text: c.String(), Cells: boardCells(w, h, cells, map[byte]string{'#': "#", '*': "●"})}
}

// ViewMove describes a move by the square clicked and the squares eaten.
func (ci chompInstance) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	before, next := ci.Position(c), ci.Position(after[0])
	r, col, ok := chompSquare(before, next)
	if !ok {
		return mv
	}
	var cells [][2]int
	for j := col; j < maxChomp; j++ {
		for i := r; i < chompHeight(before, j); i++ {
			cells = append(cells, [2]int{i, j})
		}
	}
	return MoveView{Label: cellName(r, col), Clicks: [][2]int{{r, col}}, Cells: cells}
}

// OpenChomp returns chomp, which takes no parameters.
func OpenChomp(string) (Instance, error) {
	return chompInstance{NewImpartial[uint64]("chomp", chompGame{}, parseChomp, formatChomp, "1")}, nil
}
