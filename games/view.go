package games

import (
	"fmt"
	"strconv"
	"strings"
)

// A Viewer describes the positions and moves of a game for drawing: the
// explorer's play page draws a board from a View and turns clicks into moves
// with each move's MoveView, knowing no game by name. Viewers read a
// component through its text form (Component.String), which is the game's
// stable contract, not through its engine's types, so a faster rewrite of a
// game's representation does not change its drawing.
type Viewer interface {
	// View describes component c.
	View(c Component) View
	// ViewMove describes the move from c to the components after (its
	// option): what the move changes and what to click to make it. A move
	// the viewer cannot describe has only its Label.
	ViewMove(c Component, after []Component) MoveView
}

// The kinds of View.
const (
	ViewGrid    = "grid"    // a board of cells
	ViewRow     = "row"     // a row of numbers taken from either end
	ViewHands   = "hands"   // two hands of cards
	ViewCircles = "circles" // circles in the plane
	ViewHeap    = "heap"    // a heap of tokens
	ViewText    = "text"    // the component's text, nothing more
	ViewGraph   = "graph"   // vertices and edges, some of them removed
)

// View is a drawing of one component: model data, which the door (package
// query) gives the faces as its own JSON view model.
type View struct {
	Kind string
	// Text is the component as written (every kind).
	Text string
	// Cells are the rows of a grid; each cell is "" (empty or open), "x" or
	// "o" (a player's mark), "#" (blocked or crossed out) or "●" (a token).
	Cells [][]string
	// Mover is the mark of the player to move, when the position says.
	Mover string
	// Row is the numbers of a row.
	Row []int64
	// Hands are the cards of the player to move, then the opponent's; Last
	// is the card the opponent made on their last move (nil before any).
	Hands [][]int
	Last  *int
	// Circles are the circles of the plane as [x, y, r].
	Circles [][3]int64
	// Heap is the number of tokens of a heap.
	Heap *int64
	// Vertices are the places of a graph's vertices, [x, y] within the
	// unit square (y down), vertex i+1 at index i; Edges join two of them
	// by index; Removed marks the vertices no longer in play.
	Vertices [][2]float64
	Edges    [][2]int
	Removed  []bool
}

// MoveView is a move as a drawing shows it: named by what changes.
type MoveView struct {
	// Label names the move by what changes: the cell ("b2"), the end
	// ("left 3"), the card ("3 → 5"), the rectangle, the circle.
	Label string
	// Clicks are the cells of a grid to click, in order, as [row, column]
	// from 0 at the top left: tic-tac-toe's cell, the rook's target, the
	// Quixo cube taken then the end it is pushed in at, a rectangle's two
	// opposite corners.
	Clicks [][2]int
	// Box says the two Clicks are opposite corners of the box of cells the
	// move changes, to be clicked in either order and at either diagonal.
	Box bool
	// More are other click sequences that make a move to the same position
	// (two Quixo pushes can leave one board).
	More [][][2]int
	// Cells are the cells of a grid the move changes.
	Cells [][2]int
	// End is the end of a row taken: "left", "right", or "both" when the
	// two ends lead to the same row.
	End string
	// Card is the index, in the mover's hand, of the card replaced.
	Card *int
	// Circle is the index of the circle hit: a point inside it and outside
	// the circles it contains makes the move.
	Circle *int
	// Token is the token of a heap to click (0 at the left): the move
	// leaves a heap of Token tokens (it takes that token and the ones to
	// its right), or, when Split is set, removes that token alone and
	// leaves the tokens on either side as two heaps. A click makes the
	// move that leaves one heap when there is one.
	Token *int
	Split bool
	// Vertex is the index of the graph's vertex to click.
	Vertex *int
}

// A Drawer is an instance that declares the viewer of its board: the
// drawing of a game's positions is game-specific code beside its model.
// Viewer returns nil when the generic view will do.
type Drawer interface {
	Viewer() Viewer
}

// ViewOf returns the viewer of inst's games: the instance itself when it
// is a Viewer (a rule script may be), the one it declares as a Drawer, or
// the generic view (TextViewer).
func ViewOf(inst Instance) Viewer {
	if v, ok := inst.(Viewer); ok {
		return v
	}
	if d, ok := inst.(Drawer); ok {
		if v := d.Viewer(); v != nil {
			return v
		}
	}
	return TextViewer{}
}

