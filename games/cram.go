package games

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Cram (the impartial Domineering, made known by Martin Gardner): a
// board of open '.' and taken '#' cells, written as rectangles' boards are
// (rows joined by '/', or WxH for an empty board of W columns and H rows).
// A move places a domino on two adjacent open cells; whoever cannot move
// loses. A domino lies within one 4-connected component of open cells, so
// the components are independent and a board's value is the nim-sum of
// theirs.
//
// The engine values each component by the cheapest means that applies: a
// straight line of n cells is Dawson's Kayles (octal 0.07) on a heap of n
// (a domino on a line leaves two lines whose lengths sum to n - 2),
// valued by the heap engine for any length; a component within 8 x 8 is
// searched on bitboards (cram_bits.go) with an endgame table of every set
// of cells within 5 x 4, the values of paths and cycles and, unless it is
// turned off, the symmetry shortcut (cramSymmetric); a wider component of
// at most 59 cells and 15 columns is a 64-bit key of the same engine
// (cram_wide.go); the rest, up to 64 cells in the bounding box, are
// searched on Shapes (cramShapeGame).

// cramInstance is the Cram game: each ARG is one board.
type cramInstance struct {
	symmetry bool // the symmetry shortcut is on (the GAME token is "cram")
}

// cramNoSymmetry is the parameter that turns the symmetry shortcut off.
const cramNoSymmetry = "nosymmetry"

func (ci *cramInstance) Name() string {
	if ci.symmetry {
		return "cram"
	}
	return "cram:" + cramNoSymmetry
}

// Kind says the game is impartial.
func (*cramInstance) Kind() Kind { return Impartial }

func (ci *cramInstance) Parse(args []string) ([]Component, error) {
	return parseBoards(args, "'cram 4x3' or 'cram ..#/.../...'", ci.comp)
}

func (ci *cramInstance) comp(b RectBoard) Component {
	return shapeComp[RectBoard]{ci, b.String(), b}
}

func (*cramInstance) Format(group []Component) []string { return componentArgs(group) }

// FileArgs reads boards from a file: one row per line, a blank line between
// boards.
func (*cramInstance) FileArgs(text string) []string { return boardFileArgs(text) }

// cramDomino is a domino of a board: its first cell (the left or the top
// one) and its second, as indices r*W+c.
type cramDomino struct{ a, b int }

// cramBoardDominoes calls yield with every domino of open cells of b, row by row,
// each cell's horizontal domino before its vertical one.
func cramBoardDominoes(b RectBoard, yield func(d cramDomino) bool) {
	for i, c := range b.Cells {
		if c != '.' {
			continue
		}
		if col := i % b.W; col+1 < b.W && b.Cells[i+1] == '.' && !yield(cramDomino{i, i + 1}) {
			return
		}
		if i+b.W < len(b.Cells) && b.Cells[i+b.W] == '.' && !yield(cramDomino{i, i + b.W}) {
			return
		}
	}
}

// place returns b with the domino's cells taken.
func (d cramDomino) place(b RectBoard) RectBoard {
	cells := make([]byte, len(b.Cells))
	copy(cells, b.Cells)
	cells[d.a], cells[d.b] = '#', '#'
	return RectBoard{b.W, b.H, cells}
}

// Moves yields the board after each domino.
func (ci *cramInstance) Moves(c Component, yield func([]Component) bool) {
	b := c.(shapeComp[RectBoard]).val
	cramBoardDominoes(b, func(d cramDomino) bool {
		return yield([]Component{ci.comp(d.place(b))})
	})
}

// Evaluator returns the engines of one request: the pruned search
// (solve.Pruned) on the components within 8 x 8 (as bitboards) and the
// wide ones that fit a key (cram_wide.go), a pruned search on the rest
// (Shapes, cramShapeGame), and Dawson's Kayles's sequence for the long
// lines, all counting against budget. The bitboard engine and its tables
// are made on first use (cramEval.prepare).
func (ci *cramInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &cramEval{
		cramInstance: ci,
		budget:       budget,
		wide:         solve.NewPruned[Shape](cramShapeGame{symmetry: ci.symmetry}, budget),
	}
}

// cramEval is the Evaluator of Cram.
type cramEval struct {
	*cramInstance
	budget  *limits.Budget
	bits    *cramBitsGame         // splits the sets valued by fast (its own buffers: fast's game is the engine's)
	fast    *solve.Pruned[uint64] // components within 8x8 and wide keys (cramBitsGame); nil before prepare
	wide    *solve.Pruned[Shape]  // the components no key holds (cramShapeGame)
	lines   *heap.Sequence        // Dawson's Kayles, for lines longer than 64 cells
	workers int                   // the workers of fast's searches (SetWorkers; 0: one per core)
}

