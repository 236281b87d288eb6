package index

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/census"
)

// Kind is the family a candidate belongs to.
type Kind uint8

// The families of candidates, in the order Candidates lists them.
const (
	Code        Kind = iota // a take-and-break code of up to CodeDigits digits
	Subtraction             // a subtraction game, the set's elements at most MaxSubtraction
	GrundyGame              // Grundy's game: split a heap into two unequal heaps
)

// String names the family.
func (k Kind) String() string {
	switch k {
	case Code:
		return "code"
	case Subtraction:
		return "subtraction"
	case GrundyGame:
		return "grundy"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// CodeDigits is the most digits after the point of an indexed code; octal
// and hexadecimal digits, the starts 0. and 4. (census.Codes).
const CodeDigits = 3

// MaxSubtraction is the largest element of an indexed subtraction set.
const MaxSubtraction = 12

// A Candidate is one game of the index.
type Candidate struct {
	Kind  Kind
	Rules heap.Rules
	// Name is how the tables write the game: a code ("0.07", "4.F"), a
	// set ("{1,2,5}"), or the rules of Grundy's game ("4.0 (distinct
	// parts)").
	Name string
	// Set is a subtraction game's set, increasing; nil for the others.
	Set []int
}

// Digits is the candidate's size for ranking by simplicity: the digits
// after the point of a code, the largest element of a set (the digits of
// its code), and 1 for Grundy's game (one digit, 4.0).
func (c Candidate) Digits() int {
	switch c.Kind {
	case Subtraction:
		return c.Set[len(c.Set)-1]
	case GrundyGame:
		return 1
	}
	return max(len(c.Rules.Code.Digits)-1, 1)
}

// Candidates returns every indexed game in the index's fixed order: the
// codes of up to CodeDigits digits as census.Codes lists them, the
// subtraction sets with elements at most MaxSubtraction by largest element
// and then by the set's bits, and Grundy's game. The generated table is
// stored in this order.
func Candidates() ([]Candidate, error) {
	codes, err := census.Codes(CodeDigits, true)
	if err != nil {
		return nil, err
	}
	out := make([]Candidate, 0, len(codes)+1<<MaxSubtraction)
	for _, s := range codes {
		c, err := heap.ParseCode(s)
		if err != nil {
			return nil, fmt.Errorf("index code %s: %w", s, err)
		}
		out = append(out, Candidate{Kind: Code, Rules: heap.Octal(c), Name: s})
	}
	out = append(out, subtractionSets(MaxSubtraction)...)
	g := heap.GrundyGame()
	out = append(out, Candidate{Kind: GrundyGame, Rules: g, Name: g.String()})
	return out, nil
}

// subtractionSets returns the subtraction games of every non-empty set of
// elements at most top, by largest element, then by the bits of the set.
func subtractionSets(top int) []Candidate {
	var out []Candidate
	for largest := 1; largest <= top; largest++ {
		for below := range 1 << (largest - 1) {
			set := []int{}
			for e := 1; e < largest; e++ {
				if below&(1<<(e-1)) != 0 {
					set = append(set, e)
				}
			}
			set = append(set, largest)
			out = append(out, Candidate{Kind: Subtraction, Rules: heap.Subtraction(set), Name: FormatSet(set), Set: set})
		}
	}
	return out
}

// FormatSet writes an increasing set as "{1,2,5}".
func FormatSet(set []int) string {
	words := make([]string, len(set))
	for i, e := range set {
		words[i] = strconv.Itoa(e)
	}
	return "{" + strings.Join(words, ",") + "}"
}

// simpler orders candidates by simplicity: fewer digits, then codes before
// sets before Grundy's game, then the table order (census order for codes,
// sets by largest element then bits), which is the index order itself.
func simpler(cands []Candidate, a, b int) int {
	ca, cb := cands[a], cands[b]
	if d := ca.Digits() - cb.Digits(); d != 0 {
		return d
	}
	if ca.Kind != cb.Kind {
		return int(ca.Kind) - int(cb.Kind)
	}
	return a - b
}

// sortSimplest sorts candidate indices by simplicity.
func sortSimplest(cands []Candidate, idx []int) {
	slices.SortFunc(idx, func(a, b int) int { return simpler(cands, a, b) })
}
