package game

import "fmt"

// Outcome is the result of a position for the player about to move, with
// perfect play by both sides.
//
// The order is meaningful and code relies on it: Lose < Draw < Win, from the
// mover's point of view, so the better of two outcomes is the larger. A draw
// is play that never ends (a loopy game) or, in a scoring game, a game that
// ends level.
//
// Its text form (String, MarshalText) is "lose", "draw", "win" or
// "unknown": the word the CLI prints and the JSON of the results carries.
type Outcome int8

const (
	Unknown Outcome = iota - 2 // not decided (yet)
	Lose                       // the player to move loses: a P-position
	Draw                       // neither side can force a win: play goes on forever
	Win                        // the player to move wins: an N-position
)

// outcomes lists every Outcome, for parsing text forms.
var outcomes = [...]Outcome{Unknown, Lose, Draw, Win}

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

// MarshalText writes o as String does, so that an Outcome is a JSON string.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads the text MarshalText writes.
func (o *Outcome) UnmarshalText(text []byte) error {
	for _, x := range outcomes {
		if x.String() == string(text) {
			*o = x
			return nil
		}
	}
	return fmt.Errorf("outcome %q is not win, lose, draw or unknown", text)
}

// Class returns the outcome class of an impartial position in the usual
// notation: P (previous player wins: the mover loses), N (next player wins)
// or D (draw).
func (o Outcome) Class() Class { return Class(o) }

// Class is an Outcome in the notation of outcome classes of impartial games:
// its text form (String, MarshalText) is "P" for Lose (the previous player
// wins), "N" for Win (the next player wins), "D" for Draw, "?" for Unknown.
// Write a class as the Outcome's: Lose.Class() is the P class.
type Class Outcome

// Outcome returns the outcome of the class for the player to move.
func (c Class) Outcome() Outcome { return Outcome(c) }

// String returns "P", "N", "D" or "?".
func (c Class) String() string {
	switch Outcome(c) {
	case Lose:
		return "P"
	case Win:
		return "N"
	case Draw:
		return "D"
	}
	return "?"
}

// MarshalText writes c as String does, so that a Class is a JSON string.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads the text MarshalText writes.
func (c *Class) UnmarshalText(text []byte) error {
	for _, x := range outcomes {
		if x.Class().String() == string(text) {
			*c = x.Class()
			return nil
		}
	}
	return fmt.Errorf("outcome class %q is not P, N, D or ?", text)
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