// SetWorkers sets how many goroutines search each question of the
// bitboard engine (solve.Pruned.Parallel): 0 for one per core, 1 for the
// serial search.
func (e *cramEval) SetWorkers(n int) { e.workers = n }

// prepare makes the bitboard engine on first use. Its two games (the
// engine's and bits) share one canonical-form cache (256 KiB) and one
// endgame table (1 MiB), both counted against the budget, each held only
// when holdSpeedup allows it: under a small memory limit the engine goes
// without them and searches what they would have answered, with the same
// values. With more than one worker (SetWorkers; one per core unless
// set), the engine's questions are searched by that many goroutines at
// once (solve.Pruned.Parallel), each other worker over a game of its own
// (workerGame), counted likewise.
func (e *cramEval) prepare() error {
	if e.fast != nil {
		return nil
	}
	if err := e.budget.Grow(2 * cramScratchBytes); err != nil {
		return err
	}
	endgame, cache := e.tables()
	e.bits = newCramBitsGameWith(e.symmetry, cache, endgame)
	e.fast = solve.NewPruned[uint64](newCramBitsGameWith(e.symmetry, cache, endgame), e.budget)
	workers := e.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	e.fast.Parallel(workers, e.workerGame)
	return nil
}

// workerGame returns a game for another worker of the parallel search:
// its own buffers, counted (an error when they do not fit), and its own
// endgame table and canonical-form cache (neither is safe for concurrent
// use), each held when holdSpeedup allows.
func (e *cramEval) workerGame() (game.Game[uint64], error) {
	if err := e.budget.Grow(cramScratchBytes); err != nil {
		return nil, err
	}
	endgame, cache := e.tables()
	return newCramBitsGameWith(e.symmetry, cache, endgame), nil
}

// tables returns a new endgame table and canonical-form cache, each
// counted against the budget, or nil when holdSpeedup refuses it.
func (e *cramEval) tables() (*cramEndgameTable, *canonCache) {
	var endgame *cramEndgameTable
	if holdSpeedup(e.budget, cramEndgameBytes) {
		endgame = new(cramEndgameTable)
	}
	var cache *canonCache
	if holdSpeedup(e.budget, canonCacheBytes) {
		cache = new(canonCache)
	}
	return endgame, cache
}

func (e *cramEval) States() int64 {
	if e.fast == nil {
		return e.wide.States
	}
	return e.fast.States + e.wide.States
}

// memoized returns the entries of the engines' memos and how many they replaced.
func (e *cramEval) memoized() (entries int, replaced int64) {
	if e.fast == nil {
		return e.wide.Memoized(), e.wide.Replaced()
	}
	return e.fast.Memoized() + e.wide.Memoized(), e.fast.Replaced() + e.wide.Replaced()
}

// dawsonKaylesCode is octal 0.07, Dawson's Kayles.
var dawsonKaylesCode = func() heap.Code {
	code, err := heap.ParseCode("0.07")
	if err != nil {
		panic(err) // a constant code: a programming error
	}
	return code
}()

// line returns the value of a line of n cells: Dawson's Kayles on a heap
// of n, from the recurrence up to 64 cells and from the heap engine's
// sequence (which proves its period) beyond.
func (e *cramEval) line(ctx context.Context, n int) (game.Nimber, error) {
	if n <= maxShapeCells {
		return dawsonKaylesRows()[n], nil
	}
	if e.lines == nil {
		e.lines = &heap.Sequence{Rules: heap.Octal(dawsonKaylesCode)}
	}
	if err := e.lines.Reach(ctx, n, e.budget); err != nil {
		return 0, fmt.Errorf("a line of %d cells: %w", n, err)
	}
	v, _ := e.lines.At(n)
	return v, nil
}

// dawsonKaylesRows holds Cram's values of rows of 0..64 cells: a domino on
// a row of n leaves rows of a and n-2-a cells, so G(n) = mex{G(a) ^
// G(n-2-a) : 0 <= a <= n-2}, the recurrence of Dawson's Kayles.
var dawsonKaylesRows = sync.OnceValue(func() []game.Nimber {
	g := make([]game.Nimber, maxShapeCells+1)
	var seen game.MexSet
	for n := 2; n <= maxShapeCells; n++ {
		seen.Reset()
		for a := 0; a <= n-2; a++ {
			seen.Add(g[a] ^ g[n-2-a])
		}
		g[n] = seen.Mex()
	}
	return g
})

