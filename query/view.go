package query

import "github.com/grundy-go/grundy/games"

// View is a drawing of one component for the explorer's board: the JSON
// view model of a board's position. Its fields are those of the model's
// games.View, with the door's JSON names.
type View struct {
	Kind string `json:"kind"`
	// Text is the component as written (every kind).
	Text string `json:"text"`
	// Cells are the rows of a grid; each cell is "" (empty or open), "x" or
	// "o" (a player's mark), "#" (blocked or crossed out) or "●" (a token).
	Cells [][]string `json:"cells,omitempty"`
	// Mover is the mark of the player to move, when the position says.
	Mover string `json:"mover,omitempty"`
	// Row is the numbers of a row.
	Row []int64 `json:"row,omitempty"`
	// Hands are the cards of the player to move, then the opponent's; Last
	// is the card the opponent made on their last move (nil before any).
	Hands [][]int `json:"hands,omitempty"`
	Last  *int    `json:"last,omitempty"`
	// Circles are the circles of the plane as [x, y, r].
	Circles [][3]int64 `json:"circles,omitempty"`
	// Heap is the number of tokens of a heap.
	Heap *int64 `json:"heap,omitempty"`
	// Vertices are the places of a graph's vertices, [x, y] within the
	// unit square (y down), vertex i+1 at index i; Edges join two of them
	// by index; Removed marks the vertices no longer in play.
	Vertices [][2]float64 `json:"vertices,omitempty"`
	Edges    [][2]int     `json:"edges,omitempty"`
	Removed  []bool       `json:"removed,omitempty"`
}

// MoveView is a move as the explorer's board shows it: named by what
// changes, with the clicks that make it (the fields of games.MoveView).
type MoveView struct {
	// Label names the move by what changes: the cell ("b2"), the end
	// ("left 3"), the card ("3 → 5"), the rectangle, the circle.
	Label string `json:"label"`
	// Clicks are the cells of a grid to click, in order, as [row, column]
	// from 0 at the top left.
	Clicks [][2]int `json:"clicks,omitempty"`
	// Box says the two Clicks are opposite corners of the box of cells the
	// move changes, to be clicked in either order and at either diagonal.
	Box bool `json:"box,omitempty"`
	// More are other click sequences that make a move to the same position.
	More [][][2]int `json:"more,omitempty"`
	// Cells are the cells of a grid the move changes.
	Cells [][2]int `json:"cells,omitempty"`
	// End is the end of a row taken: "left", "right", or "both".
	End string `json:"end,omitempty"`
	// Card is the index, in the mover's hand, of the card replaced.
	Card *int `json:"card,omitempty"`
	// Circle is the index of the circle hit.
	Circle *int `json:"circle,omitempty"`
	// Token is the token of a heap to click (0 at the left); Split says
	// the move removes that token alone, leaving two heaps.
	Token *int `json:"token,omitempty"`
	Split bool `json:"split,omitempty"`
	// Vertex is the index of the graph's vertex to click.
	Vertex *int `json:"vertex,omitempty"`
}

// ViewGrid is the kind of View of a board of cells.
const ViewGrid = games.ViewGrid

// Viewer draws the components and moves of one game.
type Viewer struct{ v games.Viewer }

// ViewOf returns the viewer of inst's games: the one the game declares
// (games.ViewOf), or the generic view read off a component's text.
func ViewOf(inst Instance) Viewer { return Viewer{games.ViewOf(inst)} }

// View draws component c.
func (v Viewer) View(c Component) View { return View(v.v.View(c)) }

// ViewMove draws the move from c to the components after (its option).
func (v Viewer) ViewMove(c Component, after []Component) MoveView {
	return MoveView(v.v.ViewMove(c, after))
}
