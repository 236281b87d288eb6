package heap

import (
	"fmt"
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

// MaxDigits bounds the digits of a code (before any repetition).
const MaxDigits = 1 << 20

// Code is a take-and-break code d0.d1d2...: Digits[k] is dk for k <
// len(Digits). When Repeat > 0 the last Repeat digits repeat forever (the
// bracketed tail of 0.[3]); otherwise every digit past the end is 0.
//
// Invariants (kept by ParseCode and NewCode): d0 has neither TakeAll nor
// Take (a move must remove a token or split the heap); a finite code has no
// trailing zero digits after d0; a repeating tail is not all zeros.
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

// String writes the code as ParseCode reads it, in hexadecimal digits when
// any digit exceeds 7: "0.77", "4.[3]", "0.1[37]".
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

// NewCode returns the code with digits d0, d1, ... and the last repeat of
// them repeating forever (repeat 0: a finite code), normalized to the
// invariants of Code. It fails on a digit above 15 or a d0 that allows a move
// removing nothing without splitting.
func NewCode(digits []uint8, repeat int) (Code, error) {
	if len(digits) == 0 {
		digits = []uint8{0}
	}
	if repeat < 0 || repeat > len(digits)-1 {
		return Code{}, fmt.Errorf("repeating tail of %d digits does not fit after the point", repeat)
	}
	for k, d := range digits {
		if d > 15 {
			return Code{}, fmt.Errorf("digit d%d = %d is not a hexadecimal digit", k, d)
		}
	}
	if digits[0]&(TakeAll|Take) != 0 {
		return Code{}, fmt.Errorf("digit %X before the point would allow removing nothing without splitting: use 0, 4, 8 or C", digits[0])
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

// ParseCode reads a code d0.d1d2... in octal or hexadecimal digits (0-9,
// A-F, either case), with an optional bracketed repeating tail at the end:
// "0.77", ".07", "4.07", "0.[3]", "4.[3]", "0.1[37]". The digit before the
// point may be omitted (it is then 0). Errors wrap game.ErrInput.
func ParseCode(s string) (Code, error) {
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
	c, err := NewCode(digits, repeat)
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

// moves returns the k with a non-zero digit of a finite code, ascending;
// the slice is never nil (the engine reads nil as "every k").
func (c Code) moves() []int {
	ks := []int{}
	for k, d := range c.Digits {
		if d != 0 {
			ks = append(ks, k)
		}
	}
	return ks
}
