package heap

import "github.com/grundy-go/grundy/heap/octal"

// Code is a take-and-break code d0.d1d2... (package octal holds the one
// representation, parser and move walk that package heap, package
// heap/sparse and the catalog share).
type Code = octal.Code

// The move classes of a digit: the bits of dk say what a move that removes
// k tokens from a heap may leave behind.
const (
	TakeAll = octal.TakeAll // nothing: the heap had exactly k tokens
	Take    = octal.Take    // one non-empty heap
	Split   = octal.Split   // two non-empty heaps
	Split3  = octal.Split3  // three non-empty heaps (hexadecimal codes)
)

// MaxDigits bounds the digits of a code (before any repetition).
const MaxDigits = octal.MaxDigits

// NewCode returns the code with digits d0, d1, ... and the last repeat of
// them repeating forever (repeat 0: a finite code), normalized to the
// invariants of Code (octal.New).
func NewCode(digits []uint8, repeat int) (Code, error) { return octal.New(digits, repeat) }

// ParseCode reads a code d0.d1d2... in octal or hexadecimal digits with an
// optional bracketed repeating tail: "0.77", "4.[3]", "0.1[37]"
// (octal.Parse). Errors wrap game.ErrInput.
func ParseCode(s string) (Code, error) { return octal.Parse(s) }
