package games

import (
	"context"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Instance is a game of the catalog with its parameters fixed.
type Instance interface {
	// Name is the GAME token that makes this instance, e.g. "subtract:1-3".
	Name() string
	// Kind says what sort of game it is: which engines answer it and which
	// verbs apply.
	Kind() Kind
	// Parse turns the ARGs of one group into the group's components.
	// Errors should wrap game.ErrInput.
	Parse(args []string) ([]Component, error)
	// Format returns the ARGs that write a group of components; the empty
	// group is written with the game's empty position (for heaps, "0").
	Format(group []Component) []string
}

// FileArger is implemented by instances whose ARGs may be read from a file
// (`@FILE`) in a form of their own; for boards a newline separates rows. By
// default a file's whitespace-separated words are the ARGs.
type FileArger interface {
	FileArgs(text string) []string
}

// Component is one independent component of a position, bound to its game.
type Component interface {
	Instance() Instance
	// Key identifies the position: components of one instance with equal
	// keys are the same position. Keys are comparable.
	Key() any
	// String is the component as one ARG of its group.
	String() string
}

// Group is the components of one game in a position.
type Group struct {
	Game       Instance
	Components []Component
	// Rules are the rules of Game in words, as the catalog (or the file
	// that defines the game) gives them: the parser sets them, so nothing
	// looks a game up by its name afterwards; "" in a group built
	// otherwise.
	Rules string
}

// String writes the group in CLI syntax, e.g. "nim 3 4 5".
func (g Group) String() string {
	return strings.Join(append([]string{g.Game.Name()}, g.Game.Format(g.Components)...), " ")
}

// Position is a sum of groups, in CLI syntax GROUP + GROUP + ...
type Position []Group

// String writes the position in CLI syntax.
func (p Position) String() string {
	parts := make([]string, len(p))
	for i, g := range p {
		parts[i] = g.String()
	}
	return strings.Join(parts, " + ")
}

// Components returns the components of all groups, in order.
func (p Position) Components() []Component {
	var all []Component
	for _, g := range p {
		all = append(all, g.Components...)
	}
	return all
}

// Locate returns the group and the index within it of component i (counted
// across groups as Components does).
func (p Position) Locate(i int) (group, index int) {
	for gi, g := range p {
		if i < len(g.Components) {
			return gi, i
		}
		i -= len(g.Components)
	}
	return -1, -1
}

// Replace returns the position with component i replaced by the components
// of with (a move in one component).
func (p Position) Replace(i int, with []Component) Position {
	gi, ci := p.Locate(i)
	out := make(Position, len(p))
	copy(out, p)
	old := p[gi].Components
	comps := make([]Component, 0, len(old)-1+len(with))
	comps = append(comps, old[:ci]...)
	comps = append(comps, with...)
	comps = append(comps, old[ci+1:]...)
	out[gi] = Group{Game: p[gi].Game, Components: comps, Rules: p[gi].Rules}
	return out
}

// MoveNamer is implemented by instances whose moves have a short name of
// their own besides the position they lead to: the rectangle a rectangles
// move crosses out ("r1,c1-r2,c2"), the circle a circles move hits. Name
// returns "" when it cannot name the move from c to the sum after.
type MoveNamer interface {
	NameMove(c Component, after []Component) string
}

// CellValuer is implemented by the Evaluators of board games that value
// every cell of a board in one pass (rook: the value with the token on each
// cell).
// CellValues returns the table row by row, nil for a blocked cell.
type CellValuer interface {
	CellValues(ctx context.Context, c Component) ([][]*game.Nimber, error)
}
