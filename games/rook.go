package games

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// RookBoard is a position of the rook game (seed 004): a board of free '.'
// and blocked '#' cells with one token 'o' on Cells[Token]. Cells is row
// major, row 0 at the top.
type RookBoard struct {
	W, H  int
	Cells []byte
	Token int
}

// ParseRook reads a rook board: rows of 'o', '.' and '#' joined by '/' (or
// newlines), with exactly one token. Errors wrap game.ErrInput.
func ParseRook(arg string) (RookBoard, error) {
	g, err := parseGrid(arg, "o.#", '.')
	if err != nil {
		return RookBoard{}, err
	}
	b := RookBoard{W: g.W, H: g.H, Cells: g.Cells, Token: -1}
	for i, c := range g.Cells {
		if c != 'o' {
			continue
		}
		if b.Token >= 0 {
			return RookBoard{}, game.Inputf("board has two tokens 'o', at row %d column %d and row %d column %d (want one)",
				b.Token/g.W+1, b.Token%g.W+1, i/g.W+1, i%g.W+1)
		}
		b.Token = i
	}
	if b.Token < 0 {
		return RookBoard{}, game.Inputf("board has no token 'o'")
	}
	return b, nil
}

// String writes the board as rows joined by '/'.
func (b RookBoard) String() string { return grid{b.W, b.H, b.Cells}.String() }

// moveTo returns the board with the token moved to cell i.
func (b RookBoard) moveTo(i int) RookBoard {
	cells := make([]byte, len(b.Cells))
	copy(cells, b.Cells)
	cells[b.Token], cells[i] = '.', 'o'
	return RookBoard{b.W, b.H, cells, i}
}

// options calls yield with each cell the token can move to: up its column,
// then right along its row, nearest first, stopping at a wall or the edge.
func (b RookBoard) options(yield func(cell int) bool) {
	for i := b.Token - b.W; i >= 0 && b.Cells[i] != '#'; i -= b.W {
		if !yield(i) {
			return
		}
	}
	rowEnd := (b.Token/b.W + 1) * b.W
	for i := b.Token + 1; i < rowEnd && b.Cells[i] != '#'; i++ {
		if !yield(i) {
			return
		}
	}
}

// Values returns the Grundy value of the token on every free cell in one
// pass (0 on blocked cells), counting one state per cell against ctr.
//
// Rows go top to bottom and each row right to left, so the cells above and
// to the right, the options, come first. The values of the free run of cells
// above a cell are distinct (each of them is an option of every cell below
// it in the run), and so are those of the run to its right; each column keeps
// the set of its run as a bitset, the row keeps its own, and the value is the
// first zero bit of their union. A value is at most the number of options,
// below W+H, so a bitset has (W+H)/64+1 words: O(W*H*(W+H)/64) in all, and in
// practice the scan stops at the first word with a zero.
func (b RookBoard) Values(ctx context.Context, ctr *limits.Counter) ([]uint32, error) {
	words := (b.W+b.H)/64 + 1
	if err := ctr.Hold(8*int64(b.W*words+words) + 4*int64(len(b.Cells))); err != nil {
		return nil, fmt.Errorf("a %dx%d board: %w", b.W, b.H, err)
	}
	cols := make([]uint64, b.W*words) // column c's set: cols[c*words:(c+1)*words]
	row := make([]uint64, words)
	values := make([]uint32, len(b.Cells))
	for r := 0; r < b.H; r++ {
		clear(row)
		for c := b.W - 1; c >= 0; c-- {
			if err := ctr.Step(ctx); err != nil {
				return nil, err
			}
			col := cols[c*words : (c+1)*words]
			i := r*b.W + c
			if b.Cells[i] == '#' {
				clear(col)
				clear(row)
				continue
			}
			v := 0
			for k := range words {
				if w := col[k] | row[k]; w != ^uint64(0) {
					v = 64*k + bits.TrailingZeros64(^w)
					break
				}
			}
			values[i] = uint32(v)
			col[v/64] |= 1 << (v % 64)
			row[v/64] |= 1 << (v % 64)
		}
	}
	return values, nil
}

