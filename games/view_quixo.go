package games

import "strings"

// The Quixo board drawn as its grid of x and o and the side to move; a move
// is named by the border cube taken and the end of its row or column it is
// pushed back in at, the two cells to click. The move is recovered from the
// boards before and after it, written as text, by trying every (cube, end)
// pair under the rules, so the drawing does not depend on the engine's
// representation.
type quixoViewer struct{}

func (quixoViewer) View(c Component) View {
	text := c.String()
	cells, mover, ok := textGrid(text)
	if !ok || len(cells) != len(cells[0]) {
		return TextViewer{}.View(c)
	}
	return View{Kind: ViewGrid, Text: text, Cells: cells, Mover: strings.ToLower(mover)}
}

func (quixoViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	b, side, ok1 := textGrid(c.String())
	a, _, ok2 := textGrid(after[0].String())
	if !ok1 || !ok2 || len(b) != len(a) || len(b) != len(b[0]) {
		return mv
	}
	side = strings.ToLower(side)
	n := len(b)
	found := false
	for r := range n {
		for col := range n {
			if r != 0 && r != n-1 && col != 0 && col != n-1 {
				continue // not a border cube
			}
			if v := b[r][col]; v != "" && v != side {
				continue // the opponent's cube
			}
			for _, end := range [][2]int{{r, 0}, {r, n - 1}, {0, col}, {n - 1, col}} {
				if end == [2]int{r, col} {
					continue
				}
				if pushed := quixoPush(b, r, col, end, side); !sameGrid(pushed, a) {
					continue
				}
				if found {
					mv.More = append(mv.More, [][2]int{{r, col}, end})
					continue
				}
				cells, _ := changedCells(b, a)
				mv = MoveView{Label: cellName(r, col) + "→" + cellName(end[0], end[1]), Clicks: [][2]int{{r, col}, end}, Cells: cells}
				found = true
			}
		}
	}
	return mv
}

// quixoPush takes the cube at (r, c), shifts the cubes between it and end
// one step toward it, and puts the mover's cube at end.
func quixoPush(b [][]string, r, c int, end [2]int, side string) [][]string {
	out := make([][]string, len(b))
	for i := range b {
		out[i] = append([]string(nil), b[i]...)
	}
	dr, dc := sign(end[0]-r), sign(end[1]-c)
	i, j := r, c
	for i != end[0] || j != end[1] {
		out[i][j] = b[i+dr][j+dc]
		i, j = i+dr, j+dc
	}
	out[end[0]][end[1]] = side
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func sameGrid(a, b [][]string) bool {
	cells, ok := changedCells(a, b)
	return ok && len(cells) == 0
}
