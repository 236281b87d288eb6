package games

import "strings"

// The tic-tac-toe board drawn as its grid of x and o, the player to move
// (x when both have as many marks), each move named by the cell it marks.
// markViewer draws boards written as rows of marks joined by '/' (x, o,
// '.' for an empty cell) where a move marks one empty cell.
type markViewer struct{}

func (markViewer) View(c Component) View {
	text := c.String()
	cells, _, ok := textGrid(text)
	if !ok {
		return TextViewer{}.View(c)
	}
	// x moves first: x is to move when both have as many marks.
	mover := "o"
	if strings.Count(text, "x") == strings.Count(text, "o") {
		mover = "x"
	}
	return View{Kind: ViewGrid, Text: text, Cells: cells, Mover: mover}
}

func (markViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(mv.Clicks) == 1 {
		mv.Cells = mv.Clicks
	}
	return mv
}
