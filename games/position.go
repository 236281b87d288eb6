package games

import (
	"context"
	"fmt"
	"io/fs"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Instance is a game of the catalog with its parameters fixed.
type Instance interface {
	// Name is the GAME token that makes this instance, e.g. "subtract:1-3".
	Name() string
	// Spec is the catalog entry the instance came from.
	Spec() *Spec
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
	out[gi] = Group{Game: p[gi].Game, Components: comps}
	return out
}

// Parse parses a position from the words of a command line with the command
// line's file access (OSFiles); see ParseFS.
func Parse(words []string) (Position, error) { return ParseFS(words, OSFiles) }

// ParseFS parses a position from the words of a command line
// (docs/reference.md, "Positions"): groups separated by lone "+" words,
// each a GAME token and its ARGs. An ARG written @FILE is read from FILE,
// and so are the files GAME tokens name, through files; with files nil
// they are refused.
func ParseFS(words []string, files fs.FS) (Position, error) {
	if len(words) == 0 {
		return nil, game.Inputf("empty position: give a game and its arguments, e.g. 'nim 3 4 5'")
	}
	var pos Position
	start := 0
	for i := 0; i <= len(words); i++ {
		if i < len(words) && words[i] != "+" {
			continue
		}
		if i == start {
			where := "at the start"
			if i == len(words) {
				where = "at the end"
			} else if i > 0 {
				where = "twice in a row"
			}
			return nil, game.Inputf("dangling '+' %s of the position", where)
		}
		g, err := parseGroup(words[start:i], files)
		if err != nil {
			return nil, err
		}
		pos = append(pos, g)
		start = i + 1
	}
	return pos, nil
}

// ParseString parses a position written as one string, split at spaces (the
// form the web API takes and a typed move), reading no file.
func ParseString(s string) (Position, error) {
	return ParseFS(strings.Fields(s), nil)
}

func parseGroup(words []string, files fs.FS) (Group, error) {
	inst, err := OpenFS(words[0], files)
	if err != nil {
		return Group{}, err
	}
	var args []string
	for _, a := range words[1:] {
		if !strings.HasPrefix(a, "@") || len(a) == 1 {
			args = append(args, a)
			continue
		}
		if files == nil {
			return Group{}, game.Inputf("%s: this face reads no files", a)
		}
		data, err := ReadFile(files, a[1:])
		if err != nil {
			return Group{}, fmt.Errorf("%s: %w", a, err)
		}
		if fa, ok := inst.(FileArger); ok {
			args = append(args, fa.FileArgs(string(data))...)
		} else {
			args = append(args, strings.Fields(string(data))...)
		}
	}
	comps, err := inst.Parse(args)
	if err != nil {
		return Group{}, wrapInput(fmt.Errorf("%s: %w", inst.Name(), err))
	}
	return Group{Game: inst, Components: comps}, nil
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
