package heap

import (
	"fmt"

	"github.com/grundy-go/grundy/heap/octal"
)

// Rules are the rules of a take-and-break heap game: the Code, and whether
// the heaps a split leaves must have pairwise different sizes (Distinct:
// Grundy's game is 4.0 with Distinct). A Rules value is a game.Game[int] on
// heap sizes and is game.Descending: every heap an option leaves is smaller
// than the heap moved in. Its fields are those of octal.Rules, to which it
// converts: the moves are defined there once.
type Rules struct {
	Code     Code
	Distinct bool
}

// Octal returns the rules of the code.
func Octal(c Code) Rules { return Rules{Code: c} }

// GrundyGame returns the rules of Grundy's game: split a heap into two
// non-empty heaps of different sizes (code 4.0, Distinct).
func GrundyGame() Rules {
	return Rules{Code: Code{Digits: []uint8{Split}}, Distinct: true}
}

// Subtraction returns the subtraction game S as a code: dk = 3 (take k,
// leaving nothing or one heap) for k in S, 0 otherwise. set must hold
// positive integers of at most MaxDigits.
func Subtraction(set []int) Rules {
	top := 0
	for _, s := range set {
		top = max(top, s)
	}
	digits := make([]uint8, top+1)
	for _, s := range set {
		digits[s] = TakeAll | Take
	}
	return Rules{Code: Code{Digits: digits}}
}

// String names the rules: the code, with " (distinct parts)" for Distinct
// rules.
func (r Rules) String() string { return octal.Rules(r).String() }

// Provable reports whether the periodicity theorem of Prove applies: the
// code is finite and splits need not be distinct.
func (r Rules) Provable() bool { return r.Code.Finite() && !r.Distinct }

// isSubtraction reports whether every non-zero digit is exactly 3 and d0 is
// 0: a subtraction game, whose proof window may start at heap 0.
func (r Rules) isSubtraction() bool {
	for k, d := range r.Code.Digits {
		if d != 0 && (k == 0 || d != TakeAll|Take) {
			return false
		}
	}
	return true
}

// Options calls yield for each option of a heap of n: the heaps left by
// each legal move (empty when the move leaves nothing), as octal.Rules
// defines them. Splits are listed once per multiset of heap sizes, in
// non-decreasing order. Negative n has no options.
func (r Rules) Options(n int, yield func(option []int) bool) {
	octal.Rules(r).Options(n, yield) // the same fields: the one move walk
}

// Descending marks that every heap an option leaves is smaller.
func (Rules) Descending() {}

// Format writes a heap size.
func (Rules) Format(n int) string { return fmt.Sprint(n) }
