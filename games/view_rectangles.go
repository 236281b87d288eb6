package games

// The rectangles board drawn as its grid, '#' for crossed cells; a move is
// named by the rectangle it crosses out, clicked as two opposite corners.
type rectanglesViewer struct{}

func (rectanglesViewer) View(c Component) View {
	text := c.String()
	b, err := ParseRectBoard(text)
	if err != nil {
		return TextViewer{}.View(c)
	}
	return View{Kind: ViewGrid, Text: text, Cells: boardCells(b.W, b.H, b.Cells, map[byte]string{'#': "#"})}
}

func (rectanglesViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	b, err1 := ParseRectBoard(c.String())
	a, err2 := ParseRectBoard(after[0].String())
	if err1 != nil || err2 != nil || a.W != b.W || a.H != b.H {
		return mv
	}
	r1, c1, r2, c2 := b.H, b.W, -1, -1
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			r, c := i/a.W, i%a.W
			r1, c1, r2, c2 = min(r1, r), min(c1, c), max(r2, r), max(c2, c)
		}
	}
	if _, ok := CrossedRectangle(c.String(), after[0].String()); !ok || r2 < 0 {
		return mv
	}
	var cells [][2]int
	for r := r1; r <= r2; r++ {
		for c := c1; c <= c2; c++ {
			cells = append(cells, [2]int{r, c})
		}
	}
	label := cellName(r1, c1)
	if r2 != r1 || c2 != c1 {
		label += "–" + cellName(r2, c2)
	}
	return MoveView{Label: label, Clicks: [][2]int{{r1, c1}, {r2, c2}}, Box: true, Cells: cells}
}
