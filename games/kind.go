package games

import (
	"errors"

	"github.com/grundy-go/grundy/game"
)

// Kind classifies games the way the catalog lists them.
type Kind string

// The kinds of games.
const (
	Impartial Kind = "impartial" // both players have the same moves; normal play
	Partizan  Kind = "partizan"  // the players have different moves
	Scoring   Kind = "scoring"   // the game ends with scores
	Loopy     Kind = "loopy"     // play may go on forever
)

// ErrNoPosition is the error of an instance given no ARG where its group
// needs one; the parser adds the catalog's example to it.
var ErrNoPosition = errors.New("no position given")

// wrapInput marks err as bad input unless it already is.
func wrapInput(err error) error {
	if err == nil {
		return nil
	}
	return game.Inputf("%w", err)
}
