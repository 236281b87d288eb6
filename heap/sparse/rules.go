package sparse

import (
	"strings"

	"github.com/grundy-go/grundy/game"
	"github.com/grundy-go/grundy/heap/octal"
)

// MaxDigits bounds the length of a code the engines run (the largest k that
// may be removed, plus one).
const MaxDigits = 1 << 12

// Rules are the moves of a take-and-break game on one heap, with the name
// its run files record.
//
// Code is a finite take-and-break code (package octal: the representation,
// parser and move classes shared with package heap). Distinct restricts
// splits to parts of pairwise different sizes: Grundy's game is code 4.0
// with Distinct.
type Rules struct {
	Name     string     // canonical name, recorded in run files: "octal:0.6", "grundy-game"
	Code     octal.Code // finite: no repeating tail
	Distinct bool       // the heaps a split leaves must have pairwise different sizes
}

// NewRules returns the rules of a finite code under their canonical name:
// "grundy-game" for 4.0 with distinct parts, otherwise "octal:" and the
// code, with " (distinct parts)" for Distinct. Run files record the name,
// so every way of making rules goes through here to resume each other's
// files. Codes with a repeating tail are refused. Errors wrap
// game.ErrInput.
func NewRules(c octal.Code, distinct bool) (Rules, error) {
	if !c.Finite() {
		return Rules{}, game.Inputf("code %s repeats forever: the sequence engine runs finite codes only", c)
	}
	c, err := octal.New(c.Digits, 0) // trailing zeros dropped: one name per game
	if err != nil {
		return Rules{}, err
	}
	r := Rules{Code: c, Distinct: distinct}
	switch {
	case distinct && c.Finite() && len(c.Digits) == 1 && c.Digits[0] == octal.Split:
		r.Name = "grundy-game"
	case distinct:
		r.Name = "octal:" + c.String() + " (distinct parts)"
	default:
		r.Name = "octal:" + c.String()
	}
	return r, r.Validate()
}

// GrundyGame is Grundy's game: split one heap into two non-empty heaps of
// different sizes.
func GrundyGame() Rules {
	r, _ := NewRules(octal.Code{Digits: []uint8{octal.Split}}, true)
	return r
}

// Octal parses a finite take-and-break code "d0.d1d2..." with octal.Parse
// (the leading "0" may be omitted: ".6"; a leading "octal:" is accepted)
// into Rules named "octal:CODE". Codes with a repeating tail are not finite
// and are refused. Errors wrap game.ErrInput.
func Octal(code string) (Rules, error) {
	c, err := octal.Parse(strings.TrimPrefix(code, "octal:"))
	if err != nil {
		return Rules{}, err
	}
	return NewRules(c, false)
}

// Validate reports rules the engines cannot run: an empty name, a code that
// breaks octal.Code's invariants, a repeating tail, or more than MaxDigits
// digits. Errors wrap game.ErrInput.
func (r Rules) Validate() error {
	switch {
	case r.Name == "":
		return game.Inputf("rules have no name")
	case !r.Code.Finite():
		return game.Inputf("%s: the code repeats forever; the sequence engine runs finite codes only", r.Name)
	case len(r.Code.Digits) > MaxDigits:
		return game.Inputf("%s: %d digits, at most %d", r.Name, len(r.Code.Digits), MaxDigits)
	}
	if err := r.Code.Validate(); err != nil {
		return game.Inputf("%s: %w", r.Name, err)
	}
	return nil
}

// Splits reports whether some move leaves two or more heaps.
func (r Rules) Splits() bool { return r.Code.Classes()&(octal.Split|octal.Split3) != 0 }

// Triples reports whether some move leaves three heaps (a hexadecimal code
// with digit bit 8): the sparse engine does not apply and the plain scan runs.
func (r Rules) Triples() bool { return r.Code.Classes()&octal.Split3 != 0 }

func (r Rules) String() string {
	return r.Name + " (code " + octal.Rules{Code: r.Code, Distinct: r.Distinct}.String() + ")"
}
