package games

import (
	"context"
	"fmt"
	"runtime"
	"strconv"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// RectBoard is a position of the rectangles game (seed 002, the "ticket"
// game): a board of W columns and H rows of open '.' and crossed '#' cells,
// row major, row 0 at the top. A move crosses out an axis-aligned rectangle
// of open cells; whoever crosses the last cell wins.
type RectBoard struct {
	W, H  int
	Cells []byte
}

// ParseRectBoard reads a board: rows of '.' and '#' joined by '/' (or
// newlines), or WxH for an empty board of W columns and H rows.
func ParseRectBoard(arg string) (RectBoard, error) {
	g, err := parseGrid(arg, ".#", '.')
	if err != nil {
		return RectBoard{}, err
	}
	return RectBoard(g), nil
}

// String writes the board: WxH when every cell is open, rows joined by '/'
// otherwise.
func (b RectBoard) String() string {
	for _, c := range b.Cells {
		if c != '.' {
			return grid(b).String()
		}
	}
	return strconv.Itoa(b.W) + "x" + strconv.Itoa(b.H)
}

// cross returns the board with rows r1..r2, columns c1..c2 crossed out.
func (b RectBoard) cross(r1, c1, r2, c2 int) RectBoard {
	cells := make([]byte, len(b.Cells))
	copy(cells, b.Cells)
	for r := r1; r <= r2; r++ {
		for c := c1; c <= c2; c++ {
			cells[r*b.W+c] = '#'
		}
	}
	return RectBoard{b.W, b.H, cells}
}

// rectPart is one 4-connected component of open cells of a board: its
// bounding box at (Top, Left), and either its cells as a Shape (the box has
// at most 64 cells) or, for a straight line too long for a Shape, its
// length.
type rectPart struct {
	Top, Left int
	Shape     Shape
	Line      int // > 0: a full line of Line cells, horizontal when Shape.H == 1
}

// parts returns the components of open cells of b. A component whose
// bounding box exceeds 64 cells and is not a straight line is an error
// (the search could not finish anyway).
func (b RectBoard) parts() ([]rectPart, error) {
	seen := make([]bool, len(b.Cells))
	var parts []rectPart
	var queue []int
	for start, c := range b.Cells {
		if c != '.' || seen[start] {
			continue
		}
		seen[start] = true
		queue = append(queue[:0], start)
		top, left, bottom, right := b.H, b.W, -1, -1
		for i := 0; i < len(queue); i++ {
			cell := queue[i]
			r, c := cell/b.W, cell%b.W
			top, bottom, left, right = min(top, r), max(bottom, r), min(left, c), max(right, c)
			for _, nb := range [4][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				if nb[0] < 0 || nb[0] >= b.H || nb[1] < 0 || nb[1] >= b.W {
					continue
				}
				if j := nb[0]*b.W + nb[1]; b.Cells[j] == '.' && !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				}
			}
		}
		w, h := right-left+1, bottom-top+1
		p := rectPart{Top: top, Left: left}
		switch {
		case w*h <= maxShapeCells:
			p.Shape = Shape{W: uint8(w), H: uint8(h)}
			for _, cell := range queue {
				p.Shape.Bits |= 1 << ((cell/b.W-top)*w + cell%b.W - left)
			}
		case h == 1 || w == 1:
			p.Line = len(queue)
			p.Shape.H = uint8(min(h, 2)) // 1: horizontal
		default:
			return nil, fmt.Errorf("a component of %d open cells at row %d, column %d spans %dx%d cells, more than the %d the solver handles",
				len(queue), top+1, left+1, w, h, maxShapeCells)
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// valueParts returns the components of b, each one's value by value, and
// their nim-sum, the board's value.
func valueParts(ctx context.Context, b RectBoard, value func(context.Context, rectPart) (game.Nimber, error)) (parts []rectPart, values []game.Nimber, total game.Nimber, err error) {
	if parts, err = b.parts(); err != nil {
		return nil, nil, 0, err
	}
	values = make([]game.Nimber, len(parts))
	for i, p := range parts {
		if values[i], err = value(ctx, p); err != nil {
			return nil, nil, 0, err
		}
		total ^= values[i]
	}
	return parts, values, total, nil
}

// rectanglesInstance is the rectangles game: each ARG is one board.
type rectanglesInstance struct{}

func newRectangles() *rectanglesInstance { return &rectanglesInstance{} }

// Evaluator returns the engines of one request: memoizing solve.Grundy
// engines on the canonical shapes of the board's components, one on 8x8
// bitboards for the components that fit in 8 rows and 8 columns and one
// on Shapes for the wider ones. The bitboard engine searches with a
// helper on a second core (solve.Grundy.Parallel) once a search passes
// helperAfter states.
func (ri *rectanglesInstance) Evaluator(budget *limits.Budget) Evaluator {
	return ri.evaluator(budget, helperAfter)
}

// helperAfter is the size of a search past which the bitboard engine
// starts its helper: 2048 states, a few milliseconds of work.
const helperAfter = 1 << 11

// evaluator is Evaluator with the helper's threshold (tests start it at
// once).
func (ri *rectanglesInstance) evaluator(budget *limits.Budget, after int64) *rectanglesEval {
	return &rectanglesEval{
		rectanglesInstance: ri,
		budget:             budget,
		after:              after,
		solver:             solve.NewGrundy[Shape](ShapeGame{}, budget),
	}
}

// rectanglesEval is the Evaluator of the rectangles game.
type rectanglesEval struct {
	*rectanglesInstance
	budget *limits.Budget
	after  int64                 // the search's size past which fast starts its helper
	fast   *solve.Grundy[uint64] // components within 8x8, as bitboards (bitsGame); nil before prepare
	solver *solve.Grundy[Shape]  // wider components
}

// prepare makes the bitboard engine on first use, its game's buffer
// counted against the budget and its canonical-form cache (256 KiB) held
// when holdSpeedup allows it. The helper on a second core, a speed-up
// too, gets a game of its own (its buffer and its cache, counted) when
// holdSpeedup allows it, and does not run otherwise. The engine stops one
// helper before it starts the next, so every helper of the request uses
// that one game, made when the first starts.
func (ri *rectanglesEval) prepare() error {
	if ri.fast != nil {
		return nil
	}
	if err := ri.budget.Grow(bitsScratchBytes); err != nil {
		return err
	}
	var cache *canonCache
	if holdSpeedup(ri.budget, canonCacheBytes) {
		cache = new(canonCache)
	}
	ri.fast = solve.NewGrundy[uint64](bitsGame{buf: new([64]uint64), cache: cache}, ri.budget)
	if runtime.GOMAXPROCS(0) > 1 && holdSpeedup(ri.budget, bitsScratchBytes+canonCacheBytes) {
		var helper game.Game[uint64]
		ri.fast.Parallel(func() game.Game[uint64] {
			if helper == nil {
				helper = bitsGame{buf: new([64]uint64), cache: new(canonCache)}
			}
			return helper
		}, ri.after)
	}
	return nil
}

func (ri *rectanglesEval) States() int64 {
	if ri.fast == nil {
		return ri.solver.States
	}
	return ri.fast.States + ri.solver.States
}

// shapeValue returns the value of a shape cropped to its bounding box: the
// nim-sum of its components' values, each valued on bitboards when it fits
// in 8x8.
func (ri *rectanglesEval) shapeValue(ctx context.Context, s Shape) (game.Nimber, error) {
	if p, ok := bitsOfShape(s); ok {
		if err := ri.prepare(); err != nil {
			return 0, err
		}
		var x game.Nimber
		var parts [64]uint64
		for _, c := range bitsSplit(p, parts[:0]) {
			v, err := ri.fast.Value(ctx, c)
			if err != nil {
				return 0, err
			}
			x ^= v
		}
		return x, nil
	}
	return ri.solver.Value(ctx, s)
}

func (*rectanglesInstance) Name() string { return "rectangles" }

// Kind says the game is impartial.
func (*rectanglesInstance) Kind() Kind { return Impartial }

// Viewer returns the viewer of the game's board.
func (*rectanglesInstance) Viewer() Viewer { return rectanglesViewer{} }

func (ri *rectanglesInstance) Parse(args []string) ([]Component, error) {
	return parseBoards(args, "'rectangles 3x3' or 'rectangles ..#/.../...'", ri.comp)
}

func (ri *rectanglesInstance) comp(b RectBoard) Component {
	return shapeComp[RectBoard]{ri, b.String(), b}
}

func (*rectanglesInstance) Format(group []Component) []string { return componentArgs(group) }

// FileArgs reads boards from a file: one row per line, a blank line between
// boards.
func (*rectanglesInstance) FileArgs(text string) []string { return boardFileArgs(text) }

func (ri *rectanglesEval) partValue(ctx context.Context, p rectPart) (game.Nimber, error) {
	if p.Line > 0 {
		return game.Nimber(p.Line), nil
	}
	return ri.shapeValue(ctx, p.Shape)
}

func (ri *rectanglesEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	_, _, x, err := valueParts(ctx, c.(shapeComp[RectBoard]).val, ri.partValue)
	return x, err
}

// Moves yields the board after crossing out each rectangle of open cells.
func (ri *rectanglesInstance) Moves(c Component, yield func([]Component) bool) {
	b := c.(shapeComp[RectBoard]).val
	for r1 := 0; r1 < b.H; r1++ {
		for c1 := 0; c1 < b.W; c1++ {
			end := b.W // columns c1..end-1 are open in rows r1..r2
			for r2 := r1; r2 < b.H && b.Cells[r2*b.W+c1] == '.'; r2++ {
				c2 := c1
				for c2 < end && b.Cells[r2*b.W+c2] == '.' {
					c2++
				}
				end = c2
				for k := c1; k < end; k++ {
					if !yield([]Component{ri.comp(b.cross(r1, c1, r2, k))}) {
						return
					}
				}
			}
		}
	}
}

// MovesToValue finds the rectangles whose crossing leaves value v. A move
// changes one component only, so the value after it is the total with that
// component's value replaced by the value of what the rectangle leaves of
// it, which the memo holds once the board has been valued.
func (ri *rectanglesEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	b := c.(shapeComp[RectBoard]).val
	parts, values, total, err := valueParts(ctx, b, ri.partValue)
	if err != nil {
		return err
	}
	for i, p := range parts {
		need := v ^ total ^ values[i] // the value the component must be left with
		if p.Line > 0 {
			// Crossing cells a..e leaves lines of a and Line-1-e cells.
			for a := 0; a < p.Line; a++ {
				if need >= 1<<40 {
					break // lines of fewer than 2^31 cells leave values below 2^32
				}
				e := p.Line - 1 - (a ^ int(need))
				if e < a || e >= p.Line {
					continue
				}
				r1, c1, r2, c2 := p.Top, p.Left+a, p.Top, p.Left+e
				if p.Shape.H != 1 {
					r1, c1, r2, c2 = p.Top+a, p.Left, p.Top+e, p.Left
				}
				if !yield([]Component{ri.comp(b.cross(r1, c1, r2, c2))}) {
					return nil
				}
			}
			continue
		}
		var ferr error
		stop := false
		p.Shape.rects(func(r1, c1, r2, c2 int, rect uint64) bool {
			after, err := ri.shapeValue(ctx, Shape{p.Shape.Bits &^ rect, p.Shape.W, p.Shape.H})
			if err != nil {
				ferr = err
				return false
			}
			if after == need && !yield([]Component{ri.comp(b.cross(p.Top+r1, p.Left+c1, p.Top+r2, p.Left+c2))}) {
				stop = true
				return false
			}
			return true
		})
		if ferr != nil {
			return ferr
		}
		if stop {
			return nil
		}
	}
	return nil
}

// CrossedRectangle names the rectangle a move crossed out, as
// "r1,c1-r2,c2" (rows and columns counted from 1, row 1 at the top), given
// the boards before and after it; ok is false if after is not a move from
// before.
func CrossedRectangle(before, after string) (rect string, ok bool) {
	b, err1 := ParseRectBoard(before)
	a, err2 := ParseRectBoard(after)
	if err1 != nil || err2 != nil || a.W != b.W || a.H != b.H {
		return "", false
	}
	r1, c1, r2, c2 := a.H, a.W, -1, -1
	for i := range a.Cells {
		if a.Cells[i] == b.Cells[i] {
			continue
		}
		if b.Cells[i] != '.' {
			return "", false
		}
		r, c := i/a.W, i%a.W
		r1, c1, r2, c2 = min(r1, r), min(c1, c), max(r2, r), max(c2, c)
	}
	if r2 < 0 {
		return "", false
	}
	for r := r1; r <= r2; r++ {
		for c := c1; c <= c2; c++ {
			if i := r*a.W + c; b.Cells[i] != '.' || a.Cells[i] != '#' {
				return "", false
			}
		}
	}
	return fmt.Sprintf("%d,%d-%d,%d", r1+1, c1+1, r2+1, c2+1), true
}

// NameMove names the rectangle the move from c to after crossed out, as
// "r1,c1-r2,c2" (rows and columns from 1, row 1 at the top).
func (*rectanglesInstance) NameMove(c Component, after []Component) string {
	if len(after) != 1 {
		return ""
	}
	rect, _ := CrossedRectangle(c.String(), after[0].String())
	return rect
}

// OpenRectangles returns rectangles, which takes no parameters.
func OpenRectangles(string) (Instance, error) { return newRectangles(), nil }
