package game

// Outcome is the result of a position for the player about to move, with
// perfect play by both sides.
//
// The order is meaningful and code relies on it: Lose < Draw < Win, from the
// mover's point of view, so the better of two outcomes is the larger. A draw
// is play that never ends (a loopy game) or, in a scoring game, a game that
// ends level.
type Outcome int8

const (
	Unknown Outcome = iota - 2 // not decided (yet)
	Lose                       // the player to move loses: a P-position
	Draw                       // neither side can force a win: play goes on forever
	Win                        // the player to move wins: an N-position
)

// String returns "lose", "draw", "win" or "unknown".
func (o Outcome) String() string {
	switch o {
	case Lose:
		return "lose"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return "unknown"
}

// Class returns the outcome class of an impartial position in the usual
// notation: "P" (previous player wins: the mover loses), "N" (next player
// wins) or "D" (draw).
func (o Outcome) Class() string {
	switch o {
	case Lose:
		return "P"
	case Win:
		return "N"
	case Draw:
		return "D"
	}
	return "?"
}

// OutcomeOf is the normal-play outcome of a position of value g: the mover
// loses exactly when g == 0.
func OutcomeOf(g Nimber) Outcome {
	if g == 0 {
		return Lose
	}
	return Win
}

// Opposite is the outcome for the other player: a position that is a win
// for the player to move is a loss for the one who moved into it. Draw and
// Unknown stay as they are.
func (o Outcome) Opposite() Outcome {
	switch o {
	case Win:
		return Lose
	case Lose:
		return Win
	}
	return o
}
