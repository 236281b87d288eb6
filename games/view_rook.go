package games

// The rook board drawn as its grid: '#' blocked cells, the token '●'; a
// move is named by the cell the token goes to, the one cell to click.
type rookViewer struct{}

func (rookViewer) View(c Component) View {
	text := c.String()
	b, err := ParseRook(text)
	if err != nil {
		return TextViewer{}.View(c)
	}
	return View{Kind: ViewGrid, Text: text, Cells: boardCells(b.W, b.H, b.Cells, map[byte]string{'#': "#", 'o': "●"})}
}

func (rookViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	b, err1 := ParseRook(c.String())
	a, err2 := ParseRook(after[0].String())
	if err1 != nil || err2 != nil || a.W != b.W || a.H != b.H {
		return mv
	}
	from := [2]int{b.Token / b.W, b.Token % b.W}
	to := [2]int{a.Token / a.W, a.Token % a.W}
	return MoveView{Label: "to " + cellName(to[0], to[1]), Clicks: [][2]int{to}, Cells: [][2]int{from, to}}
}

// boardCells turns a row-major board of w columns and h rows into the rows
// of a grid View, each byte drawn as marks says ("" when absent).
func boardCells(w, h int, cells []byte, marks map[byte]string) [][]string {
	rows := make([][]string, h)
	for r := range rows {
		rows[r] = make([]string, w)
		for c := range rows[r] {
			rows[r][c] = marks[cells[r*w+c]]
		}
	}
	return rows
}
