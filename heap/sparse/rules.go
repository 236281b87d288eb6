package sparse

import (
	"fmt"
	"strings"

	"github.com/grundy-go/grundy/game"
)

// Bits of a take-and-break digit: removing k tokens may leave no heap, one
// heap, two non-empty heaps or three non-empty heaps.
const (
	Leave0 = 1 << iota // remove the whole heap (k == n)
	Leave1             // leave one heap of n-k >= 1
	Leave2             // split the n-k >= 2 remaining tokens into two non-empty heaps
	Leave3             // split the n-k >= 3 remaining tokens into three non-empty heaps
)

// MaxDigits bounds the length of a code (the largest k that may be removed,
// plus one).
const MaxDigits = 1 << 12

// Rules are the moves of a take-and-break game on one heap.
//
// Digits[k] holds the Leave bits of removing k tokens. Digits[0] (moves that
// remove nothing) may only split the heap (Leave2, Leave3): Leave1 there would
// be a move to the same heap. Unequal restricts two-heap splits to parts of
// different sizes: Grundy's game is Digits {Leave2}, Unequal.
type Rules struct {
	Name    string  // canonical name, recorded in run files: "octal:0.6", "grundy-game"
	Digits  []uint8 // Digits[k]: Leave bits for removing k tokens
	Unequal bool    // two-heap splits must have parts of different sizes
}

// GrundyGame is Grundy's game: split one heap into two non-empty heaps of
// different sizes.
func GrundyGame() Rules {
	return Rules{Name: "grundy-game", Digits: []uint8{Leave2}, Unequal: true}
}

// Octal parses a finite take-and-break code "d0.d1d2..." (the leading "0" may
// be omitted: ".6"), each digit 0-9 or A-F (bits Leave0..Leave3), into Rules
// named "octal:CODE". A leading "octal:" is accepted. Codes with a repeating
// tail are not finite and are refused.
func Octal(code string) (Rules, error) {
	text := strings.TrimPrefix(code, "octal:")
	whole, frac, ok := strings.Cut(text, ".")
	if !ok || len(whole) > 1 || frac == "" {
		return Rules{}, game.Inputf("octal code %q: write it as d0.d1d2... with hexadecimal digits, e.g. 0.137", code)
	}
	if whole == "" {
		whole = "0"
	}
	digits := make([]uint8, 0, 1+len(frac))
	for _, c := range whole + frac {
		var d uint8
		switch {
		case c >= '0' && c <= '9':
			d = uint8(c - '0')
		case c >= 'A' && c <= 'F':
			d = uint8(c-'A') + 10
		case c >= 'a' && c <= 'f':
			d = uint8(c-'a') + 10
		default:
			return Rules{}, game.Inputf("octal code %q: %q is not a digit 0-9 or A-F", code, c)
		}
		digits = append(digits, d)
	}
	r := Rules{Digits: digits}
	r.Name = "octal:" + r.Code()
	return r, r.Validate()
}

// Code returns the canonical code "d0.d1d2..." of the digits, hexadecimal
// digits in upper case, trailing zero digits dropped.
func (r Rules) Code() string {
	last := len(r.Digits) - 1
	for last > 1 && r.Digits[last] == 0 {
		last--
	}
	var b strings.Builder
	for k := 0; k <= last; k++ {
		b.WriteByte("0123456789ABCDEF"[r.Digits[k]&15])
		if k == 0 {
			b.WriteByte('.')
		}
	}
	if last < 1 {
		b.WriteByte('0')
	}
	return b.String()
}

// Validate reports rules the engines cannot run: an empty name, no digits,
// too many digits, digit bits above Leave3, or Digits[0] with Leave0 or
// Leave1 (a move that removes nothing must split).
func (r Rules) Validate() error {
	switch {
	case r.Name == "":
		return game.Inputf("rules have no name")
	case len(r.Digits) == 0:
		return game.Inputf("%s: no digits", r.Name)
	case len(r.Digits) > MaxDigits:
		return game.Inputf("%s: %d digits, at most %d", r.Name, len(r.Digits), MaxDigits)
	case r.Digits[0]&(Leave0|Leave1) != 0:
		return game.Inputf("%s: digit d0 = %d may only split (bits 4 and 8): removing nothing must break the heap", r.Name, r.Digits[0])
	}
	for k, d := range r.Digits {
		if d > 15 {
			return game.Inputf("%s: digit d%d = %d is not a hexadecimal digit", r.Name, k, d)
		}
	}
	return nil
}

// Splits reports whether some move leaves two or more heaps.
func (r Rules) Splits() bool { return r.removals(Leave2|Leave3) != nil }

// Triples reports whether some move leaves three heaps (a hexadecimal code
// with digit bit 8): the sparse engine does not apply and the plain scan runs.
func (r Rules) Triples() bool { return r.removals(Leave3) != nil }

// removals lists the k whose digit has one of the bits.
func (r Rules) removals(bits uint8) []int {
	var ks []int
	for k, d := range r.Digits {
		if d&bits != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

func (r Rules) String() string {
	return fmt.Sprintf("%s (code %s, unequal %v)", r.Name, r.Code(), r.Unequal)
}