// fastParts appends the keys of the components of s (cropped to its
// bounding box) for the fast engine to dst; ok is false when one does not
// fit a key (a bounding box of 8 x 8, or wider than 8 and of more than 59
// cells or 15 columns), and the Shape engine values s.
func (e *cramEval) fastParts(s Shape, dst []uint64) (_ []uint64, ok bool) {
	if p, ok := bitsOfShape(s); ok {
		if s.W == 8 && s.H == 8 {
			return dst, false
		}
		return e.bits.split(p, dst), true
	}
	for _, c := range (ShapeGame{}).Split(s, nil) {
		if c.Bits&(c.Bits-1) == 0 {
			continue
		}
		if dst, ok = e.bits.appendShape(c, dst); !ok {
			return dst, false
		}
	}
	return dst, true
}

// shapeValue returns the value of a set of cells cropped to its bounding
// box, connected or not.
func (e *cramEval) shapeValue(ctx context.Context, s Shape) (game.Nimber, error) {
	var buf [32]uint64
	parts, ok := e.fastParts(s, buf[:0])
	if !ok {
		return e.wide.Value(ctx, s)
	}
	var x game.Nimber
	for _, c := range parts {
		v, err := e.fast.Value(ctx, c)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// shapeIs reports whether a set of cells cropped to its bounding box has
// value v: the pruned search's question on the sum of its components,
// which needs less than their values.
func (e *cramEval) shapeIs(ctx context.Context, s Shape, v game.Nimber) (bool, error) {
	var buf [32]uint64
	parts, ok := e.fastParts(s, buf[:0])
	if !ok {
		return e.wide.IsValue(ctx, []Shape{s}, v)
	}
	return e.fast.IsValue(ctx, parts, v)
}

func (e *cramEval) partValue(ctx context.Context, p rectPart) (game.Nimber, error) {
	if p.Line > 0 {
		return e.line(ctx, p.Line)
	}
	return e.shapeValue(ctx, p.Shape)
}

func (e *cramEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	if err := e.prepare(); err != nil {
		return 0, err
	}
	_, _, x, err := valueParts(ctx, c.(shapeComp[RectBoard]).val, e.partValue)
	return x, err
}

// MovesToValue finds the dominoes whose placing leaves value v. A domino
// changes one component only, so the value after it is the total with
// that component's value replaced by the value of what the domino leaves
// of it.
func (e *cramEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	if err := e.prepare(); err != nil {
		return err
	}
	b := c.(shapeComp[RectBoard]).val
	parts, values, total, err := valueParts(ctx, b, e.partValue)
	if err != nil {
		return err
	}
	for i, p := range parts {
		need := v ^ total ^ values[i] // the value the component must be left with
		if p.Line > 0 {
			step := 1 // the cells of a line are p.Left.. in a row, p.Top.. in a column
			first := p.Top*b.W + p.Left
			if p.Shape.H != 1 {
				step = b.W
			}
			for a := 0; a+2 <= p.Line; a++ {
				left, err := e.line(ctx, a)
				if err != nil {
					return err
				}
				right, err := e.line(ctx, p.Line-2-a)
				if err != nil {
					return err
				}
				d := cramDomino{first + a*step, first + (a+1)*step}
				if left^right == need && !yield([]Component{e.comp(d.place(b))}) {
					return nil
				}
			}
			continue
		}
		s := p.Shape
		w := int(s.W)
		for cells := s.Bits; cells != 0; cells &= cells - 1 {
			i := bits.TrailingZeros64(cells)
			r, col := i/w, i%w
			for _, vertical := range [2]bool{false, true} {
				next := i + 1
				if vertical {
					next = i + w
				}
				if !vertical && col+1 == w || next >= w*int(s.H) || s.Bits>>next&1 == 0 {
					continue
				}
				ok, err := e.shapeIs(ctx, Shape{s.Bits &^ (1<<i | 1<<next), s.W, s.H}, need)
				if err != nil {
					return err
				}
				at := (p.Top+r)*b.W + p.Left + col
				d := cramDomino{at, at + 1}
				if vertical {
					d.b = at + b.W
				}
				if ok && !yield([]Component{e.comp(d.place(b))}) {
					return nil
				}
			}
		}
	}
	return nil
}

// cramMove returns the domino the move from before to after placed; ok is
// false if after is not a move from before.
func cramMove(before, after string) (r1, c1, r2, c2 int, ok bool) {
	b, err1 := ParseRectBoard(before)
	a, err2 := ParseRectBoard(after)
	if err1 != nil || err2 != nil || a.W != b.W || a.H != b.H {
		return 0, 0, 0, 0, false
	}
	var changed []int
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			if b.Cells[i] != '.' || len(changed) == 2 {
				return 0, 0, 0, 0, false
			}
			changed = append(changed, i)
		}
	}
	if len(changed) != 2 {
		return 0, 0, 0, 0, false
	}
	r1, c1, r2, c2 = changed[0]/a.W, changed[0]%a.W, changed[1]/a.W, changed[1]%a.W
	if !(r1 == r2 && c2 == c1+1 || c1 == c2 && r2 == r1+1) {
		return 0, 0, 0, 0, false
	}
	return r1, c1, r2, c2, true
}

