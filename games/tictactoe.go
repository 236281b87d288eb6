package games

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/solve"
)

// Solvable is implemented by instances of general two-player games
// (partizan, scoring, loopy), whose positions `grundy solve` and `grundy
// play` take whole: all the ARGs of a group form one component.
type Solvable interface {
	Instance
	// Solve solves the position c (a component of this instance): its
	// value for the player to move and the value of every move.
	Solve(ctx context.Context, c Component, limits solve.Limits) (*Solution, error)
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
	spec   string
	name   string
	Game   game.General[P]
	parse  func(args []string) (P, error)
	format func(P) []string

	mu    sync.Mutex
	retro *solve.Retro[P]
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

// NewGeneral binds g, registered as spec, under the GAME token name. parse
// reads all the ARGs of a group as one position; format writes them.
func NewGeneral[P comparable](spec, name string, g game.General[P], parse func([]string) (P, error), format func(P) []string) *GeneralBound[P] {
	return &GeneralBound[P]{spec: spec, name: name, Game: g, parse: parse, format: format}
}

// Name returns the GAME token.
func (b *GeneralBound[P]) Name() string { return b.name }

// Spec returns the catalog entry.
func (b *GeneralBound[P]) Spec() *Spec { s, _ := Lookup(b.spec); return s }

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

// Solve solves c by retrograde analysis and values each of its moves.
func (b *GeneralBound[P]) Solve(ctx context.Context, c Component, limits solve.Limits) (*Solution, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.pos(c)
	if b.retro == nil {
		b.retro = solve.NewRetro(b.Game, limits)
	}
	b.retro.Limits = limits
	b.retro.States = 0
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
		sol.Moves = append(sol.Moves, MoveValue{To: GeneralPos[P]{b, child}, Value: cv, Best: IsBest(v, cv)})
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

// TicTacToe is tic-tac-toe on a 3x3 board: x moves first, three in a row
// wins, a full board without a line is a draw. A position is the board; the
// side to move is x when both have as many marks, o otherwise.
type TicTacToe struct{}

// TicTacToePos is a board: bit r*3+c of X (O) is set when cell (r, c) holds x
// (o).
type TicTacToePos struct{ X, O uint16 }

// tttLines are the 8 lines of the board as cell masks.
var tttLines = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

func hasLine(m uint16) bool {
	for _, l := range tttLines {
		if m&l == l {
			return true
		}
	}
	return false
}

// toMove returns the masks of the player to move and of the other.
func (p TicTacToePos) toMove() (me, them uint16, xToMove bool) {
	if bits.OnesCount16(p.X) == bits.OnesCount16(p.O) {
		return p.X, p.O, true
	}
	return p.O, p.X, false
}

// Moves puts the mover's mark on each empty cell.
func (TicTacToe) Moves(p TicTacToePos, yield func(TicTacToePos) bool) {
	_, _, xToMove := p.toMove()
	empty := ^(p.X | p.O) & 0777
	for empty != 0 {
		cell := empty & -empty
		empty &^= cell
		q := p
		if xToMove {
			q.X |= cell
		} else {
			q.O |= cell
		}
		if !yield(q) {
			return
		}
	}
}

// Result: a line of the player who just moved loses for the player to move;
// a full board without one is a draw.
func (TicTacToe) Result(p TicTacToePos) (game.Outcome, bool) {
	me, them, _ := p.toMove()
	switch {
	case hasLine(them):
		return game.Lose, true
	case hasLine(me):
		return game.Win, true // not reachable in play; parse rejects it
	case p.X|p.O == 0777:
		return game.Draw, true
	}
	return game.Unknown, false
}

// ParseTicTacToe reads a board of 9 cells x, o, '.' in row order, rows
// optionally joined by '/'. The board must be reachable: x has as many
// marks as o or one more, and at most the player who moved last has a line.
func ParseTicTacToe(arg string) (TicTacToePos, error) {
	cells := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(arg)), "/", "")
	if len(cells) != 9 {
		return TicTacToePos{}, fmt.Errorf("board %q has %d cells, want 9 (x, o or . in row order, e.g. x.o/.x./...)", arg, len(cells))
	}
	var p TicTacToePos
	for i, ch := range cells {
		switch ch {
		case 'x':
			p.X |= 1 << i
		case 'o':
			p.O |= 1 << i
		case '.':
		default:
			return TicTacToePos{}, fmt.Errorf("board %q: cell %d is %q, want x, o or .", arg, i+1, ch)
		}
	}
	nx, no := bits.OnesCount16(p.X), bits.OnesCount16(p.O)
	if nx != no && nx != no+1 {
		return TicTacToePos{}, fmt.Errorf("board %q has %d x and %d o: x moves first, so x has as many marks as o or one more", arg, nx, no)
	}
	xl, ol := hasLine(p.X), hasLine(p.O)
	if (xl && nx != no+1) || (ol && nx != no) || (xl && ol) {
		return TicTacToePos{}, fmt.Errorf("board %q cannot arise in play: only the player who moved last can have a line", arg)
	}
	return p, nil
}

// FormatTicTacToe writes a board as three rows joined by '/'.
func FormatTicTacToe(p TicTacToePos) string {
	var b strings.Builder
	for i := range 9 {
		if i > 0 && i%3 == 0 {
			b.WriteByte('/')
		}
		switch {
		case p.X&(1<<i) != 0:
			b.WriteByte('x')
		case p.O&(1<<i) != 0:
			b.WriteByte('o')
		default:
			b.WriteByte('.')
		}
	}
	return b.String()
}

func init() {
	Register(Spec{
		Name:    "tictactoe",
		Syntax:  "one 3x3 board of x, o, . in row order, rows optionally joined by / (no ARG: the empty board)",
		Kind:    Partizan,
		Rules:   "x and o take turns marking an empty cell, x first; three in a row wins; a full board is a draw.",
		Example: "tictactoe x.o/.x./..o",
		New: func(string) (Instance, error) {
			parse := func(args []string) (TicTacToePos, error) {
				switch len(args) {
				case 0:
					return TicTacToePos{}, nil
				case 1:
					return ParseTicTacToe(args[0])
				}
				return TicTacToePos{}, fmt.Errorf("tictactoe takes one board, got %d ARGs", len(args))
			}
			format := func(p TicTacToePos) []string { return []string{FormatTicTacToe(p)} }
			return NewGeneral("tictactoe", "tictactoe", game.General[TicTacToePos](TicTacToe{}), parse, format), nil
		},
	})
}
