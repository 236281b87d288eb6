package games

import (
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
)

// This file holds what the board and shape games (rectangles, rook, circles,
// forest, graph:FILE) share: the component type of instances that implement
// Valued directly, and the parser of boards written as rows.

// shapeComp is a component of one of the board and shape games. Its text is
// its canonical CLI form, so the text is also its key.
type shapeComp[T any] struct {
	inst Instance
	text string
	val  T
}

// Instance returns the game of the component.
func (c shapeComp[T]) Instance() Instance { return c.inst }

// Key returns the component's canonical text.
func (c shapeComp[T]) Key() any { return c.text }

// String returns the component in CLI syntax.
func (c shapeComp[T]) String() string { return c.text }

// parseBoards reads each ARG as one board of the rectangles syntax (rows
// of '.' and '#', or WxH) and binds it with comp; example is the hint of
// the error when no ARG is given.
func parseBoards(args []string, example string, comp func(RectBoard) Component) ([]Component, error) {
	if len(args) == 0 {
		return nil, game.Inputf("no board given (e.g. %s)", example)
	}
	comps := make([]Component, len(args))
	for i, a := range args {
		b, err := ParseRectBoard(a)
		if err != nil {
			return nil, err
		}
		comps[i] = comp(b)
	}
	return comps, nil
}

// componentArgs writes each component of a group as one ARG, its text.
func componentArgs(group []Component) []string {
	args := make([]string, len(group))
	for i, c := range group {
		args[i] = c.String()
	}
	return args
}

// maxBoardCells bounds the boards the board games accept (a 2000x2000
// board), so a typo cannot ask for gigabytes.
const maxBoardCells = 4 << 20

// grid is a rectangular board of W columns and H rows; Cells[r*W+c] is the
// byte of row r (0 at the top), column c.
type grid struct {
	W, H  int
	Cells []byte
}

// parseGrid reads a board written as rows joined by '/' (or newlines, for
// boards read from files), or as WxH for a board of W columns and H rows all
// set to fill. Every byte must be in allowed. Errors wrap game.ErrInput.
func parseGrid(arg, allowed string, fill byte) (grid, error) {
	text := strings.TrimSpace(arg)
	if w, h, ok := strings.Cut(text, "x"); ok && !strings.ContainsAny(text, "/\n"+allowed) {
		W, errW := strconv.Atoi(w)
		H, errH := strconv.Atoi(h)
		if errW != nil || errH != nil || W < 1 || H < 1 {
			return grid{}, game.Inputf("board size %q is not WxH with positive integers W and H", arg)
		}
		// W and H each at most the cap first, so W*H cannot overflow.
		if W > maxBoardCells || H > maxBoardCells || int64(W)*int64(H) > maxBoardCells {
			return grid{}, game.Inputf("board %q has more than %d cells", clip(arg), maxBoardCells)
		}
		cells := make([]byte, W*H)
		for i := range cells {
			cells[i] = fill
		}
		return grid{W, H, cells}, nil
	}
	if text == "" {
		return grid{}, game.Inputf("empty board: write rows joined by '/', e.g. '..#/.../...'")
	}
	if len(text) > 2*maxBoardCells {
		return grid{}, game.Inputf("board has more than %d cells", maxBoardCells)
	}
	rows := strings.FieldsFunc(strings.ReplaceAll(text, "\r", ""), func(r rune) bool { return r == '/' || r == '\n' })
	if n := strings.Count(text, "/") + strings.Count(text, "\n") + 1; n != len(rows) {
		return grid{}, game.Inputf("board %q has an empty row", clip(arg))
	}
	g := grid{W: len(rows[0]), H: len(rows)}
	g.Cells = make([]byte, 0, g.W*g.H)
	for r, row := range rows {
		row = strings.TrimSpace(row)
		if len(row) != g.W {
			return grid{}, game.Inputf("board rows differ in length: row 1 has %d cells, row %d has %d (%q)", g.W, r+1, len(row), clip(row))
		}
		for c := 0; c < len(row); c++ {
			if strings.IndexByte(allowed, row[c]) < 0 {
				return grid{}, game.Inputf("row %d, column %d: %q is not a cell (want one of %q)", r+1, c+1, row[c], allowed)
			}
		}
		g.Cells = append(g.Cells, row...)
	}
	return g, nil
}

// String writes the board as rows joined by '/'.
func (g grid) String() string {
	var b strings.Builder
	b.Grow(g.W*g.H + g.H)
	for r := 0; r < g.H; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		b.Write(g.Cells[r*g.W : (r+1)*g.W])
	}
	return b.String()
}

// boardFileArgs splits a file into boards: rows are lines, and a blank line
// separates two boards.
func boardFileArgs(text string) []string {
	var boards []string
	var rows []string
	flush := func() {
		if len(rows) > 0 {
			boards = append(boards, strings.Join(rows, "/"))
			rows = rows[:0]
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", ""), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			flush()
			continue
		}
		rows = append(rows, line)
	}
	flush()
	return boards
}

// clip shortens long user text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// holdSpeedup accounts with budget for a table of n bytes that only speeds
// an engine up (a cache, an endgame table: the values are the same
// without it) and reports whether the engine may allocate it: when the
// request's memory with it stays within half the limit, so that the
// engines' memos, which the values need, keep the other half. An engine
// that is refused goes without the table.
func holdSpeedup(budget *limits.Budget, n int64) bool {
	if budget != nil && budget.MaxMemory > 0 && budget.Memory()+n > budget.MaxMemory/2 {
		return false
	}
	return budget.Grow(n) == nil
}
