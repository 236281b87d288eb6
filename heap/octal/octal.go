// Package octal holds the take-and-break codes of heap games, written in
// octal or hexadecimal digits: their one representation ([Code]), their one
// parser ([Parse]) and the one walk over the moves a code allows
// ([Code.Removals], [Rules.Options]). Package heap (the sequence engine,
// patterns and proofs), package heap/sparse (the record-speed engine and
// its run files) and, through package heap's aliases, the game catalog all
// read codes through this package, so a code means the same moves
// everywhere.
//
// A code d0.d1d2... says, digit by digit, what a move that removes k tokens
// from one heap may leave: bit 1 nothing (the heap had exactly k tokens),
// bit 2 one non-empty heap, bit 4 two non-empty heaps, bit 8 three
// non-empty heaps (hexadecimal codes). The digit d0 before the point allows
// moves that remove nothing and split the heap. A bracketed tail repeats
// forever: 0.[3] is Nim, 4.[3] is Lasker's Nim.
package octal

import (
	"strings"

	"github.com/grundy-go/grundy/game"
)

// The move classes of a digit: the bits of dk say what a move that removes
// k tokens from a heap may leave behind.
const (
	TakeAll uint8 = 1 // nothing: the heap had exactly k tokens
	Take    uint8 = 2 // one non-empty heap
	Split   uint8 = 4 // two non-empty heaps
	Split3  uint8 = 8 // three non-empty heaps (hexadecimal codes)
)

// AnyMove is the union of the move classes: Removals(AnyMove, n) lists
// every k with a non-zero digit.
const AnyMove = TakeAll | Take | Split | Split3

// MaxDigits bounds the digits of a code (before any repetition).
const MaxDigits = 1 << 20

// Code is a take-and-break code d0.d1d2...: Digits[k] is dk for k <
// len(Digits). When Repeat > 0 the last Repeat digits repeat forever (the
// bracketed tail of 0.[3]); otherwise every digit past the end is 0. The
// zero Code is 0.0, the game without moves.
//
// Invariants (kept by Parse and New, checked by Validate): every digit is
// at most 15; d0 has neither TakeAll nor Take (a move must remove a token
// or split the heap); a finite code has no trailing zero digits after d0; a
// repeating tail is not all zeros and lies after the point.
type Code struct {
	Digits []uint8
	Repeat int
}

// Digit returns dk for any k >= 0.
func (c Code) Digit(k int) uint8 {
	if k < len(c.Digits) {
		return c.Digits[k]
	}
	if c.Repeat == 0 {
		return 0
	}
	start := len(c.Digits) - c.Repeat
	return c.Digits[start+(k-start)%c.Repeat]
}

// Finite reports whether only finitely many digits are non-zero.
func (c Code) Finite() bool { return c.Repeat == 0 }

// Last returns the position t of the last non-zero digit of a finite code
// (0 when only d0 may be non-zero), or -1 for an infinite code.
func (c Code) Last() int {
	if !c.Finite() {
		return -1
	}
	return max(len(c.Digits)-1, 0)
}

// Classes returns the union of the bits of all digits: which move classes
// the game has at all.
func (c Code) Classes() uint8 {
	var u uint8
	for _, d := range c.Digits {
		u |= d
	}
	return u
}

// MaxHeaps is the most heaps a move may leave: 1, 2 or 3 (0 when no move
// leaves a heap).
func (c Code) MaxHeaps() int {
	u := c.Classes()
	switch {
	case u&Split3 != 0:
		return 3
	case u&Split != 0:
		return 2
	case u&Take != 0:
		return 1
	}
	return 0
}

