package games

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/limits"
	"github.com/grundy-go/grundy/solve"
)

// Solvable is implemented by instances of general two-player games
// (partizan, scoring, loopy), whose positions `grundy solve` and `grundy
// play` take whole: all the ARGs of a group form one component.
type Solvable interface {
	Instance
	// Solver returns an engine for one request (a game played out is one
	// request to the engine: its solved positions are kept between moves)
	// that counts states and memory against budget (nil: no limit).
	Solver(budget *limits.Budget) Solver
}

// Solver solves positions of one Solvable instance for one request. It is
// not safe for concurrent use.
type Solver interface {
	// Solve solves the position c (a component of the instance): its
	// value for the player to move and the value of every move.
	Solve(ctx context.Context, c Component) (*Solution, error)
}

// Solution is a solved position of a general game.
type Solution struct {
	// Value is the outcome for the player to move and its remoteness (-1
	// for a draw).
	Value solve.Value
	// Score is, for a scoring game, the final margin of the player to move
	// under perfect play (their total minus the opponent's); nil otherwise.
	Score *int64
	// Moves are the moves of the position in the game's order.
	Moves []MoveValue
	// States is the number of positions the engine solved.
	States int64
	// Counts are the solved positions by outcome (empty for scoring games).
	Counts solve.Counts
}

// MoveValue is one move of a solved position and the value of the position
// it leaves, for the opponent (who moves next there).
type MoveValue struct {
	To    Component
	Value solve.Value
	Score *int64 // scoring games: the opponent's margin after the move
	Best  bool   // a best move: wins fastest, loses slowest, or draws
}

// GeneralBound binds a game.General[P] to the catalog: it parses the ARGs of
// a group into one position, formats it back, and solves it by retrograde
// analysis (solve.Retro), keeping the solver between calls.
type GeneralBound[P comparable] struct {
	kind   Kind
	name   string
	Game   game.General[P]
	parse  func(args []string) (P, error)
	format func(P) []string
	viewer Viewer
}

// GeneralPos is a component of a GeneralBound game: one whole position.
type GeneralPos[P comparable] struct {
	bound *GeneralBound[P]
	P     P
}

// Instance returns the game of the component.
func (c GeneralPos[P]) Instance() Instance { return c.bound }

// Key returns the position itself.
func (c GeneralPos[P]) Key() any { return c.P }

// String writes the position as its ARGs joined by spaces.
func (c GeneralPos[P]) String() string { return strings.Join(c.bound.format(c.P), " ") }

// NewGeneral binds g, a game of the given kind, under the GAME token name.
// parse reads all the ARGs of a group as one position; format writes them.
func NewGeneral[P comparable](kind Kind, name string, g game.General[P], parse func([]string) (P, error), format func(P) []string) *GeneralBound[P] {
	return &GeneralBound[P]{kind: kind, name: name, Game: g, parse: parse, format: format}
}

// Name returns the GAME token.
func (b *GeneralBound[P]) Name() string { return b.name }

// Kind says what sort of game b is.
func (b *GeneralBound[P]) Kind() Kind { return b.kind }

// WithViewer sets the viewer that draws b's board and returns b.
func (b *GeneralBound[P]) WithViewer(v Viewer) *GeneralBound[P] {
	b.viewer = v
	return b
}

// Viewer returns the viewer of b's board, nil for the generic view.
func (b *GeneralBound[P]) Viewer() Viewer { return b.viewer }

// Component binds a position of the game.
func (b *GeneralBound[P]) Component(p P) GeneralPos[P] { return GeneralPos[P]{b, p} }

// Parse reads all the ARGs as one position.
func (b *GeneralBound[P]) Parse(args []string) ([]Component, error) {
	p, err := b.parse(args)
	if err != nil {
		return nil, wrapInput(err)
	}
	return []Component{GeneralPos[P]{b, p}}, nil
}

// Format writes each component's ARGs.
func (b *GeneralBound[P]) Format(group []Component) []string {
	var args []string
	for _, c := range group {
		args = append(args, b.format(b.pos(c))...)
	}
	return args
}

func (b *GeneralBound[P]) pos(c Component) P {
	p, ok := c.(GeneralPos[P])
	if !ok || p.bound != b {
		panic(fmt.Sprintf("games: component %v of another game passed to %s", c, b.name))
	}
	return p.P
}

// Solver returns a retrograde-analysis engine (solve.Retro) over b's game.
func (b *GeneralBound[P]) Solver(budget *limits.Budget) Solver {
	return &generalSolver[P]{GeneralBound: b, retro: solve.NewRetro(b.Game, budget)}
}

// generalSolver is the Solver of a GeneralBound game.
type generalSolver[P comparable] struct {
	*GeneralBound[P]
	retro *solve.Retro[P]
}

// Solve solves c by retrograde analysis and values each of its moves.
func (b *generalSolver[P]) Solve(ctx context.Context, c Component) (*Solution, error) {
	p := b.pos(c)
	if err := b.retro.Solve(ctx, p); err != nil {
		return nil, err
	}
	v, _ := b.retro.Value(p)
	sol := &Solution{Value: v, States: b.retro.Positions(), Counts: b.retro.Counts()}
	if _, terminal := b.Game.Result(p); terminal {
		return sol, nil
	}
	b.Game.Moves(p, func(child P) bool {
		cv, _ := b.retro.Value(child)
		sol.Moves = append(sol.Moves, MoveValue{To: GeneralPos[P]{b.GeneralBound, child}, Value: cv, Best: IsBest(v, cv)})
		return true
	})
	return sol, nil
}

// IsBest reports whether a move to a position of value child (for the
// opponent) is a best move from a position of value v: a win by the fastest
// losing reply, a loss delayed longest, or a draw kept.
func IsBest(v, child solve.Value) bool {
	switch v.Outcome {
	case game.Win:
		return child.Outcome == game.Lose && child.Remoteness == v.Remoteness-1
	case game.Lose:
		return child.Remoteness == v.Remoteness-1
	case game.Draw:
		return child.Outcome == game.Draw
	}
	return false
}
