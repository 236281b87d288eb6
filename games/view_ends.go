package games

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The ends row drawn as its numbers; a move is named by the end it takes.
type endsViewer struct{}

// endsRow reads a row written as integers separated by spaces.
func endsRow(text string) ([]int64, bool) {
	words := strings.Fields(text)
	row := make([]int64, len(words))
	for i, w := range words {
		v, err := strconv.ParseInt(w, 10, 64)
		if err != nil {
			return nil, false
		}
		row[i] = v
	}
	return row, true
}

func (endsViewer) View(c Component) View {
	text := c.String()
	row, ok := endsRow(text)
	if !ok {
		return TextViewer{}.View(c)
	}
	return View{Kind: ViewRow, Text: text, Row: row}
}

func (endsViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	b, ok1 := endsRow(c.String())
	a, ok2 := endsRow(after[0].String())
	if !ok1 || !ok2 || len(b) != len(a)+1 {
		return mv
	}
	left, right := slices.Equal(a, b[1:]), slices.Equal(a, b[:len(b)-1])
	switch {
	case left && right:
		return MoveView{Label: fmt.Sprintf("take %d", b[0]), End: "both"}
	case left:
		return MoveView{Label: fmt.Sprintf("left %d", b[0]), End: "left"}
	case right:
		return MoveView{Label: fmt.Sprintf("right %d", b[len(b)-1]), End: "right"}
	}
	return mv
}