// Removals returns, ascending, the k <= upTo whose digit has one of the
// bits (TakeAll, Take, Split, Split3 or a union such as AnyMove): the
// removals an engine tries for heaps up to upTo. The slice is never nil.
// For an infinite code it has about upTo entries; engines call it on
// finite codes, whose list stops at Last.
func (c Code) Removals(bits uint8, upTo int) []int {
	ks := []int{}
	top := upTo
	if c.Finite() {
		top = min(upTo, len(c.Digits)-1)
	}
	for k := 0; k <= top; k++ {
		if c.Digit(k)&bits != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// String writes the code as Parse reads it, in hexadecimal digits when any
// digit exceeds 7: "0.77", "4.[3]", "0.1[37]", "0.F8".
func (c Code) String() string {
	var b strings.Builder
	d0 := uint8(0)
	if len(c.Digits) > 0 {
		d0 = c.Digits[0]
	}
	b.WriteByte(hexDigit(d0))
	b.WriteByte('.')
	tail := len(c.Digits)
	if c.Repeat > 0 {
		tail -= c.Repeat
	}
	for k := 1; k < len(c.Digits); k++ {
		if k == tail {
			b.WriteByte('[')
		}
		b.WriteByte(hexDigit(c.Digits[k]))
	}
	if c.Repeat > 0 {
		b.WriteByte(']')
	}
	if len(c.Digits) <= 1 && c.Repeat == 0 {
		b.WriteByte('0')
	}
	return b.String()
}

func hexDigit(d uint8) byte { return "0123456789ABCDEF"[d&15] }

// Validate reports a code that breaks the invariants of Code (a Code
// written as a literal rather than made by Parse or New): a digit above 15,
// a d0 that would remove nothing without splitting, a repeating tail that
// does not fit after the point, too many digits. Trailing zeros are
// allowed (they add no move). Errors wrap game.ErrInput.
func (c Code) Validate() error {
	if len(c.Digits) > MaxDigits+1 {
		return game.Inputf("code has %d digits, at most %d", len(c.Digits), MaxDigits)
	}
	if c.Repeat < 0 || c.Repeat > max(len(c.Digits)-1, 0) {
		return game.Inputf("repeating tail of %d digits does not fit after the point of %d digits", c.Repeat, len(c.Digits))
	}
	for k, d := range c.Digits {
		if d > 15 {
			return game.Inputf("digit d%d = %d is not a hexadecimal digit", k, d)
		}
	}
	if len(c.Digits) > 0 && c.Digits[0]&(TakeAll|Take) != 0 {
		return game.Inputf("digit %X before the point would allow removing nothing without splitting: use 0, 4, 8 or C", c.Digits[0])
	}
	return nil
}

// New returns the code with digits d0, d1, ... and the last repeat of them
// repeating forever (repeat 0: a finite code), normalized to the invariants
// of Code. It fails (wrapping game.ErrInput) on a digit above 15, a d0 that
// allows a move removing nothing without splitting, or a tail that does
// not fit.
func New(digits []uint8, repeat int) (Code, error) {
	if len(digits) == 0 {
		digits = []uint8{0}
	}
	if err := (Code{Digits: digits, Repeat: repeat}).Validate(); err != nil {
		return Code{}, err
	}
	ds := append([]uint8(nil), digits...)
	if repeat > 0 {
		allZero := true
		for _, d := range ds[len(ds)-repeat:] {
			allZero = allZero && d == 0
		}
		if allZero {
			ds, repeat = ds[:len(ds)-repeat], 0
		}
	}
	if repeat == 0 {
		for len(ds) > 1 && ds[len(ds)-1] == 0 {
			ds = ds[:len(ds)-1]
		}
	}
	return Code{Digits: ds, Repeat: repeat}, nil
}

// Parse reads a code d0.d1d2... in octal or hexadecimal digits (0-9, A-F,
// either case), with an optional bracketed repeating tail at the end:
// "0.77", ".07", "4.07", "0.[3]", "4.[3]", "0.1[37]". The digit before the
// point may be omitted (it is then 0). Errors wrap game.ErrInput.
func Parse(s string) (Code, error) {
	text := strings.TrimSpace(s)
	if text == "" {
		return Code{}, game.Inputf("empty code: write it like 0.77 (digits after the point say which moves remove 1, 2, ... tokens)")
	}
	before, after, hasPoint := strings.Cut(text, ".")
	if !hasPoint {
		return Code{}, game.Inputf("code %q has no point: write it like 0.77 or 4.[3]", s)
	}
	if len(before) > 1 {
		return Code{}, game.Inputf("code %q has %d digits before the point; only one (d0) is allowed", s, len(before))
	}
	digits := []uint8{0}
	if before != "" {
		d, ok := parseDigit(before[0])
		if !ok {
			return Code{}, game.Inputf("code %q: %q is not an octal or hexadecimal digit", s, before[0])
		}
		digits[0] = d
	}
	repeat, open := 0, -1
	for i := 0; i < len(after); i++ {
		c := after[i]
		switch {
		case c == '[':
			if open >= 0 {
				return Code{}, game.Inputf("code %q: nested '['", s)
			}
			open = len(digits)
		case c == ']':
			if open < 0 {
				return Code{}, game.Inputf("code %q: ']' without '['", s)
			}
			if i != len(after)-1 {
				return Code{}, game.Inputf("code %q: the repeating tail in brackets must end the code", s)
			}
			repeat = len(digits) - open
			if repeat == 0 {
				return Code{}, game.Inputf("code %q: empty brackets", s)
			}
		default:
			d, ok := parseDigit(c)
			if !ok {
				return Code{}, game.Inputf("code %q: %q is not an octal or hexadecimal digit", s, c)
			}
			if len(digits) > MaxDigits {
				return Code{}, game.Inputf("code %q has more than %d digits", s, MaxDigits)
			}
			digits = append(digits, d)
		}
	}
	if open >= 0 && repeat == 0 {
		return Code{}, game.Inputf("code %q: '[' is never closed", s)
	}
	c, err := New(digits, repeat)
	if err != nil {
		return Code{}, game.Inputf("code %q: %w", s, err)
	}
	return c, nil
}

func parseDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// Rules are a Code and whether the heaps a split leaves must have pairwise
// different sizes (Distinct: Grundy's game is 4.0 with Distinct).
type Rules struct {
	Code     Code
	Distinct bool
}

// Options calls yield for each option of a heap of n: the heaps left by
// each legal move (empty when the move leaves nothing), move by move in
// increasing k. Splits are listed once per multiset of heap sizes, in
// non-decreasing order; with Distinct, splits with two equal parts are not
// moves. Negative n has no options. The slice passed to yield is reused.
//
// This is the definition of the moves of a code; the engines' inner loops
// follow it class by class (and are cross-checked against it in tests).
func (r Rules) Options(n int, yield func(option []int) bool) {
	var buf [3]int
	top := n
	if r.Code.Finite() {
		top = min(n, len(r.Code.Digits)-1)
	}
	for k := 0; k <= top; k++ {
		d := r.Code.Digit(k)
		if d == 0 {
			continue
		}
		m := n - k
		if d&TakeAll != 0 && m == 0 && !yield(buf[:0]) {
			return
		}
		if d&Take != 0 && m >= 1 && k >= 1 {
			buf[0] = m
			if !yield(buf[:1]) {
				return
			}
		}
		if d&Split != 0 {
			for a := 1; 2*a <= m; a++ {
				if r.Distinct && 2*a == m {
					continue
				}
				buf[0], buf[1] = a, m-a
				if !yield(buf[:2]) {
					return
				}
			}
		}
		if d&Split3 != 0 {
			for a := 1; 3*a <= m; a++ {
				for b := a; a+2*b <= m; b++ {
					c := m - a - b
					if r.Distinct && (a == b || b == c) {
						continue
					}
					buf[0], buf[1], buf[2] = a, b, c
					if !yield(buf[:3]) {
						return
					}
				}
			}
		}
	}
}

// String names the rules: the code, with " (distinct parts)" for Distinct
// rules.
func (r Rules) String() string {
	if r.Distinct {
		return r.Code.String() + " (distinct parts)"
	}
	return r.Code.String()
}
