package games

import "strings"

// The circles drawn as circles; a move is named by the circle it hits (the
// smallest circle gone): a point inside it and outside the circles it
// contains.
type circlesViewer struct{}

func parseCircles(text string) ([]Circle, bool) {
	var cs []Circle
	for _, w := range strings.Fields(text) {
		c, err := ParseCircle(w)
		if err != nil {
			return nil, false
		}
		cs = append(cs, c)
	}
	return cs, true
}

func (circlesViewer) View(c Component) View {
	text := c.String()
	cs, ok := parseCircles(text)
	if !ok {
		return TextViewer{}.View(c)
	}
	v := View{Kind: ViewCircles, Text: text, Circles: [][3]int64{}}
	for _, x := range cs {
		v.Circles = append(v.Circles, [3]int64{x.X, x.Y, x.R})
	}
	return v
}

func (circlesViewer) ViewMove(c Component, after []Component) MoveView {
	mv := TextViewer{}.ViewMove(c, after)
	before, ok := parseCircles(c.String())
	if !ok {
		return mv
	}
	var left []Circle
	for _, a := range after {
		cs, ok := parseCircles(a.String())
		if !ok {
			return mv
		}
		left = append(left, cs...)
	}
	hit, ok := HitCircle(before, left)
	if !ok {
		return mv
	}
	for i, x := range before {
		if x == hit {
			idx := i
			return MoveView{Label: "hit " + hit.String(), Circle: &idx}
		}
	}
	return mv
}
