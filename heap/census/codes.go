// Package census computes the census of take-and-break codes: every code of
// up to k digits after a point (octal or hexadecimal digits, the starts 0.
// and 4.), each mapped to the simplest code it provably equals, the simplest
// ones computed with package heap's engines (pattern search, Guy–Smith
// proofs, the sparse-space engine of package heap/sparse and its run
// files) and written as one Record per code, in JSON lines and in the
// Markdown table researchers publish.
//
// Everything here is a pure function of its arguments and of the files of a
// census directory, so that a pipeline (the Beam module census/) only wires
// them: Codes enumerates, Canonical maps a code to the code it equals,
// Compute computes one code, Equivalent makes the record of a code from the
// record of the code it equals, and Load, Save and Markdown keep and show a
// census directory. The equivalence rule and its proof are in
// docs/census.md.
package census

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-go/grundy/heap"
	"github.com/grundy-go/grundy/heap/octal"
)

// MaxDigits bounds the digits after the point of an enumeration: 16^6
// codes a start is already more than a census can compute.
const MaxDigits = 6

// Codes returns every code d0.d1...dk with d0 in {0, 4} and 1 <= k <=
// digits digits after the point, each digit at most 7 (octal) or, with hex,
// at most 15, once each as written in the tables (Code.String: trailing
// zeros dropped, "0.0" for the game without moves), sorted by start, then
// length, then digits. An octal code is listed once even with hex.
func Codes(digits int, hex bool) ([]string, error) {
	if digits < 1 || digits > MaxDigits {
		return nil, fmt.Errorf("census of %d digits: want 1 to %d", digits, MaxDigits)
	}
	base := 8
	if hex {
		base = 16
	}
	seen := make(map[string]bool)
	var codes []string
	ds := make([]uint8, digits+1)
	total := 1
	for range digits {
		total *= base
	}
	for _, d0 := range []uint8{0, octal.Split} {
		for i := range total {
			ds[0] = d0
			for j, x := digits, i; j >= 1; j, x = j-1, x/base {
				ds[j] = uint8(x % base)
			}
			c, err := octal.New(slices.Clone(ds), 0)
			if err != nil {
				return nil, fmt.Errorf("code %v: %w", ds, err)
			}
			s := c.String()
			if !seen[s] {
				seen[s] = true
				codes = append(codes, s)
			}
		}
	}
	slices.SortStableFunc(codes, compareCodes)
	return codes, nil
}

// compareCodes orders codes as the tables do: by start, then by the number
// of digits, then by digits.
func compareCodes(a, b string) int {
	ai, bi := strings.IndexByte(a, '.'), strings.IndexByte(b, '.')
	if c := strings.Compare(a[:max(ai, 0)], b[:max(bi, 0)]); c != 0 {
		return c
	}
	if len(a)-ai != len(b)-bi {
		return (len(a) - ai) - (len(b) - bi)
	}
	return strings.Compare(strings.ToUpper(a), strings.ToUpper(b))
}

// RuleTakeAll names the equivalence rule of Canonical (docs/census.md).
const RuleTakeAll = "take-all"

// Canonical returns the simplest code that code provably equals (the same
// G(n) for every n) and the rule, or code itself and "" when no rule
// applies.
//
// The rule (take-all): the bit 1 of dk (a move removing a whole heap of
// exactly k) adds one option, of value 0, to the heap of size k and to no
// other heap. Let c' be the code without that bit. If G_c'(k) != 0, heap k
// already has an option of value 0 under c', so by induction on n the
// options of every heap have the same values under c and c', and G_c =
// G_c' everywhere. If G_c'(k) = 0 the values differ at k. Canonical drops
// such bits for k = 1, 2, ... in turn, each step an equality, deciding each
// one from G_c'(0..k), a few values computed by package heap.
func Canonical(ctx context.Context, code string) (string, string, error) {
	c, err := heap.ParseCode(code)
	if err != nil {
		return "", "", fmt.Errorf("census code %q: %w", code, err)
	}
	if !c.Finite() {
		return "", "", fmt.Errorf("census code %q: a census code has no repeating tail", code)
	}
	var dropped []string
	for k := 1; k < len(c.Digits); k++ {
		if c.Digits[k]&heap.TakeAll == 0 {
			continue
		}
		digits := slices.Clone(c.Digits)
		digits[k] &^= heap.TakeAll
		reduced, err := heap.NewCode(digits, 0)
		if err != nil {
			return "", "", fmt.Errorf("census code %q without the take-all move of d%d: %w", code, k, err)
		}
		g, err := heap.Compute(ctx, heap.Octal(reduced), k, nil)
		if err != nil {
			return "", "", fmt.Errorf("census code %q: G(0..%d) of %s: %w", code, k, reduced, err)
		}
		if g[k] != 0 {
			dropped = append(dropped, fmt.Sprintf("d%d", k))
			// digits keeps its length: later k still index the same digit.
			c = heap.Code{Digits: digits}
		}
	}
	if len(dropped) == 0 {
		return c.String(), "", nil
	}
	simple, err := heap.NewCode(c.Digits, 0) // drops trailing zeros
	if err != nil {
		return "", "", fmt.Errorf("census code %q: %w", code, err)
	}
	return simple.String(), fmt.Sprintf("%s: the take-all move of %s is redundant (heap k already has an option of value 0)", RuleTakeAll, strings.Join(dropped, ", ")), nil
}