// rookInstance is the rook game: each ARG is one board.
type rookInstance struct{}

// Evaluator returns an engine for one request: a board is valued in one
// pass over its cells (RookBoard.Values), counting against budget.
func (ri *rookInstance) Evaluator(budget *limits.Budget) Evaluator {
	return &rookEval{rookInstance: ri, ctr: limits.Counter{Budget: budget}}
}

// rookEval is the Evaluator of the rook game.
type rookEval struct {
	*rookInstance
	ctr    limits.Counter
	last   []uint32 // values of the board lastID, for the winning moves
	lastID string
}

func (ri *rookEval) States() int64 { return ri.ctr.States }

func (*rookInstance) Name() string { return "rook" }

// Kind says the game is impartial.
func (*rookInstance) Kind() Kind { return Impartial }

// Viewer returns the viewer of the game's board.
func (*rookInstance) Viewer() Viewer { return rookViewer{} }

func (ri *rookInstance) Parse(args []string) ([]Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no board given (e.g. 'rook ..o/.#./...')")
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		b, err := ParseRook(a)
		if err != nil {
			return nil, err
		}
		comps[i] = ri.comp(b)
	}
	return comps, nil
}

func (ri *rookInstance) comp(b RookBoard) Component { return shapeComp[RookBoard]{ri, b.String(), b} }

func (*rookInstance) Format(group []Component) []string {
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

// FileArgs reads boards from a file: one row per line, a blank line between
// boards.
func (*rookInstance) FileArgs(text string) []string { return boardFileArgs(text) }

func (ri *rookEval) values(ctx context.Context, c Component) ([]uint32, RookBoard, error) {
	b := c.(shapeComp[RookBoard]).val
	if ri.last != nil && ri.lastID == c.String() {
		return ri.last, b, nil
	}
	vals, err := b.Values(ctx, &ri.ctr)
	if err != nil {
		return nil, b, err
	}
	ri.last, ri.lastID = vals, c.String()
	return vals, b, nil
}

func (ri *rookEval) Grundy(ctx context.Context, c Component) (game.Nimber, error) {
	vals, b, err := ri.values(ctx, c)
	if err != nil {
		return 0, err
	}
	return game.Nimber(vals[b.Token]), nil
}

// Moves yields the board after each move of the token.
func (ri *rookInstance) Moves(c Component, yield func([]Component) bool) {
	b := c.(shapeComp[RookBoard]).val
	b.options(func(i int) bool { return yield([]Component{ri.comp(b.moveTo(i))}) })
}

// MovesToValue reads the moves of value v off the table of values.
func (ri *rookEval) MovesToValue(ctx context.Context, c Component, v game.Nimber, yield func([]Component) bool) error {
	vals, b, err := ri.values(ctx, c)
	if err != nil {
		return err
	}
	b.options(func(i int) bool {
		if game.Nimber(vals[i]) != v {
			return true
		}
		return yield([]Component{ri.comp(b.moveTo(i))})
	})
	return nil
}

// CellValues returns the value of the token on every cell of c's board, row
// by row from the top (nil on a blocked cell), computed in the one pass of
// RookBoard.Values.
func (ri *rookEval) CellValues(ctx context.Context, c Component) ([][]*game.Nimber, error) {
	vals, b, err := ri.values(ctx, c)
	if err != nil {
		return nil, err
	}
	table := make([][]*game.Nimber, b.H)
	for r := range table {
		table[r] = make([]*game.Nimber, b.W)
		for col := range table[r] {
			if i := r*b.W + col; b.Cells[i] != '#' {
				v := game.Nimber(vals[i])
				table[r][col] = &v
			}
		}
	}
	return table, nil
}

// OpenRook returns rook, which takes no parameters.
func OpenRook(string) (Instance, error) { return &rookInstance{}, nil }
