package games

import (
	"fmt"
	"strings"
)

// The cards position drawn as the two hands (the mover's first) and the
// card the opponent made last; a move is named by the card it replaces.
type cardsViewer struct{}

func (cardsViewer) View(c Component) View {
	text := c.String()
	p, err := ParseCards(strings.Fields(text))
	if err != nil {
		return TextViewer{}.View(c)
	}
	v := View{Kind: ViewHands, Text: text, Hands: [][]int{
		{int(p.Mine[0]), int(p.Mine[1])}, {int(p.Theirs[0]), int(p.Theirs[1])}}}
	if !p.Start {
		y := int(p.Y)
		v.Last = &y
	}
	return v
}

func (cardsViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	if len(after) != 1 {
		return mv
	}
	b, err1 := ParseCards(strings.Fields(c.String()))
	a, err2 := ParseCards(strings.Fields(after[0].String()))
	if err1 != nil || err2 != nil || a.Start {
		return mv
	}
	// The mover's hand is now the opponent's: the card made (a.Y) and the
	// card kept.
	kept := a.Theirs[0]
	if kept == a.Y {
		kept = a.Theirs[1]
	}
	for i, card := range b.Mine {
		if b.Mine[1-i] == kept && (card+b.Y)%10 == a.Y {
			idx := i
			return MoveView{Label: fmt.Sprintf("%d → %d", card, a.Y), Card: &idx}
		}
	}
	return mv
}