// NameMove names the domino the move from c to after placed by its two
// cells ("a1-b1": column letters, rows from 1 at the top).
func (*cramInstance) NameMove(c Component, after []Component) string {
	if len(after) != 1 {
		return ""
	}
	r1, c1, r2, c2, ok := cramMove(c.String(), after[0].String())
	if !ok {
		return ""
	}
	return cellName(r1, c1) + "-" + cellName(r2, c2)
}

// View draws the board as its grid, '#' for taken cells.
func (*cramInstance) View(c Component) View {
	text := c.String()
	b, err := ParseRectBoard(text)
	if err != nil {
		return TextViewer{}.View(c)
	}
	return View{Kind: ViewGrid, Text: text, Cells: boardCells(b.W, b.H, b.Cells, map[byte]string{'#': "#"})}
}

// ViewMove describes a domino: its two cells, clicked in either order, as
// a rectangle's two corners are (the label "a1–b1").
func (ci *cramInstance) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	r1, c1, r2, c2, ok := cramMove(c.String(), after[0].String())
	if !ok {
		return mv
	}
	cells := [][2]int{{r1, c1}, {r2, c2}}
	return MoveView{Label: cellName(r1, c1) + "–" + cellName(r2, c2), Clicks: cells, Box: true, Cells: cells}
}

// cramShapeGame is Cram on Shapes, for the components wider than 8 x 8 (a
// bounding box of at most 64 cells): ShapeGame's Split (dominoes lie in one
// component) and Canon (a symmetry of the square maps dominoes to
// dominoes), its own Options, and Value for lines and, with the shortcut,
// half-turn symmetric shapes whose centre is closed (cramSymmetric's
// theorem).
type cramShapeGame struct{ symmetry bool }

// Options yields s with each domino taken, as one (unsplit) part.
func (cramShapeGame) Options(s Shape, yield func([]Shape) bool) {
	w := int(s.W)
	notLast := ^(column0(w, int(s.H)) << (w - 1))
	horizontal := s.Bits & (s.Bits >> 1) & notLast
	vertical := s.Bits & (s.Bits >> w)
	var buf [1]Shape
	for d := horizontal; d != 0; d &= d - 1 {
		low := d & -d
		buf[0] = Shape{s.Bits &^ (low | low<<1), s.W, s.H}
		if !yield(buf[:]) {
			return
		}
	}
	for d := vertical; d != 0; d &= d - 1 {
		low := d & -d
		buf[0] = Shape{s.Bits &^ (low | low<<w), s.W, s.H}
		if !yield(buf[:]) {
			return
		}
	}
}

// Size is the number of cells of s (solve.Sizer).
func (cramShapeGame) Size(s Shape) int { return bits.OnesCount64(s.Bits) }

func (cramShapeGame) Split(s Shape, dst []Shape) []Shape { return ShapeGame{}.Split(s, dst) }

func (cramShapeGame) Canon(s Shape) Shape { return ShapeGame{}.Canon(s) }

func (g cramShapeGame) Value(s Shape) (game.Nimber, bool) {
	if s.H == 1 && s.Bits == rowMask(int(s.W)) || s.W == 1 && s.Bits == rowMask(int(s.H)) {
		return dawsonKaylesRows()[bits.OnesCount64(s.Bits)], true
	}
	if g.symmetry && bits.Reverse64(s.Bits)>>((64-uint(s.W)*uint(s.H))&63) == s.Bits && cramCentreClosed(s.Bits, int(s.W), int(s.H), int(s.W)) {
		return 0, true // cramSymmetric's theorem
	}
	return 0, false
}

// OpenCram returns cram with its parameters: none (symmetric boards are
// answered by the symmetry strategy) or "nosymmetry" (they are searched).
func OpenCram(params string) (Instance, error) {
	switch params {
	case "":
		return &cramInstance{symmetry: true}, nil
	case cramNoSymmetry:
		return &cramInstance{}, nil
	}
	return nil, game.Inputf("cram takes no parameter or %q, got %q", cramNoSymmetry, params)
}