// TextViewer is the generic view, read off a component's text: an integer
// is a heap of tokens; a word of rows of single characters joined by '/',
// all as long, is a grid whose cells are those characters ('.' empty, so a
// rule script whose show(pos) writes such rows is drawn as a board); any
// other text is shown as it is. Moves are named by the text they leave,
// and on a grid by the cells they change.
type TextViewer struct{}

// View describes c from its text.
func (TextViewer) View(c Component) View {
	text := c.String()
	if n, ok := heapSize(text); ok {
		return View{Kind: ViewHeap, Text: text, Heap: &n}
	}
	if g, mover, ok := textGrid(text); ok {
		return View{Kind: ViewGrid, Text: text, Cells: g, Mover: mover}
	}
	return View{Kind: ViewText, Text: text}
}

// ViewMove names the move by what it leaves; on heaps by the token to
// click, on grids by the cells that change.
func (TextViewer) ViewMove(c Component, after []Component) MoveView {
	before := c.String()
	texts := make([]string, len(after))
	for i, a := range after {
		texts[i] = a.String()
	}
	left := strings.Join(texts, " + ")
	if left == "" {
		left = "nothing"
	}
	mv := MoveView{Label: "→ " + left}
	if n, ok := heapSize(before); ok {
		heaps := make([]int64, 0, len(after))
		for _, t := range texts {
			k, ok := heapSize(t)
			if !ok {
				return mv
			}
			if k > 0 {
				heaps = append(heaps, k)
			}
		}
		mv.Label = fmt.Sprintf("%d → %s", n, heapWords(heaps))
		switch {
		case len(heaps) == 0:
			token := 0
			mv.Token = &token
		case len(heaps) == 1 && heaps[0] < n:
			token := int(heaps[0])
			mv.Token = &token
		case len(heaps) == 2 && heaps[0]+heaps[1] == n-1:
			// One token removed from the middle: the first part lies to
			// its left.
			token := int(heaps[0])
			mv.Token, mv.Split = &token, true
		}
		return mv
	}
	if len(after) == 1 {
		g0, _, ok0 := textGrid(before)
		g1, _, ok1 := textGrid(texts[0])
		if ok0 && ok1 {
			if cells, ok := changedCells(g0, g1); ok {
				mv.Cells = cells
				if len(cells) == 1 {
					mv.Clicks = cells
					mv.Label = cellName(cells[0][0], cells[0][1])
				}
			}
		}
	}
	return mv
}

// heapWords writes the heaps a move leaves: "0" when none.
func heapWords(heaps []int64) string {
	if len(heaps) == 0 {
		return "0"
	}
	words := make([]string, len(heaps))
	for i, h := range heaps {
		words[i] = strconv.FormatInt(h, 10)
	}
	return strings.Join(words, " + ")
}

// heapSize reads a component written as a non-negative integer.
func heapSize(text string) (int64, bool) {
	if text == "" || strings.TrimLeft(text, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(text, 10, 64)
	return n, err == nil
}

// textGrid reads a grid: the first word of text is rows of single
// characters joined by '/', at least two rows, all as long; a second word,
// if any, is the mark of the player to move (Quixo writes its side so). '.'
// is an empty cell.
func textGrid(text string) (cells [][]string, mover string, ok bool) {
	words := strings.Fields(text)
	if len(words) == 0 || len(words) > 2 || !strings.Contains(words[0], "/") {
		return nil, "", false
	}
	if len(words) == 2 {
		if len([]rune(words[1])) != 1 {
			return nil, "", false
		}
		mover = words[1]
	}
	rows := strings.Split(words[0], "/")
	width := len([]rune(rows[0]))
	if width == 0 {
		return nil, "", false
	}
	for _, row := range rows {
		rs := []rune(row)
		if len(rs) != width {
			return nil, "", false
		}
		line := make([]string, width)
		for i, r := range rs {
			if r != '.' {
				line[i] = string(r)
			}
		}
		cells = append(cells, line)
	}
	return cells, mover, true
}

// changedCells lists the cells where two grids of one size differ.
func changedCells(a, b [][]string) ([][2]int, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	var cells [][2]int
	for r := range a {
		if len(a[r]) != len(b[r]) {
			return nil, false
		}
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				cells = append(cells, [2]int{r, c})
			}
		}
	}
	return cells, true
}

// cellName names a cell the way boards are labelled: a column letter and a
// row number from 1 at the top ("a1" is the top-left cell).
func cellName(r, c int) string {
	if c < 26 {
		return fmt.Sprintf("%c%d", 'a'+c, r+1)
	}
	return fmt.Sprintf("r%dc%d", r+1, c+1)
}
