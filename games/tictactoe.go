package games

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/grundy-go/grundy/game"
)

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
			//lint:ignore ST1005 the final '.' is the empty cell's character, not punctuation
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

// OpenTicTacToe returns tictactoe, which takes no parameters.
func OpenTicTacToe(string) (Instance, error) {
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
	return NewGeneral(Partizan, "tictactoe", game.General[TicTacToePos](TicTacToe{}), parse, format).WithViewer(markViewer{}), nil
}
